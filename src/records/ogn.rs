//! Aualé's game files (rules.md §11.1): tags such as `[South "Ann"]`,
//! then the moves as letters (`1. A b 2. C c 3. B+2`), South's pits
//! capitals and North's small letters, a capture followed by `+` and the
//! seeds it took; `{...}` a comment, `(...)` a variation.

use std::fmt::Write as _;
use std::sync::Arc;

use super::{About, Record, RecordError, Replay};
use crate::catalog::Catalog;
use crate::engine::{BySide, Position, Rules, Side, letter_move, move_letter, seeds_taken};
use crate::session::{Action, Note, Session};

/// Lines of moves are kept under this many characters.
const LINE_WIDTH: usize = 79;

/// A tag as read: its value and where the value begins.
struct Tag {
    name: String,
    value: String,
    at: usize,
}

/// Reads an OGN file under `rules` where given (its Variant must be theirs),
/// else under the rule set of `catalog` its Variant names.
///
/// # Errors
/// The line and column of the first fault: a malformed tag, a variant not
/// carried, a bad FEN, a move that is not legal (or whose `+n` differs
/// from what it takes), a result the moves do not give.
pub fn read(
    text: &str,
    rules: Option<&Arc<Rules>>,
    catalog: &Catalog,
) -> Result<Record, RecordError> {
    let (tags, moves_at) = read_tags(text)?;
    let tag = |name: &str| tags.iter().find(|t| t.name == name);
    let known = |name: &str| {
        tag(name)
            .map(|t| t.value.trim().to_string())
            .filter(|v| !v.is_empty() && v != "?")
    };
    let rules = variant_rules(text, tag("Variant"), rules, catalog)?;
    let start = match tag("FEN") {
        Some(fen) => read_fen(text, fen, &rules)?,
        None => Position::new(&rules, Side::South),
    };
    let mut replay = Replay::new(&rules, start);
    let mut notes = Vec::new();
    let result_token = read_moves(text, moves_at, &rules, &mut replay, &mut notes)?;
    let result = match (tag("Result"), result_token) {
        (Some(tag), _) => Some((tag.value.trim().to_string(), tag.at)),
        (None, token) => token,
    };
    let ended_by_players = match result {
        Some((value, at)) => check_result(text, &value, at, &replay)?,
        None => false,
    };
    Ok(Record {
        rules,
        start,
        moves: replay.moves,
        names: BySide::new(known("South"), known("North")),
        title: known("Event"),
        played_on: known("Date").as_deref().and_then(parse_record_date),
        notes,
        ended_by_players,
    })
}

/// The tags at the head of the file, and where the moves begin.
fn read_tags(text: &str) -> Result<(Vec<Tag>, usize), RecordError> {
    let mut tags: Vec<Tag> = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim();
        let indent = line.len() - line.trim_start().len();
        if trimmed.is_empty() {
            offset += line.len();
            continue;
        }
        if !trimmed.starts_with('[') {
            break;
        }
        let tag = read_tag(text, offset + indent, trimmed)?;
        if tags.iter().any(|t| t.name == tag.name) {
            return Err(RecordError::at(
                text,
                offset + indent,
                format!("the tag {} is given twice", tag.name),
            ));
        }
        tags.push(tag);
        offset += line.len();
    }
    Ok((tags, offset))
}

/// One `[Name "value"]` line, `at` its place in `text`.
fn read_tag(text: &str, at: usize, line: &str) -> Result<Tag, RecordError> {
    let wrong = |offset: usize, what: &str| {
        RecordError::at(
            text,
            at + offset,
            format!("{what}: a tag is one line, [Name \"value\"]"),
        )
    };
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(|| wrong(line.len() - 1, "no closing ]"))?;
    let name_len = inner
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(inner.len());
    if name_len == 0 {
        return Err(wrong(1, "no tag name"));
    }
    let rest = &inner[name_len..];
    let spaces = rest.len() - rest.trim_start().len();
    let quoted = rest.trim_start();
    let value_at = 1 + name_len + spaces;
    let Some(body) = quoted.strip_prefix('"') else {
        return Err(wrong(value_at, "the value is not in quotes"));
    };
    let mut value = String::new();
    let mut chars = body.char_indices();
    let mut end = None;
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some((_, escaped @ ('"' | '\\'))) => value.push(escaped),
                _ => return Err(wrong(value_at + 1 + i, "a backslash escapes only \" or \\")),
            },
            '"' => {
                end = Some(i);
                break;
            }
            c => value.push(c),
        }
    }
    let Some(end) = end else {
        return Err(wrong(value_at, "the value's closing quote is missing"));
    };
    if !body[end + 1..].trim().is_empty() {
        return Err(wrong(value_at + end + 2, "more after the value"));
    }
    Ok(Tag {
        name: inner[..name_len].to_string(),
        value: crate::text::printable(&value),
        at: at + value_at + 1,
    })
}

/// The rule set the Variant tag names: `rules` if given (and theirs), else
/// the first of `catalog` with that name; with no tag, the one name all
/// carried games share.
fn variant_rules(
    text: &str,
    variant: Option<&Tag>,
    rules: Option<&Arc<Rules>>,
    catalog: &Catalog,
) -> Result<Arc<Rules>, RecordError> {
    let carried: Vec<&Arc<Rules>> = catalog
        .entries()
        .iter()
        .map(|e| &e.rules)
        .chain(rules)
        .filter(|r| r.record_names().ogn.is_some())
        .collect();
    let ogn = |r: &Rules| r.record_names().ogn.clone().unwrap_or_default();
    let mut names: Vec<String> = carried.iter().map(|r| ogn(r)).collect();
    names.dedup();
    let read = names.join(", ");
    let Some(variant) = variant else {
        return match (rules, &names[..]) {
            (Some(rules), _) if rules.record_names().ogn.is_some() => Ok(rules.clone()),
            (None, [_]) => Ok(carried[0].clone()),
            _ => Err(RecordError::at(
                text,
                0,
                format!("no Variant tag: this project reads OGN files of {read}"),
            )),
        };
    };
    let wanted = variant.value.trim();
    let found = match rules {
        Some(rules) => (ogn(rules) == wanted).then(|| rules.clone()),
        None => carried.into_iter().find(|r| ogn(r) == wanted).cloned(),
    };
    found.ok_or_else(|| {
        RecordError::at(
            text,
            variant.at,
            format!(
                "the variant {wanted:?} is not one this project plays: it reads OGN files of {read}"
            ),
        )
    })
}

/// The `FEN` tag: every pit (South's, then North's), the two stores and who
/// moves, joined by `-`.
fn read_fen(text: &str, fen: &Tag, rules: &Rules) -> Result<Position, RecordError> {
    let pits = usize::from(rules.pits());
    let shape = || {
        format!(
            "the FEN should be {} pit counts (South's then North's), the two stores and S or N, \
             joined by -",
            2 * pits
        )
    };
    let fields: Vec<&str> = fen.value.trim().split('-').collect();
    if fields.len() != 2 * pits + 3 {
        return Err(RecordError::at(text, fen.at, shape()));
    }
    let mut counts = Vec::new();
    for (index, field) in fields[..2 * pits + 2].iter().enumerate() {
        let count = field.parse::<u16>().map_err(|_| {
            RecordError::at(
                text,
                fen.at,
                format!(
                    "{}: {field:?} (field {}) is not a count",
                    shape(),
                    index + 1
                ),
            )
        })?;
        counts.push(count);
    }
    let mover = match fields[2 * pits + 2] {
        "S" => Side::South,
        "N" => Side::North,
        other => {
            return Err(RecordError::at(
                text,
                fen.at,
                format!("{}: {other:?} is neither S nor N", shape()),
            ));
        }
    };
    let stores = [counts[2 * pits], counts[2 * pits + 1]];
    Position::from_rows(
        rules,
        &counts[..pits],
        &counts[pits..2 * pits],
        stores,
        mover,
    )
    .map_err(|e| RecordError::at(text, fen.at, format!("the FEN: {e}")))
}

/// The moves, each played on `replay`, comments kept in `notes`; and the
/// result written after them, if any, with its place.
pub(super) fn read_moves(
    text: &str,
    from: usize,
    rules: &Rules,
    replay: &mut Replay,
    notes: &mut Vec<Note>,
) -> Result<Option<(String, usize)>, RecordError> {
    let bytes = text.as_bytes();
    let mut at = from;
    let mut result = None;
    while at < bytes.len() {
        let c = bytes[at];
        if let Some((value, _)) = &result {
            if !c.is_ascii_whitespace() {
                return Err(RecordError::at(
                    text,
                    at,
                    format!("nothing may follow the result {value}"),
                ));
            }
            at += 1;
            continue;
        }
        match c {
            c if c.is_ascii_whitespace() => at += 1,
            b'{' => {
                let end = text[at..].find('}').ok_or_else(|| {
                    RecordError::at(text, at, "a comment that is never closed by }")
                })?;
                notes.extend(Note::new(replay.moves.len(), &text[at + 1..at + end]));
                at += end + 1;
            }
            b'(' => at = skip_variation(text, at)?,
            b'*' => {
                result = Some(("*".to_string(), at));
                at += 1;
            }
            b'0'..=b'9' => {
                let digits = text[at..]
                    .find(|c: char| !c.is_ascii_digit())
                    .map_or(text.len() - at, |n| n);
                let after = at + digits;
                if text[after..].starts_with('.') {
                    // A move number: 1. (or 1... before a North move).
                    at = after + text[after..].len() - text[after..].trim_start_matches('.').len();
                } else if text[after..].starts_with('-') {
                    let end = text[after + 1..]
                        .find(|c: char| !c.is_ascii_digit())
                        .map_or(text.len(), |n| after + 1 + n);
                    result = Some((text[at..end].to_string(), at));
                    at = end;
                } else {
                    return Err(RecordError::at(
                        text,
                        at,
                        "a number here is a move number (1.) or a result (24-24)",
                    ));
                }
            }
            c if c.is_ascii_alphabetic() => at = read_move(text, at, rules, replay)?,
            _ => {
                let shown: String = text[at..].chars().take(1).collect();
                return Err(RecordError::at(
                    text,
                    at,
                    format!(
                        "{shown:?} is not part of a move: moves are letters ({}), with + and the \
                         seeds a capture takes",
                        letters_said(rules)
                    ),
                ));
            }
        }
    }
    Ok(result)
}

/// `A` to `F` and `a` to `f`, for `rules`' board.
fn letters_said(rules: &Rules) -> String {
    let last = char::from(b'a' + rules.pits() - 1);
    format!("A to {} and a to {last}", last.to_ascii_uppercase())
}

/// Past the variation that opens at `at`, and any inside it.
fn skip_variation(text: &str, at: usize) -> Result<usize, RecordError> {
    let mut depth = 0;
    let mut in_comment = false;
    for (i, c) in text[at..].char_indices() {
        match c {
            '{' if !in_comment => in_comment = true,
            '}' if in_comment => in_comment = false,
            '(' if !in_comment => depth += 1,
            ')' if !in_comment => {
                depth -= 1;
                if depth == 0 {
                    return Ok(at + i + 1);
                }
            }
            _ => {}
        }
    }
    Err(RecordError::at(
        text,
        at,
        "a variation that is never closed by )",
    ))
}

/// The move whose letter is at `at` (with its `+n`), played; where the
/// text goes on after it.
fn read_move(
    text: &str,
    at: usize,
    rules: &Rules,
    replay: &mut Replay,
) -> Result<usize, RecordError> {
    let letter = char::from(text.as_bytes()[at]);
    let number = replay.moves.len() + 1;
    let (side, played) = letter_move(rules, letter).ok_or_else(|| {
        RecordError::at(
            text,
            at,
            format!("{letter:?} is not a pit: moves are {}", letters_said(rules)),
        )
    })?;
    let mut end = at + 1;
    let mut said = None;
    if text[end..].starts_with('+') {
        let digits = text[end + 1..]
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(text.len() - end - 1);
        said = text[end + 1..end + 1 + digits].parse::<u32>().ok();
        if said.is_none() {
            return Err(RecordError::at(
                text,
                end,
                format!("move {number} ({letter}): + is followed by the seeds the move takes"),
            ));
        }
        end += 1 + digits;
    }
    let trace = replay
        .play(side, played)
        .map_err(|message| RecordError::at(text, at, message))?;
    let taken = seeds_taken(&trace, side);
    if let Some(said) = said
        && said != u32::from(taken)
    {
        return Err(RecordError::at(
            text,
            at,
            format!("move {number} ({letter}+{said}) takes {taken} seeds, not {said}"),
        ));
    }
    Ok(end)
}

/// Checks the result against the moves: the final stores where the game
/// is over; where it is not, the stores with each row gathered to its
/// owner, which says the players stopped there (`true`).
fn check_result(text: &str, value: &str, at: usize, replay: &Replay) -> Result<bool, RecordError> {
    if value == "*" {
        return Ok(false);
    }
    let game = &replay.game;
    let stores = value
        .split_once('-')
        .and_then(|(s, n)| Some((s.trim().parse::<u16>().ok()?, n.trim().parse::<u16>().ok()?)));
    let Some((south, north)) = stores else {
        return Err(RecordError::at(
            text,
            at,
            format!(
                "the result {value:?} is neither * nor the final stores, South's-North's (25-23)"
            ),
        ));
    };
    let (position, over) = match game.position().to_move() {
        None => (*game.position(), true),
        Some(_) => match game.end_now() {
            Ok(ended) => (*ended.position(), false),
            Err(e) => return Err(RecordError::at(text, at, format!("the result: {e}"))),
        },
    };
    let given = (position.store(Side::South), position.store(Side::North));
    if given != (south, north) {
        let why = if over {
            "the moves end the game"
        } else {
            "the game is not over, and with each row gathered to its owner the moves give"
        };
        return Err(RecordError::at(
            text,
            at,
            format!(
                "the result says {south}-{north}, but {why} {}-{}",
                given.0, given.1
            ),
        ));
    }
    Ok(!over)
}

/// A match as an OGN file.
#[must_use]
pub fn write(session: &Session, meta: &About) -> String {
    let rules = session.rules();
    let position = session.position();
    let result = if position.to_move().is_some() {
        "*".to_string()
    } else {
        format!(
            "{}-{}",
            position.store(Side::South),
            position.store(Side::North)
        )
    };
    // The eight tags in §11.1's order; any others follow, sorted by name.
    let mut tags: Vec<(&str, String)> = vec![
        (
            "Variant",
            rules.record_names().ogn.clone().unwrap_or_default(),
        ),
        ("Event", meta.title.clone().unwrap_or_else(|| "?".into())),
        ("Site", "?".into()),
        ("Date", record_date(session.started_at)),
        ("Round", "?".into()),
        ("South", session.display_name(Side::South)),
        ("North", session.display_name(Side::North)),
        ("Result", result),
    ];
    // Aualé's usual start has South to move: any other start is written.
    if *session.start() != Position::new(rules, Side::South) {
        tags.push(("FEN", fen(session.start())));
    }
    let mut out = String::new();
    for (name, value) in tags {
        let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(out, "[{name} \"{escaped}\"]");
    }
    out.push('\n');
    let mut words = Vec::new();
    let note_words = |words: &mut Vec<String>, after: usize| {
        for note in meta.notes.iter().filter(|n| n.after_move == after) {
            let text = note.text.replace('}', ")");
            words.push(format!("{{{text}}}"));
        }
    };
    note_words(&mut words, 0);
    let traces = session.move_traces();
    let mut count = 0;
    for (action, trace) in session.actions().iter().zip(traces) {
        let (Action::Move(_), Some((side, played, events))) = (action, trace) else {
            continue;
        };
        if count % 2 == 0 {
            words.push(format!("{}.", count / 2 + 1));
        }
        count += 1;
        let letter = move_letter(rules, side, played).unwrap_or('?');
        let taken = seeds_taken(&events, side);
        words.push(if taken > 0 {
            format!("{letter}+{taken}")
        } else {
            letter.to_string()
        });
        note_words(&mut words, count);
    }
    out.push_str(&wrap(&words));
    out
}

/// Words joined by spaces in lines under [`LINE_WIDTH`] characters (a
/// comment is broken between its words).
fn wrap(words: &[String]) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in words.iter().flat_map(|w| w.split(' ')) {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > LINE_WIDTH {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// `2026.11.29`: the day (UTC) as game records write dates.
#[must_use]
pub fn record_date(seconds: u64) -> String {
    i64::try_from(seconds)
        .ok()
        .and_then(|s| jiff::Timestamp::from_second(s).ok())
        .map_or_else(|| "?".to_string(), |t| t.strftime("%Y.%m.%d").to_string())
}

/// Seconds since 1970 at the start (UTC) of a day written `2026.11.29`
/// (or `2026-11-29`); `None` for an unknown (`????.??.??`) or impossible
/// date.
#[must_use]
pub fn parse_record_date(text: &str) -> Option<u64> {
    let parts: Vec<&str> = text.split(['.', '-']).collect();
    let [year, month, day] = parts[..] else {
        return None;
    };
    let digits =
        |part: &str, len: usize| part.len() == len && part.bytes().all(|b| b.is_ascii_digit());
    if !(digits(year, 4) && digits(month, 2) && digits(day, 2)) {
        return None;
    }
    let stamp: jiff::Timestamp = format!("{year}-{month}-{day}T00:00:00Z").parse().ok()?;
    u64::try_from(stamp.as_second()).ok()
}

/// A start as the `FEN` tag writes it.
#[must_use]
pub fn fen(position: &Position) -> String {
    let mut fields: Vec<String> = Vec::new();
    for side in Side::BOTH {
        fields.extend(position.row(side).iter().map(u16::to_string));
    }
    fields.push(position.store(Side::South).to_string());
    fields.push(position.store(Side::North).to_string());
    fields.push(
        match position.to_move() {
            Some(Side::North) => "N",
            _ => "S",
        }
        .to_string(),
    );
    fields.join("-")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_dates_are_days() {
        let day = 1_796_428_800; // 2026-12-05T00:00:00Z
        assert_eq!(record_date(day + 3_600), "2026.12.05");
        assert_eq!(parse_record_date("2026.12.05"), Some(day));
        assert_eq!(parse_record_date("2026-12-05"), Some(day));
        for unknown in ["????.??.??", "2026.02.30", "26.11.29", "?", "2026.1.05"] {
            assert_eq!(parse_record_date(unknown), None, "{unknown}");
        }
    }
}
