//! A simple player at a web table: the lobby's words to open, join and start, and in the game
//! the player to act rolls (at most twice a turn) and stands, pressing the buttons his page
//! shows him (his cup's first, then the table's).

use super::frame::State;

/// What a table does next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A lobby word from seat `page` (`open`, `join`, `start`).
    Say { page: usize, word: &'static str },
    /// A button of seat `page`.
    Press { page: usize, id: String },
    /// Nothing to do (the pages do not show a move).
    Wait,
}

/// What the table remembers of the turn: whose (table, name) and how often he rolled.
#[derive(Clone, Debug, Default)]
pub struct Turn {
    whose: Option<(i64, String)>,
    rolls: u32,
}

/// A player rolls at most this often in a turn, then stands.
const ROLLS: u32 = 2;

/// The next step, from the latest state of each seat's page (`names[i]` sits at `states[i]`).
pub fn next(states: &[State], names: &[String], turn: &mut Turn) -> Step {
    let Some(table) = states.first().and_then(|s| s.table.as_ref()) else {
        return Step::Say {
            page: 0,
            word: "open",
        };
    };
    match table.status.as_str() {
        "lobby" => {
            let missing = names.iter().position(|n| !table.members.contains(n));
            match missing {
                Some(page) => Step::Say { page, word: "join" },
                None => Step::Say {
                    page: 0,
                    word: "start",
                },
            }
        }
        "running" => {
            let Some(name) = table.current.as_ref() else {
                return Step::Wait;
            };
            let Some(page) = names.iter().position(|n| n == name) else {
                return Step::Wait;
            };
            let whose = Some((table.key.0, name.clone()));
            if turn.whose != whose {
                *turn = Turn { whose, rolls: 0 };
            }
            let state = &states[page];
            let offered = |prefix: &str| {
                state
                    .buttons
                    .iter()
                    .find(|id| id.starts_with(prefix))
                    .cloned()
            };
            let roll = offered("v1:r:").filter(|_| turn.rolls < ROLLS);
            if let Some(id) = roll {
                turn.rolls += 1;
                return Step::Press { page, id };
            }
            match offered("v1:s:") {
                Some(id) => {
                    turn.whose = None;
                    Step::Press { page, id }
                }
                None => Step::Wait,
            }
        }
        // Over (finished, abandoned): the next game.
        _ => Step::Say {
            page: 0,
            word: "open",
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::frame::Table;

    fn names() -> Vec<String> {
        ["Anna", "Ben", "Cem"].map(String::from).to_vec()
    }

    fn state(status: &str, members: &[&str], current: Option<&str>, buttons: &[&str]) -> State {
        State {
            table: Some(Table {
                key: (1, 5),
                status: status.into(),
                members: members.iter().map(|m| m.to_string()).collect(),
                current: current.map(str::to_string),
            }),
            buttons: buttons.iter().map(|b| b.to_string()).collect(),
        }
    }

    #[test]
    fn the_lobby_opens_seats_and_starts() {
        let mut turn = Turn::default();
        let none = vec![State::default(); 3];
        assert_eq!(
            next(&none, &names(), &mut turn),
            Step::Say {
                page: 0,
                word: "open"
            }
        );
        let lobby = vec![state("lobby", &["Anna"], None, &[]); 3];
        assert_eq!(
            next(&lobby, &names(), &mut turn),
            Step::Say {
                page: 1,
                word: "join"
            }
        );
        let full = vec![state("lobby", &["Anna", "Ben", "Cem"], None, &[]); 3];
        assert_eq!(
            next(&full, &names(), &mut turn),
            Step::Say {
                page: 0,
                word: "start"
            }
        );
        let over = vec![state("finished", &["Anna", "Ben", "Cem"], None, &[]); 3];
        assert!(matches!(
            next(&over, &names(), &mut turn),
            Step::Say { word: "open", .. }
        ));
    }

    #[test]
    fn the_player_to_act_rolls_twice_then_stands() {
        let mut turn = Turn::default();
        let all = ["Anna", "Ben", "Cem"];
        let mut states = vec![state("running", &all, Some("Ben"), &[]); 3];
        states[1] = state(
            "running",
            &all,
            Some("Ben"),
            &["v1:l:1:5", "v1:r:1:5", "v1:s:1:5"],
        );
        let press = |id: &str| Step::Press {
            page: 1,
            id: id.into(),
        };
        assert_eq!(next(&states, &names(), &mut turn), press("v1:r:1:5"));
        assert_eq!(next(&states, &names(), &mut turn), press("v1:r:1:5"));
        assert_eq!(next(&states, &names(), &mut turn), press("v1:s:1:5"));
        // His next turn starts afresh.
        assert_eq!(next(&states, &names(), &mut turn), press("v1:r:1:5"));
        states[1].buttons.clear();
        assert_eq!(next(&states, &names(), &mut Turn::default()), Step::Wait);
    }
}
