//! Checking a rule file: every value in range and every combination one
//! that can be played, each refusal naming the line, column and key at fault
//! and saying why.

use std::fmt;
use std::ops::Range;

use toml::Spanned;

use super::file::{RecordsSection, RulesFile};
use super::old_keys;
use super::{
    MAX_PITS, MAX_SEEDS, MAX_SEEDS_PER_PIT, OwnedSeeds, Plan, RecordNames, Rounds, Rules,
    Shortcuts, Stores,
};
use crate::engine::mechanics::across::Across;
use crate::engine::mechanics::by_count::ByCountKeys;
use crate::engine::mechanics::goal::{EndsWhen, RestGoesTo};
use crate::engine::mechanics::laps::{FirstSeed, Skip};
use crate::engine::mechanics::leap::Leap;
use crate::engine::mechanics::relay::Relay;
use crate::engine::mechanics::while_sowing::{LastSeedGroup, WhileSowing};
use crate::engine::mechanics::{CaptureTables, OwnedPits};

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
    pub(crate) fn at(
        text: &str,
        span: Option<Range<usize>>,
        key: Option<&str>,
        message: &str,
    ) -> Self {
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
    value: &Spanned<String>,
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

/// Text for players with the marks that would reorder or break a line on
/// screen (the right-to-left override, the line separator) dropped:
/// control characters are refused outright, but these are dropped, as in
/// players' names, so that a file (or a save that embeds one) holding one
/// still reads.
fn shown(text: &str) -> String {
    text.chars()
        .filter(|&c| c == '\n' || !crate::text::is_unsafe(c))
        .collect()
}

fn flag(value: Option<&Spanned<bool>>) -> bool {
    value.is_some_and(|v| *v.get_ref())
}

/// A refusal at `span`, naming `key`.
pub(crate) fn refuse<T>(
    text: &str,
    span: Range<usize>,
    key: &str,
    message: &str,
) -> Result<T, RulesError> {
    Err(RulesError::at(text, Some(span), Some(key), message))
}

/// A value as the file wrote it: where, and under which key (today's or an
/// older one), so that a refusal names what the file says.
#[derive(Clone, Debug)]
pub(crate) struct Written<T> {
    pub value: T,
    pub span: Range<usize>,
    pub key: &'static str,
}

impl<T> Written<T> {
    pub fn new(value: T, span: Range<usize>, key: &'static str) -> Written<T> {
        Written { value, span, key }
    }
}

/// A flag that is on, with where it was written; `None` where it is off.
pub(crate) type Flag = Option<Written<()>>;

/// `Some` where a flag was written `true`, with where it was.
pub(crate) fn written_on(value: Option<&Spanned<bool>>, key: &'static str) -> Flag {
    value
        .filter(|v| *v.get_ref())
        .map(|v| Written::new((), v.span(), key))
}

/// Every choice of a rule file in today's keys, each with where it was
/// written: what the mechanics' checks weigh, whichever keys the file used.
pub(crate) struct Keys {
    /// Whether the file used keys of an older version.
    pub older_version: bool,
    pub first_seed: Option<Written<FirstSeed>>,
    pub skip_origin: Flag,
    pub skip_lap_start: Flag,
    pub relay: Option<Written<Relay>>,
    pub must_feed: bool,
    pub extra_turn: Flag,
    pub after_capture: bool,
    pub while_sowing: Option<Written<i64>>,
    pub last_seed_group: LastSeedGroup,
    pub leftover_to_capturer: Option<Written<i64>>,
    pub leap: Option<Written<Leap>>,
    pub across: Option<Written<Across>>,
    pub by_count: Option<ByCountKeys>,
    pub ends_when: Written<EndsWhen>,
    pub rest_goes_to: Option<Written<RestGoesTo>>,
}

/// Refuses a file that writes one thing both the old way and today's.
fn not_both<A, B>(
    text: &str,
    old: Option<&Spanned<A>>,
    old_key: &str,
    new: Option<&Spanned<B>>,
    new_key: &str,
) -> Result<(), RulesError> {
    match (old, new) {
        (Some(old), Some(_)) => refuse(
            text,
            old.span(),
            old_key,
            &format!("this is the older way to write `{new_key}`; write one of them, not both"),
        ),
        _ => Ok(()),
    }
}

/// Refuses a file that writes something both in an old key and in today's.
fn refuse_mixed_keys(file: &RulesFile, text: &str) -> Result<(), RulesError> {
    let sowing = &file.sowing;
    let round = file.round.get_ref();
    not_both(
        text,
        sowing.from_origin.as_ref(),
        "sowing.from-origin",
        sowing.first_seed.as_ref(),
        "sowing.first-seed",
    )?;
    for (old, key) in [
        (&sowing.skip_origin, "sowing.skip-origin"),
        (&sowing.skip_lap_start, "sowing.skip-lap-start"),
    ] {
        not_both(text, old.as_ref(), key, sowing.skip.as_ref(), "sowing.skip")?;
    }
    not_both(
        text,
        sowing.extra_turn.as_ref(),
        "sowing.extra-turn",
        file.extra_turn.as_ref(),
        "[extra-turn]",
    )?;
    not_both(
        text,
        file.captures.as_ref(),
        "captures",
        file.capture.as_ref(),
        "[capture]",
    )?;
    if let Some(end) = &round.end
        && (round.ends_when.is_some() || round.rest_goes_to.is_some())
    {
        return refuse(
            text,
            end.span(),
            "round.end",
            "this is the older way to write `round.ends-when` and `round.rest-goes-to`; \
             write one of them, not both",
        );
    }
    Ok(())
}

/// The file's choices in today's words: its new keys as they are, its old
/// ones put in today's words by [`old_keys`].
fn keys(file: &RulesFile, text: &str) -> Result<Keys, RulesError> {
    refuse_mixed_keys(file, text)?;
    let sowing = &file.sowing;
    let round = file.round.get_ref();
    let old_keys = sowing.from_origin.is_some()
        || sowing.skip_origin.is_some()
        || sowing.skip_lap_start.is_some()
        || sowing.extra_turn.is_some()
        || file.captures.is_some()
        || round.end.is_some();
    let [skip_origin, skip_lap_start] = match &sowing.skip {
        Some(skip) => read_skip(skip, text)?,
        None => [
            written_on(sowing.skip_origin.as_ref(), "sowing.skip-origin"),
            written_on(sowing.skip_lap_start.as_ref(), "sowing.skip-lap-start"),
        ],
    };
    let first_seed = match (&sowing.first_seed, &sowing.from_origin) {
        (Some(first), _) => Some(Written::new(
            *first.get_ref(),
            first.span(),
            "sowing.first-seed",
        )),
        (None, old) => written_on(old.as_ref(), "sowing.from-origin")
            .map(|on| Written::new(FirstSeed::Origin, on.span, on.key)),
    };
    let extra_turn = match &file.extra_turn {
        Some(table) => written_on(table.get_ref().own_store.as_ref(), "extra-turn.own-store"),
        None => written_on(sowing.extra_turn.as_ref(), "sowing.extra-turn"),
    };
    let after_capture = file
        .extra_turn
        .as_ref()
        .is_some_and(|table| flag(table.get_ref().after_capture.as_ref()));
    let captures = match (&file.capture, &file.captures) {
        (Some(capture), _) => read_capture(capture.get_ref()),
        (None, Some(old)) => old_keys::captures(old, text)?,
        (None, None) => CapturePieces::default(),
    };
    let (ends_when, rest_goes_to) = match (&round.ends_when, &round.end) {
        (Some(ends), _) => (
            Written::new(*ends.get_ref(), ends.span(), "round.ends-when"),
            round
                .rest_goes_to
                .as_ref()
                .map(|rest| Written::new(*rest.get_ref(), rest.span(), "round.rest-goes-to")),
        ),
        (None, Some(end)) => old_keys::round_end(end),
        (None, None) => {
            let span = round
                .rest_goes_to
                .as_ref()
                .map_or(file.round.span(), Spanned::span);
            return refuse(
                text,
                span,
                "round.ends-when",
                "say when a round is over: `ends-when = \"row-empty\"`, \"no-move\" or \
                 \"no-one-can-move\"",
            );
        }
    };
    Ok(Keys {
        older_version: old_keys,
        first_seed,
        skip_origin,
        skip_lap_start,
        relay: sowing
            .relay
            .as_ref()
            .map(|r| Written::new(r.get_ref().0, r.span(), "sowing.relay")),
        must_feed: flag(sowing.must_feed.as_ref()),
        extra_turn,
        after_capture,
        while_sowing: captures.while_sowing,
        last_seed_group: captures.last_seed_group,
        leftover_to_capturer: captures.leftover_to_capturer,
        leap: captures.leap,
        across: captures.across,
        by_count: captures.by_count,
        ends_when,
        rest_goes_to,
    })
}

/// `sowing.skip`: each pit named once.
fn read_skip(skip: &Spanned<Vec<Spanned<Skip>>>, text: &str) -> Result<[Flag; 2], RulesError> {
    let (mut origin, mut lap_start) = (None, None);
    for word in skip.get_ref() {
        let slot = match word.get_ref() {
            Skip::Origin => &mut origin,
            Skip::LapStart => &mut lap_start,
        };
        if slot.is_some() {
            return refuse(
                text,
                word.span(),
                "sowing.skip",
                &format!("\"{}\" is named twice", word.get_ref()),
            );
        }
        *slot = Some(Written::new((), word.span(), "sowing.skip"));
    }
    Ok([origin, lap_start])
}

/// The captures a file names, as written.
#[derive(Default)]
pub(crate) struct CapturePieces {
    pub while_sowing: Option<Written<i64>>,
    pub last_seed_group: LastSeedGroup,
    pub leftover_to_capturer: Option<Written<i64>>,
    pub leap: Option<Written<Leap>>,
    pub across: Option<Written<Across>>,
    pub by_count: Option<ByCountKeys>,
}

/// The `[capture]` tables, each read by its mechanic.
fn read_capture(capture: &CaptureTables) -> CapturePieces {
    let (while_sowing, last_seed_group, leftover_to_capturer) =
        match capture.while_sowing.as_ref().map(WhileSowing::read) {
            Some((count, last, leftover)) => (Some(count), last, leftover),
            None => (None, LastSeedGroup::default(), None),
        };
    CapturePieces {
        while_sowing,
        last_seed_group,
        leftover_to_capturer,
        leap: capture
            .leap
            .as_ref()
            .map(|l| Written::new(l.get_ref().read(), l.span(), "capture.leap")),
        across: capture
            .across
            .as_ref()
            .map(|a| Written::new(a.get_ref().read(), a.span(), "capture.across")),
        by_count: capture.by_count.as_ref().map(|b| b.get_ref().read()),
    }
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
        let said = too_large(message, key.as_deref()).unwrap_or_else(|| in_words(message));
        RulesError::at(text, e.span(), key.as_deref(), &said)
    })?;
    let (id, name) = check_texts(&file, text)?;
    let board = super::board::check(&file, text)?;
    let keys = keys(&file, text)?;
    let plan = Plan::compile(&file, &keys, board, text)?;
    let shortcuts = Shortcuts::of(&board, &plan);
    let records = check_records(
        file.records.as_ref(),
        text,
        RecordNeeds {
            rows: board.rows,
            pits: board.pits,
            direction_chosen: plan.ways.chosen(),
            rounds: plan.rounds.rounds,
            owned_pits: plan.owned_pits.as_ref(),
            stores: board.stores,
        },
    )?;
    Ok(Rules {
        id,
        name,
        description: shown(file.description.get_ref()).trim().to_string(),
        played_in: file
            .played_in
            .as_ref()
            .map(|p| shown(p.get_ref()).trim().to_string())
            .filter(|p| !p.is_empty()),
        region: file.region.as_ref().map(|r| *r.get_ref()),
        sources: file.sources.iter().map(|s| shown(s.get_ref())).collect(),
        text: text.to_string(),
        old_keys: keys.older_version,
        board,
        total_seeds: board.total_seeds(),
        plan,
        records,
        shortcuts,
    })
}

/// What the formats of §11 need of a rule set to carry its games.
#[derive(Clone, Copy)]
struct RecordNeeds<'a> {
    rows: u8,
    pits: u8,
    direction_chosen: bool,
    rounds: Rounds,
    owned_pits: Option<&'a OwnedPits>,
    stores: Stores,
}

/// The `[records]` names, each refused where its format cannot carry the
/// game, with what it lacks.
fn check_records(
    section: Option<&Spanned<RecordsSection>>,
    text: &str,
    needs: RecordNeeds<'_>,
) -> Result<RecordNames, RulesError> {
    let Some(section) = section else {
        return Ok(RecordNames::default());
    };
    let section = section.get_ref();
    // Both formats name a move by its pit alone, one row a side, by letters.
    let common = if needs.rows != 2 {
        Some("its moves are written pit by pit on two rows, not four")
    } else if needs.direction_chosen {
        Some("a move there is a pit alone, with no way chosen")
    } else if needs.pits > 26 {
        Some("its pits are letters, 26 at most a row")
    } else if needs.rounds != Rounds::Single {
        Some("it records one game, not a match of rounds")
    } else {
        None
    };
    let mut names = RecordNames::default();
    for (value, key) in [
        (&section.ogn, "records.ogn"),
        (&section.playstrategy, "records.playstrategy"),
    ] {
        let Some(value) = value else { continue };
        let name = value.get_ref().trim();
        if name.is_empty()
            || name.chars().count() > 40
            || name.chars().any(|c| c.is_control() || c == '"')
        {
            return refuse(
                text,
                value.span(),
                key,
                "a name in another program's records is one line of 1 to 40 characters, no quotes",
            );
        }
        let own = if key == "records.ogn" {
            needs
                .owned_pits
                .map(|_| "Aualé's positions have no owned pits")
        } else if needs.stores == Stores::Sown {
            Some("PlayStrategy's move names the pit its last seed falls in, never a store")
        } else {
            needs
                .owned_pits
                .filter(|owned| owned.seeds == OwnedSeeds::Kept || owned.count.is_none())
                .map(|_| "PlayStrategy's positions mark an owned pit `t`, which holds no seeds")
        };
        if let Some(why) = common.or(own) {
            return refuse(
                text,
                value.span(),
                key,
                &format!("this format cannot carry these rules: {why}"),
            );
        }
        if key == "records.ogn" {
            names.ogn = Some(name.to_string());
        } else {
            names.playstrategy = Some(name.to_string());
        }
    }
    Ok(names)
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
        .chain(file.sources.iter().map(|s| (s, "sources", &[][..])))
        .chain(file.played_in.iter().map(|s| (s, "played-in", &[][..])));
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
    let name = shown(file.name.get_ref());
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 40 || name.contains('\n') {
        return refuse(
            text,
            file.name.span(),
            "name",
            "the name must be one line of 1 to 40 characters",
        );
    }
    if let Some(played_in) = &file.played_in
        && !(1..=60).contains(&played_in.get_ref().trim().chars().count())
    {
        return refuse(
            text,
            played_in.span(),
            "played-in",
            "where the game is played is one line of 1 to 60 characters",
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

/// The whole numbers a key may take: pits per row, seeds per pit, and
/// every other number a rule file names, a count of seeds.
pub(crate) fn range_of(key: &str) -> std::ops::RangeInclusive<i64> {
    let most = match key {
        "board.pits" => MAX_PITS.into(),
        "board.seeds-per-pit" => MAX_SEEDS_PER_PIT.into(),
        _ => MAX_SEEDS,
    };
    1..=i64::from(most)
}

/// How a key's range is said: "use 1 to 16".
pub(crate) fn range_words(key: &str) -> String {
    let range = range_of(key);
    format!("use {} to {}", range.start(), range.end())
}

/// A number too large for the reader to hold at all (beyond 64 bits), said
/// with its key's range, if `message` is the reader's word for one.
fn too_large(message: &str, key: Option<&str>) -> Option<String> {
    let number = message
        .strip_prefix("invalid type: integer `")?
        .split_once("` as ")
        .filter(|(_, kind)| kind.starts_with("i128") || kind.starts_with("u128"))?
        .0;
    let range = range_words(key.unwrap_or_default());
    let how = if number.starts_with('-') {
        "small"
    } else {
        "large"
    };
    Some(format!("{number} is far too {how}: {range}"))
}

/// A count of seeds a rule file names, in range.
pub(crate) fn seed_count(value: &Written<i64>, text: &str) -> Result<u16, RulesError> {
    if !range_of(value.key).contains(&value.value) {
        return refuse(
            text,
            value.span.clone(),
            value.key,
            &format!(
                "{} is out of range: {}",
                value.value,
                range_words(value.key)
            ),
        );
    }
    Ok(u16::try_from(value.value).unwrap_or(MAX_SEEDS))
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
