//! Extra turns (`[extra-turn]`, rules.md §2 and §8): a last seed in the
//! mover's own store gives another move, and a move that captured may give
//! one more, once.

use crate::engine::rules::check::{Keys, RulesError, refuse};
use crate::engine::rules::{Board, Stores};

/// `[extra-turn]`, checked: when the mover moves again.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExtraTurn {
    /// A last seed in the mover's own store (sown stores only).
    pub own_store: bool,
    /// A move that captured gives one more move at once; that move gives
    /// no further one (Ali Guli Mane).
    pub after_capture: bool,
}

/// An extra turn is earned by ending in one's own store: sown stores only.
pub(crate) fn check_own_store(keys: &Keys, board: Board, text: &str) -> Result<(), RulesError> {
    match &keys.extra_turn {
        Some(extra) if board.stores != Stores::Sown => refuse(
            text,
            extra.span.clone(),
            extra.key,
            "an extra turn is earned by ending in one's own store, so it needs \
             `board.stores = \"sown\"`",
        ),
        _ => Ok(()),
    }
}

impl ExtraTurn {
    pub(crate) fn write(self, line: &mut dyn FnMut(&str)) {
        if self.own_store || self.after_capture {
            line("\n[extra-turn]");
            if self.own_store {
                line("own-store = true");
            }
            if self.after_capture {
                line("after-capture = true");
            }
        }
    }

    /// The one-line summary's words, each a part.
    #[must_use]
    pub fn in_brief(self) -> Vec<&'static str> {
        let mut parts = Vec::new();
        if self.own_store {
            parts.push("extra turn in own store");
        }
        if self.after_capture {
            parts.push("one more move after a capture");
        }
        parts
    }

    /// The rule sheet's line.
    #[must_use]
    pub fn said(self) -> &'static str {
        match (self.own_store, self.after_capture) {
            (false, false) => "no",
            (true, false) => "a last seed in one's own store",
            (false, true) => "one more move after a capture (once)",
            (true, true) => "a last seed in one's own store; one more move after a capture (once)",
        }
    }
}
