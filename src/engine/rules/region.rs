//! The broad region a game is played in (`region`), a fixed list so that
//! the list of games can be searched and grouped by it ("africa", `rules
//! list --region "south asia"`); `played-in` says the place itself.

use std::fmt;

use serde::Deserialize;

/// Where in the world a game is played, broadly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
pub enum Region {
    #[serde(rename = "West Africa")]
    WestAfrica,
    #[serde(rename = "Central Africa")]
    CentralAfrica,
    #[serde(rename = "East Africa")]
    EastAfrica,
    #[serde(rename = "North Africa")]
    NorthAfrica,
    #[serde(rename = "West Asia")]
    WestAsia,
    #[serde(rename = "Central Asia")]
    CentralAsia,
    #[serde(rename = "South Asia")]
    SouthAsia,
    #[serde(rename = "Southeast Asia")]
    SoutheastAsia,
    #[serde(rename = "East Asia")]
    EastAsia,
    #[serde(rename = "Europe")]
    Europe,
    #[serde(rename = "The Caribbean")]
    Caribbean,
    #[serde(rename = "Worldwide")]
    Worldwide,
}

impl Region {
    /// Every region, in the order lists give them.
    pub const ALL: [Region; 12] = [
        Region::WestAfrica,
        Region::CentralAfrica,
        Region::EastAfrica,
        Region::NorthAfrica,
        Region::WestAsia,
        Region::CentralAsia,
        Region::SouthAsia,
        Region::SoutheastAsia,
        Region::EastAsia,
        Region::Europe,
        Region::Caribbean,
        Region::Worldwide,
    ];

    /// As a rule file writes it and lists show it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Region::WestAfrica => "West Africa",
            Region::CentralAfrica => "Central Africa",
            Region::EastAfrica => "East Africa",
            Region::NorthAfrica => "North Africa",
            Region::WestAsia => "West Asia",
            Region::CentralAsia => "Central Asia",
            Region::SouthAsia => "South Asia",
            Region::SoutheastAsia => "Southeast Asia",
            Region::EastAsia => "East Asia",
            Region::Europe => "Europe",
            Region::Caribbean => "The Caribbean",
            Region::Worldwide => "Worldwide",
        }
    }
}

impl fmt::Display for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_region_reads_back_as_it_is_written() {
        #[derive(Deserialize)]
        struct One {
            region: Region,
        }
        for region in Region::ALL {
            let text = format!("region = {:?}", region.name());
            let read: One = toml::from_str(&text).unwrap();
            assert_eq!(read.region, region);
        }
    }
}
