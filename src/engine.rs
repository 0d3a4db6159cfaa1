//! The rules engine: pure game logic, no terminal, no files.
//!
//! A [`Rules`] value (checked from a rule file's text) says how a variant plays;
//! a [`Position`] is a moment of a match; [`Position::play`] makes a move and
//! [`Position::play_traced`] also reports each step for animation.

/// Each value's word, for `Display` and `FromStr`, so rule files, saves,
/// `--json` and errors say the same thing. Defined before the modules that
/// use it.
macro_rules! rule_words {
    ($($ty:ident { $($variant:ident => $word:literal),+ $(,)? })+) => {$(
        impl $ty {
            /// Every value's word, in order.
            pub const WORDS: &'static [&'static str] = &[$($word),+];

            /// The word files and the command line use for this value.
            #[must_use]
            pub const fn word(self) -> &'static str {
                match self {
                    $($ty::$variant => $word),+
                }
            }
        }

        impl ::std::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.word())
            }
        }

        impl std::str::FromStr for $ty {
            type Err = $crate::engine::UnknownWord;

            fn from_str(text: &str) -> Result<Self, $crate::engine::UnknownWord> {
                match text {
                    $($word => Ok($ty::$variant),)+
                    _ => Err($crate::engine::UnknownWord {
                        found: text.to_string(),
                        expected: Self::WORDS,
                    }),
                }
            }
        }
    )+};
}

mod board;
mod game;
mod game_state;
mod ground;
mod history;
mod letters;
mod line;
pub mod mechanics;
mod moves;
mod notation;
mod perft;

mod position_text;
mod rules;
mod shape;

mod sow;
mod status;
pub use sow::MAX_LAPS;
mod trace;

pub use board::{ParsePlaceError, Place};
pub use game::{PitSetup, PlayError, Position, RoundError, SetupError};
pub use game_state::{GameState, SwapState};
pub use ground::Row;
pub use ground::{BySide, ParseSideError, Side};
pub use ground::{ParsePitError, Pit};
pub use history::History;
pub use letters::{have_letters, letter_move, letters_moves, move_letter};
pub use line::{LineError, play_line, play_line_from};
pub use mechanics::goal::{Foretold, Score, Tally};
pub use mechanics::rounds::{FillChoice, Refill};
pub use moves::{
    Choice, Choices, Fill, Move, ParseFillError, ParseMoveError, ParseStepError, Step,
};
pub use notation::{MoveList, ParseMovesError, parse_moves};
pub use perft::{PerftCount, perft, perft_parallel};
pub use position_text::{PositionText, PositionTextError};
pub use rules::{
    Across, AcrossEmpty, Board as BoardRules, ByCount, CapturingSeed, CountRow, CountSet,
    Direction, EndsWhen, ExtraTurn, FirstPlayer, FirstSeed, GrandSlam, KalahMechanics,
    LastSeedGroup, Leap, MAX_PITS, MAX_SEEDS, MAX_SEEDS_PER_PIT, MatchRules, NextStarter,
    OwnedPits, OwnedSeeds, Plan, RecordNames, Region, Relay, RestGoesTo, Rounds, Rules, RulesError,
    SeedsIn, Shortcuts, Skip, Stores, UnknownWord, WhileSowing,
};
pub(crate) use shape::Shape;
pub use status::{Ending, Outcome, Status, StatusKind};
pub use trace::{Event, Observer, Places, last_seed, seeds_taken};
