//! The shape of a rule file as written on disk, before any semantic check;
//! the engine's own types take the values that need no further check.
//!
//! Every field that a later check may reject is `Spanned`, so the error can point
//! at the line and column of the value at fault. The keys of older versions
//! of the rule language are read here too (marked "old"); [`super::old_keys`]
//! puts them in today's words.

use serde::{Deserialize, Deserializer};
use toml::Spanned;

use super::old_keys::{OldCaptures, OldRoundEnd};
use super::{
    AcrossEmpty, CapturingSeed, CountRow, DirectionRule, EndsWhen, FirstPlayer, FirstSeed,
    GrandSlam, LastSeedGroup, NextStarter, OwnedSeeds, Relay, RestGoesTo, Rounds, SeedsIn, Skip,
    SownFrom, Stores, TakasaFrom,
};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct RulesFile {
    pub id: Spanned<String>,
    pub name: Spanned<String>,
    pub description: Spanned<String>,
    /// Where the game is played, for menus ("Malaysia, Indonesia").
    pub played_in: Option<Spanned<String>>,
    #[serde(default)]
    pub sources: Vec<Spanned<String>>,
    pub board: BoardSection,
    pub sowing: SowingSection,
    pub extra_turn: Option<Spanned<ExtraTurnSection>>,
    pub capture: Option<Spanned<CaptureSection>>,
    /// Old: every capture in one table of flags.
    pub captures: Option<Spanned<OldCaptures>>,
    pub owned_pits: Option<Spanned<OwnedPitsSection>>,
    pub round: Spanned<RoundSection>,
    #[serde(rename = "match", default)]
    pub match_: MatchSection,
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
    /// Old: `skip = ["origin"]`.
    pub skip_origin: Option<Spanned<bool>>,
    /// Old: `first-seed = "origin"`.
    pub from_origin: Option<Spanned<bool>>,
    /// Old: `skip = ["lap-start"]`.
    pub skip_lap_start: Option<Spanned<bool>>,
    /// Old: `[extra-turn] own-store = true`.
    pub extra_turn: Option<Spanned<bool>>,
    pub reversal: Option<Spanned<ReversalSection>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct ReversalSection {
    /// Pit names as §10.1 writes them (`"f2"`, `"b8"`).
    pub pits: Spanned<Vec<Spanned<String>>>,
    pub from_ply: Option<Spanned<i64>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct PairAcrossSection {
    #[serde(default)]
    pub sown_from: SownFrom,
    pub from_ply: Option<Spanned<i64>>,
}

/// `relay = "next-pit"` by name, or (as the first rule files wrote it)
/// `true` for the next pit and `false` for none.
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

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct ExtraTurnSection {
    pub own_store: Option<Spanned<bool>>,
    pub after_capture: Option<Spanned<bool>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct CaptureSection {
    pub while_sowing: Option<Spanned<WhileSowingSection>>,
    pub leap: Option<Spanned<LeapSection>>,
    pub across: Option<Spanned<AcrossSection>>,
    pub by_count: Option<Spanned<ByCountSection>>,
    pub owned_pit: Option<Spanned<OwnedPitSection>>,
    pub pair_across: Option<Spanned<PairAcrossSection>>,
    pub front_across: Option<Spanned<FrontAcrossSection>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct FrontAcrossSection {
    pub most_seeds: Option<Spanned<i64>>,
    #[serde(default)]
    pub takasa_from: TakasaFrom,
    #[serde(default)]
    pub outward_takasa: bool,
    /// §10.4's blocks, set after a takasa.
    #[serde(default)]
    pub takasia: bool,
    pub nyumba: Option<Spanned<NyumbaSection>>,
}

/// `[capture.front-across.nyumba]` (§10.4).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct NyumbaSection {
    /// The front pit it is (5 in Bao).
    pub pit: Spanned<i64>,
    /// The seeds it needs to be functional.
    pub functional: Spanned<i64>,
    /// A capturing lap ending in it may go on (`+`).
    pub safari: Option<Spanned<bool>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct OwnedPitSection {}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct WhileSowingSection {
    pub count: Spanned<i64>,
    #[serde(default)]
    pub last_seed: LastSeedGroup,
    pub leftover_to_capturer: Option<Spanned<i64>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct LeapSection {
    #[serde(default)]
    pub also_across: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct AcrossSection {
    #[serde(default)]
    pub across_empty: AcrossEmpty,
    #[serde(default)]
    pub capturing_seed: CapturingSeed,
    #[serde(default)]
    pub after_reaching: bool,
    #[serde(default)]
    pub chain: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct ByCountSection {
    pub counts: Spanned<CountsValue>,
    #[serde(default)]
    pub row: CountRow,
    pub chain: Option<Spanned<bool>>,
    pub grand_slam: Option<Spanned<GrandSlam>>,
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

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct OwnedPitsSection {
    pub count: Option<Spanned<i64>>,
    #[serde(default)]
    pub seeds: OwnedSeeds,
    pub pair_across: Option<Spanned<i64>>,
    #[serde(default)]
    pub last_pit_allowed: bool,
    #[serde(default)]
    pub same_number_allowed: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct RoundSection {
    pub ends_when: Option<Spanned<EndsWhen>>,
    pub rest_goes_to: Option<Spanned<RestGoesTo>>,
    pub more_than_half: Option<Spanned<bool>>,
    pub repetition: Option<Spanned<bool>>,
    pub stuck_player_loses: Option<Spanned<bool>>,
    pub leapfrog_is_stuck: Option<Spanned<bool>>,
    pub front_row_empty_loses: Option<Spanned<bool>>,
    /// Old: `ends-when` and `rest-goes-to` in one word.
    pub end: Option<Spanned<OldRoundEnd>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct MatchSection {
    pub rounds: Option<Spanned<Rounds>>,
    pub next_round_starter: Option<Spanned<NextStarter>>,
    pub partial_pit: Option<Spanned<bool>>,
    #[serde(default)]
    pub first_player: FirstPlayer,
    #[serde(default)]
    pub swap: bool,
}
