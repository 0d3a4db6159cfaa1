//! A validated rule set: every parameter of the spec's §4 table.
//!
//! A `Rules` value only comes out of [`Rules::from_toml`], which parses the file
//! shape in [`file`] and then checks that the combination makes sense, so the rest
//! of the engine can trust it.

mod file;

use std::fmt;
use std::ops::Range;

use serde::Deserialize;

use file::RulesFile;

/// Boards have between 1 and this many pits per row.
pub const MAX_PITS: u8 = 16;
/// A rule file may start each pit with at most this many seeds.
pub const MAX_SEEDS_PER_PIT: u8 = 64;
/// The largest count `captures.opponent-counts` may name.
pub const MAX_CAPTURE_COUNT: u8 = 63;

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
    RoundEnd { SideEmpty => "side-empty", Stuck => "stuck", NoMove => "no-move" }
    GrandSlam { CapturesAll => "captures-all", CapturesNothing => "captures-nothing" }
    Rounds { Single => "single", Many => "many" }
    FirstPlayer { Chosen => "chosen", Drawn => "drawn", OddEven => "odd-even" }
}

/// A word that names no value of a rule parameter.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown value {found:?}: expected one of {}", expected.join(", "))]
pub struct UnknownWord {
    pub found: String,
    pub expected: &'static [&'static str],
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
    relay: bool,
    extra_turn: bool,
    four_capture: bool,
    leap_capture: bool,
    kalah_capture: bool,
    /// Bit `c` set: a last seed that makes a pit of the opponent's row hold
    /// `c` captures it (0: no such captures).
    capture_counts: u64,
    chain_captures: bool,
    grand_slam: GrandSlam,
    must_feed: bool,
    round_end: RoundEnd,
    more_than_half_ends: bool,
    repetition_ends: bool,
    rounds: Rounds,
    partial_pit: bool,
    first_player: FirstPlayer,
}

/// Why a rule file was refused, with the place in the text that is at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError {
    /// 1-based line of the offending text (1 when the whole file is at fault).
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    /// The key at fault, dotted (`board.pits`), when one is.
    pub key: Option<String>,
    pub message: String,
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: ", self.line, self.column)?;
        if let Some(key) = &self.key {
            write!(f, "`{key}`: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for RulesError {}

impl RulesError {
    fn at(text: &str, span: Option<Range<usize>>, key: Option<&str>, message: &str) -> Self {
        let (line, column) = span.map_or((1, 1), |s| line_and_column(text, s.start));
        // Keys and values quoted from the file may hold anything.
        RulesError {
            line,
            column,
            key: key.map(crate::text::printable),
            message: crate::text::printable(message),
        }
    }
}

/// 1-based line and column of a byte offset.
fn line_and_column(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}

/// The dotted key (`board.pits`) of the `key = value` line holding a byte
/// offset, found from the line and the nearest `[section]` header above it.
fn key_at(text: &str, offset: usize) -> Option<String> {
    let before = text.get(..offset)?;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = text[line_start..].lines().next()?;
    // A `[section]` header (a duplicated table, say) is its own key.
    if let Some(header) = line.trim().strip_prefix('[')
        && !header.starts_with('[')
    {
        return header.split(']').next().map(|h| h.trim().to_string());
    }
    let key = line.split_once('=')?.0.trim();
    if key.is_empty() || key.starts_with('#') || key.starts_with('[') {
        return None;
    }
    let section = before[..line_start]
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| l.starts_with('[') && !l.starts_with("[["))
        .map(|l| l.trim_matches(|c| c == '[' || c == ']').trim());
    Some(match section {
        Some(section) => format!("{section}.{key}"),
        None => key.to_string(),
    })
}

/// The key a "missing field" error is about: the field, in the table the
/// error points at (none: the top of the file).
fn missing_key(text: &str, span: Option<Range<usize>>, message: &str) -> Option<String> {
    let field = message.strip_prefix("missing field `")?.split('`').next()?;
    let table = span
        .filter(|s| s.start > 0)
        .and_then(|s| key_at(text, s.start));
    Some(match table {
        Some(table) => format!("{table}.{field}"),
        None => field.to_string(),
    })
}

/// The first control character in a text field other than those `allowed`:
/// its byte offset in the file when it is written there as itself (else the
/// start of the value, where an escape such as `\u001b` stands), and the
/// character.
fn control_character(
    text: &str,
    value: &toml::Spanned<String>,
    allowed: &[char],
) -> Option<(usize, char)> {
    let bad = |c: char| c.is_control() && !allowed.contains(&c);
    let c = value.get_ref().chars().find(|&c| bad(c))?;
    let span = value.span();
    let at = text
        .get(span.clone())
        .and_then(|raw| raw.find(c))
        .map_or(span.start, |i| span.start + i);
    Some((at, c))
}

fn flag(value: Option<&toml::Spanned<bool>>) -> bool {
    value.is_some_and(|v| *v.get_ref())
}

fn span_of<T>(value: Option<&toml::Spanned<T>>) -> Option<Range<usize>> {
    value.map(toml::Spanned::span)
}

impl Rules {
    /// Parses and checks a rule file's text.
    ///
    /// # Errors
    /// A [`RulesError`] naming the line, column and key of the first problem: TOML
    /// syntax, an unknown key, a wrong type, a value out of bounds or a combination
    /// of parameters that makes no sense.
    pub fn from_toml(text: &str) -> Result<Rules, RulesError> {
        let file: RulesFile = toml::from_str(text).map_err(|e| {
            let message = e.message().trim_end();
            let key = missing_key(text, e.span(), message)
                .or_else(|| e.span().and_then(|span| key_at(text, span.start)));
            RulesError::at(text, e.span(), key.as_deref(), message)
        })?;
        Self::check(file, text)
    }

    #[allow(clippy::too_many_lines)]
    fn check(file: RulesFile, text: &str) -> Result<Rules, RulesError> {
        let fail = |span: Range<usize>, key: &str, message: String| {
            Err(RulesError::at(text, Some(span), Some(key), &message))
        };

        let id = file.id.get_ref();
        let id_ok = !id.is_empty()
            && id.len() <= 32
            && id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            && !id.starts_with('-');
        if !id_ok {
            return fail(
                file.id.span(),
                "id",
                format!(
                    "{id:?} is not a valid id: use 1 to 32 lowercase letters, digits and dashes"
                ),
            );
        }
        // Text is shown to players: one line (the description may break
        // lines), and never a character that would act on a terminal.
        let texts = std::iter::once((&file.name, "name", &[][..]))
            .chain(std::iter::once((
                &file.description,
                "description",
                &['\n'][..],
            )))
            .chain(file.sources.iter().map(|s| (s, "sources", &[][..])));
        for (value, key, allowed) in texts {
            if let Some((at, c)) = control_character(text, value, allowed) {
                let why = if c == '\n' {
                    "holds a line break: only the description may have more than one line"
                        .to_string()
                } else {
                    format!(
                        "holds a control character ({}), which no text in a rule file may",
                        c.escape_unicode()
                    )
                };
                return fail(at..at, key, why);
            }
        }
        let name = file.name.get_ref().trim();
        if name.is_empty() || name.chars().count() > 40 || name.contains('\n') {
            return fail(
                file.name.span(),
                "name",
                "the name must be one line of 1 to 40 characters".to_string(),
            );
        }
        if file.description.get_ref().trim().is_empty() {
            return fail(
                file.description.span(),
                "description",
                "the description must not be empty".to_string(),
            );
        }

        let pits = *file.board.pits.get_ref();
        if !(1..=i64::from(MAX_PITS)).contains(&pits) {
            return fail(
                file.board.pits.span(),
                "board.pits",
                format!("{pits} pits per row is out of range: use 1 to {MAX_PITS}"),
            );
        }
        let seeds = *file.board.seeds_per_pit.get_ref();
        if !(1..=i64::from(MAX_SEEDS_PER_PIT)).contains(&seeds) {
            return fail(
                file.board.seeds_per_pit.span(),
                "board.seeds-per-pit",
                format!("{seeds} seeds per pit is out of range: use 1 to {MAX_SEEDS_PER_PIT}"),
            );
        }

        let stores = *file.board.stores.get_ref();
        let relay = flag(file.sowing.relay.as_ref());
        let extra_turn = flag(file.sowing.extra_turn.as_ref());
        let leap_capture = flag(file.captures.leap.as_ref());
        let kalah_capture = flag(file.captures.kalah.as_ref());
        let rounds = file
            .match_
            .rounds
            .as_ref()
            .map_or(Rounds::Single, |r| *r.get_ref());
        let partial_pit = flag(file.match_.partial_pit.as_ref());
        let round_end = *file.round.end.get_ref();

        if extra_turn && stores != Stores::Sown {
            return fail(
                span_of(file.sowing.extra_turn.as_ref()).unwrap_or_default(),
                "sowing.extra-turn",
                "an extra turn is earned by ending in one's own store, so it needs \
                 `board.stores = \"sown\"`"
                    .to_string(),
            );
        }
        if leap_capture && !relay {
            return fail(
                span_of(file.captures.leap.as_ref()).unwrap_or_default(),
                "captures.leap",
                "a leap capture happens where a relay lap stops, so it needs \
                 `sowing.relay = true`"
                    .to_string(),
            );
        }
        if kalah_capture && relay {
            return fail(
                span_of(file.captures.kalah.as_ref()).unwrap_or_default(),
                "captures.kalah",
                "a Kalah capture needs the turn to end where the last seed lands, \
                 which relay sowing never does; turn one of them off"
                    .to_string(),
            );
        }
        if rounds == Rounds::Many && round_end != RoundEnd::Stuck {
            return fail(
                file.round.end.span(),
                "round.end",
                "a match of many rounds needs `round.end = \"stuck\"`: the next round \
                 is started by the player who took the remaining seeds"
                    .to_string(),
            );
        }
        if partial_pit && rounds != Rounds::Many {
            return fail(
                span_of(file.match_.partial_pit.as_ref()).unwrap_or_default(),
                "match.partial-pit",
                "a partial pit is made when refilling between rounds, so it needs \
                 `match.rounds = \"many\"`"
                    .to_string(),
            );
        }

        let capture_counts = Self::read_capture_counts(&file, text, relay)?;
        let must_feed = flag(file.sowing.must_feed.as_ref());
        let more_than_half_ends = flag(file.round.more_than_half.as_ref());
        let repetition_ends = flag(file.round.repetition.as_ref());
        if must_feed && relay {
            return fail(
                span_of(file.sowing.must_feed.as_ref()).unwrap_or_default(),
                "sowing.must-feed",
                "feeding asks whether a move's seeds reach the opponent's row, which \
                 is judged on a single lap; turn `sowing.relay` off"
                    .to_string(),
            );
        }
        for (value, key, what) in [
            (
                file.round.more_than_half.as_ref(),
                "round.more-than-half",
                "the end at more than half the seeds",
            ),
            (
                file.round.repetition.as_ref(),
                "round.repetition",
                "the end by a repeated position",
            ),
        ] {
            if flag(value) && rounds == Rounds::Many {
                return fail(
                    span_of(value).unwrap_or_default(),
                    key,
                    format!(
                        "{what} ends the game with no one taking the remaining seeds, \
                         so no next round could be set up; it needs `match.rounds = \"single\"`"
                    ),
                );
            }
        }

        Ok(Rules {
            id: id.clone(),
            name: name.to_string(),
            description: file.description.get_ref().trim().to_string(),
            sources: file
                .sources
                .into_iter()
                .map(toml::Spanned::into_inner)
                .collect(),
            text: text.to_string(),
            // Both were range-checked above.
            pits: u8::try_from(pits).unwrap_or(MAX_PITS),
            seeds_per_pit: u8::try_from(seeds).unwrap_or(MAX_SEEDS_PER_PIT),
            stores,
            direction: file.sowing.direction,
            skip_origin: file.sowing.skip_origin,
            relay,
            extra_turn,
            four_capture: file.captures.four,
            leap_capture,
            kalah_capture,
            capture_counts,
            chain_captures: flag(file.captures.chain.as_ref()),
            grand_slam: file
                .captures
                .grand_slam
                .as_ref()
                .map_or(GrandSlam::CapturesAll, |g| *g.get_ref()),
            must_feed,
            round_end,
            more_than_half_ends,
            repetition_ends,
            rounds,
            partial_pit,
            first_player: file.match_.first_player,
        })
    }

    /// The counts of `captures.opponent-counts` as bits, checked: each 1 to
    /// [`MAX_CAPTURE_COUNT`], none twice, and with `chain` and `grand-slam`
    /// only beside them.
    fn read_capture_counts(file: &RulesFile, text: &str, relay: bool) -> Result<u64, RulesError> {
        let fail = |span: Range<usize>, key: &str, message: &str| {
            Err(RulesError::at(text, Some(span), Some(key), message))
        };
        let key = "captures.opponent-counts";
        let Some(counts) = file.captures.opponent_counts.as_ref() else {
            let needs = "it applies to captures on the opponent's row, so it needs \
                         `captures.opponent-counts`";
            if let Some(chain) = file.captures.chain.as_ref() {
                return fail(chain.span(), "captures.chain", needs);
            }
            if let Some(slam) = file.captures.grand_slam.as_ref() {
                return fail(slam.span(), "captures.grand-slam", needs);
            }
            return Ok(0);
        };
        if counts.get_ref().is_empty() {
            return fail(
                counts.span(),
                key,
                "name at least one count (as `[2, 3]`), or leave the key out",
            );
        }
        if relay {
            return fail(
                counts.span(),
                key,
                "a capture on the opponent's row is judged where the last seed lands, \
                 which relay sowing never is; turn one of them off",
            );
        }
        let mut bits = 0u64;
        for count in counts.get_ref() {
            let value = *count.get_ref();
            if !(1..=i64::from(MAX_CAPTURE_COUNT)).contains(&value) {
                return fail(
                    count.span(),
                    key,
                    &format!("{value} is out of range: counts are 1 to {MAX_CAPTURE_COUNT}"),
                );
            }
            if bits & (1 << value) != 0 {
                return fail(count.span(), key, &format!("{value} is named twice"));
            }
            bits |= 1 << value;
        }
        Ok(bits)
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
    /// A lap that ends goes on from the next pit when it is not empty.
    #[must_use]
    pub fn relay(&self) -> bool {
        self.relay
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
    /// A last seed in an empty pit of one's own row takes the opposite pit.
    #[must_use]
    pub fn kalah_capture(&self) -> bool {
        self.kalah_capture
    }
    /// Whether a last seed that makes a pit on the opponent's row hold
    /// `count` captures it.
    #[must_use]
    pub fn captures_count(&self, count: u16) -> bool {
        count < 64 && self.capture_counts & (1 << count) != 0
    }
    /// Whether there are captures on the opponent's row at all.
    #[must_use]
    pub fn opponent_row_captures(&self) -> bool {
        self.capture_counts != 0
    }
    /// The counts that capture on the opponent's row, smallest first.
    #[must_use]
    pub fn capture_counts(&self) -> Vec<u16> {
        (1..64).filter(|&c| self.captures_count(c)).collect()
    }
    /// A capture on the opponent's row goes on backwards from pit to pit.
    #[must_use]
    pub fn chain_captures(&self) -> bool {
        self.chain_captures
    }
    #[must_use]
    pub fn grand_slam(&self) -> GrandSlam {
        self.grand_slam
    }
    /// With the opponent's row empty, only a move that sows into it is legal.
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
mod tests {
    use super::*;

    #[test]
    fn line_and_column_count_characters() {
        let text = "a = 1\nbé = 2\n";
        assert_eq!(line_and_column(text, 0), (1, 1));
        assert_eq!(line_and_column(text, 6), (2, 1));
        // 'é' is two bytes but one column.
        assert_eq!(line_and_column(text, 9), (2, 3));
    }

    #[test]
    fn key_at_names_the_section_and_key() {
        let text = "id = 1\n[board]\npits = 7\n# note\n";
        assert_eq!(key_at(text, 0).as_deref(), Some("id"));
        assert_eq!(
            key_at(text, text.find('7').unwrap()).as_deref(),
            Some("board.pits")
        );
        assert_eq!(key_at(text, text.find("# note").unwrap()), None);
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
            .chain(RoundEnd::WORDS)
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
        agree::<Rounds>();
        agree::<FirstPlayer>();
        assert_eq!(
            Stores::from_str("bowl").unwrap_err().to_string(),
            "unknown value \"bowl\": expected one of sown, not-sown, aside"
        );
    }
}
