//! Captures by count (`[capture.by-count]`, rules.md §6-§8 and §13): a
//! last seed that makes a pit of the row the rules look at hold one of their
//! counts takes it, with the chain of the places sown before it where the
//! rules say, and Oware's grand slam. With relays from the landing pit, a
//! lap's last seed that captures so ends the relay (§13).

use std::fmt;

use serde::{Deserialize, Deserializer};
use toml::Spanned;

use super::Relay;
use crate::engine::board::{Board, indices, next_on};
use crate::engine::ground::MAX_SEEDS;
use crate::engine::rules::Board as BoardRules;
use crate::engine::rules::check::{Keys, RulesError, Written, range_of, range_words, refuse};
use crate::engine::sow::{Turn, take_to_store};
use crate::engine::trace::{Event, Observer};

/// Which row a capture by count looks at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CountRow {
    /// Only the opponent's row (Oware, Toguz Kumalak).
    #[default]
    Opponent,
    /// Either row, the chain running across both (Vai Lung Thlan).
    Either,
}

/// What a capture on the opponent's row does when it would take every seed
/// there.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GrandSlam {
    /// The capture is made like any other.
    #[default]
    CapturesAll,
    /// The move is played but captures nothing.
    CapturesNothing,
}

rule_words! {
    CountRow { Opponent => "opponent", Either => "either" }
    GrandSlam { CapturesAll => "captures-all", CapturesNothing => "captures-nothing" }
}

/// The seed counts that capture, as bits: any count from 1 to [`MAX_SEEDS`].
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct CountSet {
    bits: [u64; COUNT_WORDS],
}

const COUNT_WORDS: usize = MAX_SEEDS as usize / 64 + 1;

impl CountSet {
    pub const EMPTY: CountSet = CountSet {
        bits: [0; COUNT_WORDS],
    };

    /// Every even count from 2 up to `total`: what `counts = "even"` names
    /// on a board of `total` seeds.
    #[must_use]
    pub fn evens_up_to(total: u16) -> CountSet {
        let mut set = CountSet::EMPTY;
        for count in (2..=total.min(MAX_SEEDS)).step_by(2) {
            set.insert(count);
        }
        set
    }

    #[inline]
    #[must_use]
    pub fn contains(&self, count: u16) -> bool {
        let count = usize::from(count);
        count / 64 < COUNT_WORDS && self.bits[count / 64] & (1 << (count % 64)) != 0
    }

    fn insert(&mut self, count: u16) {
        let count = usize::from(count);
        self.bits[count / 64] |= 1 << (count % 64);
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.bits.iter().all(|&word| word == 0)
    }

    /// The counts, smallest first.
    pub fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        (1..=MAX_SEEDS).filter(|&count| self.contains(count))
    }
}

impl fmt::Debug for CountSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// `[capture.by-count]` as a rule file writes it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct Table {
    pub counts: Spanned<CountsValue>,
    #[serde(default)]
    pub row: CountRow,
    pub chain: Option<Spanned<bool>>,
    pub grand_slam: Option<Spanned<GrandSlam>>,
}

impl Table {
    /// In today's keys, each value with where it was written.
    pub(crate) fn read(&self) -> ByCountKeys {
        ByCountKeys {
            counts: Written::new(
                self.counts.get_ref().clone(),
                self.counts.span(),
                "capture.by-count.counts",
            ),
            row: self.row,
            chain: self.chain.as_ref().is_some_and(|c| *c.get_ref()),
            grand_slam: self
                .grand_slam
                .as_ref()
                .map(|g| Written::new(*g.get_ref(), g.span(), "capture.by-count.grand-slam")),
        }
    }
}

/// `counts = "even"`, or the counts one by one (`[2, 3]`).
#[derive(Clone, Debug)]
pub(crate) enum CountsValue {
    Even,
    List(Vec<Spanned<i64>>),
}

impl<'de> Deserialize<'de> for CountsValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<CountsValue, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = CountsValue;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("\"even\" or a list of counts such as [2, 3]")
            }

            fn visit_str<E: serde::de::Error>(self, word: &str) -> Result<CountsValue, E> {
                if word == "even" {
                    Ok(CountsValue::Even)
                } else {
                    Err(E::custom(format!(
                        "unknown value {word:?}: expected \"even\" or a list of counts such as [2, 3]"
                    )))
                }
            }

            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<CountsValue, A::Error> {
                let mut counts = Vec::new();
                while let Some(count) = seq.next_element::<Spanned<i64>>()? {
                    counts.push(count);
                }
                Ok(CountsValue::List(counts))
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

/// `[capture.by-count]` in today's keys (or the old `captures.*-counts`),
/// each value with where it was written.
pub(crate) struct ByCountKeys {
    pub counts: Written<CountsValue>,
    pub row: CountRow,
    pub chain: bool,
    pub grand_slam: Option<Written<GrandSlam>>,
}

/// `[capture.by-count]`, checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ByCount {
    pub counts: CountSet,
    pub row: CountRow,
    /// The places sown before it are taken too, backwards, while each holds
    /// one of the counts.
    pub chain: bool,
    pub grand_slam: GrandSlam,
}

impl ByCount {
    /// Each count 1 to [`MAX_SEEDS`], none twice, the grand slam only on
    /// the opponent's row, single laps only.
    pub(crate) fn check(
        by_count: &ByCountKeys,
        keys: &Keys,
        relay: Relay,
        board: BoardRules,
        text: &str,
    ) -> Result<ByCount, RulesError> {
        let counts = &by_count.counts;
        if by_count.row == CountRow::Either
            && let Some(slam) = &by_count.grand_slam
        {
            let needs = if keys.older_version {
                "`captures.opponent-counts`"
            } else {
                "`row = \"opponent\"`"
            };
            return refuse(
                text,
                slam.span.clone(),
                slam.key,
                &format!(
                    "the grand slam is about captures on the opponent's row, so it needs {needs}"
                ),
            );
        }
        let list = match &counts.value {
            CountsValue::Even => None,
            CountsValue::List(list) => Some(list),
        };
        if list.is_some_and(Vec::is_empty) {
            let or = if keys.older_version {
                "or leave the key out"
            } else {
                "or \"even\", or leave the table out"
            };
            return refuse(
                text,
                counts.span.clone(),
                counts.key,
                &format!("name at least one count (as `[2, 3]`), {or}"),
            );
        }
        if relay == Relay::NextPit {
            return refuse(
                text,
                counts.span.clone(),
                counts.key,
                "a capture by count is judged where a lap's last seed lands, and a relay from \
                 the next pit goes on past it; use `relay = \"landing-pit\"`, where a capture \
                 ends the relay, or none",
            );
        }
        let total = 2 * u16::from(board.pits) * u16::from(board.seeds_per_pit);
        let mut set = CountSet::EMPTY;
        match list {
            None => set = CountSet::evens_up_to(total),
            Some(list) => {
                for count in list {
                    let value = *count.get_ref();
                    if !range_of(counts.key).contains(&value) {
                        return refuse(
                            text,
                            count.span(),
                            counts.key,
                            &format!("{value} is out of range: {}", range_words(counts.key)),
                        );
                    }
                    let value = u16::try_from(value).unwrap_or(MAX_SEEDS);
                    if set.contains(value) {
                        return refuse(
                            text,
                            count.span(),
                            counts.key,
                            &format!("{value} is named twice"),
                        );
                    }
                    set.insert(value);
                }
            }
        }
        Ok(ByCount {
            counts: set,
            row: by_count.row,
            chain: by_count.chain,
            grand_slam: by_count
                .grand_slam
                .as_ref()
                .map_or(GrandSlam::CapturesAll, |g| g.value),
        })
    }

    pub(crate) fn write(self, board: &BoardRules, line: &mut dyn FnMut(&str)) {
        line("\n[capture.by-count]");
        if self.counts == CountSet::evens_up_to(board.total_seeds()) {
            line("counts = \"even\"");
        } else {
            let counts: Vec<String> = self.counts.iter().map(|c| c.to_string()).collect();
            line(&format!("counts = [{}]", counts.join(", ")));
        }
        if self.row != CountRow::Opponent {
            line(&format!("row = \"{}\"", self.row));
        }
        if self.chain {
            line("chain = true");
        }
        if self.grand_slam != GrandSlam::CapturesAll {
            line(&format!("grand-slam = \"{}\"", self.grand_slam));
        }
    }

    /// The capturing counts as a player reads them: "2s and 3s", "1s",
    /// "even counts".
    fn counts_said(self, total_seeds: u16) -> String {
        let counts: Vec<u16> = self.counts.iter().collect();
        let evens: Vec<u16> = (1..=total_seeds / 2).map(|c| 2 * c).collect();
        if counts.len() > 2 && counts == evens {
            return "even counts".to_string();
        }
        let counts: Vec<String> = counts.iter().map(|c| format!("{c}s")).collect();
        match counts.split_last() {
            None => String::new(),
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        }
    }

    fn row_said(self) -> &'static str {
        match self.row {
            CountRow::Opponent => "the opponent's row",
            CountRow::Either => "either row",
        }
    }

    /// The one-line summary's words: "captures 2s and 3s on the opponent's
    /// row".
    #[must_use]
    pub fn in_brief(self, total_seeds: u16) -> String {
        format!(
            "captures {} on {}",
            self.counts_said(total_seeds),
            self.row_said()
        )
    }

    /// The rule sheet's line.
    #[must_use]
    pub fn said(by_count: Option<ByCount>, total_seeds: u16) -> String {
        let Some(by_count) = by_count else {
            return "no".to_string();
        };
        let chain = if by_count.chain {
            ", chained backwards"
        } else {
            ""
        };
        let slam = match by_count.grand_slam {
            GrandSlam::CapturesAll => "",
            GrandSlam::CapturesNothing => "; a grand slam (the whole row) captures nothing",
        };
        format!(
            "{} on {}{chain}{slam}",
            by_count.counts_said(total_seeds),
            by_count.row_said()
        )
    }

    /// The last seed fell at `last`, the lap having gone along the track or
    /// against it (`backward`). If that is a pit of the row the rules look
    /// at now holding one of their counts, it is captured; with chains, so
    /// is each place sown before it (back against the lap's way along
    /// `track`, the lap's places) while it is such a pit holding one of the
    /// counts.
    /// A capture that would empty the opponent's row is, under
    /// `captures-nothing`, not made. Gives whether anything was taken.
    #[inline]
    pub(crate) fn capture<O: Observer>(
        &self,
        board: &mut Board,
        turn: &Turn,
        last: usize,
        (track, backward): (u64, bool),
        obs: &mut O,
    ) -> bool {
        // Most moves capture nothing: that is decided here, inlined, the
        // count (one bit) before the row.
        if self.counts.contains(board.get(last)) {
            let row = self.capture_row(turn);
            if row & (1 << last) != 0 {
                return self.chain(board, turn, last, (track, backward), row, obs);
            }
        }
        false
    }

    /// The pits it may take: open, not owned, on the rules' row.
    fn capture_row(&self, turn: &Turn) -> u64 {
        let rows = match self.row {
            CountRow::Opponent => turn.shape.side_mask(turn.mover.other()),
            CountRow::Either => turn.shape.pits_mask(),
        };
        rows & turn.open_pits & !turn.owned
    }

    /// The capture itself, once the last seed's pit is known to be taken;
    /// whether it took anything (a grand slam under `captures-nothing`
    /// does not).
    #[inline(never)]
    fn chain<O: Observer>(
        &self,
        board: &mut Board,
        turn: &Turn,
        last: usize,
        (track, backward): (u64, bool),
        row: u64,
        obs: &mut O,
    ) -> bool {
        let (shape, mover) = (turn.shape, turn.mover);
        if !self.chain && self.grand_slam == GrandSlam::CapturesAll {
            // One pit, nothing to weigh (Toguz Kumalak's even captures).
            let count = take_to_store(board, shape, last, mover);
            obs.record(Event::RowCapture {
                pit: shape.place(last),
                count,
                by: mover,
            });
            return true;
        }
        let captures =
            |index: usize| row & (1 << index) != 0 && self.counts.contains(board.get(index));
        // The chain as a bit set, and in the order it was found.
        let mut chain = 1u64 << last;
        let mut order = [last; crate::engine::ground::MAX_PLACES];
        let mut length = 1;
        let mut taken = board.get(last);
        let mut at = last;
        if self.chain {
            // A chain on the opponent's row passes over their closed pits,
            // as the lap did, but stops at the mover's row, closed pits and
            // a skipped origin included (rules.md §12): it never comes round
            // the board to the far end of the opponent's row.
            let track = match self.row {
                CountRow::Opponent => track | shape.side_mask(mover),
                CountRow::Either => track,
            };
            loop {
                let before = if backward {
                    next_on(track, at)
                } else {
                    previous_on(track, at)
                };
                if chain & (1 << before) != 0 || !captures(before) {
                    break;
                }
                chain |= 1 << before;
                order[length] = before;
                length += 1;
                taken += board.get(before);
                at = before;
            }
        }
        if self.row == CountRow::Opponent && self.grand_slam == GrandSlam::CapturesNothing {
            let opponent_row = shape.side_mask(mover.other()) & turn.open_pits;
            let row_total: u16 = indices(opponent_row).map(|i| board.get(i)).sum();
            if taken == row_total {
                obs.record(Event::GrandSlam {
                    by: mover,
                    spared: taken,
                });
                return false;
            }
        }
        // Reported from the last seed's pit backwards, as the chain was found.
        for &index in &order[..length] {
            let count = take_to_store(board, shape, index, mover);
            obs.record(Event::RowCapture {
                pit: shape.place(index),
                count,
                by: mover,
            });
        }
        true
    }
}

/// The place before `index` among the set bits of `track`, wrapping around.
fn previous_on(track: u64, index: usize) -> usize {
    let below = track & ((1u64 << index) - 1);
    let bits = if below == 0 { track } else { below };
    63 - bits.leading_zeros() as usize
}
