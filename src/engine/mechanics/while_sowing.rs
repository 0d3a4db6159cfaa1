//! Groups taken while sowing (`[capture.while-sowing]`, rules.md §2 and
//! §9): Raja Pasu's fours, a dropped seed that makes a pit hold the count
//! sending them at once to the row's owner while sowing goes on; the four
//! of a lap's last seed to the sower (Nam-nam), and the last seeds left to
//! the taker of the move's last group.

use std::fmt::Write;

use serde::Deserialize;
use toml::Spanned;

use crate::engine::board::{Board, indices};
use crate::engine::game::Position;
use crate::engine::ground::{BySide, Side};
use crate::engine::rules::Rules;
use crate::engine::rules::check::{Keys, RulesError, Written, seed_count};
use crate::engine::shape::Shape;
use crate::engine::status::Ending;
use crate::engine::trace::{Event, Observer};

/// Who takes a group made by a lap's last seed while sowing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LastSeedGroup {
    /// The row's owner, like any other group (Raja Pasu).
    #[default]
    ToOwner,
    /// The sower, on either row; the turn ends there (Nam-nam).
    ToSower,
}

rule_words! {
    LastSeedGroup { ToOwner => "to-owner", ToSower => "to-sower" }
}

/// `[capture.while-sowing]` as a rule file writes it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct Table {
    pub count: Spanned<i64>,
    #[serde(default)]
    pub last_seed: LastSeedGroup,
    pub leftover_to_capturer: Option<Spanned<i64>>,
}

/// `[capture.while-sowing]`, checked: a dropped seed that makes a pit hold
/// `count` sends them at once to the row's owner, and sowing goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WhileSowing {
    pub count: u16,
    /// Who takes a group made by a lap's last seed.
    pub last_seed: LastSeedGroup,
    /// After a move that took a group, when 1 to this many seeds are left
    /// on the board, the taker of the move's last group takes them and the
    /// round is over (0: never; Nam-nam's 4).
    pub leftover_to_capturer: u16,
}

impl WhileSowing {
    /// The count and the last seeds, each a count of seeds in range.
    pub(crate) fn check(keys: &Keys, text: &str) -> Result<Option<WhileSowing>, RulesError> {
        let Some(count) = &keys.while_sowing else {
            return Ok(None);
        };
        Ok(Some(WhileSowing {
            count: seed_count(count, text)?,
            last_seed: keys.last_seed_group,
            // 0, as the template writes it, is off.
            leftover_to_capturer: match &keys.leftover_to_capturer {
                Some(k) if k.value != 0 => seed_count(k, text)?,
                _ => 0,
            },
        }))
    }

    /// The table's values in today's keys, each with where it was written.
    pub(crate) fn read(
        table: &Spanned<Table>,
    ) -> (Written<i64>, LastSeedGroup, Option<Written<i64>>) {
        let count = &table.get_ref().count;
        (
            Written::new(*count.get_ref(), count.span(), "capture.while-sowing.count"),
            table.get_ref().last_seed,
            table.get_ref().leftover_to_capturer.as_ref().map(|k| {
                Written::new(
                    *k.get_ref(),
                    k.span(),
                    "capture.while-sowing.leftover-to-capturer",
                )
            }),
        )
    }

    pub(crate) fn write(self, line: &mut dyn FnMut(&str)) {
        line("\n[capture.while-sowing]");
        line(&format!("count = {}", self.count));
        if self.last_seed != LastSeedGroup::default() {
            line(&format!("last-seed = \"{}\"", self.last_seed));
        }
        if self.leftover_to_capturer > 0 {
            line(&format!(
                "leftover-to-capturer = {}",
                self.leftover_to_capturer
            ));
        }
    }

    /// A group made by a lap's last seed goes to the sower, and the turn
    /// ends there.
    #[inline]
    #[must_use]
    pub fn last_seed_to_sower(self) -> bool {
        self.last_seed == LastSeedGroup::ToSower
    }

    /// "fours to the row's owner", with what the last seed's group and the
    /// last seeds do where the rules say: the summary's and the sheet's
    /// words.
    #[must_use]
    pub fn said(while_sowing: Option<WhileSowing>) -> String {
        let Some(this) = while_sowing else {
            return String::new();
        };
        let mut said = match this.count {
            4 => "fours to the row's owner".to_string(),
            count => format!("pits of {count} to the row's owner"),
        };
        if this.last_seed_to_sower() {
            said.push_str(", the last seed's to the sower");
        }
        match this.leftover_to_capturer {
            0 => {}
            1 => said.push_str("; 1 seed left goes to the last taker"),
            most => {
                let _ = write!(said, "; 1 to {most} seeds left go to the last taker");
            }
        }
        said
    }
}

/// A drop made the pit at `index` hold the count taken while sowing: they
/// go to `taker` (the row's owner, or the sower for a lap's last seed where
/// the rules say so).
#[inline]
pub(crate) fn take<O: Observer>(
    board: &mut Board,
    shape: &Shape,
    index: usize,
    taker: Side,
    obs: &mut O,
) {
    let count = board.take(index);
    board.add(shape.store(taker), count);
    obs.record(Event::SowingCapture {
        pit: shape.place(index),
        count,
        owner: taker,
    });
}

impl Position {
    /// After a move that took a group while sowing: when 1 to the rules'
    /// count of seeds are left on the board, `taker` (who took the move's
    /// last group) takes them and the round is over. Gives whether it did.
    pub(in crate::engine) fn leftover_to_capturer<O: Observer>(
        &mut self,
        rules: &Rules,
        taker: Side,
        obs: &mut O,
    ) -> bool {
        let most = rules
            .plan()
            .while_sowing
            .map_or(0, |w| w.leftover_to_capturer);
        let left: u16 = indices(self.shape.pits_mask())
            .map(|index| self.board.get(index))
            .sum();
        if most == 0 || left == 0 || left > most {
            return false;
        }
        let mut swept = BySide::new(0, 0);
        for side in Side::BOTH {
            self.sweep_row(side, taker, &mut swept);
        }
        self.finish_round(rules, Some(taker), swept, Ending::LastSeeds, obs);
        true
    }
}
