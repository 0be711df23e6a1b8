//! Who asks and where: the platform-qualified chat and actor of an interaction, the languages
//! Discord reports, and the interaction id that makes a redelivery harmless.

use bot_core::service::{Actor, ChatId, Command, Request, UserId};
use bot_core::text::Lang;
use serenity::all::{
    ChannelId, CommandInteraction, ComponentInteraction, GuildId, InteractionId, Member,
    Permissions, User,
};

/// The platform name in chat and user ids.
pub const PLATFORM: &str = "discord";

/// Where and by whom an interaction was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    pub chat: ChatId,
    pub actor: Actor,
    /// The server's language (public messages), when Discord tells it.
    pub chat_lang: Option<Lang>,
    /// The interaction id: a repeated delivery is answered and changes nothing.
    pub request_id: String,
}

impl Origin {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        guild: Option<GuildId>,
        channel: ChannelId,
        user: &User,
        member: Option<&Member>,
        locale: &str,
        guild_locale: Option<&str>,
        id: InteractionId,
    ) -> Origin {
        let user = member.map(|m| &m.user).unwrap_or(user);
        let name = member
            .and_then(|m| m.nick.clone())
            .or_else(|| user.global_name.clone())
            .unwrap_or_else(|| user.name.clone());
        Origin {
            chat: chat_id(guild, channel),
            actor: Actor::new(
                UserId::new(PLATFORM, user.id),
                name,
                Some(Lang::from_code(locale)),
                member.and_then(|m| m.permissions).is_some_and(is_admin),
            ),
            chat_lang: guild_locale
                .filter(|l| !l.trim().is_empty())
                .map(Lang::from_code),
            request_id: id.to_string(),
        }
    }

    pub fn of_command(i: &CommandInteraction) -> Origin {
        Origin::new(
            i.guild_id,
            i.channel_id,
            &i.user,
            i.member.as_deref(),
            &i.locale,
            i.guild_locale.as_deref(),
            i.id,
        )
    }

    pub fn of_component(i: &ComponentInteraction) -> Origin {
        Origin::new(
            i.guild_id,
            i.channel_id,
            &i.user,
            i.member.as_ref(),
            &i.locale,
            i.guild_locale.as_deref(),
            i.id,
        )
    }

    /// The actor's language (refusals that never reach the service).
    pub fn lang(&self) -> Lang {
        self.actor.lang.unwrap_or_default()
    }

    /// Completes a command with the chat language and the request id.
    pub fn complete(&self, mut cmd: Command) -> Command {
        if let Some(lang) = self.chat_lang {
            cmd = cmd.with_chat_lang(lang);
        }
        cmd.with_request_id(self.request_id.clone())
    }

    pub fn command(&self, request: Request) -> Command {
        self.complete(Command::new(self.chat.clone(), self.actor.clone(), request))
    }

    /// The table and the actor's cup as they are, asked on the side: showing, not looking (a
    /// look is a move of the game: it may open a starter's throw), and without a request id
    /// (it is not the interaction's own command, and must not count as its repeat).
    pub fn show(&self) -> Command {
        let cmd = Command::new(self.chat.clone(), self.actor.clone(), Request::Show);
        match self.chat_lang {
            Some(lang) => cmd.with_chat_lang(lang),
            None => cmd,
        }
    }
}

/// Manage Server, or Administrator (which implies it).
fn is_admin(p: Permissions) -> bool {
    p.contains(Permissions::MANAGE_GUILD) || p.contains(Permissions::ADMINISTRATOR)
}

/// `discord:<guild>/<channel>`, or `discord:dm/<channel>` outside a server.
pub fn chat_id(guild: Option<GuildId>, channel: ChannelId) -> ChatId {
    match guild {
        Some(g) => ChatId::discord_channel(g, channel),
        None => ChatId::discord_direct(channel),
    }
}

/// The channel of a Discord chat id (`None` for other platforms or a malformed id).
pub fn channel_of(chat: &ChatId) -> Option<ChannelId> {
    if !is_discord(chat) || chat.server().is_none() {
        return None;
    }
    chat.chat()
        .parse::<u64>()
        .ok()
        .filter(|c| *c != 0)
        .map(ChannelId::new)
}

/// Whether a chat belongs to this adapter.
pub fn is_discord(chat: &ChatId) -> bool {
    chat.platform() == PLATFORM
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(id: u64, name: &str, global: Option<&str>) -> User {
        let mut u = User::default();
        u.id = id.into();
        u.name = name.into();
        u.global_name = global.map(str::to_string);
        u
    }

    #[test]
    fn chat_ids_round_trip_to_the_channel() {
        let chat = chat_id(Some(GuildId::new(5)), ChannelId::new(7));
        assert_eq!(chat.to_string(), "discord:5/7");
        assert_eq!(channel_of(&chat), Some(ChannelId::new(7)));
        let dm = chat_id(None, ChannelId::new(9));
        assert_eq!(dm.to_string(), "discord:dm/9");
        assert_eq!(channel_of(&dm), Some(ChannelId::new(9)));
        assert_eq!(channel_of(&ChatId::new("telegram", "-100")), None);
        assert_eq!(channel_of(&ChatId::new("discord", "5/x")), None);
        assert!(is_discord(&chat));
    }

    #[test]
    fn names_languages_and_admins() {
        let anna = user(1, "anna_k", Some("Anna K."));
        let mut member = Member::default();
        member.user = anna.clone();
        member.nick = Some("Anni".into());
        member.permissions = Some(Permissions::MANAGE_GUILD | Permissions::SEND_MESSAGES);
        let o = Origin::new(
            Some(GuildId::new(5)),
            ChannelId::new(7),
            &anna,
            Some(&member),
            "en-US",
            Some("de"),
            InteractionId::new(99),
        );
        assert_eq!(o.actor.name, "Anni");
        assert_eq!(o.actor.user.as_str(), "discord:1");
        assert_eq!(o.actor.lang, Some(Lang::En));
        assert_eq!(o.chat_lang, Some(Lang::De));
        assert!(o.actor.admin);
        let cmd = o.command(Request::Roll);
        assert_eq!(cmd.request_id.as_deref(), Some("99"));
        assert_eq!(cmd.chat_lang, Some(Lang::De));

        member.nick = None;
        member.permissions = Some(Permissions::SEND_MESSAGES);
        let o = Origin::new(
            Some(GuildId::new(5)),
            ChannelId::new(7),
            &anna,
            Some(&member),
            "de",
            None,
            InteractionId::new(1),
        );
        assert_eq!(o.actor.name, "Anna K.");
        assert!(!o.actor.admin);
        assert_eq!(o.chat_lang, None);
        let plain = user(2, "ben", None);
        let o = Origin::new(
            None,
            ChannelId::new(3),
            &plain,
            None,
            "fr",
            None,
            InteractionId::new(2),
        );
        assert_eq!(o.actor.name, "ben");
        assert!(!o.actor.admin, "no member, no permissions");
        assert_eq!(o.lang(), Lang::De);
    }
}
