//! The keys of the rule language's first version, read so that every rule
//! file (and every save, which keeps its rule file's text) that ever loaded
//! still does, and put in today's words. Today's sections make most of the
//! combinations refused here impossible to write; the old flat keys could
//! write them, so they are refused here with the reason.
//!
//! | old key | today's |
//! |---|---|
//! | `sowing.skip-origin`, `sowing.skip-lap-start` | `sowing.skip = ["origin", "lap-start"]` |
//! | `sowing.from-origin` | `sowing.first-seed = "origin"` |
//! | `sowing.extra-turn` | `[extra-turn] own-store` |
//! | `captures.four` | `[capture.while-sowing] count = 4` |
//! | `captures.leap` | `[capture.leap]` |
//! | `captures.kalah`, `captures.kalah-empty` | `[capture.across]`, `across-empty` |
//! | `captures.opponent-counts`, `either-row-counts`, `chain`, `grand-slam` | `[capture.by-count]` |
//! | `round.end` | `round.ends-when` and `round.rest-goes-to` |

use serde::Deserialize;
use toml::Spanned;

use super::check::{CapturePieces, RulesError, Written, written_on};
use crate::engine::mechanics::across::{Across, AcrossEmpty, CapturingSeed};
use crate::engine::mechanics::by_count::{ByCountKeys, CountRow, CountsValue, GrandSlam};
use crate::engine::mechanics::goal::{EndsWhen, RestGoesTo};
use crate::engine::mechanics::leap::Leap;
use crate::engine::mechanics::while_sowing::LastSeedGroup;

/// The old `[captures]` table: every capture a flag or a list.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct OldCaptures {
    #[serde(default)]
    pub four: bool,
    pub leap: Option<Spanned<bool>>,
    pub kalah: Option<Spanned<bool>>,
    pub kalah_empty: Option<Spanned<bool>>,
    pub opponent_counts: Option<Spanned<Vec<Spanned<i64>>>>,
    pub either_row_counts: Option<Spanned<Vec<Spanned<i64>>>>,
    pub chain: Option<Spanned<bool>>,
    pub grand_slam: Option<Spanned<GrandSlam>>,
}

/// The old `round.end`: when a round ends and who takes the rest, in one word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum OldRoundEnd {
    /// `ends-when = "row-empty"`.
    SideEmpty,
    /// `ends-when = "no-move"`, `rest-goes-to = "other-player"`.
    Stuck,
    /// `ends-when = "no-move"`.
    NoMove,
    /// `ends-when = "no-one-can-move"`.
    Pass,
}

/// `round.end` in today's words.
pub(crate) fn round_end(
    end: &Spanned<OldRoundEnd>,
) -> (Written<EndsWhen>, Option<Written<RestGoesTo>>) {
    let (ends_when, rest) = match end.get_ref() {
        OldRoundEnd::SideEmpty => (EndsWhen::RowEmpty, RestGoesTo::RowOwner),
        OldRoundEnd::Stuck => (EndsWhen::NoMove, RestGoesTo::OtherPlayer),
        OldRoundEnd::NoMove => (EndsWhen::NoMove, RestGoesTo::RowOwner),
        OldRoundEnd::Pass => (EndsWhen::NoOneCanMove, RestGoesTo::RowOwner),
    };
    (
        Written::new(ends_when, end.span(), "round.end"),
        Some(Written::new(rest, end.span(), "round.end")),
    )
}

fn refuse<T>(
    text: &str,
    span: std::ops::Range<usize>,
    key: &str,
    message: &str,
) -> Result<T, RulesError> {
    Err(RulesError::at(text, Some(span), Some(key), message))
}

/// The old `[captures]` table in today's words, refusing what today's
/// sections cannot write: the empty capture without the Kalah capture,
/// counts on both rows at once, a chain or a grand slam without counts.
pub(crate) fn captures(
    old: &Spanned<OldCaptures>,
    text: &str,
) -> Result<CapturePieces, RulesError> {
    let table = old.get_ref();
    let kalah = written_on(table.kalah.as_ref(), "captures.kalah");
    let kalah_empty = written_on(table.kalah_empty.as_ref(), "captures.kalah-empty");
    if let Some(empty) = &kalah_empty
        && kalah.is_none()
    {
        return refuse(
            text,
            empty.span.clone(),
            empty.key,
            "it changes the Kalah capture, so it needs `captures.kalah = true`",
        );
    }
    let by_count = match (&table.opponent_counts, &table.either_row_counts) {
        (Some(_), Some(either)) => {
            return refuse(
                text,
                either.span(),
                "captures.either-row-counts",
                "captures by count look at one row or at both, not both ways at once: \
                 keep `captures.opponent-counts` or this",
            );
        }
        (Some(counts), None) => Some((counts, "captures.opponent-counts", CountRow::Opponent)),
        (None, Some(counts)) => Some((counts, "captures.either-row-counts", CountRow::Either)),
        (None, None) => {
            let needs = "it applies to captures by count, so it needs \
                         `captures.opponent-counts` or `captures.either-row-counts`";
            if let Some(chain) = table.chain.as_ref() {
                return refuse(text, chain.span(), "captures.chain", needs);
            }
            if let Some(slam) = table.grand_slam.as_ref() {
                return refuse(text, slam.span(), "captures.grand-slam", needs);
            }
            None
        }
    };
    Ok(CapturePieces {
        while_sowing: table
            .four
            .then(|| Written::new(4, old.span(), "captures.four")),
        last_seed_group: LastSeedGroup::ToOwner,
        leftover_to_capturer: None,
        leap: written_on(table.leap.as_ref(), "captures.leap").map(|on| {
            let leap = Leap {
                also_across: false,
                chain: false,
            };
            Written::new(leap, on.span, on.key)
        }),
        across: kalah.map(|on| {
            let across_empty = if kalah_empty.is_some() {
                AcrossEmpty::CapturingSeed
            } else {
                AcrossEmpty::Nothing
            };
            let across = Across {
                across_empty,
                capturing_seed: CapturingSeed::Taken,
                after_reaching: false,
                chain: false,
            };
            Written::new(across, on.span, on.key)
        }),
        by_count: by_count.map(|(counts, key, row)| ByCountKeys {
            counts: Written::new(
                CountsValue::List(counts.get_ref().clone()),
                counts.span(),
                key,
            ),
            row,
            chain: table.chain.as_ref().is_some_and(|c| *c.get_ref()),
            grand_slam: table
                .grand_slam
                .as_ref()
                .map(|g| Written::new(*g.get_ref(), g.span(), "captures.grand-slam")),
        }),
    })
}
