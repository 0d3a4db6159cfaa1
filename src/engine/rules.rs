//! A validated rule set: every parameter of the spec's tables (§4, §6, §7).
//!
//! A `Rules` value only comes out of [`Rules::from_toml`]: the file's shape is
//! read in [`file`], then [`check`] makes sure each value is in range and the
//! combination can be played, so the rest of the engine can trust it. This
//! file holds the values and what they mean.

mod check;
mod file;

use std::fmt;

use serde::Deserialize;

pub use check::RulesError;

/// Boards have between 1 and this many pits per row.
pub const MAX_PITS: u8 = 16;
/// A rule file may start each pit with at most this many seeds.
pub const MAX_SEEDS_PER_PIT: u8 = 64;
/// The most seeds any board holds: the largest count a capture may name.
pub const MAX_SEEDS: u16 = 2 * MAX_PITS as u16 * MAX_SEEDS_PER_PIT as u16;

/// Which way seeds travel, seen from above with South at the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Direction {
    /// Along one's own row from pit 1 to pit n, then the opponent's from their pit 1.
    CounterClockwise,
    /// From pit n down to pit 1 on each row.
    Clockwise,
}

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

/// Whether a lap that ends leads to another, and from which pit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relay {
    /// One lap a turn.
    Off,
    /// The pit after the one that got the last seed is taken up when it
    /// holds seeds; the turn ends when it is empty (Raja Pasu, Sat-gharva).
    NextPit,
    /// The pit that got the last seed is taken up when it held seeds before
    /// it; the turn ends when it was empty (Dakon, Ayoayo).
    LandingPit,
}

/// Which row a capture by count looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountRow {
    /// Only the opponent's row (Oware, Toguz Kumalak).
    Opponent,
    /// Either row, the chain running across both (Vai Lung Thlan).
    Either,
}

/// When a round is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RoundEnd {
    /// After any move that leaves a row empty; each player keeps their row's seeds.
    SideEmpty,
    /// When the player to move has no legal move; the other player takes the rest.
    Stuck,
    /// When the player to move has no legal move; each player adds the seeds
    /// on their own row to their store.
    NoMove,
    /// A player with no legal move passes and the other moves again; the
    /// round is over when neither can move, each player adding the seeds on
    /// their own row to their store.
    Pass,
}

/// What a capture on the opponent's row does when it would take every seed
/// there.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GrandSlam {
    /// The capture is made like any other.
    #[default]
    CapturesAll,
    /// The move is played but captures nothing.
    CapturesNothing,
}

/// One game, or a match of rounds with refills between them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rounds {
    Single,
    Many,
}

/// Who starts the next round of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NextStarter {
    /// The player who took the seeds left on the board (Raja Pasu).
    TookRemaining,
    /// The round's winner; after a draw, the player who did not start it
    /// (Dakon).
    Winner,
}

/// How the first player of the match is settled before play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FirstPlayer {
    /// The players say who starts (South unless they say otherwise).
    #[default]
    Chosen,
    /// Chosen or drawn by lot.
    Drawn,
    /// One player hides marbles, the other guesses odd or even.
    OddEven,
}

rule_words! {
    Direction { CounterClockwise => "counter-clockwise", Clockwise => "clockwise" }
    Stores { Sown => "sown", NotSown => "not-sown", Aside => "aside" }
    Relay { Off => "off", NextPit => "next-pit", LandingPit => "landing-pit" }
    CountRow { Opponent => "opponent", Either => "either" }
    RoundEnd { SideEmpty => "side-empty", Stuck => "stuck", NoMove => "no-move", Pass => "pass" }
    GrandSlam { CapturesAll => "captures-all", CapturesNothing => "captures-nothing" }
    Rounds { Single => "single", Many => "many" }
    NextStarter { TookRemaining => "took-remaining", Winner => "winner" }
    FirstPlayer { Chosen => "chosen", Drawn => "drawn", OddEven => "odd-even" }
}

/// A word that names no value of a rule parameter.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown value {found:?}: expected one of {}", expected.join(", "))]
pub struct UnknownWord {
    pub found: String,
    pub expected: &'static [&'static str],
}

/// The seed counts that capture, as bits: any count from 1 to [`MAX_SEEDS`],
/// with how many there are (asked after every move: "any at all?").
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct CountSet {
    bits: [u64; COUNT_WORDS],
    len: u16,
}

const COUNT_WORDS: usize = MAX_SEEDS as usize / 64 + 1;

impl CountSet {
    pub const EMPTY: CountSet = CountSet {
        bits: [0; COUNT_WORDS],
        len: 0,
    };

    #[inline]
    #[must_use]
    pub fn contains(&self, count: u16) -> bool {
        let count = usize::from(count);
        count / 64 < COUNT_WORDS && self.bits[count / 64] & (1 << (count % 64)) != 0
    }

    fn insert(&mut self, count: u16) {
        if !self.contains(count) {
            let count = usize::from(count);
            self.bits[count / 64] |= 1 << (count % 64);
            self.len += 1;
        }
    }

    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The counts, smallest first.
    pub fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        (1..=MAX_SEEDS).filter(|&count| self.contains(count))
    }
}

impl fmt::Debug for CountSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Owned pits (Toguz Kumalak's tuzdyk): a last seed that makes a pit of the
/// opponent's row hold `count` makes that pit the mover's for the rest of
/// the game, each player owning at most one. Every seed sown into an owned
/// pit goes to its owner's store; it is never played or captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwnedPits {
    pub count: u16,
    /// The opponent's last pit (pit n) may become one.
    pub last_pit_allowed: bool,
    /// A pit may become the mover's when the opponent owns the mover's pit
    /// of the same number.
    pub same_number_allowed: bool,
}

/// A rule set whose parameters have been checked.
// Each flag is one independent parameter of the spec's table; grouping them in
// enums would only rename them.
#[allow(clippy::struct_excessive_bools)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    id: String,
    name: String,
    description: String,
    sources: Vec<String>,
    text: String,
    pits: u8,
    seeds_per_pit: u8,
    stores: Stores,
    direction: Direction,
    skip_origin: bool,
    from_origin: bool,
    relay: Relay,
    skip_lap_start: bool,
    extra_turn: bool,
    four_capture: bool,
    leap_capture: bool,
    kalah_capture: bool,
    kalah_empty: bool,
    /// A last seed that makes a pit of `count_row` hold one of these counts
    /// captures it (none: no such captures).
    capture_counts: CountSet,
    count_row: CountRow,
    chain_captures: bool,
    grand_slam: GrandSlam,
    owned_pits: Option<OwnedPits>,
    must_feed: bool,
    round_end: RoundEnd,
    more_than_half_ends: bool,
    repetition_ends: bool,
    rounds: Rounds,
    next_starter: NextStarter,
    partial_pit: bool,
    first_player: FirstPlayer,
    /// Worked out once from the values above (see [`Rules::sows_plainly`]).
    sows_plainly: bool,
}

impl Rules {
    /// Parses and checks a rule file's text.
    ///
    /// # Errors
    /// A [`RulesError`] naming the line, column and key of the first problem: TOML
    /// syntax, an unknown key, a wrong type, a value out of bounds or a combination
    /// of parameters that cannot be played.
    pub fn from_toml(text: &str) -> Result<Rules, RulesError> {
        check::check(text)
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
    #[must_use]
    pub fn sources(&self) -> &[String] {
        &self.sources
    }
    /// The rule file's text exactly as it was read.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }
    /// Pits per row.
    #[must_use]
    pub fn pits(&self) -> u8 {
        self.pits
    }
    #[must_use]
    pub fn seeds_per_pit(&self) -> u8 {
        self.seeds_per_pit
    }
    /// All seeds in play: both rows full at the start.
    #[must_use]
    pub fn total_seeds(&self) -> u16 {
        2 * u16::from(self.pits) * u16::from(self.seeds_per_pit)
    }
    #[must_use]
    pub fn stores(&self) -> Stores {
        self.stores
    }
    #[must_use]
    pub fn direction(&self) -> Direction {
        self.direction
    }
    /// The turn's origin pit receives nothing for the whole turn.
    #[must_use]
    pub fn skip_origin(&self) -> bool {
        self.skip_origin
    }
    /// The first seed goes back into the pit just emptied (unless it held
    /// a single seed, which goes on to the next place).
    #[must_use]
    pub fn from_origin(&self) -> bool {
        self.from_origin
    }
    /// Whether a lap that ends may lead to another (either kind of relay).
    #[must_use]
    pub fn relay(&self) -> bool {
        self.relay != Relay::Off
    }
    #[must_use]
    pub fn relay_kind(&self) -> Relay {
        self.relay
    }
    /// One lap from the pit after the origin and no owned pits: the sowing
    /// the first rule sets and Oware share, which the engine takes a path of
    /// its own for.
    #[inline]
    #[must_use]
    pub fn sows_plainly(&self) -> bool {
        self.sows_plainly
    }
    /// Each lap leaves out the pit it was taken up from.
    #[must_use]
    pub fn skip_lap_start(&self) -> bool {
        self.skip_lap_start
    }
    /// A last seed in the mover's own store gives another move.
    #[must_use]
    pub fn extra_turn(&self) -> bool {
        self.extra_turn
    }
    /// A pit that a dropped seed brings to exactly 4 goes to the row's owner.
    #[must_use]
    pub fn four_capture(&self) -> bool {
        self.four_capture
    }
    /// When a relay stops at an empty pit, the mover takes the pit after it.
    #[must_use]
    pub fn leap_capture(&self) -> bool {
        self.leap_capture
    }
    /// A turn ending in an empty pit of one's own row takes the pit across.
    #[must_use]
    pub fn kalah_capture(&self) -> bool {
        self.kalah_capture
    }
    /// The Kalah capture is made even when the pit across is empty (the
    /// capturing seed alone goes to the store).
    #[must_use]
    pub fn kalah_empty(&self) -> bool {
        self.kalah_empty
    }
    /// Whether a last seed that makes a pit of [`Rules::count_row`] hold
    /// `count` captures it.
    #[inline]
    #[must_use]
    pub fn captures_count(&self, count: u16) -> bool {
        self.capture_counts.contains(count)
    }
    /// Whether there are captures by count at all.
    #[inline]
    #[must_use]
    pub fn count_captures(&self) -> bool {
        !self.capture_counts.is_empty()
    }
    /// The counts that capture, smallest first.
    #[must_use]
    pub fn capture_counts(&self) -> Vec<u16> {
        self.capture_counts.iter().collect()
    }
    /// The row captures by count look at.
    #[must_use]
    pub fn count_row(&self) -> CountRow {
        self.count_row
    }
    /// A capture by count goes on backwards from place to place.
    #[must_use]
    pub fn chain_captures(&self) -> bool {
        self.chain_captures
    }
    #[must_use]
    pub fn grand_slam(&self) -> GrandSlam {
        self.grand_slam
    }
    /// How pits become a player's own, if they can.
    #[must_use]
    pub fn owned_pits(&self) -> Option<OwnedPits> {
        self.owned_pits
    }
    /// With the opponent's row empty, only a move that leaves seeds in it is
    /// legal.
    #[must_use]
    pub fn must_feed(&self) -> bool {
        self.must_feed
    }
    /// The game is over once a player holds more than half the seeds (or both
    /// exactly half).
    #[must_use]
    pub fn more_than_half_ends(&self) -> bool {
        self.more_than_half_ends
    }
    /// The game is over when a position repeats one since the last capture.
    #[must_use]
    pub fn repetition_ends(&self) -> bool {
        self.repetition_ends
    }
    #[must_use]
    pub fn round_end(&self) -> RoundEnd {
        self.round_end
    }
    #[must_use]
    pub fn rounds(&self) -> Rounds {
        self.rounds
    }
    /// Who starts the next round of a match.
    #[must_use]
    pub fn next_starter(&self) -> NextStarter {
        self.next_starter
    }
    /// The round's loser may put a remainder of under one pit's worth in a pit.
    #[must_use]
    pub fn partial_pit(&self) -> bool {
        self.partial_pit
    }
    #[must_use]
    pub fn first_player(&self) -> FirstPlayer {
        self.first_player
    }
}

#[cfg(test)]
mod word_tests {
    use super::*;
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
            .chain(Relay::WORDS)
            .chain(CountRow::WORDS)
            .chain(RoundEnd::WORDS)
            .chain(NextStarter::WORDS)
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
        agree::<RoundEnd>();
        agree::<NextStarter>();
        agree::<Rounds>();
        agree::<FirstPlayer>();
        assert_eq!(
            Stores::from_str("bowl").unwrap_err().to_string(),
            "unknown value \"bowl\": expected one of sown, not-sown, aside"
        );
    }
}
