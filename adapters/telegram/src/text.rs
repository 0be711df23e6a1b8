//! The adapter's own texts (command menu, private chat, hints) through Fluent, German and
//! English like the game's texts in `bot-core`.

use bot_core::text::Lang;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::sync::LazyLock;

fn source(lang: Lang) -> &'static str {
    match lang {
        Lang::De => include_str!("../locales/de.ftl"),
        Lang::En => include_str!("../locales/en.ftl"),
    }
}

fn bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let id = lang.code().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // No Unicode isolation marks: Telegram shows them as stray characters.
    bundle.set_use_isolating(false);
    let resource = match FluentResource::try_new(source(lang).to_string()) {
        Ok(r) | Err((r, _)) => r,
    };
    let _ = bundle.add_resource(resource);
    bundle
}

static DE: LazyLock<FluentBundle<FluentResource>> = LazyLock::new(|| bundle(Lang::De));
static EN: LazyLock<FluentBundle<FluentResource>> = LazyLock::new(|| bundle(Lang::En));

/// The adapter message `id` in `lang` (a missing message shows its id; the tests catch it).
pub fn tr(lang: Lang, id: &str, args: &[(&str, FluentValue<'static>)]) -> String {
    let bundle = match lang {
        Lang::De => &*DE,
        Lang::En => &*EN,
    };
    let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
        return id.to_string();
    };
    let mut fluent_args = FluentArgs::new();
    for (k, v) in args {
        fluent_args.set(*k, v.clone());
    }
    let mut errors = Vec::new();
    bundle
        .format_pattern(pattern, Some(&fluent_args), &mut errors)
        .into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Message ids by a plain scan of the file (`id = …` at the start of a line).
    fn ids(lang: Lang) -> Vec<String> {
        let mut ids: Vec<String> = source(lang)
            .lines()
            .filter(|l| l.starts_with(|c: char| c.is_ascii_lowercase()))
            .filter_map(|l| l.split_once(" =").map(|(id, _)| id.trim().to_string()))
            .collect();
        ids.sort();
        ids
    }

    #[test]
    fn both_languages_parse_and_have_the_same_messages() {
        for lang in Lang::ALL {
            assert!(
                FluentResource::try_new(source(lang).to_string()).is_ok(),
                "{lang:?}"
            );
            for id in ids(lang) {
                assert_ne!(tr(lang, &id, &[]), id, "{lang:?} {id}");
            }
        }
        assert_eq!(ids(Lang::De), ids(Lang::En));
        assert!(ids(Lang::De).len() > 20);
    }
}
