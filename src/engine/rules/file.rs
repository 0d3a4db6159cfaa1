//! The shape of a rule file as written on disk, before any semantic check;
//! the engine's own types take the values that need no further check.
//!
//! Every field that a later check may reject is `Spanned`, so the error can point
//! at the line and column of the value at fault.

use serde::{Deserialize, Deserializer};
use toml::Spanned;

use super::{Direction, FirstPlayer, GrandSlam, NextStarter, Relay, RoundEnd, Rounds, Stores};

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
    pub owned_pits: Option<Spanned<OwnedPitsSection>>,
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
    pub skip_origin: Option<Spanned<bool>>,
    pub from_origin: Option<Spanned<bool>>,
    pub relay: Option<Spanned<RelayValue>>,
    pub skip_lap_start: Option<Spanned<bool>>,
    pub extra_turn: Option<Spanned<bool>>,
    pub must_feed: Option<Spanned<bool>>,
}

/// `relay = true` (the next pit, as the first rule files wrote it), `false`,
/// or the kind by name.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RelayValue(pub Relay);

impl<'de> Deserialize<'de> for RelayValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RelayValue, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = RelayValue;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("true, false, \"next-pit\" or \"landing-pit\"")
            }

            fn visit_bool<E: serde::de::Error>(self, on: bool) -> Result<RelayValue, E> {
                Ok(RelayValue(if on { Relay::NextPit } else { Relay::Off }))
            }

            fn visit_str<E: serde::de::Error>(self, word: &str) -> Result<RelayValue, E> {
                word.parse::<Relay>()
                    .map(RelayValue)
                    .map_err(|e| E::custom(e.to_string()))
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct CapturesSection {
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

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct OwnedPitsSection {
    pub count: Spanned<i64>,
    #[serde(default)]
    pub last_pit_allowed: bool,
    #[serde(default)]
    pub same_number_allowed: bool,
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
    pub next_round_starter: Option<Spanned<NextStarter>>,
    pub partial_pit: Option<Spanned<bool>>,
    #[serde(default)]
    pub first_player: FirstPlayer,
}
