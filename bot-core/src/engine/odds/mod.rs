//! Exact odds of a turn (issue 13, first step): for a player's turn — dice aside and under
//! the cup, throws used and allowed, whether he may flip, the rule set and the round's extras —
//! every fall of the dice is enumerated and each decision point solved once, so that the best
//! choice and the probability distribution of the final throw after every choice are exact
//! (no sampling).
//!
//! "Best" is measured by a cost of the final throw (lower is better). The strong player's
//! cost — the Deckel he can expect to receive, judged from what his seat may see — is
//! [`costs::Costs`]; its model is written down in [`round`].
//! Blind play (R-RND-6) is a choice before looking and is not part of a turn's decision
//! points.

pub mod classes;
pub mod costs;
pub mod round;
pub mod seat;
pub mod solve;
mod strong;
pub mod turn;

pub use classes::class_odds;
pub use costs::{ChoiceOdds, Costs, Stakes, choice_odds};
pub use round::{Other, OtherSeat, Reference};
pub use seat::{Seen, seen_by};
pub use solve::{Distribution, FinalKey, Solver, falls};
pub use turn::{Choice, Next, TurnState};
