//! The capture of the pair across (`[capture.pair-across]`, rules.md
//! §10.5, Igisoro): a lap ending in an own front pit that held seeds,
//! facing a front and a back pit that both hold seeds, takes them both;
//! they go into the pit the lap was lifted from and are sown on from there.

use std::fmt::Write;

use serde::Deserialize;
use toml::Spanned;

use super::Relay;
use super::ways::Reversal;
use crate::engine::board::Board;
use crate::engine::rules::Board as BoardRules;
use crate::engine::rules::check::{RulesError, refuse};
use crate::engine::sow::Turn;
use crate::engine::trace::{Event, Observer};

/// The latest ply a rule file may open a capture or a reversal at.
const MAX_FROM_PLY: i64 = 64;

/// Where seeds taken by a capture of the pair across go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SownFrom {
    /// Into the pit the lap was lifted from, whose seeds are then lifted
    /// and sown on (Igisoro).
    #[default]
    LapOrigin,
}

rule_words! {
    SownFrom { LapOrigin => "lap-origin" }
}

/// `[capture.pair-across]` as a rule file writes it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct Table {
    #[serde(default)]
    pub sown_from: SownFrom,
    pub from_ply: Option<Spanned<i64>>,
}

/// `[capture.pair-across]`, checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairAcross {
    pub sown_from: SownFrom,
    /// The first ply (counted from 1) at which it captures.
    pub from_ply: u16,
}

/// `from-ply`, in range; 1 where it is left out.
pub(crate) fn from_ply(
    value: Option<&Spanned<i64>>,
    key: &str,
    text: &str,
) -> Result<u16, RulesError> {
    let Some(value) = value else { return Ok(1) };
    let ply = *value.get_ref();
    if !(1..=MAX_FROM_PLY).contains(&ply) {
        return refuse(
            text,
            value.span(),
            key,
            &format!("{ply} is out of range: use 1 to {MAX_FROM_PLY} (plies count from 1)"),
        );
    }
    Ok(u16::try_from(ply).unwrap_or(1))
}

impl PairAcross {
    /// Four rows, where a relay lifts the landing pit.
    pub(crate) fn check(
        captures: Option<&super::CaptureTables>,
        board: BoardRules,
        relay: Relay,
        text: &str,
    ) -> Result<Option<PairAcross>, RulesError> {
        let Some(section) = captures.and_then(|c| c.pair_across.as_ref()) else {
            return Ok(None);
        };
        let why = if board.rows != 4 {
            Some("the pair across is a front and a back pit: it needs `board.rows = 4`")
        } else if relay != Relay::LandingPit {
            Some(
                "the pair across is taken where a lap ends in a pit that held seeds, \
                 instead of lifting it: it needs `sowing.relay = \"landing-pit\"`",
            )
        } else {
            None
        };
        if let Some(why) = why {
            return refuse(text, section.span(), "capture.pair-across", why);
        }
        let pair = section.get_ref();
        Ok(Some(PairAcross {
            sown_from: pair.sown_from,
            from_ply: from_ply(pair.from_ply.as_ref(), "capture.pair-across.from-ply", text)?,
        }))
    }

    pub(crate) fn write(self, line: &mut dyn FnMut(&str)) {
        line("\n[capture.pair-across]");
        line(&format!("sown-from = \"{}\"", self.sown_from));
        if self.from_ply > 1 {
            line(&format!("from-ply = {}", self.from_ply));
        }
    }

    /// The rule sheet's line on four-row captures, with the reversals it
    /// judges by.
    #[must_use]
    pub fn said(self, reversal: Option<Reversal>) -> String {
        let mut said = "the front and back pit across, sown on from the lap's pit".to_string();
        if self.from_ply > 1 {
            let _ = write!(said, ", from ply {}", self.from_ply);
        }
        if let Some(reversal) = reversal {
            let _ = write!(
                said,
                "; a lap from one of {} pits may turn where that captures, the mover choosing",
                reversal.pits.count_ones()
            );
            if reversal.from_ply > 1 {
                let _ = write!(said, " (from ply {})", reversal.from_ply);
            }
        }
        said
    }
}

/// A lap ended at `index`, which held seeds before its last one. If that
/// is one of `capture_from` (the mover's front pits, captures being open)
/// and the front pit across and the back pit behind it both hold seeds,
/// both are taken and added to `origin`, the pit this lap was lifted from
/// (§10.5). Gives how many were taken (0: no capture).
#[inline]
pub(crate) fn capture<O: Observer>(
    board: &mut Board,
    turn: &Turn,
    capture_from: u64,
    index: usize,
    origin: usize,
    obs: &mut O,
) -> u16 {
    if capture_from & (1 << index) == 0 {
        return 0;
    }
    let shape = turn.shape;
    let Some((front, back)) = shape.pair_across(index) else {
        return 0;
    };
    if board.get(front) == 0 || board.get(back) == 0 {
        return 0;
    }
    let count = board.take(front) + board.take(back);
    board.add(origin, count);
    obs.record(Event::PairCapture {
        pit: shape.place(index),
        front: shape.place(front),
        back: shape.place(back),
        count,
        by: turn.mover,
        to: shape.place(origin),
    });
    count
}
