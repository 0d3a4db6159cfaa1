//! The leap capture (`[capture.leap]`, rules.md §2 and §8): where a relay
//! from the next pit stops at an empty pit, the mover takes the whole pit
//! after it, on either row, and, where the rule set says, the pit facing
//! that one too.

use serde::Deserialize;

use super::Relay;
use crate::engine::board::Board;
use crate::engine::rules::check::{RulesError, Written, refuse};
use crate::engine::sow::{Turn, take_to_store};
use crate::engine::trace::{Event, Observer};

/// `[capture.leap]` as a rule file writes it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct Table {
    #[serde(default)]
    pub also_across: bool,
}

impl Table {
    pub(crate) fn read(&self) -> Leap {
        Leap {
            also_across: self.also_across,
        }
    }
}

/// `[capture.leap]`, checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leap {
    /// The pit facing the one taken is taken too (Ali Guli Mane).
    pub also_across: bool,
}

impl Leap {
    /// A leap where a relay from the next pit stops: nowhere else.
    pub(crate) fn check(
        written: &Written<Leap>,
        relay: Relay,
        text: &str,
    ) -> Result<Leap, RulesError> {
        if relay != Relay::NextPit {
            return refuse(
                text,
                written.span.clone(),
                written.key,
                "a leap capture takes the pit after the empty one where a relay from the \
                 next pit stops, so it needs `sowing.relay = \"next-pit\"` (or `true`)",
            );
        }
        Ok(written.value)
    }

    pub(crate) fn write(self, line: &mut dyn FnMut(&str)) {
        line("\n[capture.leap]");
        if self.also_across {
            line("also-across = true");
        }
    }

    /// The one-line summary's words.
    #[must_use]
    pub fn in_brief(self) -> &'static str {
        if self.also_across {
            "leap capture with the pit across"
        } else {
            "leap capture"
        }
    }

    /// The rule sheet's line.
    #[must_use]
    pub fn said(leap: Option<Leap>) -> &'static str {
        match leap {
            None => "no",
            Some(Leap { also_across: false }) => "yes",
            Some(Leap { also_across: true }) => "yes, and the pit facing it",
        }
    }

    /// The relay stopped at an empty pit: the mover takes the pit after
    /// it (`index`), if it holds anything, and the pit facing it where the
    /// rules say. Gives whether anything was taken.
    pub(crate) fn take<O: Observer>(
        self,
        board: &mut Board,
        turn: &Turn,
        index: usize,
        obs: &mut O,
    ) -> bool {
        let (shape, mover) = (turn.shape, turn.mover);
        let count = take_to_store(board, shape, index, mover);
        if count == 0 {
            return false;
        }
        obs.record(Event::LeapCapture {
            pit: shape.place(index),
            count,
            by: mover,
            across: false,
        });
        if self.also_across {
            let facing = shape.opposite(index);
            let count = take_to_store(board, shape, facing, mover);
            if count > 0 {
                obs.record(Event::LeapCapture {
                    pit: shape.place(facing),
                    count,
                    by: mover,
                    across: true,
                });
            }
        }
        true
    }
}
