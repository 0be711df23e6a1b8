//! Schocken in the terminal: 1–6 players at one keyboard (hot seat: a player's cup shows only
//! after "pass to Anna, press Enter"), computer players to fill up, on the same service and
//! database as the chat bots — so a game can be left and continued later.

mod club;
mod commands;
mod setup;
mod tally;
mod tournament;

use bot_core::engine::ai::Strategy;
use bot_core::engine::{Event, Part, RuleSet, Viewer};
use bot_core::render::{self, Surface, Voice};
use bot_core::service::reply::{Content, ProofReport};
use bot_core::service::{
    Actor, ChatId, Command, Notice, PublicTable, Reply, Request, Service, TableStatus, UserId,
};
use bot_core::text::{Lang, arg_num, arg_text, tr};
use commands::Input;
use std::io::Write;
use std::sync::Arc;
use tokio::io::AsyncBufReadExt;

/// The most humans at one keyboard.
pub const MAX_HUMANS: usize = 6;

/// How the terminal table is set up.
#[derive(Clone, Debug)]
pub struct ConsoleOptions {
    /// The table's name (its chat id is `console:<table>`).
    pub table: String,
    /// Human players; asked for when empty and no game is running.
    pub players: Vec<String>,
    /// Computer players; asked for when `None`.
    pub bots: Option<usize>,
    /// How the computer players play.
    pub bot_level: Strategy,
    /// Rules to set for this table (`--rules`/`--set`); `None` keeps the saved ones.
    pub rules: Option<RuleSet>,
    pub lang: Lang,
    /// Clear the screen when the keyboard passes to another player (a real terminal).
    pub clear_screen: bool,
    /// The client seed of the dice, set before the start (`--client-seed`); `None` keeps
    /// the game's number.
    pub client_seed: Option<String>,
    /// Tally mode (`--tally`): the dice fall on a real table, the terminal keeps score.
    pub tally: bool,
    /// Who won the roll-off at the real table (`--starter`); `None`: the first player.
    pub starter: Option<String>,
}

struct Console<R, W> {
    service: Arc<Service>,
    chat: ChatId,
    lang: Lang,
    clear_screen: bool,
    input: R,
    out: W,
    /// The human who last saw his cup (the keyboard is his until it passes on).
    holder: Option<String>,
    /// The last round whose reveal this terminal printed (the table then leaves it out).
    revealed: Option<(Part, u32)>,
}

fn actor(name: &str, lang: Lang) -> Actor {
    // At one keyboard everybody administers the table.
    Actor::new(
        UserId::new("console", name.to_lowercase()),
        name,
        Some(lang),
        true,
    )
}

/// Plays at the terminal until the game ends or the input does.
pub async fn run<R, W>(
    service: Arc<Service>,
    options: ConsoleOptions,
    input: R,
    output: W,
) -> anyhow::Result<()>
where
    R: tokio::io::AsyncBufRead + Unpin,
    W: Write,
{
    let mut console = Console {
        service,
        chat: ChatId::new("console", &options.table),
        lang: options.lang,
        clear_screen: options.clear_screen,
        input,
        out: output,
        holder: None,
        revealed: None,
    };
    console.say(&tr(
        console.lang,
        "console-welcome",
        &[("table", arg_text(options.table.clone()))],
    ))?;
    let running = console.open_table().await;
    let tally = match running {
        Some(table) if table.status == TableStatus::Running => {
            console.say(&tr(console.lang, "console-continue", &[]))?;
            table.tally
        }
        _ => {
            if !console.set_up(&options).await? {
                console.say(&tr(console.lang, "console-saved", &[]))?;
                return Ok(());
            }
            options.tally
        }
    };
    if tally {
        console.play_tally().await
    } else {
        console.play().await
    }
}

impl<R, W> Console<R, W>
where
    R: tokio::io::AsyncBufRead + Unpin,
    W: Write,
{
    /// Texts as the terminal shows them: hints spell its own commands.
    fn voice(&self) -> Voice {
        Voice::new(self.lang, Surface::Terminal)
    }

    /// The table message, without the last round's reveal if it was printed already.
    fn table_text(&self, table: &PublicTable) -> String {
        let mut table = table.clone();
        if let Some(view) = table.view.as_mut()
            && view
                .last_round
                .as_ref()
                .is_some_and(|r| Some((r.part, r.number)) == self.revealed)
        {
            view.last_round = None;
        }
        render::table_text(&table, self.lang)
    }

    fn say(&mut self, text: &str) -> anyhow::Result<()> {
        writeln!(self.out, "{text}")?;
        self.out.flush()?;
        Ok(())
    }

    /// Writes a file the player asked for and says so with `saved`; a path that cannot be
    /// written is said in his language and the table goes on (nothing else changed).
    fn save(&mut self, path: &str, bytes: &[u8], saved: &str) -> anyhow::Result<()> {
        let shown = arg_text(path.to_string());
        match std::fs::write(path, bytes) {
            Ok(()) => self.say(&tr(self.lang, saved, &[("path", shown)])),
            Err(e) => {
                let why = match e.kind() {
                    std::io::ErrorKind::NotFound => "missing-folder",
                    std::io::ErrorKind::PermissionDenied => "denied",
                    std::io::ErrorKind::IsADirectory => "folder",
                    _ => "other",
                };
                let why = arg_text(why.to_string());
                self.say(&tr(
                    self.lang,
                    "console-not-saved",
                    &[("path", shown), ("why", why)],
                ))
            }
        }
    }

    async fn line(&mut self) -> anyhow::Result<Option<String>> {
        let mut line = String::new();
        let n = self.input.read_line(&mut line).await?;
        Ok((n > 0).then(|| line.trim_end_matches(['\r', '\n']).to_string()))
    }

    /// A prompt on the same line and the answer; at the input's end the table is saved
    /// (and `None` comes back).
    async fn prompt(&mut self, prompt: &str) -> anyhow::Result<Option<String>> {
        write!(self.out, "{prompt} ")?;
        self.out.flush()?;
        let line = self.line().await?;
        if line.is_none() {
            self.say("")?;
            self.say(&tr(self.lang, "console-saved", &[]))?;
        }
        Ok(line)
    }

    async fn ask(&mut self, question: &str) -> anyhow::Result<Option<String>> {
        self.say(question)?;
        self.line().await
    }

    async fn handle(&self, who: &str, request: Request) -> Reply {
        self.service
            .handle(
                Command::new(self.chat.clone(), actor(who, self.lang), request)
                    .with_chat_lang(self.lang),
            )
            .await
    }

    /// The open table of this terminal, if any.
    async fn open_table(&self) -> Option<PublicTable> {
        self.handle("console", Request::Show)
            .await
            .table
            .filter(|t| t.status.is_open())
    }

    /// The turn loop.
    async fn play(&mut self) -> anyhow::Result<()> {
        let lang = self.lang;
        loop {
            let Some(table) = self.handle("console", Request::Show).await.table else {
                return Ok(());
            };
            if !table.status.is_open() {
                return self.game_over(&table);
            }
            let Some(current) = current_name(&table) else {
                return Ok(());
            };
            if self.holder.as_deref() != Some(current.as_str()) {
                if !self.hand_over(&table, &current).await? {
                    return Ok(());
                }
                continue;
            }
            if !table.rules.blind && !looked(&table) {
                // A new round for the player at the keyboard: he lifts his cup at once
                // (without blind there is no reason to wait).
                let look = self.handle(&current, Request::Look).await;
                self.show(&look)?;
            }
            let name = [("name", arg_text(current.clone()))];
            let Some(line) = self.prompt(&tr(lang, "console-prompt", &name)).await? else {
                return Ok(());
            };
            let (who, text) = actor_and_text(&table, &line, &current);
            if !self
                .perform(commands::parse(text), &who, &current, &table)
                .await?
            {
                return Ok(());
            }
        }
    }

    /// The game is over: the revealed seed to check every throw, and goodbye.
    fn game_over(&mut self, table: &PublicTable) -> anyhow::Result<()> {
        let lang = self.lang;
        if table.proof.is_some() {
            for line in render::proof_lines(table, lang) {
                self.say(&line)?;
            }
            let game = arg_num(table.table_id);
            self.say(&tr(lang, "console-verify-hint", &[("game", game)]))?;
        }
        self.say(&tr(lang, "console-goodbye", &[]))
    }

    /// Hot seat: the next player's cup shows only after the hand-off. False when the input
    /// ended (the table stays saved).
    async fn hand_over(&mut self, table: &PublicTable, current: &str) -> anyhow::Result<bool> {
        let lang = self.lang;
        let text = self.table_text(table);
        self.say(&text)?;
        let handoff = tr(
            lang,
            "console-handoff",
            &[("name", arg_text(current.to_string()))],
        );
        if self.ask(&handoff).await?.is_none() {
            self.say(&tr(lang, "console-saved", &[]))?;
            return Ok(false);
        }
        if self.clear_screen {
            write!(self.out, "\x1b[2J\x1b[H")?;
        }
        self.holder = Some(current.to_string());
        let look = self.handle(current, Request::Look).await;
        self.show(&look)?;
        Ok(true)
    }

    /// One line typed at the keyboard, by `who` while `current` is to act. False when the
    /// player leaves the terminal.
    async fn perform(
        &mut self,
        input: Input,
        who: &str,
        current: &str,
        table: &PublicTable,
    ) -> anyhow::Result<bool> {
        let lang = self.lang;
        match input {
            Input::Round(text) => {
                // Only a real table takes rounds; the service says so.
                let round = bot_core::commands::parse::round_request(&text);
                let reply = self.handle(who, round).await;
                self.show(&reply)?;
            }
            Input::Quit => {
                self.say(&tr(lang, "console-saved", &[]))?;
                return Ok(false);
            }
            Input::Keys => self.say(&render::help_text("console-keys", self.voice()))?,
            Input::MyCup => {
                let reply = self.handle(who, Request::Look).await;
                self.show(&reply)?;
            }
            Input::Unknown(t) => {
                let t: String = t.chars().take(40).collect();
                self.say(&tr(lang, "console-unknown", &[("text", arg_text(t))]))?
            }
            Input::Invalid(e) => self.say(&render::error_text(&e, Some(table), self.voice()))?,
            Input::Export(path) => self.export(who, path).await?,
            Input::Verify(game) => {
                let reply = self.handle(who, Request::Verify { game }).await;
                self.verify(&reply)?;
            }
            Input::Request(Request::Club(request)) => self.club(who, request).await?,
            Input::Request(Request::Tournament(request)) => self.tournament(who, request).await?,
            Input::Request(request) => self.request(request, who, current).await?,
        }
        Ok(true)
    }

    /// A request to the service from the keyboard; somebody else acting may not see the
    /// current player's cup.
    async fn request(&mut self, request: Request, who: &str, current: &str) -> anyhow::Result<()> {
        let show_table = request == Request::Show;
        let mut reply = self.handle(who, request).await;
        if who != current {
            self.holder = None;
        }
        if self.holder.is_none() || only_a_covered_cup(&reply, current) {
            reply.private = None;
        }
        if let Some(table) = reply.table.as_ref().filter(|_| show_table) {
            // Asked for: the whole table, the last round with it.
            self.say(&render::table_text(table, self.lang))?;
        }
        self.show(&reply)
    }

    /// The ledger as CSV into `path` (or the file name the service suggests).
    async fn export(&mut self, who: &str, path: Option<String>) -> anyhow::Result<()> {
        let reply = self.handle(who, Request::Export).await;
        match &reply.content {
            Some(Content::Export { filename, csv }) => {
                let path = path.unwrap_or_else(|| filename.clone());
                self.save(&path, csv.as_bytes(), "console-exported")
            }
            _ => self.show(&reply),
        }
    }

    /// `verify`'s answer; a finished game's record goes to a file in the working directory.
    fn verify(&mut self, reply: &Reply) -> anyhow::Result<()> {
        self.show(reply)?;
        let Some(Content::Proof(report)) = &reply.content else {
            return Ok(());
        };
        if let ProofReport::Checked {
            filename, record, ..
        }
        | ProofReport::Predates {
            filename, record, ..
        } = report.as_ref()
        {
            self.save(filename, record.as_bytes(), "console-record-saved")?;
        }
        Ok(())
    }

    /// Prints a reply: notices, reveals, the actor's private view and read-only content.
    fn show(&mut self, reply: &Reply) -> anyhow::Result<()> {
        let lang = self.lang;
        let voice = self.voice();
        let table = reply.table.as_ref();
        let mut revealed = false;
        for notice in &reply.notices {
            // The reveal comes where the round ended, before the next one begins.
            let line = match (notice, table) {
                (Notice::Game(Event::RoundScored(summary)), Some(t)) => {
                    self.revealed = Some((summary.part, summary.number));
                    revealed = true;
                    Some(render::reveal_text(summary, t, lang))
                }
                _ => render::notice_text(notice, table, voice),
            };
            if let Some(line) = line {
                self.say(&line)?;
            }
        }
        for notice in &reply.private_notices {
            if let Some(line) = render::notice_text(notice, table, voice) {
                self.say(&line)?;
            }
        }
        if let Some(content) = &reply.content {
            self.say(&render::content_text(content, voice))?;
        }
        let game_on = table.is_none_or(|t| t.status.is_open());
        if let Some(private) = reply.private.as_ref().filter(|_| game_on) {
            let mut private = private.clone();
            if revealed {
                // The whole round was just revealed above, his own throw with it.
                private.round_over = None;
            }
            self.say(&render::private_text(&private))?;
        }
        Ok(())
    }
}

/// Whether the actor's private view in `reply` shows only a covered cup not worth printing:
/// the next round's cup while somebody else is to play, or his own turn without blind play,
/// when the terminal lifts the cup for him right away.
fn only_a_covered_cup(reply: &Reply, at_keyboard: &str) -> bool {
    let (Some(table), Some(private)) = (&reply.table, &reply.private) else {
        return false;
    };
    let Viewer::Player(seat) = private.view.viewer else {
        return false;
    };
    let covered = private
        .view
        .players
        .iter()
        .find(|p| p.seat == seat)
        .and_then(|p| p.cup.as_ref())
        .is_some_and(|c| !c.looked && !c.done);
    let his_turn = private.view.current == Some(seat);
    covered
        && (!his_turn
            || (!table.rules.blind && current_name(table).as_deref() == Some(at_keyboard)))
}

/// Whether the current player has lifted his cup.
fn looked(table: &PublicTable) -> bool {
    let Some(view) = &table.view else {
        return true;
    };
    view.players
        .iter()
        .find(|p| p.is_current)
        .and_then(|p| p.cup.as_ref())
        .is_none_or(|c| c.looked || c.done)
}

fn current_name(table: &PublicTable) -> Option<String> {
    let seat = table.view.as_ref()?.current?;
    table.members.get(seat.index()).cloned()
}

/// Who acts for a typed line — `NAME: command` names a human at the table, else `default`
/// — and the command itself.
/// Who acts and what he typed: `NAME: command` acts as a player at the table, and as any
/// member of the club for a club command (checking in, paying: the club is more than the
/// players of this game); anything else is `default`'s whole line.
fn actor_and_text<'a>(table: &PublicTable, line: &'a str, default: &str) -> (String, &'a str) {
    let (named, text) = commands::split_actor(line);
    match named {
        Some(name) if is_human(table, name) => (canonical(table, name), text),
        Some(name) if commands::is_club_word(text) => (name.to_string(), text),
        _ => (default.to_string(), line.trim()),
    }
}

fn is_human(table: &PublicTable, name: &str) -> bool {
    table
        .members
        .iter()
        .zip(&table.computer)
        .any(|(m, bot)| !bot && m.eq_ignore_ascii_case(name))
}

fn canonical(table: &PublicTable, name: &str) -> String {
    table
        .members
        .iter()
        .find(|m| m.eq_ignore_ascii_case(name))
        .cloned()
        .unwrap_or_else(|| name.to_string())
}
