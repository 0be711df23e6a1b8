//! R-MAT-2 with big stocks (`bochum` has 27 Deckel, a rule file takes up to 99): a full table
//! — the most players a game takes, each with the longest name a table keeps, holding large
//! counts — must fit every message it is shown in: Discord's 2000 characters and its button
//! limits, Telegram's 4096 characters (room left for the notices) and its 64-byte callback
//! data, with German plurals and datives right.

use bot_core::engine::event::RevealedThrow;
use bot_core::engine::{
    Action, Event, Game, MAX_PLAYERS, Part, RoundEntry, RuleSet, Seat, Source, Viewer, ai,
    evaluate, seeded,
};
use bot_core::model::ids::MAX_BUTTON_ID;
use bot_core::model::table::MAX_NAME;
use bot_core::render::{self, Button, Voice, table_buttons, table_text, table_text_within};
use bot_core::service::reply::{PrivateView, PublicProof, PublicTable};
use bot_core::service::{Notice, TableStatus, UserId};
use bot_core::text::Lang;

/// Discord's limits: characters in a message, a button's label, buttons in a row, rows.
const DISCORD_TEXT: usize = 2000;
const DISCORD_LABEL: usize = 80;
const DISCORD_ROW: usize = 5;
const DISCORD_ROWS: usize = 5;
/// Telegram's message limit less the room the adapter keeps for notices under the table.
const TELEGRAM_TABLE: usize = 4096 - 600;

const COMMITMENT: &str = "7b3d979ca8330a94fa7e9e1b466d8b99e0bcdea1ec90596c0dcc8d7ef6b4300c";
const SEED: &str = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

/// The most players, each with a name of the longest length a table keeps.
fn long_names() -> Vec<String> {
    (0..MAX_PLAYERS)
        .map(|i| {
            let name = format!("Ännchen-Marie {i} von Überlingen-Süd");
            name.chars().cycle().take(MAX_NAME).collect()
        })
        .collect()
}

fn rules_with(deckel: u8) -> RuleSet {
    RuleSet::standard()
        .with_assignments(&[format!("deckel={deckel}")])
        .expect("a stock of 2 to 99")
}

/// A game of the most players with every cup in play and a last round of every player: the
/// first moment of the game where that is so, played by the rule of thumb.
fn game_in_full_swing(rules: &RuleSet, names: &[String]) -> Game {
    let mut rng = seeded(7);
    let (mut game, _) = Game::start(rules.clone(), names, &mut rng).expect("a full table");
    for _ in 0..100_000 {
        let view = game.view_for(Viewer::Public);
        let busy = view.players.iter().filter(|p| p.cup.is_some()).count() == names.len();
        let full_round = view
            .last_round
            .as_ref()
            .is_some_and(|r| r.throws.len() == names.len());
        let thrown = view
            .players
            .iter()
            .filter(|p| p.cup.as_ref().is_some_and(|c| c.throws > 0))
            .count();
        if busy && full_round && thrown >= 5 {
            return game;
        }
        let seat = game.current().expect("a player to act");
        let action = ai::choose(&game, seat).unwrap_or(Action::Stand);
        game.apply(seat, &action, &mut rng).expect("a legal move");
    }
    panic!("the game never had every player in one round");
}

/// The public table in its longest shape: the stock handed out (large counts, two digits
/// with 99), a half lost, every last-round throw a built house number after three throws
/// (the longest line a throw gets), the turn timer running, a computer at every seat.
fn longest_table(deckel: u8, over: bool) -> PublicTable {
    let rules = rules_with(deckel);
    let names = long_names();
    let game = game_in_full_swing(&rules, &names);
    let mut view = game.view_for(Viewer::Public);
    let players = view.players.len() as u8;
    for (i, p) in view.players.iter_mut().enumerate() {
        p.deckel = deckel / players + u8::from((i as u8) < deckel % players);
    }
    view.stock = 0;
    view.part = Part::Half2;
    view.round = 12;
    for p in &mut view.players {
        p.lost_halves.clear();
    }
    view.players[1].lost_halves = vec![Part::Half1];
    // The last round: Schock 6 from the hand won, every other throw a built house number;
    // the stock is empty, so the winner hands over six Deckel (R-SCORE-2).
    let last = view.last_round.as_mut().expect("a last round");
    let built = evaluate([3, 2, 1], false, &rules, rules.extras);
    let schock = evaluate([1, 1, 6], true, &rules, rules.extras);
    for (i, throw) in last.throws.iter_mut().enumerate() {
        let winner = throw.seat == last.winner;
        *throw = RevealedThrow {
            eval: if winner { schock } else { built },
            throws: if winner { 1 } else { 3 },
            deckel: deckel / players + u8::from((i as u8) < deckel % players),
            ..throw.clone()
        };
    }
    (last.part, last.number) = (Part::Half2, 11);
    (last.penalty, last.moved, last.source, last.stock) = (6, 6, Source::Winner, 0);
    (last.out, last.half_lost_by) = (Vec::new(), None);
    PublicTable {
        table_id: 123_456,
        version: u64::MAX,
        status: TableStatus::Running,
        computer: vec![true; names.len()],
        opener: names[0].clone(),
        members: names,
        rules,
        view: Some(view),
        message_ref: None,
        deadline: Some(1_790_000_000_000),
        time_zone: "Europe/Berlin".into(),
        proof: Some(PublicProof {
            commitment: COMMITMENT.into(),
            client_seed: "x".repeat(bot_core::model::table::MAX_CLIENT_SEED),
            server_seed: over.then(|| SEED.into()),
            throws: 99_999,
        }),
        tally: false,
        seq: 0,
    }
}

fn assert_buttons_fit(rows: &[Vec<Button>]) {
    assert!(rows.len() <= DISCORD_ROWS, "{rows:?}");
    for row in rows {
        assert!(row.len() <= DISCORD_ROW, "{row:?}");
        for b in row {
            assert!(b.id.len() <= MAX_BUTTON_ID, "callback data {}", b.id);
            assert!(b.label.chars().count() <= DISCORD_LABEL, "{}", b.label);
        }
    }
}

/// R-MAT-2, R-SCORE-2: 27 and 99 Deckel with ten players of the longest names. Every
/// player's line and count and the dice's commitment show on Discord (the last round
/// shortened to fit) and whole on Telegram.
#[test]
fn r_mat_2_a_full_table_with_a_big_stock_fits_every_message() {
    for deckel in [27, 99] {
        for over in [false, true] {
            let t = longest_table(deckel, over);
            for lang in Lang::ALL {
                let full = table_text(&t, lang);
                let discord = table_text_within(&t, lang, DISCORD_TEXT);
                assert!(discord.chars().count() <= DISCORD_TEXT, "{discord}");
                // Telegram counts in UTF-16 code units: emoji count twice.
                let telegram = table_text_within(&t, lang, TELEGRAM_TABLE);
                assert_eq!(telegram, full, "Telegram has room for the whole table");
                assert!(full.encode_utf16().count() <= TELEGRAM_TABLE, "{full}");
                let stock = match lang {
                    Lang::De => format!("Stock: 0 von {deckel} Deckeln"),
                    Lang::En => format!("Stock: 0 of {deckel} Deckel"),
                };
                for text in [&discord, &full] {
                    assert!(text.contains(&stock), "{text}");
                    for (name, p) in t
                        .members
                        .iter()
                        .zip(&t.view.as_ref().expect("view").players)
                    {
                        let line = format!("🤖 {name} · {} Deckel", p.deckel);
                        assert!(text.contains(&line), "{line} in:\n{text}");
                    }
                    assert!(text.contains(COMMITMENT), "{text}");
                    assert_eq!(text.contains(SEED), over, "{text}");
                }
            }
            assert_buttons_fit(&table_buttons(&t, Lang::De));
        }
    }
    // Ten long names and a whole last round do not fit Discord: the round is shortened.
    let t = longest_table(99, true);
    assert!(table_text(&t, Lang::De).chars().count() > DISCORD_TEXT);
    let discord = table_text_within(&t, Lang::De, DISCORD_TEXT);
    assert!(discord.contains("… 8 weitere Würfe …"), "{discord}");
    insta::assert_snapshot!("full_table_99_discord_de", discord);
}

/// Whatever the table, the lines about its dice survive a cut, and a tiny limit is kept.
#[test]
fn the_proof_stays_when_even_the_game_must_be_cut() {
    let t = longest_table(99, true);
    for max in [1200, 700, 400] {
        let text = table_text_within(&t, Lang::En, max);
        assert!(text.chars().count() <= max, "{max}: {text}");
        assert!(
            text.contains(SEED) && text.contains(COMMITMENT),
            "{max}: {text}"
        );
    }
    assert_eq!(table_text_within(&t, Lang::En, 10).chars().count(), 10);
}

/// A player's own view at a full table of 99 Deckel: his buttons fit both platforms, the
/// hidden round's text and alert name large counts right.
#[test]
fn r_mat_2_a_private_view_at_a_big_table_fits() {
    let rules = rules_with(99);
    let names = long_names();
    let game = game_in_full_swing(&rules, &names);
    let seat = game.current().expect("a player to act");
    let view = PrivateView {
        user: UserId::new("test", 1),
        lang: Lang::De,
        table_id: i64::MAX,
        version: u64::MAX,
        view: game.view_for(Viewer::Player(seat)),
        rules,
        hints: true,
        round_over: None,
    };
    assert_buttons_fit(&render::private_buttons(&view));
    let text = render::private_text(&view);
    assert!(text.chars().count() <= DISCORD_TEXT, "{text}");
}

/// R-MAT-2 at a real table (tally mode): 99 Deckel handed out round by round to ten players,
/// "Anna 27" entered with two digits; every text of it fits, German datives right.
#[test]
fn r_mat_2_tally_with_a_big_stock() {
    let rules = rules_with(99);
    let names = long_names();
    let (mut game, _) = Game::start_tally(rules.clone(), &names, None).expect("a real table");
    let mut entered = Vec::new();
    let mut seat = 0;
    while game.stock() > 0 {
        let loser = Seat(seat % MAX_PLAYERS as u8);
        let deckel = game.stock().min(27);
        let events = game
            .enter_round(&RoundEntry::Penalty {
                loser,
                deckel,
                from: None,
            })
            .expect("a round from the stock");
        entered.extend(events);
        seat += 1;
    }
    assert_eq!(seat, 4, "27 + 27 + 27 + 18");
    let t = PublicTable {
        table_id: 7,
        version: 4,
        status: TableStatus::Running,
        computer: vec![false; names.len()],
        opener: names[0].clone(),
        members: names.clone(),
        rules,
        view: Some(game.view_for(Viewer::Public)),
        message_ref: None,
        deadline: None,
        time_zone: "Europe/Berlin".into(),
        proof: None,
        tally: true,
        seq: 0,
    };
    for lang in Lang::ALL {
        let text = table_text(&t, lang);
        assert!(text.chars().count() <= DISCORD_TEXT, "{text}");
        assert!(
            text.contains(&format!("{} · 27 Deckel", names[0])),
            "{text}"
        );
        assert!(
            text.contains(&format!("{} · 18 Deckel", names[3])),
            "{text}"
        );
        assert!(text.contains(&format!("{} · 0 Deckel", names[9])), "{text}");
    }
    let de = table_text(&t, Lang::De);
    assert!(de.contains("Stock: 0 von 99 Deckeln"), "{de}");
    let moved: Vec<String> = entered
        .iter()
        .filter(|e| matches!(e, Event::PenaltyEntered(_)))
        .filter_map(|e| {
            render::notice_text(&Notice::Game(e.clone()), Some(&t), Voice::plain(Lang::De))
        })
        .collect();
    assert!(
        moved[0].contains("bekommt 27 Deckel aus dem Stock (im Stock: 72)"),
        "{moved:?}"
    );
    assert!(
        moved[3].contains("bekommt 18 Deckel aus dem Stock (im Stock: 0)"),
        "{moved:?}"
    );
    assert_buttons_fit(&table_buttons(&t, Lang::De));
}
