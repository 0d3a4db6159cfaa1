//! The ways chosen inside a move (§10.5's reversals): a turn meets a choice
//! where a lap is about to be sown from a pit that may turn, and takes the
//! next way the move names. A move that names too few or too many is refused
//! with what it lacks, and the legal moves are found by trying each way at
//! each choice a turn meets (see [`crate::engine::Position::for_each_move`]).

use crate::engine::ground::Direction;
use crate::engine::moves::{Later, Move};

/// The ways a move names.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Choices {
    /// The way of the first lap, where the move names one.
    pub first: Option<Direction>,
    pub later: Later,
}

/// Where a turn met a choice its move did not make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unmade {
    /// At the first lap: the pit itself may turn.
    First,
    /// At a later lap.
    Later,
}

impl Choices {
    /// The ways `played` names.
    pub fn of(played: Move) -> Choices {
        Choices {
            first: played.direction(),
            later: played.later(),
        }
    }

    /// These choices, one more way made where the turn met `unmade`;
    /// `None` where a move has no room for it.
    pub fn with(self, unmade: Unmade, way: Direction) -> Option<Choices> {
        match unmade {
            Unmade::First => Some(Choices {
                first: Some(way),
                ..self
            }),
            Unmade::Later => Some(Choices {
                later: self.later.then(way)?,
                ..self
            }),
        }
    }
}
