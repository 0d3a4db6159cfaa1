//! A validated rule set, in sections a player would recognise: the board,
//! the sowing, the extra turn, the captures, owned pits, the end of a round
//! and the match (docs/rules.md names each key).
//!
//! A `Rules` value only comes out of [`Rules::from_toml`]: the file's shape
//! is read in [`file`], keys of older versions are put in today's words in
//! [`old_keys`], then [`check`] makes sure each value is in range and the
//! combination can be played, so the rest of the engine can trust it.
//! [`write`] gives a rule set back as a file in today's keys. A section that
//! is absent is a mechanic that is off, and options that only mean something
//! together sit in one section, so most impossible combinations cannot be
//! written at all.

mod check;
mod file;
mod four_rows;
mod old_keys;
mod shortcuts;
mod write;

use std::fmt;

use serde::Deserialize;

pub use crate::engine::ground::{
    Direction, MAX_FOUR_ROW_PITS, MAX_PITS, MAX_SEEDS, MAX_SEEDS_PER_PIT, UnknownWord,
};

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

/// The sowing direction a rule file names: one for every move, or the
/// mover's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DirectionRule {
    CounterClockwise,
    Clockwise,
    /// The mover chooses, move by move (rules.md §9).
    Chosen,
}

/// Where a lap's first seed goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FirstSeed {
    /// Into the place after the pit just emptied.
    #[default]
    NextPlace,
    /// Back into the pit just emptied, unless it held a single seed, which
    /// goes on to the next place (Toguz Kumalak).
    Origin,
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

/// Which row a capture by count looks at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CountRow {
    /// Only the opponent's row (Oware, Toguz Kumalak).
    #[default]
    Opponent,
    /// Either row, the chain running across both (Vai Lung Thlan).
    Either,
}

/// What a Kalah capture does when the pit across is empty.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AcrossEmpty {
    /// Nothing is captured.
    #[default]
    Nothing,
    /// The capturing seed alone goes to the store (the empty capture).
    CapturingSeed,
}

/// Who takes a group made by a lap's last seed while sowing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LastSeedGroup {
    /// The row's owner, like any other group (Raja Pasu).
    #[default]
    ToOwner,
    /// The sower, on either row; the turn ends there (Nam-nam).
    ToSower,
}

/// What becomes of the seeds sown into an owned pit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OwnedSeeds {
    /// Each goes at once to the owner's store; a player owns at most one pit
    /// (Toguz Kumalak's tuzdyk).
    #[default]
    ToOwner,
    /// They stay in the pit, counted as its owner's when the round ends; a
    /// player may own any number (Gabata's weg, Layli Goobalay's uur).
    Kept,
}

/// When a round is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndsWhen {
    /// After any move that leaves a row empty.
    RowEmpty,
    /// When the player to move has no legal move.
    NoMove,
    /// When neither player can move: a player with no legal move passes and
    /// the other moves again.
    NoOneCanMove,
}

/// Who takes the seeds left on the board when a round ends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RestGoesTo {
    /// Each player adds the seeds on their own row to their store.
    #[default]
    RowOwner,
    /// The player who was not stuck takes them all.
    OtherPlayer,
    /// The player whose row is empty takes every seed on the other row
    /// (Mangala; with `ends-when = "row-empty"` only).
    Emptier,
}

/// Where the capturing seed of a Kalah capture goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CapturingSeed {
    /// To the store with the seeds across.
    #[default]
    Taken,
    /// It stays in its pit (Sungka).
    Left,
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

/// Which pits a move that captures nothing (a takasa) may start from,
/// where captures are compulsory (§10.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TakasaFrom {
    /// A front pit; a back pit only when every front pit holds 0 or 1.
    #[default]
    FrontRowFirst,
    /// Any pit the mover may play.
    AnyPit,
}

/// Where seeds taken by a capture of the pair across go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SownFrom {
    /// Into the pit the lap was lifted from, whose seeds are then lifted
    /// and sown on (Igisoro).
    #[default]
    LapOrigin,
}

/// One game, or a match of rounds with refills between them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rounds {
    #[default]
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
    /// The round's loser; after a draw, the player who did not start it
    /// (Congkak).
    Loser,
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
    DirectionRule {
        CounterClockwise => "counter-clockwise",
        Clockwise => "clockwise",
        Chosen => "chosen",
    }
    Stores { Sown => "sown", NotSown => "not-sown", Aside => "aside" }
    FirstSeed { NextPlace => "next-place", Origin => "origin" }
    Skip { Origin => "origin", LapStart => "lap-start" }
    Relay { Off => "off", NextPit => "next-pit", LandingPit => "landing-pit" }
    CountRow { Opponent => "opponent", Either => "either" }
    AcrossEmpty { Nothing => "nothing", CapturingSeed => "capturing-seed" }
    LastSeedGroup { ToOwner => "to-owner", ToSower => "to-sower" }
    OwnedSeeds { ToOwner => "to-owner", Kept => "kept" }
    EndsWhen { RowEmpty => "row-empty", NoMove => "no-move", NoOneCanMove => "no-one-can-move" }
    RestGoesTo { RowOwner => "row-owner", OtherPlayer => "other-player", Emptier => "emptier" }
    CapturingSeed { Taken => "taken", Left => "left" }
    GrandSlam { CapturesAll => "captures-all", CapturesNothing => "captures-nothing" }
    Rounds { Single => "single", Many => "many" }
    SeedsIn { EveryPit => "every-pit", FrontRows => "front-rows" }
    SownFrom { LapOrigin => "lap-origin" }
    TakasaFrom { FrontRowFirst => "front-row-first", AnyPit => "any-pit" }
    NextStarter { TookRemaining => "took-remaining", Winner => "winner", Loser => "loser" }
    FirstPlayer { Chosen => "chosen", Drawn => "drawn", OddEven => "odd-even" }
}

/// The seed counts that capture, as bits: any count from 1 to [`MAX_SEEDS`].
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct CountSet {
    bits: [u64; COUNT_WORDS],
}

const COUNT_WORDS: usize = MAX_SEEDS as usize / 64 + 1;

impl CountSet {
    pub const EMPTY: CountSet = CountSet {
        bits: [0; COUNT_WORDS],
    };

    /// Every even count from 2 up to `total`: what `counts = "even"` names
    /// on a board of `total` seeds.
    #[must_use]
    pub fn evens_up_to(total: u16) -> CountSet {
        let mut set = CountSet::EMPTY;
        for count in (2..=total.min(MAX_SEEDS)).step_by(2) {
            set.insert(count);
        }
        set
    }

    #[inline]
    #[must_use]
    pub fn contains(&self, count: u16) -> bool {
        let count = usize::from(count);
        count / 64 < COUNT_WORDS && self.bits[count / 64] & (1 << (count % 64)) != 0
    }

    fn insert(&mut self, count: u16) {
        let count = usize::from(count);
        self.bits[count / 64] |= 1 << (count % 64);
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.bits.iter().all(|&word| word == 0)
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

/// `[capture.front-across.nyumba]` (§10.4): a front pit owned from the
/// start until lifted or captured; while its owner has seeds in hand, one
/// holding `functional` seeds or more ends a takasa lap, offers a
/// capturing lap the safari, and is never played from the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nyumba {
    /// Its number in the front row.
    pub pit: u8,
    pub functional: u16,
    /// A capturing lap ending in it may lift it and go on (`+`).
    pub safari: bool,
}

/// `[sowing.reversal]` (§10.5): pits whose lap may be sown the other way,
/// the mover choosing, when that way would capture the pair across.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reversal {
    /// The pits, as each side numbers its own (bit `k - 1` for pit `k`).
    pub pits: u32,
    /// The first ply (counted from 1) at which a reversal may be chosen.
    pub from_ply: u16,
}

/// `[capture.front-across]` (§10.2, Bao): a lap ending in an own front pit
/// that held seeds takes every seed of the front pit across, which are
/// sown back in from a kichwa (an end of the mover's front row) towards
/// the centre; each lap of such a move may capture again or relay. A move
/// whose first lap captures is compulsory where one exists; otherwise the
/// move (a takasa) captures nothing at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrontAcross {
    /// A pit of more seeds never starts a capture (its move is a takasa).
    pub most_seeds: u16,
    pub takasa_from: TakasaFrom,
    /// A takasa from the mover's only occupied front pit, a kichwa, may go
    /// outward and empty the front row (off in Bao: only towards the centre).
    pub outward_takasa: bool,
    /// A takasa may block a pit of the opponent (§10.4's takasia).
    pub takasia: bool,
    pub nyumba: Option<Nyumba>,
}

/// `[capture.pair-across]` (§10.5): a lap ending in an own front pit that
/// held seeds, facing a front and a back pit that both hold seeds, takes
/// them both; they go back into play on the capturer's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairAcross {
    pub sown_from: SownFrom,
    /// The first ply (counted from 1) at which it captures.
    pub from_ply: u16,
}

/// `[sowing]`: how a pit is sown and which pits may be.
// Each flag is one independent choice of a player's description.
#[allow(clippy::struct_excessive_bools)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sowing {
    /// The direction of the board's track: the rules' direction, or
    /// counter-clockwise where the mover chooses.
    pub direction: Direction,
    /// The mover chooses the direction of each move (a move is a pit and a
    /// direction).
    pub direction_chosen: bool,
    /// Each relay lap goes the other way from the lap before it.
    pub reverse_laps: bool,
    /// The fewest seeds a pit must hold to be played (1, or Kiuthi's 2).
    pub min_seeds: u16,
    pub first_seed: FirstSeed,
    /// The turn's origin pit receives nothing for the whole turn.
    pub skip_origin: bool,
    /// Each lap leaves out the pit it was taken up from (relays only).
    pub skip_lap_start: bool,
    pub relay: Relay,
    /// With the opponent's row empty, only a move that leaves seeds in it
    /// is legal.
    pub must_feed: bool,
    pub reversal: Option<Reversal>,
}

/// `[extra-turn]`: when the mover moves again.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExtraTurn {
    /// A last seed in the mover's own store (sown stores only).
    pub own_store: bool,
    /// A move that captured gives one more move at once; that move gives
    /// no further one (Ali Guli Mane).
    pub after_capture: bool,
}

/// `[capture.while-sowing]`: a dropped seed that makes a pit hold `count`
/// sends them at once to the row's owner, and sowing goes on (Raja Pasu's
/// fours).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WhileSowing {
    pub count: u16,
    /// Who takes a group made by a lap's last seed.
    pub last_seed: LastSeedGroup,
    /// After a move that took a group, when 1 to this many seeds are left
    /// on the board, the taker of the move's last group takes them and the
    /// round is over (0: never; Nam-nam's 4).
    pub leftover_to_capturer: u16,
}

/// `[capture.leap]`: when a relay from the next pit stops at an empty pit,
/// the mover takes the pit after it, on either row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leap {
    /// The pit facing the one taken is taken too (Ali Guli Mane).
    pub also_across: bool,
}

/// `[capture.across]`: the Kalah capture. A turn ending in an empty pit of
/// the mover's own row takes the seeds across (and the capturing seed).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Across {
    pub across_empty: AcrossEmpty,
    pub capturing_seed: CapturingSeed,
    /// Only a turn that has dropped a seed on the opponent's row captures;
    /// one that ends in an empty pit of the mover's row without doing so
    /// gives another move (Kiuthi).
    pub after_reaching: bool,
    /// The next pits of the mover's row along the last lap's direction are
    /// taken too, while each is empty and faces seeds (no wrapping).
    pub chain: bool,
}

/// `[capture.by-count]`: a last seed that makes a pit of `row` hold one of
/// `counts` captures it (single laps only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ByCount {
    pub counts: CountSet,
    pub row: CountRow,
    /// The places sown before it are taken too, backwards, while each holds
    /// one of the counts.
    pub chain: bool,
    pub grand_slam: GrandSlam,
}

/// `[capture.owned-pit]` (Gabata's weg): a turn ending in a pit the
/// opponent owns takes the last seed and one more from it, and the mover
/// moves again (owned pits that keep their seeds only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FromOwnedPit;

/// `[capture]`: the ways seeds are taken during a move; each absent is off.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Captures {
    pub while_sowing: Option<WhileSowing>,
    pub leap: Option<Leap>,
    pub across: Option<Across>,
    pub by_count: Option<ByCount>,
    pub owned_pit: Option<FromOwnedPit>,
    pub pair_across: Option<PairAcross>,
    pub front_across: Option<FrontAcross>,
}

/// `[owned-pits]`: pits that become a player's in play, for the rest of
/// the game, never played or captured. Toguz Kumalak's tuzdyk: a last seed
/// that makes a pit of the opponent's row hold `count` makes it the
/// mover's, each player owning at most one, every seed sown into it going
/// to its owner's store. With the seeds kept (Gabata, Layli Goobalay) a
/// player may own any number, a relay stops where one is made and at any
/// owned pit, and the seeds stay in them, their owner's at the round's end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwnedPits {
    /// The count a lap's last seed makes in a pit of the opponent's row to
    /// make it the mover's (`None`: owned pits come only in pairs).
    pub count: Option<u16>,
    pub seeds: OwnedSeeds,
    /// A turn ending in an empty pit of the mover's row facing an unowned
    /// pit of this many makes both the mover's, one seed moving across so
    /// each holds 2 (Layli Goobalay's uur; seeds kept only).
    pub pair_across: Option<u16>,
    /// The opponent's last pit (pit n) may become one.
    pub last_pit_allowed: bool,
    /// A pit may become the mover's when the opponent owns the mover's pit
    /// of the same number.
    pub same_number_allowed: bool,
}

/// `[round]`: when a round is over and who takes the seeds left.
// Each flag is one independent choice of a player's description.
#[allow(clippy::struct_excessive_bools)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundRules {
    pub ends_when: EndsWhen,
    pub rest_goes_to: RestGoesTo,
    /// The round also ends once a player holds more than half the seeds (or
    /// both exactly half).
    pub more_than_half: bool,
    /// The round also ends when a position repeats one since the last
    /// capture.
    pub repetition: bool,
    /// The player who cannot move loses (§10): when a capture leaves the
    /// opponent so, at once; when the mover's own move leaves them so, at
    /// its end; when the player to move has no legal move.
    pub stuck_player_loses: bool,
    /// A player whose only seeds are a pit of two and, next along the way
    /// of sowing, a pit of one cannot move: those seeds would leapfrog for
    /// ever without a capture (§10.5).
    pub leapfrog_is_stuck: bool,
    /// A player whose own front row is empty at the end of their move
    /// loses (Bao), instead of one their move left unable to move.
    pub front_row_empty_loses: bool,
}

/// `[match]`: one game or many rounds, and who starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchRules {
    pub rounds: Rounds,
    pub next_starter: NextStarter,
    /// The round's loser may put a remainder of under one pit's worth in a pit.
    pub partial_pit: bool,
    pub first_player: FirstPlayer,
    /// The swap rule is on unless the players turn it off (a setup choice).
    pub swap: bool,
}

/// A rule set whose parameters have been checked.
// Each section's field is named as its table (`[match]`: `match_rules`).
#[allow(clippy::struct_field_names)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    id: String,
    name: String,
    description: String,
    /// Where the game is played, as menus say it.
    played_in: Option<String>,
    sources: Vec<String>,
    text: String,
    /// Whether the file used keys of an older version.
    old_keys: bool,
    board: Board,
    sowing: Sowing,
    extra_turn: ExtraTurn,
    capture: Captures,
    owned_pits: Option<OwnedPits>,
    round: RoundRules,
    match_rules: MatchRules,
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

/// Every mechanic of a rule set, each section whole: what code that must
/// weigh every mechanic (the solver's shape check, the plain sowing path)
/// destructures without `..`, so that a new section does not compile until
/// it is placed there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mechanics<'a> {
    pub board: &'a Board,
    pub sowing: &'a Sowing,
    pub extra_turn: &'a ExtraTurn,
    pub capture: &'a Captures,
    pub owned_pits: &'a Option<OwnedPits>,
    pub round: &'a RoundRules,
    pub match_rules: &'a MatchRules,
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

    /// Every section at once, for code that must weigh each mechanic.
    #[must_use]
    pub fn mechanics(&self) -> Mechanics<'_> {
        Mechanics {
            board: &self.board,
            sowing: &self.sowing,
            extra_turn: &self.extra_turn,
            capture: &self.capture,
            owned_pits: &self.owned_pits,
            round: &self.round,
            match_rules: &self.match_rules,
        }
    }

    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }
    #[must_use]
    pub fn sowing(&self) -> &Sowing {
        &self.sowing
    }
    #[must_use]
    pub fn capture(&self) -> &Captures {
        &self.capture
    }
    #[must_use]
    pub fn round_rules(&self) -> &RoundRules {
        &self.round
    }
    #[must_use]
    pub fn match_rules(&self) -> &MatchRules {
        &self.match_rules
    }

    /// The board's shape: what lies where, as drawn and as sown.
    #[must_use]
    pub(crate) fn shape(&self) -> &'static crate::engine::shape::Shape {
        crate::engine::shape::Shape::get(
            self.board.rows,
            self.board.pits,
            self.sowing.direction == Direction::Clockwise,
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
    /// Which pits hold seeds at the start.
    #[must_use]
    pub fn seeds_in(&self) -> SeedsIn {
        self.board.seeds_in
    }
    /// All seeds in play: every pit filled at the start holds
    /// [`Rules::seeds_per_pit`].
    #[must_use]
    pub fn total_seeds(&self) -> u16 {
        let in_hand = 2 * u16::from(self.board.in_hand);
        if let Some(start) = &self.board.start {
            let pits = usize::from(self.board.pits);
            let side: u16 = start.front[..pits]
                .iter()
                .chain(&start.back[..pits])
                .map(|&seeds| u16::from(seeds))
                .sum();
            return 2 * side + in_hand;
        }
        let filled_rows = match self.board.seeds_in {
            SeedsIn::EveryPit => self.board.rows,
            SeedsIn::FrontRows => 2,
        };
        u16::from(filled_rows) * u16::from(self.board.pits) * u16::from(self.board.seeds_per_pit)
            + in_hand
    }
    /// The start listed pit by pit, where the rule file lists it.
    #[must_use]
    pub fn start_rows(&self) -> Option<&StartRows> {
        self.board.start.as_ref()
    }
    /// Seeds each player holds in hand at the start.
    #[must_use]
    pub fn in_hand(&self) -> u8 {
        self.board.in_hand
    }
    /// Pits whose lap may be sown the other way, where it would capture.
    #[must_use]
    pub fn reversal(&self) -> Option<Reversal> {
        self.sowing.reversal
    }
    /// The capture of the pair across, where the rules have it.
    #[must_use]
    pub fn pair_across(&self) -> Option<PairAcross> {
        self.capture.pair_across
    }
    /// Bao's capture of the front pit across, where the rules have it.
    #[must_use]
    pub fn front_across(&self) -> Option<FrontAcross> {
        self.capture.front_across
    }
    /// A player whose front row is empty after their move has lost.
    #[must_use]
    pub fn front_row_empty_loses(&self) -> bool {
        self.round.front_row_empty_loses
    }
    /// The player who cannot move loses (no most-seeds count).
    #[must_use]
    pub fn stuck_player_loses(&self) -> bool {
        self.round.stuck_player_loses
    }
    /// A pit of two followed by a pit of one, alone, cannot move.
    #[must_use]
    pub fn leapfrog_is_stuck(&self) -> bool {
        self.round.leapfrog_is_stuck
    }
    /// How many plies a position counts: until the last of the plies the
    /// rules open something at (0 where nothing waits for a ply), so that
    /// positions after it compare equal.
    #[must_use]
    pub fn plies_counted(&self) -> u16 {
        let reversal = self.sowing.reversal.map_or(1, |r| r.from_ply);
        let capture = self.capture.pair_across.map_or(1, |p| p.from_ply);
        reversal.max(capture) - 1
    }
    #[must_use]
    pub fn stores(&self) -> Stores {
        self.board.stores
    }
    #[must_use]
    pub fn direction(&self) -> Direction {
        self.sowing.direction
    }
    /// The turn's origin pit receives nothing for the whole turn.
    #[must_use]
    pub fn skip_origin(&self) -> bool {
        self.sowing.skip_origin
    }
    /// The first seed goes back into the pit just emptied (unless it held
    /// a single seed, which goes on to the next place).
    #[must_use]
    pub fn from_origin(&self) -> bool {
        self.sowing.first_seed == FirstSeed::Origin
    }
    /// Whether a lap that ends may lead to another (either kind of relay).
    #[must_use]
    pub fn relay(&self) -> bool {
        self.sowing.relay != Relay::Off
    }
    #[must_use]
    pub fn relay_kind(&self) -> Relay {
        self.sowing.relay
    }
    /// One lap from the pit after the origin and no owned pits: the sowing
    /// the first rule sets and Oware share, which the engine takes a path of
    /// its own for.
    #[inline]
    #[must_use]
    pub fn sows_plainly(&self) -> bool {
        self.shortcuts.sows_plainly
    }
    /// Relay laps with nothing to see seed by seed (no groups taken while
    /// sowing, no owned pits, the origin sown like any pit), which the
    /// engine may sow a whole lap at a time where no one watches.
    #[inline]
    #[must_use]
    pub fn relays_in_bulk(&self) -> bool {
        self.shortcuts.relays_in_bulk
    }
    /// Everything the fast paths may skip under these rules.
    #[inline]
    #[must_use]
    pub fn shortcuts(&self) -> &Shortcuts {
        &self.shortcuts
    }
    /// The mover chooses the direction of each move.
    #[must_use]
    pub fn direction_chosen(&self) -> bool {
        self.sowing.direction_chosen
    }
    /// Each relay lap goes the other way from the lap before it.
    #[must_use]
    pub fn reverse_laps(&self) -> bool {
        self.sowing.reverse_laps
    }
    /// The fewest seeds a pit must hold to be played.
    #[must_use]
    pub fn min_seeds(&self) -> u16 {
        self.sowing.min_seeds
    }
    /// Each lap leaves out the pit it was taken up from.
    #[must_use]
    pub fn skip_lap_start(&self) -> bool {
        self.sowing.skip_lap_start
    }
    /// A last seed in the mover's own store gives another move.
    #[must_use]
    pub fn extra_turn(&self) -> bool {
        self.extra_turn.own_store
    }
    /// A move that captured gives one more move at once (once).
    #[inline]
    #[must_use]
    pub fn move_after_capture(&self) -> bool {
        self.extra_turn.after_capture
    }
    /// The count a dropped seed makes that sends a pit to its row's owner
    /// while sowing (0: none, which no drop can make).
    #[inline]
    #[must_use]
    pub fn while_sowing_count(&self) -> u16 {
        self.capture.while_sowing.map_or(0, |w| w.count)
    }
    /// A group made by a lap's last seed goes to the sower, and the turn
    /// ends there.
    #[inline]
    #[must_use]
    pub fn last_seed_group_to_sower(&self) -> bool {
        self.capture
            .while_sowing
            .is_some_and(|w| w.last_seed == LastSeedGroup::ToSower)
    }
    /// After a move that took a group while sowing, the most seeds left on
    /// the board that go to the taker of its last group, ending the round
    /// (0: none).
    #[inline]
    #[must_use]
    pub fn leftover_to_capturer(&self) -> u16 {
        self.capture
            .while_sowing
            .map_or(0, |w| w.leftover_to_capturer)
    }
    /// When a relay stops at an empty pit, the mover takes the pit after it.
    #[must_use]
    pub fn leap_capture(&self) -> bool {
        self.capture.leap.is_some()
    }
    /// A leap also takes the pit facing the one it takes.
    #[must_use]
    pub fn leap_also_across(&self) -> bool {
        self.capture.leap.is_some_and(|l| l.also_across)
    }
    /// A turn ending in an empty pit of one's own row takes the pit across.
    #[must_use]
    pub fn kalah_capture(&self) -> bool {
        self.capture.across.is_some()
    }
    /// The Kalah capture takes the capturing seed too (else it stays in
    /// its pit).
    #[must_use]
    pub fn kalah_takes_capturing_seed(&self) -> bool {
        self.capture
            .across
            .is_some_and(|a| a.capturing_seed == CapturingSeed::Taken)
    }
    /// The Kalah capture is made even when the pit across is empty (the
    /// capturing seed alone goes to the store).
    #[must_use]
    pub fn kalah_empty(&self) -> bool {
        self.capture
            .across
            .is_some_and(|a| a.across_empty == AcrossEmpty::CapturingSeed)
    }
    /// Whether a last seed that makes a pit of [`Rules::count_row`] hold
    /// `count` captures it.
    #[inline]
    #[must_use]
    pub fn captures_count(&self, count: u16) -> bool {
        self.capture
            .by_count
            .as_ref()
            .is_some_and(|b| b.counts.contains(count))
    }
    /// Whether there are captures by count at all.
    #[inline]
    #[must_use]
    pub fn count_captures(&self) -> bool {
        self.capture.by_count.is_some()
    }
    /// The counts that capture, smallest first.
    #[must_use]
    pub fn capture_counts(&self) -> Vec<u16> {
        self.capture
            .by_count
            .map(|b| b.counts.iter().collect())
            .unwrap_or_default()
    }
    /// The row captures by count look at.
    #[must_use]
    pub fn count_row(&self) -> CountRow {
        self.capture.by_count.map(|b| b.row).unwrap_or_default()
    }
    /// A capture by count goes on backwards from place to place.
    #[must_use]
    pub fn chain_captures(&self) -> bool {
        self.capture.by_count.is_some_and(|b| b.chain)
    }
    #[must_use]
    pub fn grand_slam(&self) -> GrandSlam {
        self.capture
            .by_count
            .map(|b| b.grand_slam)
            .unwrap_or_default()
    }
    /// Owned pits keep the seeds sown into them.
    #[inline]
    #[must_use]
    pub fn owned_pits_keep_seeds(&self) -> bool {
        self.owned_pits.is_some_and(|o| o.seeds == OwnedSeeds::Kept)
    }
    /// A turn ending in a pit the opponent owns takes from it (and gives
    /// another move).
    #[must_use]
    pub fn captures_from_owned_pits(&self) -> bool {
        self.capture.owned_pit.is_some()
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
        self.sowing.must_feed
    }
    /// The game is over once a player holds more than half the seeds (or both
    /// exactly half).
    #[must_use]
    pub fn more_than_half_ends(&self) -> bool {
        self.round.more_than_half
    }

    /// These rules without the end at more than half the seeds: the game an
    /// endgame table works out (`crate::ai::tables`), whose values then do
    /// not depend on the seeds already stored. Who wins is the same in
    /// both: stores only grow, so whoever passes half first ends with more.
    #[must_use]
    pub fn without_more_than_half_end(&self) -> Rules {
        let mut rules = self.clone();
        rules.round.more_than_half = false;
        rules.shortcuts = Shortcuts::of(rules.mechanics());
        rules
    }
    /// The game is over when a position repeats one since the last capture.
    #[must_use]
    pub fn repetition_ends(&self) -> bool {
        self.round.repetition
    }
    #[must_use]
    pub fn ends_when(&self) -> EndsWhen {
        self.round.ends_when
    }
    #[must_use]
    pub fn rest_goes_to(&self) -> RestGoesTo {
        self.round.rest_goes_to
    }
    /// A player with no legal move passes (the round ends when no one can
    /// move).
    #[must_use]
    pub fn passing(&self) -> bool {
        self.round.ends_when == EndsWhen::NoOneCanMove
    }
    #[must_use]
    pub fn rounds(&self) -> Rounds {
        self.match_rules.rounds
    }
    /// Who starts the next round of a match.
    #[must_use]
    pub fn next_starter(&self) -> NextStarter {
        self.match_rules.next_starter
    }
    /// The round's loser may put a remainder of under one pit's worth in a pit.
    #[must_use]
    pub fn partial_pit(&self) -> bool {
        self.match_rules.partial_pit
    }
    #[must_use]
    pub fn first_player(&self) -> FirstPlayer {
        self.match_rules.first_player
    }
    /// Whether the swap rule is on unless the players turn it off.
    #[must_use]
    pub fn swap_by_default(&self) -> bool {
        self.match_rules.swap
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
            .chain(FirstSeed::WORDS)
            .chain(Skip::WORDS)
            .chain(Relay::WORDS)
            .chain(CountRow::WORDS)
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
        agree::<FirstSeed>();
        agree::<Skip>();
        agree::<NextStarter>();
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
