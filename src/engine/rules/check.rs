//! Checking a rule file: every value in range and every combination one
//! that can be played, each refusal naming the line, column and key at fault
//! and saying why.

use std::fmt;
use std::ops::Range;

use toml::Spanned;

use super::file::{CaptureSection, CountsValue, OwnedPitsSection, RecordsSection, RulesFile};
use super::four_rows;
use super::old_keys;
use super::{
    Across, AcrossEmpty, Board, ByCount, Captures, CapturingSeed, CountRow, CountSet, Direction,
    DirectionRule, EndsWhen, ExtraTurn, FirstSeed, FromOwnedPit, GrandSlam, LastSeedGroup, Leap,
    MAX_PITS, MAX_SEEDS, MAX_SEEDS_PER_PIT, MatchRules, Mechanics, NextStarter, OwnedPits,
    OwnedSeeds, RecordNames, Relay, RestGoesTo, RoundRules, Rounds, Rules, Shortcuts, Skip, Sowing,
    Stores, WhileSowing,
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
    pub(super) fn at(
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

fn span_of<T>(value: Option<&Spanned<T>>) -> Option<Range<usize>> {
    value.map(Spanned::span)
}

/// A refusal at `span`, naming `key`.
pub(super) fn refuse<T>(
    text: &str,
    span: Range<usize>,
    key: &str,
    message: &str,
) -> Result<T, RulesError> {
    Err(RulesError::at(text, Some(span), Some(key), message))
}

/// Reads and checks a rule file's text.
/// A value as the file wrote it: where, and under which key (today's or an
/// older one), so that a refusal names what the file says.
#[derive(Clone, Debug)]
pub(super) struct Written<T> {
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
pub(super) type Flag = Option<Written<()>>;

/// `Some` where a flag was written `true`, with where it was.
pub(super) fn written_on(value: Option<&Spanned<bool>>, key: &'static str) -> Flag {
    value
        .filter(|v| *v.get_ref())
        .map(|v| Written::new((), v.span(), key))
}

/// Every choice of a rule file in today's words, each with where it was
/// written: what the checks below weigh, whichever keys the file used.
pub(super) struct Shape {
    pub old_keys: bool,
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
    pub by_count: Option<ByCountShape>,
    /// `[capture.owned-pit]` (today's keys only).
    pub owned_pit: Flag,
    pub ends_when: Written<EndsWhen>,
    pub rest_goes_to: Option<Written<RestGoesTo>>,
}

/// `[capture.by-count]` as written.
pub(super) struct ByCountShape {
    pub counts: Written<CountsValue>,
    pub row: CountRow,
    pub chain: bool,
    pub grand_slam: Option<Written<GrandSlam>>,
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
fn shape(file: &RulesFile, text: &str) -> Result<Shape, RulesError> {
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
    Ok(Shape {
        old_keys,
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
        owned_pit: captures.owned_pit,
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
pub(super) struct CapturePieces {
    pub while_sowing: Option<Written<i64>>,
    pub last_seed_group: LastSeedGroup,
    pub leftover_to_capturer: Option<Written<i64>>,
    pub owned_pit: Flag,
    pub leap: Option<Written<Leap>>,
    pub across: Option<Written<Across>>,
    pub by_count: Option<ByCountShape>,
}

/// The `[capture]` tables.
fn read_capture(capture: &CaptureSection) -> CapturePieces {
    CapturePieces {
        while_sowing: capture.while_sowing.as_ref().map(|w| {
            let count = &w.get_ref().count;
            Written::new(*count.get_ref(), count.span(), "capture.while-sowing.count")
        }),
        owned_pit: capture
            .owned_pit
            .as_ref()
            .map(|o| Written::new((), o.span(), "capture.owned-pit")),
        last_seed_group: capture
            .while_sowing
            .as_ref()
            .map_or_else(LastSeedGroup::default, |w| w.get_ref().last_seed),
        leftover_to_capturer: capture.while_sowing.as_ref().and_then(|w| {
            w.get_ref().leftover_to_capturer.as_ref().map(|k| {
                Written::new(
                    *k.get_ref(),
                    k.span(),
                    "capture.while-sowing.leftover-to-capturer",
                )
            })
        }),
        leap: capture.leap.as_ref().map(|l| {
            let leap = Leap {
                also_across: l.get_ref().also_across,
            };
            Written::new(leap, l.span(), "capture.leap")
        }),
        across: capture.across.as_ref().map(|a| {
            let across = Across {
                across_empty: a.get_ref().across_empty,
                capturing_seed: a.get_ref().capturing_seed,
                after_reaching: a.get_ref().after_reaching,
                chain: a.get_ref().chain,
            };
            Written::new(across, a.span(), "capture.across")
        }),
        by_count: capture.by_count.as_ref().map(|b| {
            let b = b.get_ref();
            ByCountShape {
                counts: Written::new(
                    b.counts.get_ref().clone(),
                    b.counts.span(),
                    "capture.by-count.counts",
                ),
                row: b.row,
                chain: flag(b.chain.as_ref()),
                grand_slam: b
                    .grand_slam
                    .as_ref()
                    .map(|g| Written::new(*g.get_ref(), g.span(), "capture.by-count.grand-slam")),
            }
        }),
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
    let board = check_board(&file, text)?;
    let shape = shape(&file, text)?;
    let mut sowing = check_sowing(&file, &shape, board, text)?;
    let mut capture = check_captures(&shape, sowing, board, text)?;
    capture.pair_across = four_rows::check_pair_across(&file, board, sowing.relay, text)?;
    capture.front_across = four_rows::check_front_across(&file, board, &sowing, &capture, text)?;
    if let Some(in_hand) = &file.board.in_hand
        && board.in_hand > 0
        && capture.front_across.is_none()
    {
        return refuse(
            text,
            in_hand.span(),
            "board.in-hand",
            "seeds in hand are played in by namua moves, which capture the front pit \
             across: it needs `[capture.front-across]`",
        );
    }
    sowing.reversal = four_rows::check_reversal(&file, board, capture.pair_across, text)?;
    let owned_pits = check_owned_pits(&file, &shape, sowing, &capture, text)?;
    let (mut round, match_rules) = check_rounds(&file, &shape, text)?;
    let extra_turn = ExtraTurn {
        own_store: shape.extra_turn.is_some(),
        after_capture: shape.after_capture,
    };
    four_rows::check_combinations(
        &file,
        board,
        &sowing,
        extra_turn,
        &capture,
        owned_pits.is_some(),
        &mut round,
        match_rules.rounds,
        text,
    )?;
    let shortcuts = Shortcuts::of(Mechanics {
        board: &board,
        sowing: &sowing,
        extra_turn: &extra_turn,
        capture: &capture,
        owned_pits: &owned_pits,
        round: &round,
        match_rules: &match_rules,
    });
    let records = check_records(
        file.records.as_ref(),
        text,
        RecordNeeds {
            rows: board.rows,
            pits: board.pits,
            direction_chosen: sowing.direction_chosen,
            rounds: match_rules.rounds,
            owned_pits: owned_pits.as_ref(),
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
        sources: file.sources.iter().map(|s| shown(s.get_ref())).collect(),
        text: text.to_string(),
        old_keys: shape.old_keys,
        board,
        sowing,
        extra_turn,
        capture,
        owned_pits,
        round,
        match_rules,
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
fn range_of(key: &str) -> std::ops::RangeInclusive<i64> {
    let most = match key {
        "board.pits" => MAX_PITS.into(),
        "board.seeds-per-pit" => MAX_SEEDS_PER_PIT.into(),
        _ => MAX_SEEDS,
    };
    1..=i64::from(most)
}

/// How a key's range is said: "use 1 to 16".
fn range_words(key: &str) -> String {
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

/// Pits per row and seeds per pit, in range.
fn check_board(file: &RulesFile, text: &str) -> Result<Board, RulesError> {
    let pits = *file.board.pits.get_ref();
    if !range_of("board.pits").contains(&pits) {
        return refuse(
            text,
            file.board.pits.span(),
            "board.pits",
            &format!(
                "{pits} pits per row is out of range: {}",
                range_words("board.pits")
            ),
        );
    }
    // Both were range-checked just now.
    let pits = u8::try_from(pits).unwrap_or(MAX_PITS);
    let (rows, seeds_in, stores) = four_rows::check_board(file, pits, text)?;
    let start = four_rows::check_start(file, rows, pits, text)?;
    let key = "board.seeds-per-pit";
    let seeds_per_pit = match (&file.board.seeds_per_pit, &start) {
        (Some(seeds), None) => {
            let count = *seeds.get_ref();
            if !range_of(key).contains(&count) {
                return refuse(
                    text,
                    seeds.span(),
                    key,
                    &format!(
                        "{count} seeds per pit is out of range: {}",
                        range_words(key)
                    ),
                );
            }
            u8::try_from(count).unwrap_or(MAX_SEEDS_PER_PIT)
        }
        (None, Some(start)) => start
            .front
            .iter()
            .chain(&start.back)
            .copied()
            .max()
            .unwrap_or(0),
        (Some(seeds), Some(_)) => {
            return refuse(
                text,
                seeds.span(),
                key,
                "the start is listed pit by pit (`front`, `back`): leave `seeds-per-pit` out",
            );
        }
        (None, None) => {
            return refuse(
                text,
                file.board.pits.span(),
                key,
                "say how many seeds each pit starts with: `seeds-per-pit = 4`",
            );
        }
    };
    let in_hand = four_rows::check_in_hand(file, rows, text)?;
    Ok(Board {
        rows,
        pits,
        seeds_per_pit,
        seeds_in,
        start,
        in_hand,
        stores,
    })
}

/// How a file writes skipping the origin, for messages that point to it.
fn skip_origin_key(shape: &Shape) -> &'static str {
    if shape.old_keys {
        "sowing.skip-origin"
    } else {
        "sowing.skip = [\"origin\"]"
    }
}

fn check_sowing(
    file: &RulesFile,
    shape: &Shape,
    board: Board,
    text: &str,
) -> Result<Sowing, RulesError> {
    let relay = shape.relay.as_ref().map_or(Relay::Off, |r| r.value);
    if let Some(extra) = &shape.extra_turn
        && board.stores != Stores::Sown
    {
        return refuse(
            text,
            extra.span.clone(),
            extra.key,
            "an extra turn is earned by ending in one's own store, so it needs \
             `board.stores = \"sown\"`",
        );
    }
    if let Some(first) = &shape.first_seed
        && first.value == FirstSeed::Origin
        && shape.skip_origin.is_some()
    {
        return refuse(
            text,
            first.span.clone(),
            first.key,
            &format!(
                "sowing from the origin drops the first seed into the pit just emptied, \
                 which `{}` forbids; turn one of them off",
                skip_origin_key(shape)
            ),
        );
    }
    if let Some(skip) = &shape.skip_lap_start
        && relay == Relay::Off
    {
        return refuse(
            text,
            skip.span.clone(),
            skip.key,
            &format!(
                "laps after the first come only from relay sowing, so it needs \
                 `sowing.relay`; for the turn's first pit use `{}`",
                skip_origin_key(shape)
            ),
        );
    }
    let (direction, direction_chosen) = match file.sowing.direction.get_ref() {
        DirectionRule::CounterClockwise => (Direction::CounterClockwise, false),
        DirectionRule::Clockwise => (Direction::Clockwise, false),
        DirectionRule::Chosen => (Direction::CounterClockwise, true),
    };
    let (reverse_laps, min_seeds) = check_direction_choice(file, shape, board, relay, text)?;
    Ok(Sowing {
        direction,
        direction_chosen,
        reverse_laps,
        min_seeds,
        first_seed: shape
            .first_seed
            .as_ref()
            .map_or_else(FirstSeed::default, |f| f.value),
        skip_origin: shape.skip_origin.is_some(),
        skip_lap_start: shape.skip_lap_start.is_some(),
        relay,
        must_feed: shape.must_feed,
        // Read with the captures it needs (see `four_rows`).
        reversal: None,
    })
}

/// `reverse-laps` (relays only) and `min-seeds`; the mover's choice of
/// direction with what it can be played with: stores off the track, a relay
/// from the landing pit or none, no chain of captures by count (each looks
/// one way along the track).
fn check_direction_choice(
    file: &RulesFile,
    shape: &Shape,
    board: Board,
    relay: Relay,
    text: &str,
) -> Result<(bool, u16), RulesError> {
    let sowing = &file.sowing;
    let chosen = *sowing.direction.get_ref() == DirectionRule::Chosen;
    let reverse_laps = sowing.reverse_laps.as_ref().is_some_and(|r| *r.get_ref());
    if let Some(reverse) = &sowing.reverse_laps
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
    let min_seeds = match &sowing.min_seeds {
        Some(min) => seed_count(
            &Written::new(*min.get_ref(), min.span(), "sowing.min-seeds"),
            text,
        )?,
        None => 1,
    };
    if !chosen {
        return Ok((reverse_laps, min_seeds));
    }
    let span = sowing.direction.span();
    if board.stores == Stores::Sown {
        return refuse(
            text,
            span,
            "sowing.direction",
            "a sown store lies at one end of the mover's row, where only one direction \
             reaches it; the mover's choice of direction needs `board.stores = \"not-sown\"` \
             or \"aside\"",
        );
    }
    if relay == Relay::NextPit {
        return refuse(
            text,
            span,
            "sowing.direction",
            "a relay from the next pit looks one way along the board; with the mover's \
             choice of direction use `relay = \"landing-pit\"`",
        );
    }
    if let Some(by_count) = &shape.by_count
        && by_count.chain
    {
        return refuse(
            text,
            span,
            "sowing.direction",
            "a chain of captures by count runs backwards along one direction; with the \
             mover's choice of direction leave `chain` out",
        );
    }
    Ok((reverse_laps, min_seeds))
}

/// A count of seeds a rule file names, in range.
fn seed_count(value: &Written<i64>, text: &str) -> Result<u16, RulesError> {
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

fn check_captures(
    shape: &Shape,
    sowing: Sowing,
    board: Board,
    text: &str,
) -> Result<Captures, RulesError> {
    if let Some(leap) = &shape.leap
        && sowing.relay != Relay::NextPit
    {
        return refuse(
            text,
            leap.span.clone(),
            leap.key,
            "a leap capture takes the pit after the empty one where a relay from the \
             next pit stops, so it needs `sowing.relay = \"next-pit\"` (or `true`)",
        );
    }
    let while_sowing = match &shape.while_sowing {
        Some(count) => Some(WhileSowing {
            count: seed_count(count, text)?,
            last_seed: shape.last_seed_group,
            // 0, as the template writes it, is off.
            leftover_to_capturer: match &shape.leftover_to_capturer {
                Some(k) if k.value != 0 => seed_count(k, text)?,
                _ => 0,
            },
        }),
        None => None,
    };
    let by_count = match &shape.by_count {
        Some(by_count) => Some(check_counts(by_count, shape, sowing, board, text)?),
        None => None,
    };
    if let Some(across) = &shape.across
        && across.value.across_empty == AcrossEmpty::CapturingSeed
        && across.value.capturing_seed == CapturingSeed::Left
    {
        return refuse(
            text,
            across.span.clone(),
            across.key,
            "the empty capture takes the capturing seed alone, which \
             `capturing-seed = \"left\"` leaves in its pit: it would take nothing; \
             drop one of them",
        );
    }
    Ok(Captures {
        while_sowing,
        leap: shape.leap.as_ref().map(|l| l.value),
        across: shape.across.as_ref().map(|a| a.value),
        by_count,
        owned_pit: shape.owned_pit.as_ref().map(|_| FromOwnedPit),
        // Read with the board they need (see `four_rows`).
        pair_across: None,
        front_across: None,
    })
}

/// `[capture.by-count]` (or the old `captures.opponent-counts` and
/// `captures.either-row-counts`), checked: each count 1 to [`MAX_SEEDS`],
/// none twice, the grand slam only on the opponent's row, single laps only.
fn check_counts(
    by_count: &ByCountShape,
    shape: &Shape,
    sowing: Sowing,
    board: Board,
    text: &str,
) -> Result<ByCount, RulesError> {
    let counts = &by_count.counts;
    if by_count.row == CountRow::Either
        && let Some(slam) = &by_count.grand_slam
    {
        let needs = if shape.old_keys {
            "`captures.opponent-counts`"
        } else {
            "`row = \"opponent\"`"
        };
        return refuse(
            text,
            slam.span.clone(),
            slam.key,
            &format!("the grand slam is about captures on the opponent's row, so it needs {needs}"),
        );
    }
    let list = match &counts.value {
        CountsValue::Even => None,
        CountsValue::List(list) => Some(list),
    };
    if list.is_some_and(Vec::is_empty) {
        let or = if shape.old_keys {
            "or leave the key out"
        } else {
            "or \"even\", or leave the table out"
        };
        return refuse(
            text,
            counts.span.clone(),
            counts.key,
            &format!("name at least one count (as `[2, 3]`), {or}"),
        );
    }
    if sowing.relay != Relay::Off {
        return refuse(
            text,
            counts.span.clone(),
            counts.key,
            "a capture by count is judged where a single lap's last seed lands, and \
             relay sowing goes on from there; turn one of them off",
        );
    }
    let total = 2 * u16::from(board.pits) * u16::from(board.seeds_per_pit);
    let mut set = CountSet::EMPTY;
    match list {
        None => set = CountSet::evens_up_to(total),
        Some(list) => {
            for count in list {
                let value = *count.get_ref();
                if !range_of(counts.key).contains(&value) {
                    return refuse(
                        text,
                        count.span(),
                        counts.key,
                        &format!("{value} is out of range: {}", range_words(counts.key)),
                    );
                }
                let value = u16::try_from(value).unwrap_or(MAX_SEEDS);
                if set.contains(value) {
                    return refuse(
                        text,
                        count.span(),
                        counts.key,
                        &format!("{value} is named twice"),
                    );
                }
                set.insert(value);
            }
        }
    }
    Ok(ByCount {
        counts: set,
        row: by_count.row,
        chain: by_count.chain,
        grand_slam: by_count
            .grand_slam
            .as_ref()
            .map_or(GrandSlam::CapturesAll, |g| g.value),
    })
}

fn check_owned_pits(
    file: &RulesFile,
    shape: &Shape,
    sowing: Sowing,
    capture: &Captures,
    text: &str,
) -> Result<Option<OwnedPits>, RulesError> {
    let Some(section) = file.owned_pits.as_ref() else {
        if let Some(from_owned) = &file
            .capture
            .as_ref()
            .and_then(|c| c.get_ref().owned_pit.as_ref())
        {
            return refuse(
                text,
                from_owned.span(),
                "capture.owned-pit",
                "a capture from the opponent's owned pits needs owned pits: add \
                 `[owned-pits]` with `seeds = \"kept\"`",
            );
        }
        return Ok(None);
    };
    let owned = section.get_ref();
    let kept = owned.seeds == OwnedSeeds::Kept;
    let (count, pair_across) = owned_counts(section, text)?;
    if !kept && sowing.relay != Relay::Off {
        return refuse(
            text,
            section.span(),
            "owned-pits",
            "a pit becomes owned where a single lap's last seed lands, and relay sowing \
             goes on from there; turn one of them off, or keep the seeds in owned pits \
             (`seeds = \"kept\"`), where a relay stops at an owned pit",
        );
    }
    if rounds_of(file) == Rounds::Many {
        return refuse(
            text,
            section.span(),
            "owned-pits",
            "an owned pit stays its owner's for the rest of the game, which a refill \
             between rounds would undo; it needs `match.rounds = \"single\"`",
        );
    }
    if let Some(by_count) = capture.by_count
        && by_count.row == CountRow::Either
        && let Some(count) = count
        && by_count.counts.contains(count)
    {
        let key = if shape.old_keys {
            "captures.either-row-counts"
        } else {
            "capture.by-count.counts"
        };
        return refuse(
            text,
            owned.count.as_ref().map_or(section.span(), Spanned::span),
            "owned-pits.count",
            &format!(
                "a last seed that makes a pit hold this count would be both captured and \
                 owned; leave the count out of `{key}`"
            ),
        );
    }
    if let Some(from_owned) = &file
        .capture
        .as_ref()
        .and_then(|c| c.get_ref().owned_pit.as_ref())
        && !kept
    {
        return refuse(
            text,
            from_owned.span(),
            "capture.owned-pit",
            "a capture from the opponent's owned pits takes seeds that stay in them: it \
             needs `[owned-pits]` with `seeds = \"kept\"`",
        );
    }
    Ok(Some(OwnedPits {
        count,
        seeds: owned.seeds,
        pair_across,
        last_pit_allowed: owned.last_pit_allowed,
        same_number_allowed: owned.same_number_allowed,
    }))
}

/// `owned-pits.count` and `pair-across`, each in range, one of them at
/// least, pairs only where the seeds are kept.
fn owned_counts(
    section: &Spanned<OwnedPitsSection>,
    text: &str,
) -> Result<(Option<u16>, Option<u16>), RulesError> {
    let owned = section.get_ref();
    let count = match &owned.count {
        Some(count) => Some(seed_count(
            &Written::new(*count.get_ref(), count.span(), "owned-pits.count"),
            text,
        )?),
        None => None,
    };
    let pair_across = match &owned.pair_across {
        Some(pair) if owned.seeds != OwnedSeeds::Kept => {
            return refuse(
                text,
                pair.span(),
                "owned-pits.pair-across",
                "pits owned in pairs keep their seeds (one moves across so each holds 2): \
                 it needs `seeds = \"kept\"`",
            );
        }
        Some(pair) => Some(seed_count(
            &Written::new(*pair.get_ref(), pair.span(), "owned-pits.pair-across"),
            text,
        )?),
        None => None,
    };
    if count.is_none() && pair_across.is_none() {
        return refuse(
            text,
            section.span(),
            "owned-pits",
            "say how a pit becomes owned: `count` (a last seed making a pit of the \
             opponent's row hold it) or `pair-across` (a pair, with `seeds = \"kept\"`)",
        );
    }
    Ok((count, pair_across))
}

fn rounds_of(file: &RulesFile) -> Rounds {
    file.match_
        .rounds
        .as_ref()
        .map_or(Rounds::Single, |r| *r.get_ref())
}

/// `match.next-round-starter`, or its default: the round's winner where
/// players pass, else the player who took the remaining seeds.
fn next_starter(
    file: &RulesFile,
    shape: &Shape,
    rounds: Rounds,
    taker: bool,
    passing: bool,
    text: &str,
) -> Result<NextStarter, RulesError> {
    Ok(match file.match_.next_round_starter.as_ref() {
        None if passing || (rounds == Rounds::Many && !taker) => NextStarter::Winner,
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
            if *starter.get_ref() == NextStarter::TookRemaining && !taker {
                let (needs, instead) = if shape.old_keys {
                    ("`round.end = \"stuck\"`", "\"winner\"")
                } else {
                    (
                        "`rest-goes-to = \"other-player\"` (or `\"emptier\"`)",
                        "\"winner\" or \"loser\"",
                    )
                };
                return refuse(
                    text,
                    starter.span(),
                    "match.next-round-starter",
                    &format!(
                        "only {needs} has a player who takes the remaining seeds; use {instead}"
                    ),
                );
            }
            *starter.get_ref()
        }
    })
}

/// `[round]` and `[match]`, checked together: a match of rounds needs a
/// round end that can lead to the next.
fn check_rounds(
    file: &RulesFile,
    shape: &Shape,
    text: &str,
) -> Result<(RoundRules, MatchRules), RulesError> {
    let round = file.round.get_ref();
    let ends = &shape.ends_when;
    let rest = shape
        .rest_goes_to
        .as_ref()
        .map_or(RestGoesTo::RowOwner, |r| r.value);
    if let Some(written) = &shape.rest_goes_to {
        let needs = match written.value {
            RestGoesTo::OtherPlayer if ends.value != EndsWhen::NoMove => Some(
                "the other player is the one who was not stuck, which only \
                 `ends-when = \"no-move\"` has; use \"row-owner\"",
            ),
            RestGoesTo::Emptier if ends.value != EndsWhen::RowEmpty => Some(
                "the emptier is the player whose row is empty, which only \
                 `ends-when = \"row-empty\"` has; use \"row-owner\"",
            ),
            _ => None,
        };
        if let Some(needs) = needs {
            return refuse(text, written.span.clone(), written.key, needs);
        }
    }
    // Someone takes the seeds left (and may start the next round for it).
    let taker = rest != RestGoesTo::RowOwner;
    let passing = ends.value == EndsWhen::NoOneCanMove;
    let rounds = rounds_of(file);
    let partial_pit = flag(file.match_.partial_pit.as_ref());
    let next_starter = next_starter(file, shape, rounds, taker, passing, text)?;
    if partial_pit && rounds != Rounds::Many {
        return refuse(
            text,
            span_of(file.match_.partial_pit.as_ref()).unwrap_or_default(),
            "match.partial-pit",
            "a partial pit is made when refilling between rounds, so it needs \
             `match.rounds = \"many\"`",
        );
    }
    // A repetition may end a round of a match (§8.3: each player keeps their
    // own row, and the next round is set up from that); the end at more
    // than half the seeds ends the whole game.
    let more_than_half = round.more_than_half.as_ref();
    if flag(more_than_half) && rounds == Rounds::Many {
        return refuse(
            text,
            span_of(more_than_half).unwrap_or_default(),
            "round.more-than-half",
            "the end at more than half the seeds ends the game with no one taking \
             the remaining seeds, so no next round could be set up; it needs \
             `match.rounds = \"single\"`",
        );
    }
    Ok((
        RoundRules {
            ends_when: ends.value,
            rest_goes_to: rest,
            more_than_half: flag(round.more_than_half.as_ref()),
            repetition: flag(round.repetition.as_ref()),
            // Read with the board they depend on (see `four_rows`).
            stuck_player_loses: false,
            leapfrog_is_stuck: false,
            front_row_empty_loses: false,
        },
        MatchRules {
            rounds,
            next_starter,
            partial_pit,
            first_player: file.match_.first_player,
            swap: file.match_.swap,
        },
    ))
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
