//! What the engine's searches tell the player: how far a search looked, and
//! a replayed position's value with whether its verdict held.

use std::cmp::Ordering;

use crate::ai::WIN;
use crate::engine::Rules;

/// The end a value foretells for the player it is for: a win, a draw or a
/// loss (`Greater`, `Equal`, `Less`), or `None` where it foretells none:
/// where the player who cannot move loses, the seeds each side has in play
/// are no score, and only a win or a loss the search saw counts.
#[must_use]
pub fn verdict(rules: &Rules, value: i32) -> Option<Ordering> {
    if !rules.stuck_player_loses() {
        return Some(value.cmp(&0));
    }
    match value {
        v if v >= WIN => Some(Ordering::Greater),
        v if v <= -WIN => Some(Ordering::Less),
        _ => None,
    }
}

/// How far a hint's search saw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HintReach {
    /// To the end of the round: the values are what perfect play gives.
    Exact,
    /// This many moves ahead.
    Plies(u32),
}

/// The engine's value of one position of a replayed match, for South, with
/// how far it looked and whether its verdict held at a shallower depth too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judged {
    pub value: i32,
    pub reach: HintReach,
    /// The same [`verdict`] one depth less deep (an exact value always
    /// has it): only such verdicts mark a move as throwing a game away.
    pub stable: bool,
}
