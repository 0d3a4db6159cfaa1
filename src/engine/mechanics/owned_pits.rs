//! Owned pits (`[owned-pits]`, rules.md §7 and §9): pits that become a
//! player's in play for the rest of the game, never played or captured.
//! Toguz Kumalak's tuzdyk, made by a last seed that makes a pit of the
//! opponent's row hold the count, each player owning at most one, every
//! seed sown into it going to its owner's store; where the seeds are kept
//! (Gabata's weg, Layli Goobalay's uur in pairs) any number, a relay
//! stopping where one is made and at any owned pit, and the seeds staying
//! in them, their owner's at the round's end. `[capture.owned-pit]` takes
//! from the opponent's (Gabata).

use serde::Deserialize;
use toml::Spanned;

use super::{ByCount, Relay, Ways, by_count::CountRow, rounds::Rounds};
use crate::engine::board::Board;
use crate::engine::ground::{Direction, Pit, Place};
use crate::engine::rules::check::{Keys, RulesError, Written, refuse, seed_count};
use crate::engine::rules::file::RulesFile;
use crate::engine::shape::Shape;
use crate::engine::sow::{Turn, TurnEnd, take_to_store};
use crate::engine::trace::{Event, Observer};

/// What becomes of the seeds sown into an owned pit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OwnedSeeds {
    /// Each goes at once to the owner's store; a player owns at most one pit
    /// (Toguz Kumalak's tuzdyk).
    #[default]
    ToOwner,
    /// They stay in the pit, counted as its owner's when the round ends; a
    /// player may own any number (Gabata's weg, Layli Goobalay's uur).
    Kept,
}

rule_words! {
    OwnedSeeds { ToOwner => "to-owner", Kept => "kept" }
}

/// `[owned-pits]` as a rule file writes it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct Table {
    pub count: Option<Spanned<i64>>,
    #[serde(default)]
    pub seeds: OwnedSeeds,
    pub pair_across: Option<Spanned<i64>>,
    #[serde(default)]
    pub last_pit_allowed: bool,
    #[serde(default)]
    pub same_number_allowed: bool,
    #[serde(default = "allowed")]
    pub facing_allowed: bool,
}

/// What `facing-allowed` is where a file leaves it out.
fn allowed() -> bool {
    true
}

/// `[capture.owned-pit]`: a table with no keys, there or not.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct CaptureTable {}

/// `[owned-pits]`, checked.
// Each flag is one independent choice of a player's description.
#[allow(clippy::struct_excessive_bools)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwnedPits {
    /// The count a lap's last seed makes in a pit of the opponent's row to
    /// make it the mover's (`None`: owned pits come only in pairs).
    pub count: Option<u16>,
    pub seeds: OwnedSeeds,
    /// A turn ending in an empty pit of the mover's row facing an unowned
    /// pit of this many makes both the mover's, one seed moving across so
    /// each holds 2 (Layli Goobalay's uur; seeds kept only).
    pub pair_across: Option<u16>,
    /// The last pit of the opponent's row in the sowing direction (pit n
    /// counter-clockwise, pit 1 clockwise), from which sowing would come
    /// back to the mover's row, may become one.
    pub last_pit_allowed: bool,
    /// A pit may become the mover's when the opponent owns the mover's pit
    /// of the same number.
    pub same_number_allowed: bool,
    /// A pit may become the mover's while the pit directly across it is
    /// the opponent's owned pit (Toguz Xorgol bars it, §13.9).
    pub facing_allowed: bool,
    /// `[capture.owned-pit]` (Gabata's weg): a turn ending in a pit the
    /// opponent owns takes the last seed and one more from it, and the
    /// mover moves again (owned pits that keep their seeds only).
    pub capture_from_opponent: bool,
}

impl OwnedPits {
    /// `[owned-pits]` with what it needs and may not be combined with.
    pub(crate) fn check(
        file: &RulesFile,
        keys: &Keys,
        relay: Relay,
        by_count: Option<&ByCount>,
        rounds: Rounds,
        text: &str,
    ) -> Result<Option<OwnedPits>, RulesError> {
        let from_owned = file
            .capture
            .as_ref()
            .and_then(|c| c.get_ref().owned_pit.as_ref());
        let Some(section) = file.owned_pits.as_ref() else {
            if let Some(from_owned) = from_owned {
                return refuse(
                    text,
                    from_owned.span(),
                    "capture.owned-pit",
                    "a capture from the opponent's owned pits needs owned pits: add \
                     `[owned-pits]` with `seeds = \"kept\"`",
                );
            }
            return Ok(None);
        };
        let owned = section.get_ref();
        let kept = owned.seeds == OwnedSeeds::Kept;
        let (count, pair_across) = counts(section, text)?;
        if !kept && relay != Relay::Off {
            return refuse(
                text,
                section.span(),
                "owned-pits",
                "a pit becomes owned where a single lap's last seed lands, and relay sowing \
                 goes on from there; turn one of them off, or keep the seeds in owned pits \
                 (`seeds = \"kept\"`), where a relay stops at an owned pit",
            );
        }
        // Territory rounds deal the pits out afresh, so owned pits last a
        // round (§12.16, Gabata's match); any other refill would undo them.
        let territory = file
            .match_
            .refill
            .as_ref()
            .is_some_and(|refill| *refill.get_ref() == super::rounds::Refill::Territory);
        if rounds == Rounds::Many && !territory {
            return refuse(
                text,
                section.span(),
                "owned-pits",
                "an owned pit stays its owner's for the rest of the game, which a refill \
                 between rounds would undo; it needs `match.rounds = \"single\"` (or \
                 territory rounds, where owned pits last a round)",
            );
        }
        if let Some(by_count) = by_count
            && by_count.row == CountRow::Either
            && let Some(count) = count
            && by_count.counts.contains(count)
        {
            let key = if keys.older_version {
                "captures.either-row-counts"
            } else {
                "capture.by-count.counts"
            };
            return refuse(
                text,
                owned.count.as_ref().map_or(section.span(), Spanned::span),
                "owned-pits.count",
                &format!(
                    "a last seed that makes a pit hold this count would be both captured and \
                     owned; leave the count out of `{key}`"
                ),
            );
        }
        if let Some(from_owned) = from_owned
            && !kept
        {
            return refuse(
                text,
                from_owned.span(),
                "capture.owned-pit",
                "a capture from the opponent's owned pits takes seeds that stay in them: it \
                 needs `[owned-pits]` with `seeds = \"kept\"`",
            );
        }
        Ok(Some(OwnedPits {
            count,
            seeds: owned.seeds,
            pair_across,
            last_pit_allowed: owned.last_pit_allowed,
            same_number_allowed: owned.same_number_allowed,
            facing_allowed: owned.facing_allowed,
            capture_from_opponent: from_owned.is_some(),
        }))
    }

    /// `[capture.owned-pit]`, where the rules take from the opponent's.
    pub(crate) fn write_capture(self, line: &mut dyn FnMut(&str)) {
        if self.capture_from_opponent {
            line("\n[capture.owned-pit]");
        }
    }

    pub(crate) fn write(self, line: &mut dyn FnMut(&str)) {
        line("\n[owned-pits]");
        if let Some(count) = self.count {
            line(&format!("count = {count}"));
        }
        if self.seeds != OwnedSeeds::default() {
            line(&format!("seeds = \"{}\"", self.seeds));
        }
        if let Some(pair) = self.pair_across {
            line(&format!("pair-across = {pair}"));
        }
        line(&format!("last-pit-allowed = {}", self.last_pit_allowed));
        line(&format!(
            "same-number-allowed = {}",
            self.same_number_allowed
        ));
        if !self.facing_allowed {
            line("facing-allowed = false");
        }
    }

    /// Whether a position set up by hand may hold a tuzdyk (a pit owned by
    /// the player across, its seeds to the owner) at `pit`: where the rules
    /// make tuzdyks, and not at the last pit of its row in every way the
    /// rules sow (where they bar it).
    pub(crate) fn tuzdyk_may_be_at(self, shape: &Shape, ways: Ways, pit: Pit) -> bool {
        let last = match ways {
            Ways::One(direction) | Ways::Turning(direction, _) => Some(last_pit(shape, direction)),
            // Either end may be the last in some move's way.
            Ways::Chosen | Ways::ByPit => None,
        };
        !self.keep_seeds() && (self.last_pit_allowed || last != Some(pit.number()))
    }

    /// Whether a pit of North's row and one of South's (each numbered as its
    /// row's owner numbers it) may both be owned: not at the same number
    /// where the rules forbid it, nor facing.
    pub(crate) fn owned_may_stand_together(
        self,
        shape: &Shape,
        on_north: Pit,
        on_south: Pit,
    ) -> bool {
        (self.same_number_allowed || on_north != on_south)
            && (self.facing_allowed || on_north.number() + on_south.number() != shape.pits + 1)
    }

    /// Owned pits keep the seeds sown into them.
    #[inline]
    #[must_use]
    pub fn keep_seeds(self) -> bool {
        self.seeds == OwnedSeeds::Kept
    }

    /// The one-line summary's words.
    #[must_use]
    pub fn in_brief(self) -> &'static str {
        match (self.seeds, self.pair_across) {
            (OwnedSeeds::ToOwner, _) => "owned pits (tuzdyk)",
            (OwnedSeeds::Kept, None) => "owned pits that keep their seeds",
            (OwnedSeeds::Kept, Some(_)) => "owned pits, made in pairs, that keep their seeds",
        }
    }

    /// The rule sheet's line.
    #[must_use]
    pub fn said(owned: Option<OwnedPits>) -> String {
        let Some(owned) = owned else {
            return "no".to_string();
        };
        let mut parts = Vec::new();
        if let Some(count) = owned.count {
            parts.push(match owned.seeds {
                OwnedSeeds::ToOwner => format!(
                    "a last seed making {count} on the opponent's row makes the pit the mover's, one each"
                ),
                OwnedSeeds::Kept => format!(
                    "a lap's last seed making {count} on the opponent's row makes the pit the mover's"
                ),
            });
        }
        if let Some(pair) = owned.pair_across {
            parts.push(format!(
                "a turn ending in an empty own pit facing {pair} makes both the mover's"
            ));
        }
        let mut text = parts.join("; ");
        if owned.keep_seeds() {
            text.push_str("; their seeds stay in them");
        }
        if owned.capture_from_opponent {
            text.push_str("; a turn ending in the opponent's takes 2 and moves again");
        }
        if owned.count.is_some() && !owned.last_pit_allowed {
            text.push_str("; not the opponent's last pit in the sowing direction");
        }
        if owned.count.is_some() && !owned.same_number_allowed {
            text.push_str("; not the number across from the opponent's own");
        }
        if owned.count.is_some() && !owned.facing_allowed {
            text.push_str("; not facing the opponent's own");
        }
        text
    }

    /// The last seed fell at `last`: if it made a pit of the opponent's row
    /// hold the rules' count, that pit becomes the mover's own (its seeds to
    /// the mover's store), unless the mover owns one already, it is the
    /// opponent's last pit, or the opponent owns the mover's pit of the same
    /// number (each as the rules allow). Returns the pit made the mover's.
    #[inline]
    pub(crate) fn own_pit<O: Observer>(
        self,
        board: &mut Board,
        turn: &Turn,
        last: usize,
        obs: &mut O,
    ) -> Option<usize> {
        // The cheapest tests first, inlined: most last seeds make no pit of
        // the count, and most players own one before long.
        if Some(board.get(last)) != self.count || turn.owned_by[turn.mover] != 0 {
            return None;
        }
        self.make_owned(board, turn, last, obs)
    }

    /// The rest of [`OwnedPits::own_pit`]'s conditions, and the pit made
    /// the mover's.
    #[inline(never)]
    fn make_owned<O: Observer>(
        self,
        board: &mut Board,
        turn: &Turn,
        last: usize,
        obs: &mut O,
    ) -> Option<usize> {
        let (shape, mover) = (turn.shape, turn.mover);
        if !self.may_become_owned(turn, last) {
            return None;
        }
        let count = take_to_store(board, shape, last, mover);
        obs.record(Event::PitOwned {
            pit: shape.place(last),
            count,
            by: mover,
        });
        Some(last)
    }

    /// Whether the pit at `index` may become the mover's: an open, unowned
    /// pit of the opponent's row, not their last pit in the way the move
    /// sows, not the number of a pit of the mover's they own, and not facing
    /// one, each as the rules allow.
    // Out of line: inlined, it cost the plain path 1.6% of its instructions
    // (cachegrind, kalaha perft 9), though that path never calls it.
    #[inline(never)]
    fn may_become_owned(self, turn: &Turn, index: usize) -> bool {
        let (shape, mover) = (turn.shape, turn.mover);
        // The pits the opponent owns: their row, but in territory rounds.
        let row = turn.their_pits & turn.open_pits & !turn.owned;
        let Place::Pit(_, pit) = shape.place(index) else {
            return false;
        };
        let theirs = shape.track_of(turn.owned_by[mover.other()]);
        let last = last_pit(shape, shape.direction_of(turn.backward));
        row & (1 << index) != 0
            && (self.last_pit_allowed || pit.number() != last)
            && (self.same_number_allowed || theirs & (1 << shape.pit(mover, pit)) == 0)
            && (self.facing_allowed || theirs & (1 << shape.opposite(index)) == 0)
    }

    /// A turn ended at `index`: if that is an empty pit of the mover's row
    /// (it now holds 1), not owned, facing an unowned open pit of the pair
    /// count, one seed moves across into it and both become the mover's.
    /// Gives their bits.
    pub(crate) fn own_pair<O: Observer>(
        self,
        board: &mut Board,
        turn: &Turn,
        index: usize,
        obs: &mut O,
    ) -> Option<u64> {
        let pair = self.pair_across?;
        let (shape, mover) = (turn.shape, turn.mover);
        if shape.is_store(index) || shape.owner(index) != mover || board.get(index) != 1 {
            return None;
        }
        let across = shape.opposite(index);
        let bits = (1u64 << index) | (1u64 << across);
        if turn.owned & bits != 0
            || turn.open_pits & (1 << across) == 0
            || board.get(across) != pair
        {
            return None;
        }
        board.set(across, pair - 1);
        board.add(index, 1);
        obs.record(Event::PairOwned {
            pit: shape.place(index),
            across: shape.place(across),
            by: mover,
        });
        Some(bits)
    }

    /// Owned pits that keep their seeds, where a lap's last seed fell at
    /// `at`: the turn ends there when `at` is an owned pit (taking from
    /// the opponent's where the rules say, with another move) or when the
    /// seed made a pit of the opponent's row hold the owning count (the pit
    /// becomes the mover's). `None` where neither holds and the lap's end
    /// goes on as usual.
    #[inline]
    pub(crate) fn kept_lap_end<O: Observer>(
        self,
        board: &mut Board,
        turn: &Turn,
        at: usize,
        obs: &mut O,
    ) -> Option<TurnEnd> {
        let (shape, mover) = (turn.shape, turn.mover);
        if shape.is_store(at) {
            return None;
        }
        if turn.owned & (1 << at) != 0 {
            let theirs = shape.track_of(turn.owned_by[mover.other()]) & (1 << at) != 0;
            if !(theirs && self.capture_from_opponent) {
                return Some(TurnEnd::ended(false));
            }
            // The last seed and one more, if there is one.
            let count = board.get(at).min(2);
            board.set(at, board.get(at) - count);
            board.add(shape.store(mover), count);
            obs.record(Event::FromOwnedPit {
                pit: shape.place(at),
                count,
                by: mover,
            });
            obs.record(Event::AnotherMove { side: mover });
            return Some(TurnEnd {
                extra_turn: true,
                ..TurnEnd::ended(true)
            });
        }
        if Some(board.get(at)) != self.count || !self.may_become_owned(turn, at) {
            return None;
        }
        obs.record(Event::PitKept {
            pit: shape.place(at),
            by: mover,
        });
        Some(TurnEnd {
            owned: 1 << at,
            ..TurnEnd::ended(false)
        })
    }
}

/// The number of the last pit of a row sown `direction`, from which sowing
/// comes back to the other row: pit n counter-clockwise, pit 1 clockwise.
fn last_pit(shape: &Shape, direction: Direction) -> u8 {
    match direction {
        Direction::CounterClockwise => shape.pits,
        Direction::Clockwise => 1,
    }
}

/// A seed sown into the owned pit at `index` goes at once to its owner's
/// store (the owner is the player across from the pit's row).
#[inline]
pub(crate) fn to_owner<O: Observer>(
    board: &mut Board,
    shape: &Shape,
    index: usize,
    in_hand: u16,
    obs: &mut O,
) {
    let owner = shape.owner(index).other();
    board.add(shape.store(owner), 1);
    obs.record(Event::DropToOwner {
        pit: shape.place(index),
        owner,
        in_hand,
    });
}

/// `count` and `pair-across`, each in range, one of them at least, pairs
/// only where the seeds are kept.
fn counts(section: &Spanned<Table>, text: &str) -> Result<(Option<u16>, Option<u16>), RulesError> {
    let owned = section.get_ref();
    let count = match &owned.count {
        Some(count) => Some(seed_count(
            &Written::new(*count.get_ref(), count.span(), "owned-pits.count"),
            text,
        )?),
        None => None,
    };
    let pair_across = match &owned.pair_across {
        Some(pair) if owned.seeds != OwnedSeeds::Kept => {
            return refuse(
                text,
                pair.span(),
                "owned-pits.pair-across",
                "pits owned in pairs keep their seeds (one moves across so each holds 2): \
                 it needs `seeds = \"kept\"`",
            );
        }
        Some(pair) => Some(seed_count(
            &Written::new(*pair.get_ref(), pair.span(), "owned-pits.pair-across"),
            text,
        )?),
        None => None,
    };
    if count.is_none() && pair_across.is_none() {
        return refuse(
            text,
            section.span(),
            "owned-pits",
            "say how a pit becomes owned: `count` (a last seed making a pit of the \
             opponent's row hold it) or `pair-across` (a pair, with `seeds = \"kept\"`)",
        );
    }
    Ok((count, pair_across))
}
