//! Visibility as data (R-RND-4): the table as one viewer may see it. This is the only way
//! anything outside the engine sees dice.

pub use super::action::Viewer;
use super::action::{ActionKind, Seat};
use super::eval::{Evaluation, evaluate};
use super::event::{GameResult, Part, RoundSummary};
use super::game::{Game, Player};
use super::round::Cup;
use super::rules::ExtraSet;
use serde::{Deserialize, Serialize};

/// Who may see a die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    Everyone,
    OwnerOnly,
}

/// One die as the viewer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "die", content = "value", rename_all = "snake_case")]
pub enum DieView {
    /// Set aside, open on the table.
    Aside(u8),
    /// Under the cup but thrown openly (the starter's throws 1 and 2).
    Open(u8),
    /// Under the viewer's own cup: only he sees it.
    Own(u8),
    /// Under a cup the viewer may not look into (or the owner has not looked yet).
    Covered,
}

impl DieView {
    pub fn value(self) -> Option<u8> {
        match self {
            DieView::Aside(v) | DieView::Open(v) | DieView::Own(v) => Some(v),
            DieView::Covered => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CupView {
    pub dice: [DieView; 3],
    pub throws: u8,
    pub max_throws: u8,
    pub done: bool,
    pub blind: bool,
    pub looked: bool,
    pub must_throw: bool,
    pub thrown_in: bool,
    /// The throw's evaluation, when the viewer sees all three dice.
    pub evaluation: Option<Evaluation>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayerStatus {
    /// Plays in the current half or final.
    Playing,
    /// Out of the current half (or not in the final), R-SCORE-4.
    Out,
    /// Has left the game.
    Left,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub seat: Seat,
    pub name: String,
    pub deckel: u8,
    pub status: PlayerStatus,
    /// The halves this player lost (the marker, R-MAT-3).
    pub lost_halves: Vec<Part>,
    pub is_starter: bool,
    pub is_current: bool,
    pub throwing_in: bool,
    /// This round's cup, if the player plays this round.
    pub cup: Option<CupView>,
}

/// The table as one viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableView {
    pub viewer: Viewer,
    pub rules: String,
    pub deckel_total: u8,
    pub part: Part,
    pub round: u32,
    pub stock: u8,
    /// In seating order.
    pub players: Vec<PlayerView>,
    pub starter: Seat,
    pub current: Option<Seat>,
    pub limit: Option<u8>,
    pub announcing: bool,
    pub extras: ExtraSet,
    pub finalists: Option<[Seat; 2]>,
    /// The reveal of the previous round.
    pub last_round: Option<RoundSummary>,
    pub result: Option<GameResult>,
    /// What the viewer may do now (empty for the public).
    pub actions: Vec<ActionKind>,
    /// Values the viewer could set aside now.
    pub keepable: Vec<u8>,
    /// Every keep the engine accepts from the viewer now (the values of each).
    #[serde(default)]
    pub keep_options: Vec<Vec<u8>>,
    /// Tally mode: nobody throws here; the round is entered once it fell at the table.
    #[serde(default)]
    pub tally: bool,
    /// Who plays the round to be entered, in turn order (tally mode).
    #[serde(default)]
    pub participants: Vec<Seat>,
}

impl Cup {
    /// Who may see die `i` of this cup (R-RND-4). After the reveal everything is public; the
    /// round summary carries that.
    pub fn visibility(&self, i: usize) -> Visibility {
        if self.aside[i] || self.open {
            Visibility::Everyone
        } else {
            Visibility::OwnerOnly
        }
    }

    /// Die `i` as `viewer` sees it.
    pub fn die_for(&self, i: usize, viewer: Viewer) -> DieView {
        let value = self.dice[i];
        if self.aside[i] {
            return DieView::Aside(value);
        }
        match self.visibility(i) {
            Visibility::Everyone => DieView::Open(value),
            Visibility::OwnerOnly if viewer == Viewer::Player(self.seat) && self.looked => {
                DieView::Own(value)
            }
            Visibility::OwnerOnly => DieView::Covered,
        }
    }
}

impl Game {
    /// The table as `viewer` may see it.
    pub fn view_for(&self, viewer: Viewer) -> TableView {
        let round = self.round();
        let rules = self.rules();
        let players = self
            .players()
            .iter()
            .enumerate()
            .map(|(i, p)| self.player_view(Seat(i as u8), p, viewer))
            .collect();
        let (actions, keepable, keep_options) = match viewer {
            Viewer::Player(seat) => (
                self.available_actions(seat),
                self.keepable_values(seat).unwrap_or_default(),
                self.keep_options(seat),
            ),
            Viewer::Public => (Vec::new(), Vec::new(), Vec::new()),
        };
        TableView {
            viewer,
            rules: rules.name.clone(),
            deckel_total: rules.deckel,
            part: self.part(),
            round: round.number,
            stock: self.stock(),
            players,
            starter: round.starter,
            current: self.current(),
            limit: round.limit,
            announcing: round.announcing && !self.is_over(),
            extras: round.extras,
            finalists: self.finalists(),
            last_round: self.last_round().cloned(),
            result: self.result().cloned(),
            actions,
            keepable,
            keep_options,
            tally: self.is_tally(),
            participants: if self.is_tally() && !self.is_over() {
                self.participants()
            } else {
                Vec::new()
            },
        }
    }
    /// One player's row as `viewer` may see it.
    fn player_view(&self, seat: Seat, p: &Player, viewer: Viewer) -> PlayerView {
        let round = self.round();
        let cup = round
            .cup_index(seat)
            .map(|index| self.cup_view(index, viewer));
        PlayerView {
            seat,
            name: p.name.clone(),
            deckel: self.holdings(seat),
            status: if p.left {
                PlayerStatus::Left
            } else if self.is_active(seat) || cup.is_some() {
                PlayerStatus::Playing
            } else {
                PlayerStatus::Out
            },
            lost_halves: self
                .half_losers()
                .iter()
                .zip([Part::Half1, Part::Half2])
                .filter(|(s, _)| **s == seat)
                .map(|(_, part)| part)
                .collect(),
            is_starter: round.starter == seat,
            is_current: self.current() == Some(seat),
            throwing_in: self.throw_ins().contains(&seat),
            cup,
        }
    }

    /// A cup as `viewer` may see it: every die through [`Cup::die_for`] (R-RND-4), the
    /// throw's evaluation only when all three dice are seen.
    fn cup_view(&self, index: usize, viewer: Viewer) -> CupView {
        let round = self.round();
        let cup = &round.cups[index];
        let dice = [0, 1, 2].map(|d| cup.die_for(d, viewer));
        let evaluation = match dice.map(DieView::value) {
            [Some(_), Some(_), Some(_)] => {
                Some(evaluate(cup.dice, cup.hand(), self.rules(), self.in_play()))
            }
            _ => None,
        };
        CupView {
            dice,
            throws: cup.throws,
            max_throws: round.max_throws(index),
            done: cup.done,
            blind: cup.blind,
            looked: cup.looked,
            must_throw: cup.must_throw(),
            thrown_in: cup.thrown_in,
            evaluation,
        }
    }
}
