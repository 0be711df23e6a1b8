//! The words after a command that pick what it does (`/abend start`, `/kassenbuch excel`,
//! `/neu zählen`, `/regeln details`), named like the commands themselves: English, German
//! and further words, every one understood in either language.

use super::{CommandId, Names};

/// What a word after a command picks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    /// `/new tally`: a table for real dice.
    Tally,
    /// `/rules details`: every switch by its key.
    Details,
    /// `/round undo`: take the last round back.
    TakeBack,
    /// `/night start [19:30]`: open the evening.
    OpenNight,
    /// `/night end`: close it.
    CloseNight,
    /// `/night status`: show it (as the bare command does).
    NightStatus,
    /// `/cashbook export`: the cash book as CSV.
    BookCsv,
    /// `/cashbook excel`: as a spreadsheet.
    BookXlsx,
}

/// One choice: the command it follows and its names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChoiceSpec {
    pub choice: Choice,
    pub command: CommandId,
    pub names: Names,
}

const fn choice(choice: Choice, command: CommandId, names: Names) -> ChoiceSpec {
    ChoiceSpec {
        choice,
        command,
        names,
    }
}

pub const CHOICES: [ChoiceSpec; 8] = [
    choice(
        Choice::Tally,
        CommandId::New,
        Names::new("tally", "zählen", &["zaehlen", "echt", "real"]),
    ),
    choice(
        Choice::Details,
        CommandId::Rules,
        Names::new("details", "details", &[]),
    ),
    choice(
        Choice::TakeBack,
        CommandId::Round,
        Names::new("undo", "rückgängig", &["rueckgaengig", "zurück", "zurueck"]),
    ),
    choice(
        Choice::OpenNight,
        CommandId::Night,
        Names::new(
            "start",
            "start",
            &["öffnen", "oeffnen", "auf", "open", "begin"],
        ),
    ),
    choice(
        Choice::CloseNight,
        CommandId::Night,
        Names::new("end", "ende", &["schluss", "close", "zu"]),
    ),
    choice(
        Choice::NightStatus,
        CommandId::Night,
        Names::new("status", "stand", &[]),
    ),
    choice(
        Choice::BookCsv,
        CommandId::CashBook,
        Names::new("export", "export", &["csv"]),
    ),
    choice(
        Choice::BookXlsx,
        CommandId::CashBook,
        Names::new("excel", "excel", &["xlsx", "tabelle", "sheet"]),
    ),
];

/// The choice `word` names after `command`, in any case.
pub fn choice_of(command: CommandId, word: &str) -> Option<Choice> {
    let word = word.trim().to_lowercase();
    CHOICES
        .iter()
        .find(|c| c.command == command && c.names.claims(&word))
        .map(|c| c.choice)
}
