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
    /// `/turnier …`: each step of the tournament office (issue 35).
    Tournament(TournamentWord),
}

/// The words after `/turnier`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TournamentWord {
    Create,
    Format,
    Register,
    CheckIn,
    Withdraw,
    Draw,
    StartClock,
    Pause,
    Resume,
    Result,
    Confirm,
    Reject,
    CloseTable,
    Correct,
    Standings,
    Player,
    Tables,
    Verify,
    Log,
    Finish,
    Help,
    PlayHere,
    Export,
    Spreadsheet,
    Picture,
    Board,
    Cards,
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

pub const CHOICES: [ChoiceSpec; 35] = [
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
    choice(
        Choice::Tournament(TournamentWord::Create),
        CommandId::Tournament,
        Names::new("new", "neu", &["anlegen", "create"]),
    ),
    choice(
        Choice::Tournament(TournamentWord::Format),
        CommandId::Tournament,
        Names::new("format", "format", &["modus"]),
    ),
    choice(
        Choice::Tournament(TournamentWord::Register),
        CommandId::Tournament,
        Names::new("register", "anmelden", &["anmeldung", "join", "eintragen"]),
    ),
    choice(
        Choice::Tournament(TournamentWord::CheckIn),
        CommandId::Tournament,
        Names::new("here", "da", &["einchecken", "checkin", "check-in", "hier"]),
    ),
    choice(
        Choice::Tournament(TournamentWord::Withdraw),
        CommandId::Tournament,
        Names::new("withdraw", "abmelden", &["abmeldung", "leave", "raus"]),
    ),
    choice(
        Choice::Tournament(TournamentWord::Draw),
        CommandId::Tournament,
        Names::new("draw", "auslosen", &["losen", "auslosung"]),
    ),
    choice(
        Choice::Tournament(TournamentWord::StartClock),
        CommandId::Tournament,
        Names::new("start", "start", &["los", "uhr", "clock"]),
    ),
    choice(
        Choice::Tournament(TournamentWord::Pause),
        CommandId::Tournament,
        Names::new("pause", "pause", &["anhalten", "stop"]),
    ),
    choice(
        Choice::Tournament(TournamentWord::Resume),
        CommandId::Tournament,
        Names::new("resume", "weiter", &["fortsetzen", "continue"]),
    ),
    choice(
        Choice::Tournament(TournamentWord::Result),
        CommandId::Tournament,
        Names::new("result", "ergebnis", &["e", "eintrag", "spiel", "game"]),
    ),
    choice(
        Choice::Tournament(TournamentWord::Confirm),
        CommandId::Tournament,
        Names::new(
            "ok",
            "ok",
            &["bestätigen", "bestaetigen", "confirm", "ja", "yes"],
        ),
    ),
    choice(
        Choice::Tournament(TournamentWord::Reject),
        CommandId::Tournament,
        Names::new(
            "no",
            "nein",
            &[
                "falsch",
                "reject",
                "ablehnen",
                "zurückziehen",
                "zurueckziehen",
            ],
        ),
    ),
    choice(
        Choice::Tournament(TournamentWord::CloseTable),
        CommandId::Tournament,
        Names::new("close", "schließen", &["schliessen", "fertig", "done"]),
    ),
    choice(
        Choice::Tournament(TournamentWord::Correct),
        CommandId::Tournament,
        Names::new("correct", "korrektur", &["korrigieren", "fix"]),
    ),
    choice(
        Choice::Tournament(TournamentWord::Standings),
        CommandId::Tournament,
        Names::new("standings", "stand", &["tabelle", "rangliste"]),
    ),
    choice(
        Choice::Tournament(TournamentWord::Player),
        CommandId::Tournament,
        Names::new("player", "spieler", &["ich", "me", "mein", "seite", "page"]),
    ),
    choice(
        Choice::Tournament(TournamentWord::Tables),
        CommandId::Tournament,
        Names::new("tables", "tische", &["runde", "round"]),
    ),
    choice(
        Choice::Tournament(TournamentWord::Verify),
        CommandId::Tournament,
        Names::new("verify", "prüfen", &["pruefen", "check"]),
    ),
    choice(
        Choice::Tournament(TournamentWord::Log),
        CommandId::Tournament,
        Names::new("log", "protokoll", &["korrekturen"]),
    ),
    choice(
        Choice::Tournament(TournamentWord::Finish),
        CommandId::Tournament,
        Names::new("finish", "ende", &["beenden", "schluss", "end"]),
    ),
    choice(
        Choice::Tournament(TournamentWord::PlayHere),
        CommandId::Tournament,
        Names::new("table", "tisch", &[]),
    ),
    choice(
        Choice::Tournament(TournamentWord::Export),
        CommandId::Tournament,
        Names::new("export", "export", &["csv"]),
    ),
    choice(
        Choice::Tournament(TournamentWord::Spreadsheet),
        CommandId::Tournament,
        Names::new("excel", "excel", &["xlsx"]),
    ),
    choice(
        Choice::Tournament(TournamentWord::Picture),
        CommandId::Tournament,
        Names::new("picture", "bild", &["png", "foto"]),
    ),
    choice(
        Choice::Tournament(TournamentWord::Cards),
        CommandId::Tournament,
        Names::new("cards", "karten", &["tischkarten"]),
    ),
    choice(
        Choice::Tournament(TournamentWord::Board),
        CommandId::Tournament,
        Names::new("board", "tafel", &["anzeige", "link", "live"]),
    ),
    choice(
        Choice::Tournament(TournamentWord::Help),
        CommandId::Tournament,
        Names::new("help", "hilfe", &["?"]),
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
