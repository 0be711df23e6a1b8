//! Activity instances as Discord keeps them: a LAUNCH_ACTIVITY answer (interaction callback
//! type 12) opens the app's Activity in the clicked message's channel for the clicking user;
//! whoever launches it there while it runs joins the same instance. The bot asks who is in an
//! instance and where it runs (`GET /applications/{app}/activity-instances/{instance}`, with
//! its `Bot` token), which is how a server learns that a page's user really sits in that
//! channel's Activity.

use super::FakeDiscord;
use super::rest::error;
use super::state::World;
use axum::http::StatusCode;
use serde_json::{Value, json};

/// One running Activity instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FakeActivity {
    pub instance_id: String,
    pub launch_id: u64,
    pub guild_id: Option<u64>,
    pub channel_id: u64,
    /// The users connected to it, in the order they came.
    pub users: Vec<u64>,
}

impl FakeActivity {
    fn json(&self, application_id: u64) -> Value {
        let (kind, location) = match self.guild_id {
            Some(guild) => ("gc", format!("gc-{guild}-{}", self.channel_id)),
            None => ("pc", format!("pc-{}", self.channel_id)),
        };
        json!({
            "application_id": application_id.to_string(),
            "instance_id": self.instance_id,
            "launch_id": self.launch_id.to_string(),
            "location": {
                "id": location,
                "kind": kind,
                "channel_id": self.channel_id.to_string(),
                "guild_id": self.guild_id.map(|g| g.to_string()),
            },
            "users": self.users.iter().map(u64::to_string).collect::<Vec<_>>(),
        })
    }
}

/// `user` launches (or joins) the Activity in `channel_id`; returns the instance id.
pub(super) fn launch(
    state: &mut World,
    launch_id: u64,
    guild_id: Option<u64>,
    channel_id: u64,
    user: u64,
) -> String {
    if let Some(running) = state
        .activities
        .values_mut()
        .find(|a| a.channel_id == channel_id)
    {
        if !running.users.contains(&user) {
            running.users.push(user);
        }
        return running.instance_id.clone();
    }
    let location = match guild_id {
        Some(guild) => format!("gc-{guild}-{channel_id}"),
        None => format!("pc-{channel_id}"),
    };
    let instance_id = format!("i-{launch_id}-{location}");
    state.activities.insert(
        instance_id.clone(),
        FakeActivity {
            instance_id: instance_id.clone(),
            launch_id,
            guild_id,
            channel_id,
            users: vec![user],
        },
    );
    instance_id
}

/// `GET /applications/{app}/activity-instances/{instance}`.
pub(super) fn instance_route(
    state: &World,
    application_id: u64,
    app: &str,
    instance: &str,
) -> (StatusCode, Value) {
    if app != application_id.to_string() {
        return error(StatusCode::FORBIDDEN, "Missing Access", 50001);
    }
    match state.activities.get(instance) {
        Some(activity) => (StatusCode::OK, activity.json(application_id)),
        None => error(StatusCode::NOT_FOUND, "Unknown Activity Instance", 10000),
    }
}

impl FakeDiscord {
    /// The running Activity instances.
    pub fn activities(&self) -> Vec<FakeActivity> {
        self.inner.lock().activities.values().cloned().collect()
    }

    /// `user` opens the Activity in `channel_id` of the fake's guild (as from the channel's
    /// Activity launcher); returns the instance id.
    pub fn join_activity(&self, channel_id: u64, user: u64) -> String {
        let launch_id = self.inner.next_id();
        let guild = Some(self.inner.guild_id);
        let mut state = self.inner.lock();
        let instance = launch(&mut state, launch_id, guild, channel_id, user);
        drop(state);
        self.inner.notify();
        instance
    }

    /// `user` closes the Activity; an instance without users ends.
    pub fn leave_activity(&self, instance_id: &str, user: u64) {
        let mut state = self.inner.lock();
        if let Some(activity) = state.activities.get_mut(instance_id) {
            activity.users.retain(|u| *u != user);
            if activity.users.is_empty() {
                state.activities.remove(instance_id);
            }
        }
        drop(state);
        self.inner.notify();
    }
}
