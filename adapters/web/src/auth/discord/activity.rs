//! Where a Discord Activity runs and who is in it, asked of Discord with the bot's token
//! (`GET {api}/applications/{app}/activity-instances/{instance}`). The page tells its
//! instance id; only Discord's answer tells the channel, so a page cannot name a table in a
//! channel its user is not in.

use super::{AuthError, DiscordOAuth, answer, plausible_secret};
use serde::Deserialize;

/// The part of an activity instance the login needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActivityInstance {
    pub instance_id: String,
    /// The guild, for an Activity in a server's channel.
    pub guild_id: Option<u64>,
    pub channel_id: u64,
    /// The users connected to the instance.
    pub users: Vec<u64>,
}

#[derive(Deserialize)]
struct InstanceBody {
    instance_id: String,
    location: LocationBody,
    #[serde(default)]
    users: Vec<String>,
}

#[derive(Deserialize)]
struct LocationBody {
    channel_id: String,
    #[serde(default)]
    guild_id: Option<String>,
}

impl DiscordOAuth {
    /// The instance `instance_id` of our Activity, asked with `bot_token`. An unknown
    /// instance is a refusal; Discord not answering is [`AuthError::Unavailable`].
    pub async fn activity_instance(
        &self,
        bot_token: &str,
        instance_id: &str,
    ) -> Result<ActivityInstance, AuthError> {
        let instance_id = plausible_secret(instance_id)?;
        // Instance ids are letters, digits and dashes; nothing else goes into the path.
        if !instance_id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-')
        {
            return Err(AuthError::Malformed("instance id"));
        }
        let sent = self
            .http
            .get(format!(
                "{}/applications/{}/activity-instances/{instance_id}",
                self.api_base, self.client_id
            ))
            .header("Authorization", format!("Bot {bot_token}"))
            .timeout(super::REQUEST_TIMEOUT)
            .send()
            .await;
        let body = answer(sent, "activity instance").await?;
        parse_instance(&body)
    }
}

fn parse_instance(body: &[u8]) -> Result<ActivityInstance, AuthError> {
    let odd = || AuthError::Unavailable("activity instance: an odd answer".into());
    let instance: InstanceBody = serde_json::from_slice(body).map_err(|_| odd())?;
    let guild_id = match instance.location.guild_id {
        Some(guild) => Some(guild.parse().map_err(|_| odd())?),
        None => None,
    };
    let users = instance
        .users
        .iter()
        .map(|u| u.parse().map_err(|_| odd()))
        .collect::<Result<Vec<u64>, AuthError>>()?;
    Ok(ActivityInstance {
        instance_id: instance.instance_id,
        guild_id,
        channel_id: instance.location.channel_id.parse().map_err(|_| odd())?,
        users,
    })
}
