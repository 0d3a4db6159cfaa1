//! Relay sowing (`sowing.relay`, rules.md §2 and §7): whether a lap that
//! ends leads to another, and from which pit. The laps themselves, and the
//! check that a turn ends, are the turn loop's ([`crate::engine::sow`]).

use serde::{Deserialize, Deserializer};

/// Whether a lap that ends leads to another, and from which pit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Relay {
    /// One lap a turn.
    #[default]
    Off,
    /// The pit after the one that got the last seed is taken up when it
    /// holds seeds; the turn ends when it is empty (Raja Pasu, Sat-gharva).
    NextPit,
    /// The pit that got the last seed is taken up when it held seeds before
    /// it; the turn ends when it was empty (Dakon, Ayoayo).
    LandingPit,
}

rule_words! {
    Relay { Off => "off", NextPit => "next-pit", LandingPit => "landing-pit" }
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

impl Relay {
    /// Whether a lap that ends may lead to another (either kind).
    #[inline]
    #[must_use]
    pub fn is_on(self) -> bool {
        self != Relay::Off
    }

    pub(crate) fn write(self, line: &mut dyn FnMut(&str)) {
        if self.is_on() {
            line(&format!("relay = \"{self}\""));
        }
    }

    /// The one-line summary's words.
    #[must_use]
    pub fn in_brief(self) -> Option<&'static str> {
        match self {
            Relay::Off => None,
            Relay::NextPit => Some("relay sowing"),
            Relay::LandingPit => Some("relay from the landing pit"),
        }
    }

    /// The rule sheet's line.
    #[must_use]
    pub fn said(self) -> &'static str {
        match self {
            Relay::Off => "no",
            Relay::NextPit => "from the pit after the last seed's",
            Relay::LandingPit => "from the last seed's pit, if it held seeds",
        }
    }
}
