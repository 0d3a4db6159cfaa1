//! How each lap drops its seeds (`sowing.first-seed`, `sowing.skip`,
//! `sowing.reverse-laps`; rules.md §2, §7 and §9): where the first seed
//! goes, which pits a lap passes over, and whether each relay lap turns
//! back.

use serde::Deserialize;

use super::Relay;
use crate::engine::rules::check::{Keys, RulesError, refuse};
use crate::engine::rules::file::RulesFile;

/// Where a lap's first seed goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FirstSeed {
    /// Into the place after the pit just emptied.
    #[default]
    NextPlace,
    /// Back into the pit just emptied, unless it held a single seed, which
    /// goes on to the next place (Toguz Kumalak); on the turn's first lap.
    Origin,
    /// The same on every lap, each relay lap's first seed back into the
    /// pit it was taken from (Djenon Aboure, §13.8).
    OriginEveryLap,
}

/// A pit that sowing passes over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Skip {
    /// The pit emptied at the start of the turn, for the whole turn.
    Origin,
    /// The pit each lap was taken up from, during that lap.
    LapStart,
}

rule_words! {
    FirstSeed {
        NextPlace => "next-place",
        Origin => "origin",
        OriginEveryLap => "origin-every-lap",
    }
    Skip { Origin => "origin", LapStart => "lap-start" }
}

/// How each lap drops its seeds, checked.
// Each flag is one independent choice of a player's description.
#[allow(clippy::struct_excessive_bools)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Laps {
    pub first_seed: FirstSeed,
    /// The turn's origin pit receives nothing for the whole turn.
    pub skip_origin: bool,
    /// Each lap leaves out the pit it was taken up from (relays only).
    pub skip_lap_start: bool,
    /// Each relay lap goes the other way from the lap before it.
    pub reverse_laps: bool,
}

/// How a file writes skipping the origin, for messages that point to it.
fn skip_origin_key(keys: &Keys) -> &'static str {
    if keys.older_version {
        "sowing.skip-origin"
    } else {
        "sowing.skip = [\"origin\"]"
    }
}

impl Laps {
    /// The first seed, the pits skipped and laps that turn, each with what
    /// it needs: sowing from the origin cannot skip it, and laps after the
    /// first come only from relays.
    pub(crate) fn check(
        file: &RulesFile,
        keys: &Keys,
        relay: Relay,
        text: &str,
    ) -> Result<Laps, RulesError> {
        if let Some(first) = &keys.first_seed
            && first.value != FirstSeed::NextPlace
            && keys.skip_origin.is_some()
        {
            return refuse(
                text,
                first.span.clone(),
                first.key,
                &format!(
                    "sowing from the origin drops the first seed into the pit just emptied, \
                     which `{}` forbids; turn one of them off",
                    skip_origin_key(keys)
                ),
            );
        }
        if let Some(skip) = &keys.skip_lap_start
            && relay == Relay::Off
        {
            return refuse(
                text,
                skip.span.clone(),
                skip.key,
                &format!(
                    "laps after the first come only from relay sowing, so it needs \
                     `sowing.relay`; for the turn's first pit use `{}`",
                    skip_origin_key(keys)
                ),
            );
        }
        if let Some(first) = &keys.first_seed
            && first.value == FirstSeed::OriginEveryLap
            && let Some(skip) = &keys.skip_lap_start
        {
            return refuse(
                text,
                skip.span.clone(),
                skip.key,
                "each lap sows its first seed back into the pit it was taken from, which \
                 skipping each lap's start forbids; turn one of them off",
            );
        }
        let reverse = file.sowing.reverse_laps.as_ref();
        if let Some(reverse) = reverse
            && *reverse.get_ref()
            && relay == Relay::Off
        {
            return refuse(
                text,
                reverse.span(),
                "sowing.reverse-laps",
                "laps reverse only where a relay starts another lap: it needs `sowing.relay`",
            );
        }
        Ok(Laps {
            first_seed: keys
                .first_seed
                .as_ref()
                .map_or_else(FirstSeed::default, |f| f.value),
            skip_origin: keys.skip_origin.is_some(),
            skip_lap_start: keys.skip_lap_start.is_some(),
            reverse_laps: reverse.is_some_and(|r| *r.get_ref()),
        })
    }

    /// The first seed goes back into the pit just emptied (unless it held
    /// a single seed, which goes on to the next place), on the first lap at
    /// least.
    #[inline]
    #[must_use]
    pub fn from_origin(self) -> bool {
        self.first_seed != FirstSeed::NextPlace
    }

    /// Whether lap `lap` (counted from 1), taking up `hand` seeds, drops its
    /// first seed back into the pit it was taken from.
    #[inline]
    #[must_use]
    pub fn back_into_origin(self, lap: u32, hand: u16) -> bool {
        hand >= 2
            && match self.first_seed {
                FirstSeed::NextPlace => false,
                FirstSeed::Origin => lap == 1,
                FirstSeed::OriginEveryLap => true,
            }
    }

    /// `first-seed` and `skip`, where they are not the default.
    pub(crate) fn write(self, line: &mut dyn FnMut(&str)) {
        if self.first_seed != FirstSeed::NextPlace {
            line(&format!("first-seed = \"{}\"", self.first_seed));
        }
        let skipped: Vec<&str> = [
            (self.skip_origin, "\"origin\""),
            (self.skip_lap_start, "\"lap-start\""),
        ]
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, word)| *word)
        .collect();
        if !skipped.is_empty() {
            line(&format!("skip = [{}]", skipped.join(", ")));
        }
    }

    /// `reverse-laps`, where it is on.
    pub(crate) fn write_reverse(self, line: &mut dyn FnMut(&str)) {
        if self.reverse_laps {
            line("reverse-laps = true");
        }
    }

    /// The one-line summary's words on laps that turn back.
    #[must_use]
    pub fn reverse_in_brief(self) -> Option<&'static str> {
        self.reverse_laps.then_some("each lap turning back")
    }

    /// The one-line summary's words on the first seed.
    #[must_use]
    pub fn first_seed_in_brief(self) -> Option<&'static str> {
        match self.first_seed {
            FirstSeed::NextPlace => None,
            FirstSeed::Origin => Some("sown from the origin"),
            FirstSeed::OriginEveryLap => Some("each lap sown from its own pit"),
        }
    }

    /// The one-line summary's words on the pits skipped.
    #[must_use]
    pub fn skip_in_brief(self) -> Vec<&'static str> {
        let mut parts = Vec::new();
        if self.skip_origin {
            parts.push("origin skipped");
        }
        if self.skip_lap_start {
            parts.push("each lap's start skipped");
        }
        parts
    }

    /// The rule sheet's line on where the first seed goes.
    #[must_use]
    pub fn first_seed_said(self) -> &'static str {
        match self.first_seed {
            FirstSeed::NextPlace => "into the place after the pit emptied",
            FirstSeed::Origin => "back into the pit emptied (a single seed moves on)",
            FirstSeed::OriginEveryLap => {
                "back into the pit each lap is taken from (a single seed moves on)"
            }
        }
    }
}
