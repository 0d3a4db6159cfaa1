//! A validated rule set: what every game has (its names and texts, the
//! board) and the [`Plan`] of its mechanics, each checked in its own module
//! under [`crate::engine::mechanics`] (docs/rules.md names each key).
//!
//! A `Rules` value only comes out of [`Rules::from_toml`]: the file's shape
//! is read in [`file`], keys of older versions are put in today's words in
//! [`old_keys`], then [`check`] makes sure the texts and the board are
//! sound and each mechanic's module checks its own table, so the rest of
//! the engine can trust it. [`write`] gives a rule set back as a file in
//! today's keys. A table that is absent is a mechanic that is off, and
//! options that only mean something together sit in one table, so most
//! impossible combinations cannot be written at all.

mod board;
pub(crate) mod check;
pub(crate) mod file;
pub(crate) mod old_keys;
mod region;
mod shortcuts;
mod write;

use serde::Deserialize;

pub use crate::engine::ground::{
    Direction, MAX_FOUR_ROW_PITS, MAX_PITS, MAX_SEEDS, MAX_SEEDS_PER_PIT, UnknownWord,
};
pub use crate::engine::mechanics::across::{AcrossEmpty, CapturingSeed};
pub use crate::engine::mechanics::by_count::{CountRow, CountSet, GrandSlam};
pub use crate::engine::mechanics::front_across::TakasaFrom;
pub use crate::engine::mechanics::goal::{EndsWhen, RestGoesTo};
pub use crate::engine::mechanics::laps::{FirstSeed, Skip};
pub use crate::engine::mechanics::owned_pits::OwnedSeeds;
pub use crate::engine::mechanics::rounds::{FirstPlayer, NextStarter, Rounds};
pub use crate::engine::mechanics::while_sowing::LastSeedGroup;
pub use crate::engine::mechanics::{
    Across, ByCount, ExtraTurn, FrontAcross, Leap, MatchRules, OwnedPits, Plan, Relay, WhileSowing,
};
pub use region::Region;
pub use shortcuts::{KalahMechanics, Shortcuts};

pub use check::RulesError;

/// What the players' stores are and whether sowing drops seeds in them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stores {
    /// Bowls at the ends of the board; the mover sows into their own.
    Sown,
    /// Bowls at the ends of the board that only receive captures.
    NotSown,
    /// No bowls: captured seeds are kept in a pile beside the player.
    Aside,
}

/// Which pits hold seeds at the start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SeedsIn {
    /// Every pit.
    #[default]
    EveryPit,
    /// The front rows of a four-row board, the back rows empty (Igisoro).
    FrontRows,
}

rule_words! {
    Stores { Sown => "sown", NotSown => "not-sown", Aside => "aside" }
    SeedsIn { EveryPit => "every-pit", FrontRows => "front-rows" }
}

/// `[board]`: the rows, the pits, the seeds and the stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// Rows of pits: 2 (one a player) or 4 (a front and a back row each,
    /// rules.md §10.1).
    pub rows: u8,
    /// Pits per row.
    pub pits: u8,
    pub seeds_per_pit: u8,
    /// Which pits hold `seeds_per_pit` at the start.
    pub seeds_in: SeedsIn,
    /// Four rows: the start listed pit by pit instead (`seeds_per_pit` is
    /// then the most any pit holds).
    pub start: Option<StartRows>,
    /// Seeds each player holds in hand at the start (§10.4).
    pub in_hand: u8,
    /// Four-row boards have none on the board: they are `Aside`, and stay
    /// empty where captured seeds go back into play.
    pub stores: Stores,
}

/// A four-row start listed pit by pit: each player's front and back row,
/// pit 1 first (only the first `pits` of each count).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartRows {
    pub front: [u8; MAX_FOUR_ROW_PITS as usize],
    pub back: [u8; MAX_FOUR_ROW_PITS as usize],
}

impl Board {
    /// All seeds in play: every pit filled at the start holds
    /// `seeds_per_pit`, or the start listed pit by pit, and the seeds in
    /// hand.
    #[must_use]
    pub fn total_seeds(&self) -> u16 {
        let in_hand = 2 * u16::from(self.in_hand);
        if let Some(start) = &self.start {
            let pits = usize::from(self.pits);
            let side: u16 = start.front[..pits]
                .iter()
                .chain(&start.back[..pits])
                .map(|&seeds| u16::from(seeds))
                .sum();
            return 2 * side + in_hand;
        }
        let filled_rows = match self.seeds_in {
            SeedsIn::EveryPit => self.rows,
            SeedsIn::FrontRows => 2,
        };
        u16::from(filled_rows) * u16::from(self.pits) * u16::from(self.seeds_per_pit) + in_hand
    }
}

/// A rule set whose parameters have been checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    id: String,
    name: String,
    description: String,
    /// Where the game is played, as menus say it.
    played_in: Option<String>,
    /// The broad region, for finding and grouping games.
    region: Option<Region>,
    sources: Vec<String>,
    text: String,
    /// Whether the file used keys of an older version.
    old_keys: bool,
    board: Board,
    /// All seeds in play, worked out once from the board (asked after
    /// every move where more than half the seeds ends the game).
    total_seeds: u16,
    plan: Plan,
    records: RecordNames,
    /// Worked out once from the values above.
    shortcuts: Shortcuts,
}

/// What other programs' records call a game (rules.md §11): a name in
/// a format is what lets that format carry the game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordNames {
    /// The `Variant` tag of Aualé's game files (`"Oware Abapa"`).
    pub ogn: Option<String>,
    /// PlayStrategy's name of the game (`"oware"`).
    pub playstrategy: Option<String>,
}

impl Rules {
    /// Parses and checks a rule file's text.
    ///
    /// # Errors
    /// A [`RulesError`] naming the line, column and key of the first problem: TOML
    /// syntax, an unknown key, a wrong type, a value out of bounds or a combination
    /// of parameters that cannot be played.
    pub fn from_toml(text: &str) -> Result<Rules, RulesError> {
        // A file saved with Windows line endings is the same file (and its
        // lines and columns are the same).
        if text.contains("\r\n") {
            return check::check(&text.replace("\r\n", "\n"));
        }
        check::check(text)
    }

    /// The rule set as a file in today's keys (the description, sources and
    /// every parameter; a file of older keys comes back in new ones).
    #[must_use]
    pub fn to_toml(&self) -> String {
        write::write(self)
    }

    /// Whether the file used the keys of an older version of the rule
    /// language (still read; [`Rules::to_toml`] writes today's).
    #[must_use]
    pub fn uses_old_keys(&self) -> bool {
        self.old_keys
    }

    #[must_use]
    pub fn id(&self) -> &str {
        &self.id
    }
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }
    /// The player-facing explanation of the rules.
    #[must_use]
    pub fn description(&self) -> &str {
        &self.description
    }
    /// Where the game is played ("Malaysia, Indonesia"), where the file
    /// says.
    #[must_use]
    pub fn played_in(&self) -> Option<&str> {
        self.played_in.as_deref()
    }
    /// The broad region the game is played in, where the file says.
    #[must_use]
    pub fn region(&self) -> Option<Region> {
        self.region
    }
    #[must_use]
    pub fn sources(&self) -> &[String] {
        &self.sources
    }
    /// What other programs' records call this game.
    #[must_use]
    pub fn record_names(&self) -> &RecordNames {
        &self.records
    }
    /// The rule file's text exactly as it was read.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The rule set's mechanics, checked.
    #[inline]
    #[must_use]
    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// The board's shape: what lies where, as drawn and as sown.
    #[must_use]
    pub(crate) fn shape(&self) -> &'static crate::engine::shape::Shape {
        crate::engine::shape::Shape::get(
            self.board.rows,
            self.board.pits,
            self.plan.ways.track() == Direction::Clockwise,
        )
    }

    /// Pits per row.
    #[must_use]
    pub fn pits(&self) -> u8 {
        self.board.pits
    }
    #[must_use]
    pub fn seeds_per_pit(&self) -> u8 {
        self.board.seeds_per_pit
    }
    /// Rows of pits: 2 or 4.
    #[must_use]
    pub fn rows(&self) -> u8 {
        self.board.rows
    }
    /// All seeds in play.
    #[inline]
    #[must_use]
    pub fn total_seeds(&self) -> u16 {
        self.total_seeds
    }
    /// How many plies a position counts: until the last of the plies the
    /// rules open something at (0 where nothing waits for a ply), so that
    /// positions after it compare equal.
    #[must_use]
    pub fn plies_counted(&self) -> u16 {
        let reversal = self.plan.ways.reversal().map_or(1, |r| r.from_ply);
        let capture = self.plan.pair_across.map_or(1, |p| p.from_ply);
        reversal.max(capture) - 1
    }
    /// Everything the fast paths may skip under these rules.
    #[inline]
    #[must_use]
    pub fn shortcuts(&self) -> &Shortcuts {
        &self.shortcuts
    }

    /// These rules without the end at more than half the seeds: the game an
    /// endgame table works out (`crate::ai::tables`), whose values then do
    /// not depend on the seeds already stored. Who wins is the same in
    /// both: stores only grow, so whoever passes half first ends with more.
    #[must_use]
    pub fn without_more_than_half_end(&self) -> Rules {
        let mut rules = self.clone();
        rules.plan.goal.more_than_half = false;
        rules.shortcuts = Shortcuts::of(&rules.board, &rules.plan);
        rules
    }
}

#[cfg(test)]
mod word_tests {
    use super::*;
    use crate::engine::mechanics::rounds::Refill;
    use std::fmt;
    use std::str::FromStr;

    /// A value read from a rule file's text by serde.
    fn from_file<T: for<'de> Deserialize<'de>>(word: &str) -> T {
        #[derive(Deserialize)]
        struct Holder<T> {
            value: T,
        }
        toml::from_str::<Holder<T>>(&format!("value = {word:?}"))
            .unwrap()
            .value
    }

    fn agree<T>()
    where
        T: FromStr<Err = UnknownWord> + fmt::Display + PartialEq + fmt::Debug,
        T: for<'de> Deserialize<'de>,
    {
        let words: Vec<&str> = Direction::WORDS
            .iter()
            .chain(Stores::WORDS)
            .chain(FirstSeed::WORDS)
            .chain(Skip::WORDS)
            .chain(Relay::WORDS)
            .chain(CountRow::WORDS)
            .chain(NextStarter::WORDS)
            .chain(Refill::WORDS)
            .chain(Rounds::WORDS)
            .chain(FirstPlayer::WORDS)
            .copied()
            .collect();
        for word in words {
            if let Ok(value) = T::from_str(word) {
                // The word reads back, and a rule file's reader agrees.
                assert_eq!(value.to_string(), word);
                assert_eq!(from_file::<T>(word), value);
            }
        }
    }

    #[test]
    fn rule_files_display_and_parsing_use_the_same_words() {
        agree::<Direction>();
        agree::<Stores>();
        agree::<FirstSeed>();
        agree::<Skip>();
        agree::<NextStarter>();
        agree::<Refill>();
        agree::<Rounds>();
        agree::<FirstPlayer>();
        assert_eq!(
            Stores::from_str("bowl").unwrap_err().to_string(),
            "unknown value \"bowl\": expected one of sown, not-sown, aside"
        );
    }

    #[test]
    fn even_counts_run_to_the_board_total() {
        let evens = CountSet::evens_up_to(12);
        assert_eq!(evens.iter().collect::<Vec<_>>(), [2, 4, 6, 8, 10, 12]);
        assert!(!evens.contains(14) && !evens.contains(1));
        assert!(CountSet::EMPTY.is_empty() && !evens.is_empty());
    }
}
