//! The ways a move steers its laps by (§10.5's reversals): a turn meets a
//! choice where a lap is about to be sown from a pit that may turn, and
//! takes the next way the move names. A move that names too few or too many
//! is refused with what it lacks, and the legal moves are found by trying
//! each way at each choice a turn meets (see
//! [`crate::engine::Position::for_each_move`]).

use crate::engine::ground::Direction;
use crate::engine::moves::{Choice, Choices, Move};

/// The ways a move names for its laps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Steering {
    /// The way of the first lap, where the move names one.
    pub first: Option<Direction>,
    /// The choices made inside the move, whose ways later laps take in turn.
    pub later: Choices,
}

/// Where a turn met a choice its move did not make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unmade {
    /// At the first lap: the pit itself may turn.
    First,
    /// At a later lap.
    Later,
}

impl Steering {
    /// The ways `played` names.
    pub fn of(played: Move) -> Steering {
        Steering {
            first: played.direction(),
            later: played.choices(),
        }
    }

    /// The `i`-th way among the later choices, if the move made one there.
    pub fn later_way(self, i: usize) -> Option<Direction> {
        match self.later.get(i)? {
            Choice::Way(way) => Some(way),
            Choice::Safari => None,
        }
    }

    /// These ways, one more made where the turn met `unmade`; `None` where
    /// a move has no room for it.
    pub fn with(self, unmade: Unmade, way: Direction) -> Option<Steering> {
        match unmade {
            Unmade::First => Some(Steering {
                first: Some(way),
                ..self
            }),
            Unmade::Later => Some(Steering {
                later: self.later.then(Choice::Way(way))?,
                ..self
            }),
        }
    }
}
