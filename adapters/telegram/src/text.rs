//! The adapter's own texts (private chat, hints, usage) through Fluent, German and
//! English like the game's texts in `bot-core`.

use bot_core::text::{Catalog, Lang};
use fluent_bundle::FluentValue;
use std::sync::LazyLock;

fn source(lang: Lang) -> &'static str {
    match lang {
        Lang::De => include_str!("../locales/de.ftl"),
        Lang::En => include_str!("../locales/en.ftl"),
    }
}

static TEXTS: LazyLock<Catalog> =
    LazyLock::new(|| Catalog::new(source(Lang::De), source(Lang::En)));

/// The adapter message `id` in `lang` (a missing message shows its id; the tests catch it).
pub fn tr(lang: Lang, id: &str, args: &[(&str, FluentValue<'static>)]) -> String {
    TEXTS.tr(lang, id, args)
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

    use fluent_bundle::FluentResource;

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
        assert!(ids(Lang::De).len() > 10);
    }
}
