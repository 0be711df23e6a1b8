//! Renders the reply model as text and buttons, the same for every platform (adapters only
//! map it onto their message formats). Everything user-facing goes through Fluent.
//!
//! Split by job: `table` the public table message, `private` a player's own view, `events`
//! notices and the round reveal, `errors` refusals, `content` read-only answers, `rules` the
//! house rules in words, `commands` command descriptions and the help texts' command names.
//! This file holds what several of them share; the leaf files import it from `super`, and
//! their functions are re-exported here so callers keep using `render::X`.

pub mod chart;
pub mod club;
mod commands;
mod content;
mod errors;
mod events;
mod files;
mod hint;
mod outcome;
mod private;
mod proof;
mod reader;
mod rules;
pub mod sheet;
mod table;
mod tally;
pub mod tournament;

pub use commands::{command_description, command_names, help_text};
pub use content::{content_text, verdict_text};
pub use errors::error_text;
pub use events::{notice_text, reveal_text};
pub use files::{CHART_FILE, FileOut, content_file};
pub use hint::hint_text;
pub use private::{private_alert, private_buttons, private_text};
pub use proof::{fairness_text, proof_lines, proof_text};
pub use reader::{Reader, reader_buttons};
pub use rules::{changes_text, rule_changes, rule_lines};
pub use table::{game_text, table_buttons, table_text, table_text_within, turn_line};

use crate::engine::eval::Evaluation;
use crate::engine::view::DieView;
use crate::engine::{Extra, Part, RuleSet, Seat};
use crate::service::ids::{ButtonAction, ButtonId};
use crate::service::reply::PublicTable;
use crate::text::{self, Lang, tr};
use fluent_bundle::FluentValue;

/// The program a text is shown in: hints spell commands its way (`/schocken neu` on Discord,
/// `/neu` on Telegram, `neu` at the terminal) and name its permissions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Surface {
    /// No particular program (the command line, tests): hints name the command word only.
    #[default]
    Plain,
    Discord,
    Telegram,
    Terminal,
}

impl Surface {
    /// The selector the texts use (`$surface` in the Fluent files).
    pub fn id(self) -> &'static str {
        match self {
            Surface::Plain => "plain",
            Surface::Discord => "discord",
            Surface::Telegram => "telegram",
            Surface::Terminal => "terminal",
        }
    }
}

/// Who reads a text: his language, and the program he reads it in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Voice {
    pub lang: Lang,
    pub surface: Surface,
}

impl Voice {
    pub fn new(lang: Lang, surface: Surface) -> Voice {
        Voice { lang, surface }
    }

    /// `lang` without a particular program.
    pub fn plain(lang: Lang) -> Voice {
        Voice::new(lang, Surface::Plain)
    }

    /// A message of this voice; `$surface` is always among its arguments.
    pub(super) fn tr(self, id: &str, args: &[(&str, FluentValue<'static>)]) -> String {
        let mut all = args.to_vec();
        all.push(("surface", text::arg_text(self.surface.id())));
        tr(self.lang, id, &all)
    }
}

/// How a button looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonStyle {
    Primary,
    Secondary,
    Success,
    Danger,
}

impl ButtonStyle {
    /// The style's name (a web page's CSS class).
    pub fn id(self) -> &'static str {
        match self {
            ButtonStyle::Primary => "primary",
            ButtonStyle::Secondary => "secondary",
            ButtonStyle::Success => "success",
            ButtonStyle::Danger => "danger",
        }
    }
}

/// A button: the encoded id (Discord `custom_id`, Telegram `callback_data`) and its label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    pub id: String,
    pub label: String,
    pub style: ButtonStyle,
}

const FACES: [char; 6] = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

/// `text` in at most `max` characters; a cut text ends with "…".
pub fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut out: String = text.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// A die face (⚀ … ⚅).
pub fn face(value: u8) -> char {
    FACES[usize::from(value.clamp(1, 6) - 1)]
}

/// Dice as faces with their numbers: "⚀1 ⚀1 ⚃4".
pub fn dice_text(values: &[u8]) -> String {
    values
        .iter()
        .map(|v| format!("{}{v}", face(*v)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A cup as a viewer sees it: set-aside dice, a bar, then the dice under the cup
/// (▢ when covered).
pub fn cup_text(dice: &[DieView; 3]) -> String {
    let aside: Vec<String> = dice
        .iter()
        .filter_map(|d| match d {
            DieView::Aside(v) => Some(format!("{}{v}", face(*v))),
            _ => None,
        })
        .collect();
    let under: Vec<String> = dice
        .iter()
        .filter_map(|d| match d {
            DieView::Aside(_) => None,
            DieView::Open(v) | DieView::Own(v) => Some(format!("{}{v}", face(*v))),
            DieView::Covered => Some("▢".to_string()),
        })
        .collect();
    match (aside.is_empty(), under.is_empty()) {
        (true, _) => under.join(" "),
        (false, true) => aside.join(" "),
        (false, false) => format!("{} | {}", aside.join(" "), under.join(" ")),
    }
}

pub use crate::time::{local_clock, local_time, utc_time};

/// A part (first half, second half, final) by name.
pub(super) fn part_name(lang: Lang, part: Part) -> String {
    tr(lang, &format!("part-{}", part.id()), &[])
}

/// A seat by its member name, "?" for a seat the table does not know.
pub(super) fn seat_name(t: &PublicTable, seat: Seat) -> String {
    t.members
        .get(seat.index())
        .cloned()
        .unwrap_or_else(|| "?".into())
}

/// A throw by name under `rules`.
pub(super) fn throw_name(lang: Lang, eval: &Evaluation, rules: &RuleSet) -> String {
    text::throw_name(lang, eval, rules)
}

/// Announced extras by their throw names, comma separated.
pub(super) fn extras_text(
    extras: impl Iterator<Item = Extra>,
    rules: &RuleSet,
    lang: Lang,
) -> String {
    extras
        .map(|e| {
            let dice = e.dice();
            let eval = crate::engine::evaluate(dice, true, rules, std::iter::once(e).collect());
            throw_name(lang, &eval, rules)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A button whose id is bound to the table and its version (a stale press is refused).
pub(super) fn button(
    action: ButtonAction,
    t_id: i64,
    version: u64,
    label: String,
    style: ButtonStyle,
) -> Button {
    Button {
        id: ButtonId::new(action, t_id, version).encode(),
        label,
        style,
    }
}
