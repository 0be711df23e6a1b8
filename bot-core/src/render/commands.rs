//! Commands as their readers see them: a command's one-line description, and the help
//! texts, which name commands through arguments (`$roll`, `$keep` …) filled in from the
//! catalogue ([`crate::commands`]) as the reader's program and language spell them.

use super::{Surface, Voice};
use crate::commands::{self, CATALOGUE, CommandId, Platform};
use crate::text::arg_text;
use fluent_bundle::FluentValue;

/// The program whose command names a surface shows; none for plain text.
fn platform(surface: Surface) -> Option<Platform> {
    match surface {
        Surface::Plain => None,
        Surface::Discord => Some(Platform::Discord),
        Surface::Telegram => Some(Platform::Telegram),
        Surface::Terminal => Some(Platform::Terminal),
    }
}

/// A command's one-line description as `voice` reads it (Discord's registration, Telegram's
/// command menu).
pub fn command_description(id: CommandId, voice: Voice) -> String {
    voice.tr(commands::spec(id).description, &[])
}

/// Message arguments naming each command `voice`'s program lists, keyed by the command's
/// canonical English name; plain text names every command canonically. A help text that
/// names a command its program does not list shows the argument unfilled (the tests see it).
pub fn command_names(voice: Voice) -> Vec<(&'static str, FluentValue<'static>)> {
    let lang = voice.lang;
    match platform(voice.surface) {
        Some(platform) => commands::listed(platform)
            .map(|(spec, names)| (spec.en, arg_text(names.shown(lang))))
            .collect(),
        None => CATALOGUE
            .iter()
            .map(|spec| (spec.en, arg_text(spec.canonical().shown(lang))))
            .collect(),
    }
}

/// Message `id`, a help text that names commands, as `voice` reads it.
pub fn help_text(id: &str, voice: Voice) -> String {
    voice.tr(id, &command_names(voice))
}
