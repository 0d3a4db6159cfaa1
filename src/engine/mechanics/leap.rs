//! The leap capture (`[capture.leap]`, rules.md §2, §8 and §13): where a
//! relay from the next pit stops at an empty pit, the mover takes the whole
//! pit after it, on either row, and, where the rule set says, the pit
//! facing that one too, or (in a chain) each pit that follows an empty one.

use serde::Deserialize;

use super::Relay;
use crate::engine::board::{Board, next_on};
use crate::engine::rules::check::{RulesError, Written, refuse};
use crate::engine::sow::{Turn, take_to_store};
use crate::engine::trace::{Event, Observer};

/// `[capture.leap]` as a rule file writes it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct Table {
    #[serde(default)]
    pub also_across: bool,
    #[serde(default)]
    pub chain: bool,
}

impl Table {
    pub(crate) fn read(&self) -> Leap {
        Leap {
            also_across: self.also_across,
            chain: self.chain,
        }
    }
}

/// `[capture.leap]`, checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leap {
    /// The pit facing the one taken is taken too (Ali Guli Mane).
    pub also_across: bool,
    /// After a leap, the pit after the one taken is looked at: if it is
    /// empty and the pit after it holds seeds, those are taken too, and so
    /// on round the board (Longbeu-a-cha, §13).
    pub chain: bool,
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
        if self.chain {
            line("chain = true");
        }
    }

    /// The one-line summary's words.
    #[must_use]
    pub fn in_brief(self) -> &'static str {
        match (self.also_across, self.chain) {
            (false, false) => "leap capture",
            (true, false) => "leap capture with the pit across",
            (false, true) => "leap captures in a chain",
            (true, true) => "leap captures in a chain, each with the pit across",
        }
    }

    /// The rule sheet's line.
    #[must_use]
    pub fn said(leap: Option<Leap>) -> &'static str {
        let Some(leap) = leap else { return "no" };
        match (leap.also_across, leap.chain) {
            (false, false) => "yes",
            (true, false) => "yes, and the pit facing it",
            (false, true) => {
                "yes, and on round the board while an empty pit is followed by one with seeds"
            }
            (true, true) => {
                "yes, with the pit facing each, and on round the board while an empty pit is \
                 followed by one with seeds"
            }
        }
    }

    /// The relay stopped at an empty pit: the mover takes the pit after
    /// it (`index`), if it holds anything, and the pit facing it where the
    /// rules say; in a chain, on round the board while the next pit is
    /// empty and the one after it holds seeds (a pit taken holds none, so
    /// the chain never comes round to it again). Gives whether anything was
    /// taken.
    pub(crate) fn take<O: Observer>(
        self,
        board: &mut Board,
        turn: &Turn,
        index: usize,
        obs: &mut O,
    ) -> bool {
        if !self.take_one(board, turn, index, obs) {
            return false;
        }
        if !self.chain {
            return true;
        }
        let mut taken = index;
        loop {
            let gap = next_on(turn.open_pits, taken);
            let beyond = next_on(turn.open_pits, gap);
            if board.get(gap) != 0 || !self.take_one(board, turn, beyond, obs) {
                return true;
            }
            taken = beyond;
        }
    }

    /// One leap: the pit at `index`, if it holds anything, and the pit
    /// facing it where the rules say. Gives whether anything was taken.
    fn take_one<O: Observer>(
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
