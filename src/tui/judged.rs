//! What the engine's searches tell the player: how far a search looked, and
//! a replayed position's value with whether its verdict held.

use std::cmp::Ordering;

use crate::engine::{Move, Rules, Side};

/// The end a value foretells for the player it is for, as the rules' goal
/// reads it (see [`crate::engine::mechanics::Goal::verdict`]).
#[must_use]
pub fn verdict(rules: &Rules, value: i32) -> Option<Ordering> {
    rules.plan().goal.verdict(value)
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
    /// Searched at least as hard as a hint is (or exactly): a quick value
    /// of the whole match's pass is shown, but marks no move.
    pub strong: bool,
    /// The move played from here weighed against the best one by a single
    /// search as hard as a hint's, where the quick pass found it losing.
    pub weighed: Option<Weighed>,
}

/// A move played weighed against the best one by the same search (as a
/// hint lists every move's value): both values for the mover, at one
/// horizon, so that no swing from one depth to the next between two
/// searches can make a move look lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weighed {
    pub best: Move,
    /// What the best move keeps for the mover (a final margin).
    pub kept: i32,
    /// What the move played leaves the mover.
    pub played: i32,
    /// Both verdicts the same one depth less deep (an exact search's
    /// always are).
    pub stable: bool,
}

impl Weighed {
    /// Whether the move played lost a game the best move held, by this
    /// search's verdicts.
    #[must_use]
    pub fn threw_away(&self, rules: &Rules) -> bool {
        self.stable
            && verdict(rules, self.kept) != Some(Ordering::Less)
            && verdict(rules, self.played) == Some(Ordering::Less)
    }
}

impl Judged {
    /// A value of the whole match's quick pass: strong only where exact.
    #[must_use]
    pub fn quick(value: i32, reach: HintReach, stable: bool) -> Judged {
        Judged {
            value,
            reach,
            stable,
            strong: reach == HintReach::Exact,
            weighed: None,
        }
    }
}

/// Whether the move from `was` to `now` (each valued for South) lost the
/// game for `mover`, who could hold it before: a win or draw foretold
/// before, a loss after. The quick pass's values only pick the moves to
/// weigh again (see [`Weighed`]).
#[must_use]
pub fn turned_to_loss(rules: &Rules, mover: Side, was: &Judged, now: &Judged) -> bool {
    let sign = if mover == Side::South { 1 } else { -1 };
    let lost = |value: i32| verdict(rules, sign * value) == Some(Ordering::Less);
    !lost(was.value) && lost(now.value)
}
