//! A club evening's reckoning: from who came (and when), the games played at the chat's
//! tables during the evening and the Bierrunden they wrote, to each member's line and the
//! penalties the catalogue asks for. Pure: the service gathers the facts and books the
//! charges.

use super::catalogue::{AbsentFee, PenaltyCatalogue};
use super::money::Cents;
use crate::engine::Evaluation;
use crate::model::ids::UserId;
use serde::{Deserialize, Serialize};

/// One player's part in one finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameLine {
    pub user: UserId,
    pub name: String,
    /// Computer players play, but owe nothing and are rated nowhere.
    pub computer: bool,
    pub lost: bool,
    pub halves_lost: u32,
    /// Rounds he lost to a Schock aus.
    pub schock_aus_received: u32,
    pub best: Option<Evaluation>,
}

/// A finished game of the chat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    pub table_id: i64,
    /// When it ended (unix ms).
    pub at: i64,
    pub lines: Vec<GameLine>,
}

/// A member who checked in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckIn {
    pub user: UserId,
    pub name: String,
    pub at: i64,
    pub late: bool,
}

/// Everything the reckoning needs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NightFacts {
    pub check_ins: Vec<CheckIn>,
    /// The club's members known before the evening (every earlier attendee): those who
    /// neither checked in nor played are absent.
    pub members: Vec<(UserId, String)>,
    pub games: Vec<GameRecord>,
    /// Bierrunden the evening's games wrote, per debtor.
    pub bierrunden: Vec<(UserId, String, u32)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChargeKind {
    GameLost,
    HalfLost,
    SchockAusReceived,
    Bierrunde,
    EveningFee,
    LateFee,
    Absent,
}

impl ChargeKind {
    /// The stored word (cash box entries' reason).
    pub fn id(self) -> &'static str {
        match self {
            ChargeKind::GameLost => "game_lost",
            ChargeKind::HalfLost => "half_lost",
            ChargeKind::SchockAusReceived => "schock_aus_received",
            ChargeKind::Bierrunde => "bierrunde",
            ChargeKind::EveningFee => "evening_fee",
            ChargeKind::LateFee => "late_fee",
            ChargeKind::Absent => "absent",
        }
    }
}

/// One penalty for one member: `count` times the catalogue's amount.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Charge {
    pub user: UserId,
    pub name: String,
    pub kind: ChargeKind,
    pub count: u32,
    pub amount: Cents,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Presence {
    Present,
    Late,
    Absent,
}

/// A member's evening.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MemberNight {
    pub user: UserId,
    pub name: String,
    pub presence: Presence,
    pub games: u32,
    pub lost: u32,
    pub halves_lost: u32,
    pub schock_aus_received: u32,
    pub bierrunden: u32,
    /// What the catalogue charged him this evening.
    pub penalties: Cents,
    /// The same, kind by kind, in the order they are charged (fee, late, games, halves,
    /// Schock aus, Bierrunden; the absent pay the average); kinds without a charge left out.
    #[serde(default)]
    pub charges: Vec<(ChargeKind, Cents)>,
    /// His cash account after the close (above zero: he owes the box; below: his credit);
    /// `None` while the evening runs, and in summaries stored before it was kept.
    #[serde(default)]
    pub balance: Option<Cents>,
}

/// How the absent members' share was reckoned (`abwesend=schnitt`): the present members'
/// penalties divided by their number, rounded down to the whole cent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AbsentShare {
    /// What the present members were charged in all.
    pub total: Cents,
    /// How many members were present (computer players are not members).
    pub present: u32,
    /// Each absent member's share.
    pub share: Cents,
}

/// The evening, reckoned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NightReckoning {
    /// Present members first (most games lost first), then the absent, by name.
    pub members: Vec<MemberNight>,
    pub charges: Vec<Charge>,
    pub games: u32,
    /// The evening's best throw and who threw it.
    pub best: Option<(String, Evaluation)>,
    /// How the absent pay the average; `None` when the catalogue lets them pay nothing or
    /// nobody was present.
    pub absent_share: Option<AbsentShare>,
}

impl NightReckoning {
    pub fn total(&self) -> Cents {
        self.charges.iter().map(|c| c.amount).sum()
    }

    pub fn bierrunden(&self) -> u32 {
        self.members.iter().map(|m| m.bierrunden).sum()
    }
}

/// Reckons the evening with the catalogue.
pub fn reckon(catalogue: &PenaltyCatalogue, facts: &NightFacts) -> NightReckoning {
    let mut members = present_members(facts);
    let mut best: Option<(String, Evaluation)> = None;
    for line in facts.games.iter().flat_map(|g| &g.lines) {
        if line.computer {
            continue;
        }
        if let Some(m) = members.iter_mut().find(|m| m.user == line.user) {
            m.games += 1;
            m.lost += u32::from(line.lost);
            m.halves_lost += line.halves_lost;
            m.schock_aus_received += line.schock_aus_received;
        }
        if let Some(eval) = line.best
            && best.as_ref().is_none_or(|(_, b)| eval.rank > b.rank)
        {
            best = Some((line.name.clone(), eval));
        }
    }
    for (user, _, rounds) in &facts.bierrunden {
        if let Some(m) = members.iter_mut().find(|m| &m.user == user) {
            m.bierrunden += rounds;
        }
    }
    let mut charges: Vec<Charge> = members
        .iter()
        .flat_map(|m| charges_of(catalogue, m))
        .collect();
    let absent_share = absent_share(catalogue, &charges, members.len());
    let average = absent_share.map_or(Cents::ZERO, |a| a.share);
    let absent = absent_members(facts, &members);
    if !average.is_zero() {
        charges.extend(absent.iter().map(|m| Charge {
            user: m.user.clone(),
            name: m.name.clone(),
            kind: ChargeKind::Absent,
            count: 1,
            amount: average,
        }));
    }
    members.extend(absent);
    for m in &mut members {
        let own: Vec<&Charge> = charges.iter().filter(|c| c.user == m.user).collect();
        m.penalties = own.iter().map(|c| c.amount).sum();
        m.charges = own.iter().map(|c| (c.kind, c.amount)).collect();
    }
    members.sort_by(summary_order);
    NightReckoning {
        members,
        charges,
        games: facts.games.len() as u32,
        best,
        absent_share,
    }
}

/// The present members' average (`abwesend=schnitt`): their charges in all divided by their
/// number, rounded down to the cent (no absent member pays a cent more than the average).
fn absent_share(
    catalogue: &PenaltyCatalogue,
    charges: &[Charge],
    present: usize,
) -> Option<AbsentShare> {
    if catalogue.absent != AbsentFee::Average || present == 0 {
        return None;
    }
    let total: Cents = charges.iter().map(|c| c.amount).sum();
    Some(AbsentShare {
        total,
        present: present as u32,
        share: Cents(total.0.div_euclid(present as i64)),
    })
}

/// Present members first (most games lost first, then most halves), then the absent; by
/// name within.
fn summary_order(a: &MemberNight, b: &MemberNight) -> std::cmp::Ordering {
    (a.presence == Presence::Absent)
        .cmp(&(b.presence == Presence::Absent))
        .then(b.lost.cmp(&a.lost))
        .then(b.halves_lost.cmp(&a.halves_lost))
        .then(a.name.to_lowercase().cmp(&b.name.to_lowercase()))
}

fn empty_night(user: &UserId, name: &str, presence: Presence) -> MemberNight {
    MemberNight {
        user: user.clone(),
        name: name.to_string(),
        presence,
        games: 0,
        lost: 0,
        halves_lost: 0,
        schock_aus_received: 0,
        bierrunden: 0,
        penalties: Cents::ZERO,
        charges: Vec::new(),
        balance: None,
    }
}

/// Who checked in, and who played without checking in (whoever plays is there).
fn present_members(facts: &NightFacts) -> Vec<MemberNight> {
    let mut members: Vec<MemberNight> = Vec::new();
    for c in &facts.check_ins {
        if !members.iter().any(|m| m.user == c.user) {
            let presence = if c.late {
                Presence::Late
            } else {
                Presence::Present
            };
            members.push(empty_night(&c.user, &c.name, presence));
        }
    }
    for line in facts.games.iter().flat_map(|g| &g.lines) {
        if !line.computer && !members.iter().any(|m| m.user == line.user) {
            members.push(empty_night(&line.user, &line.name, Presence::Present));
        }
    }
    members
}

fn absent_members(facts: &NightFacts, present: &[MemberNight]) -> Vec<MemberNight> {
    let mut absent: Vec<MemberNight> = Vec::new();
    for (user, name) in &facts.members {
        if !present.iter().any(|m| &m.user == user) && !absent.iter().any(|m| &m.user == user) {
            absent.push(empty_night(user, name, Presence::Absent));
        }
    }
    absent
}

fn charges_of(catalogue: &PenaltyCatalogue, m: &MemberNight) -> Vec<Charge> {
    let late = u32::from(m.presence == Presence::Late);
    [
        (ChargeKind::EveningFee, 1, catalogue.evening_fee),
        (ChargeKind::LateFee, late, catalogue.late_fee),
        (ChargeKind::GameLost, m.lost, catalogue.game_lost),
        (ChargeKind::HalfLost, m.halves_lost, catalogue.half_lost),
        (
            ChargeKind::SchockAusReceived,
            m.schock_aus_received,
            catalogue.schock_aus_received,
        ),
        (ChargeKind::Bierrunde, m.bierrunden, catalogue.bierrunde),
    ]
    .into_iter()
    .filter(|(_, count, price)| *count > 0 && !price.is_zero())
    .map(|(kind, count, price)| Charge {
        user: m.user.clone(),
        name: m.name.clone(),
        kind,
        count,
        amount: price.times(count),
    })
    .collect()
}
