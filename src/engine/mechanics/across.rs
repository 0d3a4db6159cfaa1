//! The Kalah capture (`[capture.across]`, rules.md §2, §7-§9): a turn
//! ending in an empty pit of the mover's own row takes the seeds of the pit
//! across, with the capturing seed (or leaving it); with its options, the
//! empty capture, the capture only after the opponent's row was reached
//! (else another move) and the chain along the mover's row.

use serde::Deserialize;

use crate::engine::board::Board;
use crate::engine::rules::check::{RulesError, Written, refuse};
use crate::engine::sow::{Close, Course, Turn};
use crate::engine::trace::{Event, Observer};

/// What a Kalah capture does when the pit across is empty.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AcrossEmpty {
    /// Nothing is captured.
    #[default]
    Nothing,
    /// The capturing seed alone goes to the store (the empty capture).
    CapturingSeed,
}

/// Where the capturing seed of a Kalah capture goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CapturingSeed {
    /// To the store with the seeds across.
    #[default]
    Taken,
    /// It stays in its pit (Sungka).
    Left,
}

rule_words! {
    AcrossEmpty { Nothing => "nothing", CapturingSeed => "capturing-seed" }
    CapturingSeed { Taken => "taken", Left => "left" }
}

/// `[capture.across]` as a rule file writes it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct Table {
    #[serde(default)]
    pub across_empty: AcrossEmpty,
    #[serde(default)]
    pub capturing_seed: CapturingSeed,
    #[serde(default)]
    pub after_reaching: bool,
    #[serde(default)]
    pub chain: bool,
}

impl Table {
    pub(crate) fn read(&self) -> Across {
        Across {
            across_empty: self.across_empty,
            capturing_seed: self.capturing_seed,
            after_reaching: self.after_reaching,
            chain: self.chain,
        }
    }
}

/// `[capture.across]`, checked: the Kalah capture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Across {
    pub across_empty: AcrossEmpty,
    pub capturing_seed: CapturingSeed,
    /// Only a turn that has dropped a seed on the opponent's row captures;
    /// one that ends in an empty pit of the mover's row without doing so
    /// gives another move (Kiuthi).
    pub after_reaching: bool,
    /// The next pits of the mover's row along the last lap's direction are
    /// taken too, while each is empty and faces seeds (no wrapping).
    pub chain: bool,
}

impl Across {
    /// The empty capture takes the capturing seed alone: it cannot leave it.
    pub(crate) fn check(written: &Written<Across>, text: &str) -> Result<Across, RulesError> {
        let across = written.value;
        if across.across_empty == AcrossEmpty::CapturingSeed
            && across.capturing_seed == CapturingSeed::Left
        {
            return refuse(
                text,
                written.span.clone(),
                written.key,
                "the empty capture takes the capturing seed alone, which \
                 `capturing-seed = \"left\"` leaves in its pit: it would take nothing; \
                 drop one of them",
            );
        }
        Ok(across)
    }

    pub(crate) fn write(self, line: &mut dyn FnMut(&str)) {
        line("\n[capture.across]");
        if self.across_empty != AcrossEmpty::Nothing {
            line(&format!("across-empty = \"{}\"", self.across_empty));
        }
        if self.after_reaching {
            line("after-reaching = true");
        }
        if self.chain {
            line("chain = true");
        }
        if self.capturing_seed != CapturingSeed::Taken {
            line(&format!("capturing-seed = \"{}\"", self.capturing_seed));
        }
    }

    /// The capturing seed goes to the store with the seeds across.
    #[must_use]
    pub fn takes_capturing_seed(self) -> bool {
        self.capturing_seed == CapturingSeed::Taken
    }

    /// The capture is made across an empty pit too (the capturing seed
    /// alone).
    #[must_use]
    pub fn empty_capture(self) -> bool {
        self.across_empty == AcrossEmpty::CapturingSeed
    }

    /// The one-line summary's words: "Kalah capture (chained)".
    #[must_use]
    pub fn in_brief(self) -> String {
        let kind = if self.empty_capture() {
            "Kalah capture (also across an empty pit)"
        } else if self.takes_capturing_seed() {
            "Kalah capture"
        } else {
            "Kalah capture (the capturing seed stays)"
        };
        let limits = match (self.after_reaching, self.chain) {
            (true, true) => " (after reaching the opponent's row; chained)",
            (true, false) => " (after reaching the opponent's row)",
            (false, true) => " (chained)",
            (false, false) => "",
        };
        format!("{kind}{limits}")
    }

    /// The rule sheet's line.
    #[must_use]
    pub fn said(across: Option<Across>) -> String {
        let Some(across) = across else {
            return "no".to_string();
        };
        let kind = match (across.empty_capture(), across.takes_capturing_seed()) {
            (false, true) => "yes (the pit across must hold seeds)",
            (false, false) => {
                "yes, the seeds across only (the capturing seed stays; the pit across must hold seeds)"
            }
            (true, _) => "yes (also across an empty pit)",
        };
        let mut limits = Vec::new();
        if across.after_reaching {
            limits.push("only once the turn has reached the opponent's row (else another move)");
        }
        if across.chain {
            limits.push("chained along the last lap's way");
        }
        if limits.is_empty() {
            kind.to_string()
        } else {
            format!("{kind}; {}", limits.join("; "))
        }
    }

    /// The turn ended at `index`: where the capture needs the opponent's
    /// row reached and the turn did not reach it, another move if it ended
    /// in an empty pit of the mover's row; else the capture, chained where
    /// the rules say.
    #[inline]
    pub(crate) fn at_turn_end<O: Observer>(
        self,
        board: &mut Board,
        turn: &Turn,
        index: usize,
        course: Course,
        obs: &mut O,
    ) -> Close {
        let (shape, mover) = (turn.shape, turn.mover);
        if self.after_reaching && !course.reached {
            let own_empty = !shape.is_store(index)
                && shape.owner(index) == mover
                && turn.owned & (1 << index) == 0
                && board.get(index) == 1;
            if own_empty {
                obs.record(Event::OwnRowOnly { side: mover });
            }
            return Close {
                extra_turn: own_empty,
                ..Close::default()
            };
        }
        let captured = self.capture(board, turn, index, obs);
        if captured && self.chain {
            chain(board, turn, index, course.backward, obs);
        }
        Close {
            captured,
            ..Close::default()
        }
    }

    /// The turn ended at `index`. If that is a pit of the mover's own row
    /// that was empty (it now holds 1) and the opposite pit holds seeds,
    /// they go to the mover's store, with the capturing seed unless the
    /// rules leave it; with the empty capture, the capturing seed goes
    /// there even when the opposite pit is empty. Gives whether anything
    /// was taken.
    #[inline]
    pub(crate) fn capture<O: Observer>(
        self,
        board: &mut Board,
        turn: &Turn,
        index: usize,
        obs: &mut O,
    ) -> bool {
        // Decided here, inlined: most last seeds fall where seeds lie
        // already, and the capture itself stays out of the sowing loop's way.
        board.get(index) == 1 && self.capture_at(board, turn, index, obs)
    }

    /// [`Across::capture`] once the last seed is known to lie alone.
    #[inline(never)]
    fn capture_at<O: Observer>(
        self,
        board: &mut Board,
        turn: &Turn,
        index: usize,
        obs: &mut O,
    ) -> bool {
        let (shape, mover) = (turn.shape, turn.mover);
        if shape.is_store(index) || shape.owner(index) != mover {
            return false;
        }
        let opposite = shape.opposite(index);
        // Owned pits are never captured, nor captured with.
        if turn.owned & ((1 << index) | (1 << opposite)) != 0 {
            return false;
        }
        let count = board.get(opposite);
        if count == 0 && !self.empty_capture() {
            return false;
        }
        let seed_taken = self.takes_capturing_seed();
        if seed_taken {
            board.take(index);
        }
        board.take(opposite);
        board.add(shape.store(mover), count + u16::from(seed_taken));
        obs.record(Event::KalahCapture {
            pit: shape.place(index),
            opposite: shape.place(opposite),
            count,
            by: mover,
            seed_taken,
        });
        true
    }
}

/// After a Kalah capture at `index`: the next pits of the mover's row along
/// the last lap's way (against the track where `backward`), while each is
/// empty and faces seeds, have those seeds taken too; the row's end stops it.
fn chain<O: Observer>(board: &mut Board, turn: &Turn, index: usize, backward: bool, obs: &mut O) {
    let (shape, mover) = (turn.shape, turn.mover);
    let row = shape.side_mask(mover) & turn.open_pits & !turn.owned;
    let mut at = index;
    loop {
        let next = if backward {
            at.checked_sub(1)
        } else {
            Some(at + 1)
        };
        let Some(next) = next.filter(|&n| n < 64 && row & (1 << n) != 0) else {
            return;
        };
        let opposite = shape.opposite(next);
        let count = board.get(opposite);
        if board.get(next) != 0 || count == 0 || turn.owned & (1 << opposite) != 0 {
            return;
        }
        board.take(opposite);
        board.add(shape.store(mover), count);
        obs.record(Event::KalahCapture {
            pit: shape.place(next),
            opposite: shape.place(opposite),
            count,
            by: mover,
            seed_taken: false,
        });
        at = next;
    }
}
