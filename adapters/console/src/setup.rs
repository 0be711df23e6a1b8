//! Setting the terminal table up: who plays (names at the keyboard), how many computer
//! players, the house rules and the client seed, then the start.

use super::{Console, ConsoleOptions, MAX_HUMANS, commands};
use bot_core::engine::RuleSet;
use bot_core::model::table::MAX_NAME;
use bot_core::render;
use bot_core::service::table::Seating;
use bot_core::service::{Request, UserRef};
use bot_core::text::{arg_num, tr};
use commands::Input;
use std::io::Write;

impl<R, W> Console<R, W>
where
    R: tokio::io::AsyncBufRead + Unpin,
    W: Write,
{
    /// Seats the players and starts the game. Returns false when the input ended.
    pub(super) async fn set_up(&mut self, options: &ConsoleOptions) -> anyhow::Result<bool> {
        let seating = Seating::new(options.tally);
        let Some(humans) = self.ask_players(options, &seating).await? else {
            return Ok(false);
        };
        let Some(bots) = self.ask_computers(options, &seating, humans.len()).await? else {
            return Ok(false);
        };
        if !self.seat(options, &humans, bots).await? {
            return Ok(false);
        }
        let lang = self.lang;
        // The dice are committed before the first one falls (the roll-off).
        if let Some(table) = self.open_table().await {
            for line in render::proof_lines(&table, lang) {
                self.say(&line)?;
            }
        }
        let start = match &options.starter {
            Some(name) => Request::StartWith {
                starter: UserRef::Name(name.clone()),
            },
            None => Request::Start,
        };
        let mut reply = self.handle(&humans[0], start).await;
        // Nobody has the keyboard yet: no cup before the hand-off.
        reply.private = None;
        self.show(&reply)?;
        Ok(!reply.is_error())
    }

    /// The players' names, asked until they are valid; `None` when the input ended.
    async fn ask_players(
        &mut self,
        options: &ConsoleOptions,
        seating: &Seating,
    ) -> anyhow::Result<Option<Vec<String>>> {
        let lang = self.lang;
        let mut humans = options.players.clone();
        while !valid_names(&humans) || humans.len() < seating.min_people() {
            if !humans.is_empty() {
                self.say(&tr(lang, "console-bad-players", &[]))?;
            }
            let Some(line) = self.ask(&tr(lang, "console-ask-players", &[])).await? else {
                return Ok(None);
            };
            // A finished game can be checked before the next one is set up.
            match commands::parse(&line) {
                Input::Verify(game) => {
                    let reply = self.handle("console", Request::Verify { game }).await;
                    self.verify(&reply)?;
                    continue;
                }
                Input::Request(Request::Fairness) => {
                    let reply = self.handle("console", Request::Fairness).await;
                    self.show(&reply)?;
                    continue;
                }
                _ => {}
            }
            humans = line
                .split(',')
                .map(|n| n.trim().to_string())
                .filter(|n| !n.is_empty())
                .collect();
        }
        Ok(Some(humans))
    }

    /// How many computer players sit down, asked where they may; `None` when the input ended.
    async fn ask_computers(
        &mut self,
        options: &ConsoleOptions,
        seating: &Seating,
        humans: usize,
    ) -> anyhow::Result<Option<usize>> {
        let lang = self.lang;
        let max_bots = seating.max_computers(humans);
        // Where no computer may sit, nobody is asked how many.
        let mut bots = if seating.seats_computers() {
            options.bots.filter(|b| *b <= max_bots)
        } else {
            Some(0)
        };
        while bots.is_none() || !seating.can_start(humans, bots.unwrap_or(0)) {
            if bots.is_some() {
                self.say(&tr(lang, "console-too-few", &[]))?;
            }
            let max = [("max", arg_num(max_bots as i64))];
            let Some(line) = self.ask(&tr(lang, "console-ask-bots", &max)).await? else {
                return Ok(None);
            };
            bots = line.trim().parse::<usize>().ok().filter(|b| *b <= max_bots);
            if bots.is_none() {
                self.say(&tr(lang, "console-bad-bots", &max))?;
            }
        }
        Ok(bots)
    }

    /// Opens the table (a lobby left from an earlier session is replaced) with the house rules,
    /// seats the humans and the computers, sets the client seed; false if any of it failed.
    async fn seat(
        &mut self,
        options: &ConsoleOptions,
        humans: &[String],
        bots: usize,
    ) -> anyhow::Result<bool> {
        let lang = self.lang;
        let opener = humans[0].clone();
        if self.open_table().await.is_some() {
            self.handle(&opener, Request::End).await;
        }
        if let Some(rules) = &options.rules {
            let base = RuleSet::preset(&rules.name).unwrap_or_else(|_| RuleSet::standard());
            let switches = rules.switches_from(&base);
            let preset = Some(base.name.clone());
            let reply = self
                .handle(&opener, Request::SetRules { preset, switches })
                .await;
            self.show(&reply)?;
        }
        let open = if options.tally {
            Request::OpenTally
        } else {
            Request::Open
        };
        let computers = (1..=bots).map(|n| {
            let name = tr(lang, "console-bot-name", &[("n", arg_num(n as i64))]);
            let strategy = options.bot_level;
            (opener.clone(), Request::AddBot { name, strategy })
        });
        for (who, request) in std::iter::once((opener.clone(), open))
            .chain(humans[1..].iter().map(|h| (h.clone(), Request::Join)))
            .chain(computers)
        {
            let reply = self.handle(&who, request).await;
            if reply.is_error() {
                self.show(&reply)?;
                return Ok(false);
            }
        }
        if let Some(text) = options.client_seed.clone() {
            let reply = self.handle(&opener, Request::Seed { text }).await;
            self.show(&reply)?;
            if reply.is_error() {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

fn valid_names(names: &[String]) -> bool {
    let lowered: Vec<String> = names.iter().map(|n| n.to_lowercase()).collect();
    (1..=MAX_HUMANS).contains(&names.len())
        && names
            .iter()
            .all(|n| !n.is_empty() && n.chars().count() <= MAX_NAME && !n.contains(':'))
        && (0..lowered.len()).all(|i| !lowered[..i].contains(&lowered[i]))
}
