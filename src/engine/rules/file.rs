//! The shape of a rule file as written on disk, before any semantic check:
//! the texts and the board here, each mechanic's table from its own module
//! under [`crate::engine::mechanics`].
//!
//! Every field that a later check may reject is `Spanned`, so the error can
//! point at the line and column of the value at fault. The keys of older
//! versions of the rule language are read here too (marked "old");
//! [`super::old_keys`] puts them in today's words.

use serde::Deserialize;
use toml::Spanned;

use super::old_keys::OldCaptures;
use super::{SeedsIn, Stores};
use crate::engine::mechanics::laps::{FirstSeed, Skip};
use crate::engine::mechanics::relay::RelayValue;
use crate::engine::mechanics::ways::{DirectionRule, ReversalTable};
use crate::engine::mechanics::{CaptureTables, goal, owned_pits, rounds};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct RulesFile {
    pub id: Spanned<String>,
    pub name: Spanned<String>,
    pub description: Spanned<String>,
    /// Where the game is played, for menus ("Malaysia, Indonesia").
    pub played_in: Option<Spanned<String>>,
    /// The broad region, from a fixed list ([`super::region::Region`]).
    pub region: Option<Spanned<super::region::Region>>,
    #[serde(default)]
    pub sources: Vec<Spanned<String>>,
    pub board: BoardSection,
    pub sowing: SowingSection,
    pub extra_turn: Option<Spanned<ExtraTurnSection>>,
    pub capture: Option<Spanned<CaptureTables>>,
    /// Old: every capture in one table of flags.
    pub captures: Option<Spanned<OldCaptures>>,
    pub owned_pits: Option<Spanned<owned_pits::Table>>,
    pub round: Spanned<goal::Table>,
    #[serde(rename = "match", default)]
    pub match_: rounds::Table,
    /// What other programs' records call this game (rules.md §11).
    pub records: Option<Spanned<RecordsSection>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct RecordsSection {
    /// The `Variant` tag of Aualé's game files (`"Oware Abapa"`).
    pub ogn: Option<Spanned<String>>,
    /// PlayStrategy's name of the game (`"oware"`).
    pub playstrategy: Option<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct BoardSection {
    pub rows: Option<Spanned<i64>>,
    pub pits: Spanned<i64>,
    /// Required unless the start is listed pit by pit (`front`, `back`).
    pub seeds_per_pit: Option<Spanned<i64>>,
    pub seeds_in: Option<Spanned<SeedsIn>>,
    /// Four rows: each player's front and back row at the start, pit 1
    /// first (Bao la Kiswahili's `[0, 0, 0, 0, 6, 2, 2, 0]`).
    pub front: Option<Spanned<Vec<Spanned<i64>>>>,
    pub back: Option<Spanned<Vec<Spanned<i64>>>>,
    /// Seeds each player holds in hand at the start (§10.4's namua).
    pub in_hand: Option<Spanned<i64>>,
    /// Required on two rows; four-row boards have none.
    pub stores: Option<Spanned<Stores>>,
}

/// `[sowing]`: the keys of several mechanics (the ways, the laps, the
/// relay, the pits that may be played), each read by its own.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct SowingSection {
    pub direction: Spanned<DirectionRule>,
    pub reverse_laps: Option<Spanned<bool>>,
    pub min_seeds: Option<Spanned<i64>>,
    pub first_seed: Option<Spanned<FirstSeed>>,
    pub skip: Option<Spanned<Vec<Spanned<Skip>>>>,
    pub relay: Option<Spanned<RelayValue>>,
    pub must_feed: Option<Spanned<bool>>,
    pub must_reach: Option<Spanned<crate::engine::mechanics::playable::MustReach>>,
    pub lone_seed_back: Option<Spanned<bool>>,
    /// Old: `skip = ["origin"]`.
    pub skip_origin: Option<Spanned<bool>>,
    /// Old: `first-seed = "origin"`.
    pub from_origin: Option<Spanned<bool>>,
    /// Old: `skip = ["lap-start"]`.
    pub skip_lap_start: Option<Spanned<bool>>,
    /// Old: `[extra-turn] own-store = true`.
    pub extra_turn: Option<Spanned<bool>>,
    pub reversal: Option<Spanned<ReversalTable>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct ExtraTurnSection {
    pub own_store: Option<Spanned<bool>>,
    pub after_capture: Option<Spanned<bool>>,
}
