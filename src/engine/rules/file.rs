//! The shape of a rule file as written on disk, before any semantic check.
//!
//! Every field that a later check may reject is `Spanned`, so the error can point
//! at the line and column of the value at fault.

use serde::Deserialize;
use toml::Spanned;

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
    pub stores: Spanned<StoresValue>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum StoresValue {
    Sown,
    NotSown,
    Aside,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct SowingSection {
    pub direction: DirectionValue,
    #[serde(default)]
    pub skip_origin: bool,
    pub relay: Option<Spanned<bool>>,
    pub extra_turn: Option<Spanned<bool>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum DirectionValue {
    CounterClockwise,
    Clockwise,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct CapturesSection {
    #[serde(default)]
    pub four: bool,
    pub leap: Option<Spanned<bool>>,
    pub kalah: Option<Spanned<bool>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct RoundSection {
    pub end: Spanned<RoundEndValue>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum RoundEndValue {
    SideEmpty,
    Stuck,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct MatchSection {
    pub rounds: Option<Spanned<RoundsValue>>,
    pub partial_pit: Option<Spanned<bool>>,
    #[serde(default)]
    pub first_player: FirstPlayerValue,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum RoundsValue {
    Single,
    Many,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum FirstPlayerValue {
    #[default]
    Chosen,
    Drawn,
    OddEven,
}
