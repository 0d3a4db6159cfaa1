//! Checking a rule file: every value in range and every combination one
//! that can be played, each refusal naming the line, column and key at fault
//! and saying why.

use std::fmt;
use std::ops::Range;

use super::file::{CapturesSection, RulesFile};
use super::{
    CountRow, CountSet, GrandSlam, MAX_PITS, MAX_SEEDS, MAX_SEEDS_PER_PIT, NextStarter, OwnedPits,
    Relay, RoundEnd, Rounds, Rules, Stores,
};

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

/// The tables a rule file must have.
const TABLES: [&str; 3] = ["board", "sowing", "round"];

/// The TOML reader's names for kinds of value, in the words of the README.
fn in_words(message: &str) -> String {
    [
        ("expected i64", "expected a whole number"),
        ("expected a boolean", "expected true or false"),
        ("expected a string", "expected a text in quotes"),
        ("floating point", "decimal number"),
        ("invalid type: integer", "invalid type: whole number"),
        ("invalid type: boolean", "invalid type: true or false"),
        ("invalid type: string", "invalid type: text"),
        (
            "wanted string or table",
            "expected one of its words, in quotes",
        ),
    ]
    .iter()
    .fold(message.to_string(), |said, (theirs, ours)| {
        said.replace(theirs, ours)
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

/// A refusal at `span`, naming `key`.
fn refuse<T>(text: &str, span: Range<usize>, key: &str, message: &str) -> Result<T, RulesError> {
    Err(RulesError::at(text, Some(span), Some(key), message))
}

/// Reads and checks a rule file's text.
pub(super) fn check(text: &str) -> Result<Rules, RulesError> {
    let file: RulesFile = toml::from_str(text).map_err(|e| {
        let message = e.message().trim_end();
        let key = missing_key(text, e.span(), message)
            .or_else(|| e.span().and_then(|span| key_at(text, span.start)));
        // A whole table left out is named as one, where it would go: after
        // the last line, not at the top of the file.
        if let Some(table) = key.as_deref().filter(|k| TABLES.contains(k))
            && message.starts_with("missing field")
        {
            let end = text.trim_end().len();
            let said = format!("the [{table}] table is missing: every rule file has one");
            return RulesError::at(text, Some(end..end), Some(table), &said);
        }
        RulesError::at(text, e.span(), key.as_deref(), &in_words(message))
    })?;
    let (id, name) = check_texts(&file, text)?;
    let (pits, seeds_per_pit) = check_board(&file, text)?;
    let sowing = check_sowing(&file, text)?;
    let captures = check_captures(&file, text, sowing.relay)?;
    let owned_pits = check_owned_pits(&file, text, sowing.relay, &captures)?;
    let rounds = check_rounds(&file, text)?;
    Ok(Rules {
        id,
        name,
        description: file.description.get_ref().trim().to_string(),
        sources: file
            .sources
            .into_iter()
            .map(toml::Spanned::into_inner)
            .collect(),
        text: text.to_string(),
        pits,
        seeds_per_pit,
        stores: *file.board.stores.get_ref(),
        direction: file.sowing.direction,
        skip_origin: sowing.skip_origin,
        from_origin: sowing.from_origin,
        relay: sowing.relay,
        skip_lap_start: sowing.skip_lap_start,
        extra_turn: sowing.extra_turn,
        four_capture: file.captures.four,
        leap_capture: captures.leap,
        kalah_capture: captures.kalah,
        kalah_empty: captures.kalah_empty,
        capture_counts: captures.counts,
        count_row: captures.count_row,
        chain_captures: captures.chain,
        grand_slam: captures.grand_slam,
        owned_pits,
        must_feed: sowing.must_feed,
        round_end: rounds.end,
        more_than_half_ends: rounds.more_than_half,
        repetition_ends: rounds.repetition,
        rounds: rounds.rounds,
        next_starter: rounds.next_starter,
        partial_pit: rounds.partial_pit,
        first_player: file.match_.first_player,
        sows_plainly: sowing.relay == Relay::Off
            && !sowing.from_origin
            && !sowing.skip_lap_start
            && owned_pits.is_none(),
    })
}

/// The id and the name, and no text that would act on a terminal.
fn check_texts(file: &RulesFile, text: &str) -> Result<(String, String), RulesError> {
    let id = file.id.get_ref();
    let id_ok = !id.is_empty()
        && id.len() <= 32
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !id.starts_with('-');
    if !id_ok {
        return refuse(
            text,
            file.id.span(),
            "id",
            &format!("{id:?} is not a valid id: use 1 to 32 lowercase letters, digits and dashes"),
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
                "holds a line break: only the description may have more than one line".to_string()
            } else {
                format!(
                    "holds a control character ({}), which no text in a rule file may",
                    c.escape_unicode()
                )
            };
            return refuse(text, at..at, key, &why);
        }
    }
    let name = file.name.get_ref().trim();
    if name.is_empty() || name.chars().count() > 40 || name.contains('\n') {
        return refuse(
            text,
            file.name.span(),
            "name",
            "the name must be one line of 1 to 40 characters",
        );
    }
    if file.description.get_ref().trim().is_empty() {
        return refuse(
            text,
            file.description.span(),
            "description",
            "the description must not be empty",
        );
    }
    Ok((id.clone(), name.to_string()))
}

/// Pits per row and seeds per pit, in range.
fn check_board(file: &RulesFile, text: &str) -> Result<(u8, u8), RulesError> {
    let pits = *file.board.pits.get_ref();
    if !(1..=i64::from(MAX_PITS)).contains(&pits) {
        return refuse(
            text,
            file.board.pits.span(),
            "board.pits",
            &format!("{pits} pits per row is out of range: use 1 to {MAX_PITS}"),
        );
    }
    let seeds = *file.board.seeds_per_pit.get_ref();
    if !(1..=i64::from(MAX_SEEDS_PER_PIT)).contains(&seeds) {
        return refuse(
            text,
            file.board.seeds_per_pit.span(),
            "board.seeds-per-pit",
            &format!("{seeds} seeds per pit is out of range: use 1 to {MAX_SEEDS_PER_PIT}"),
        );
    }
    // Both were range-checked just now.
    Ok((
        u8::try_from(pits).unwrap_or(MAX_PITS),
        u8::try_from(seeds).unwrap_or(MAX_SEEDS_PER_PIT),
    ))
}

/// The `[sowing]` values that passed their checks.
#[allow(clippy::struct_excessive_bools)]
struct Sowing {
    skip_origin: bool,
    from_origin: bool,
    relay: Relay,
    skip_lap_start: bool,
    extra_turn: bool,
    must_feed: bool,
}

fn check_sowing(file: &RulesFile, text: &str) -> Result<Sowing, RulesError> {
    let sowing = &file.sowing;
    let skip_origin = flag(sowing.skip_origin.as_ref());
    let from_origin = flag(sowing.from_origin.as_ref());
    let relay = sowing.relay.as_ref().map_or(Relay::Off, |r| r.get_ref().0);
    let skip_lap_start = flag(sowing.skip_lap_start.as_ref());
    let extra_turn = flag(sowing.extra_turn.as_ref());
    let at = |value: Option<&toml::Spanned<bool>>| span_of(value).unwrap_or_default();
    if extra_turn && *file.board.stores.get_ref() != Stores::Sown {
        return refuse(
            text,
            at(sowing.extra_turn.as_ref()),
            "sowing.extra-turn",
            "an extra turn is earned by ending in one's own store, so it needs \
             `board.stores = \"sown\"`",
        );
    }
    if from_origin && skip_origin {
        return refuse(
            text,
            at(sowing.from_origin.as_ref()),
            "sowing.from-origin",
            "sowing from the origin drops the first seed into the pit just emptied, \
             which `sowing.skip-origin` forbids; turn one of them off",
        );
    }
    if skip_lap_start && relay == Relay::Off {
        return refuse(
            text,
            at(sowing.skip_lap_start.as_ref()),
            "sowing.skip-lap-start",
            "laps after the first come only from relay sowing, so it needs \
             `sowing.relay`; for the turn's first pit use `sowing.skip-origin`",
        );
    }
    Ok(Sowing {
        skip_origin,
        from_origin,
        relay,
        skip_lap_start,
        extra_turn,
        must_feed: flag(sowing.must_feed.as_ref()),
    })
}

/// The `[captures]` values that passed their checks.
#[allow(clippy::struct_excessive_bools)]
struct Captures {
    leap: bool,
    kalah: bool,
    kalah_empty: bool,
    counts: CountSet,
    count_row: CountRow,
    chain: bool,
    grand_slam: GrandSlam,
}

fn check_captures(file: &RulesFile, text: &str, relay: Relay) -> Result<Captures, RulesError> {
    let captures = &file.captures;
    let at = |value: Option<&toml::Spanned<bool>>| span_of(value).unwrap_or_default();
    let leap = flag(captures.leap.as_ref());
    let kalah = flag(captures.kalah.as_ref());
    let kalah_empty = flag(captures.kalah_empty.as_ref());
    if leap && relay != Relay::NextPit {
        return refuse(
            text,
            at(captures.leap.as_ref()),
            "captures.leap",
            "a leap capture takes the pit after the empty one where a relay from the \
             next pit stops, so it needs `sowing.relay = \"next-pit\"` (or `true`)",
        );
    }
    if kalah_empty && !kalah {
        return refuse(
            text,
            at(captures.kalah_empty.as_ref()),
            "captures.kalah-empty",
            "it changes the Kalah capture, so it needs `captures.kalah = true`",
        );
    }
    let (counts, count_row) = read_counts(captures, text, relay)?;
    Ok(Captures {
        leap,
        kalah,
        kalah_empty,
        counts,
        count_row,
        chain: flag(captures.chain.as_ref()),
        grand_slam: captures
            .grand_slam
            .as_ref()
            .map_or(GrandSlam::CapturesAll, |g| *g.get_ref()),
    })
}

/// The counts of `captures.opponent-counts` or `captures.either-row-counts`
/// (one of them at most), checked: each 1 to [`MAX_SEEDS`], none twice;
/// `chain` only beside them and `grand-slam` only beside the opponent's.
fn read_counts(
    captures: &CapturesSection,
    text: &str,
    relay: Relay,
) -> Result<(CountSet, CountRow), RulesError> {
    let (counts, key, row) = match (&captures.opponent_counts, &captures.either_row_counts) {
        (Some(_), Some(either)) => {
            return refuse(
                text,
                either.span(),
                "captures.either-row-counts",
                "captures by count look at one row or at both, not both ways at once: \
                 keep `captures.opponent-counts` or this",
            );
        }
        (Some(counts), None) => (counts, "captures.opponent-counts", CountRow::Opponent),
        (None, Some(counts)) => (counts, "captures.either-row-counts", CountRow::Either),
        (None, None) => {
            let needs = "it applies to captures by count, so it needs \
                         `captures.opponent-counts` or `captures.either-row-counts`";
            if let Some(chain) = captures.chain.as_ref() {
                return refuse(text, chain.span(), "captures.chain", needs);
            }
            if let Some(slam) = captures.grand_slam.as_ref() {
                return refuse(text, slam.span(), "captures.grand-slam", needs);
            }
            return Ok((CountSet::EMPTY, CountRow::Opponent));
        }
    };
    if row == CountRow::Either
        && let Some(slam) = captures.grand_slam.as_ref()
    {
        return refuse(
            text,
            slam.span(),
            "captures.grand-slam",
            "the grand slam is about captures on the opponent's row, so it needs \
             `captures.opponent-counts`",
        );
    }
    if counts.get_ref().is_empty() {
        return refuse(
            text,
            counts.span(),
            key,
            "name at least one count (as `[2, 3]`), or leave the key out",
        );
    }
    if relay != Relay::Off {
        return refuse(
            text,
            counts.span(),
            key,
            "a capture by count is judged where a single lap's last seed lands, and \
             relay sowing goes on from there; turn one of them off",
        );
    }
    let mut set = CountSet::EMPTY;
    for count in counts.get_ref() {
        let value = *count.get_ref();
        if !(1..=i64::from(MAX_SEEDS)).contains(&value) {
            return refuse(
                text,
                count.span(),
                key,
                &format!("{value} is out of range: counts are 1 to {MAX_SEEDS}"),
            );
        }
        let value = u16::try_from(value).unwrap_or(MAX_SEEDS);
        if set.contains(value) {
            return refuse(text, count.span(), key, &format!("{value} is named twice"));
        }
        set.insert(value);
    }
    Ok((set, row))
}

fn check_owned_pits(
    file: &RulesFile,
    text: &str,
    relay: Relay,
    captures: &Captures,
) -> Result<Option<OwnedPits>, RulesError> {
    let Some(section) = file.owned_pits.as_ref() else {
        return Ok(None);
    };
    let count = *section.get_ref().count.get_ref();
    let count_span = section.get_ref().count.span();
    if !(1..=i64::from(MAX_SEEDS)).contains(&count) {
        return refuse(
            text,
            count_span,
            "owned-pits.count",
            &format!("{count} is out of range: use 1 to {MAX_SEEDS}"),
        );
    }
    let count = u16::try_from(count).unwrap_or(MAX_SEEDS);
    if relay != Relay::Off {
        return refuse(
            text,
            section.span(),
            "owned-pits",
            "a pit becomes owned where a single lap's last seed lands, and relay sowing \
             goes on from there; turn one of them off",
        );
    }
    let rounds = file
        .match_
        .rounds
        .as_ref()
        .map_or(Rounds::Single, |r| *r.get_ref());
    if rounds == Rounds::Many {
        return refuse(
            text,
            section.span(),
            "owned-pits",
            "an owned pit stays its owner's for the rest of the game, which a refill \
             between rounds would undo; it needs `match.rounds = \"single\"`",
        );
    }
    if captures.count_row == CountRow::Either && captures.counts.contains(count) {
        return refuse(
            text,
            count_span,
            "owned-pits.count",
            "a last seed that makes a pit hold this count would be both captured and \
             owned; leave the count out of `captures.either-row-counts`",
        );
    }
    Ok(Some(OwnedPits {
        count,
        last_pit_allowed: section.get_ref().last_pit_allowed,
        same_number_allowed: section.get_ref().same_number_allowed,
    }))
}

/// The `[round]` and `[match]` values that passed their checks.
#[allow(clippy::struct_excessive_bools)]
struct RoundRules {
    end: RoundEnd,
    more_than_half: bool,
    repetition: bool,
    rounds: Rounds,
    next_starter: NextStarter,
    partial_pit: bool,
}

fn check_rounds(file: &RulesFile, text: &str) -> Result<RoundRules, RulesError> {
    let round = &file.round;
    let end = *round.end.get_ref();
    let rounds = file
        .match_
        .rounds
        .as_ref()
        .map_or(Rounds::Single, |r| *r.get_ref());
    let partial_pit = flag(file.match_.partial_pit.as_ref());
    if rounds == Rounds::Many && !matches!(end, RoundEnd::Stuck | RoundEnd::Pass) {
        return refuse(
            text,
            round.end.span(),
            "round.end",
            "a match of many rounds needs `round.end = \"stuck\"` or `\"pass\"`: a round \
             must end with every seed in a store, ready for the refill",
        );
    }
    let next_starter = match file.match_.next_round_starter.as_ref() {
        None if end == RoundEnd::Pass => NextStarter::Winner,
        None => NextStarter::TookRemaining,
        Some(starter) => {
            if rounds != Rounds::Many {
                return refuse(
                    text,
                    starter.span(),
                    "match.next-round-starter",
                    "there is no next round in a single game; it needs \
                     `match.rounds = \"many\"`",
                );
            }
            if *starter.get_ref() == NextStarter::TookRemaining && end != RoundEnd::Stuck {
                return refuse(
                    text,
                    starter.span(),
                    "match.next-round-starter",
                    "only `round.end = \"stuck\"` has a player who takes the remaining \
                     seeds; use \"winner\"",
                );
            }
            *starter.get_ref()
        }
    };
    if partial_pit && rounds != Rounds::Many {
        return refuse(
            text,
            span_of(file.match_.partial_pit.as_ref()).unwrap_or_default(),
            "match.partial-pit",
            "a partial pit is made when refilling between rounds, so it needs \
             `match.rounds = \"many\"`",
        );
    }
    let more_than_half = flag(round.more_than_half.as_ref());
    let repetition = flag(round.repetition.as_ref());
    for (value, key, what) in [
        (
            round.more_than_half.as_ref(),
            "round.more-than-half",
            "the end at more than half the seeds",
        ),
        (
            round.repetition.as_ref(),
            "round.repetition",
            "the end by a repeated position",
        ),
    ] {
        if flag(value) && rounds == Rounds::Many {
            return refuse(
                text,
                span_of(value).unwrap_or_default(),
                key,
                &format!(
                    "{what} ends the game with no one taking the remaining seeds, \
                     so no next round could be set up; it needs `match.rounds = \"single\"`"
                ),
            );
        }
    }
    Ok(RoundRules {
        end,
        more_than_half,
        repetition,
        rounds,
        next_starter,
        partial_pit,
    })
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
