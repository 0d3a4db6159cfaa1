//! The shape of a rule file as written on disk, before any semantic check;
//! the engine's own types take the values that need no further check.
//!
//! Every field that a later check may reject is `Spanned`, so the error can point
//! at the line and column of the value at fault.

use serde::Deserialize;
use toml::Spanned;

use super::{Direction, FirstPlayer, GrandSlam, RoundEnd, Rounds, Stores};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct RulesFile {
    pub id: Spanned<String>,
    pub name: Spanned<String>,
    pub description: Spanned<String>,
    #[serde(default)]
    pub sources: Vec<Spanned<String>>,
    pub board: BoardSection,
    pub sowing: SowingSection,
    #[serde(default)]
    pub captures: CapturesSection,
    pub round: RoundSection,
    #[serde(rename = "match", default)]
    pub match_: MatchSection,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct BoardSection {
    pub pits: Spanned<i64>,
    pub seeds_per_pit: Spanned<i64>,
    pub stores: Spanned<Stores>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct SowingSection {
    pub direction: Direction,
    #[serde(default)]
    pub skip_origin: bool,
    pub relay: Option<Spanned<bool>>,
    pub extra_turn: Option<Spanned<bool>>,
    pub must_feed: Option<Spanned<bool>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct CapturesSection {
    #[serde(default)]
    pub four: bool,
    pub leap: Option<Spanned<bool>>,
    pub kalah: Option<Spanned<bool>>,
    pub opponent_counts: Option<Spanned<Vec<Spanned<i64>>>>,
    pub chain: Option<Spanned<bool>>,
    pub grand_slam: Option<Spanned<GrandSlam>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct RoundSection {
    pub end: Spanned<RoundEnd>,
    pub more_than_half: Option<Spanned<bool>>,
    pub repetition: Option<Spanned<bool>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct MatchSection {
    pub rounds: Option<Spanned<Rounds>>,
    pub partial_pit: Option<Spanned<bool>>,
    #[serde(default)]
    pub first_player: FirstPlayer,
}
