//! PlayStrategy's positions and moves (rules.md §11.2). A position is
//! `<top row>/<bottom row> <South's store> <North's store> <S|N> <move
//! number>`: North's row from its last pit down, South's from pit 1, `kS`
//! a pit of k seeds, a number a run of empty pits, `t` a pit owned by the
//! player of the other row. A move is two squares, the pit it starts from
//! and the pit its last seed falls in: files from `a`, rank `1` South's
//! row and `2` North's, North's pit i on file n+1-i.

use std::sync::Arc;

use super::{Record, RecordError, Replay};
use crate::catalog::Catalog;
use crate::engine::{
    BySide, Move, Pit, PitSetup, Place, Position, Rules, SetupError, Side, last_seed,
};
use crate::session::{Action, Session};

/// `position` as PlayStrategy writes it, at move pair `number`.
#[must_use]
pub fn position_text(rules: &Rules, position: &Position, number: usize) -> String {
    let pits = position.pits_per_side();
    let row = |side: Side, order: Vec<Pit>| {
        let mut items: Vec<String> = Vec::new();
        let mut empty = 0;
        for pit in order {
            let item = match position.pit_setup(rules, side, pit) {
                PitSetup::Owned => "t".to_string(),
                PitSetup::Seeds(0) | PitSetup::Closed => {
                    empty += 1;
                    continue;
                }
                PitSetup::Seeds(count)
                | PitSetup::Kept { seeds: count, .. }
                | PitSetup::Won(count) => {
                    format!("{count}S")
                }
            };
            if empty > 0 {
                items.push(empty.to_string());
                empty = 0;
            }
            items.push(item);
        }
        if empty > 0 {
            items.push(empty.to_string());
        }
        items.join(",")
    };
    let top = row(Side::North, Pit::all(pits).rev().collect());
    let bottom = row(Side::South, Pit::all(pits).collect());
    let mover = match position.to_move() {
        Some(Side::North) => 'N',
        _ => 'S',
    };
    format!(
        "{top}/{bottom} {} {} {mover} {number}",
        position.store(Side::South),
        position.store(Side::North)
    )
}

/// The square of a pit: `a1` is South's pit 1, North's pit 1 the last
/// file of rank 2.
#[must_use]
pub fn square(rules: &Rules, side: Side, pit: Pit) -> String {
    let file = match side {
        Side::South => pit.number(),
        Side::North => rules.pits() + 1 - pit.number(),
    };
    let rank = match side {
        Side::South => '1',
        Side::North => '2',
    };
    format!("{}{rank}", char::from(b'a' + file - 1))
}

/// The side and pit of a square, if `rules`' board has it.
fn pit_of_square(rules: &Rules, square: &[u8]) -> Option<(Side, Pit)> {
    let [file, rank] = *square else { return None };
    let file = file.checked_sub(b'a')? + 1;
    if file > rules.pits() {
        return None;
    }
    match rank {
        b'1' => Some((Side::South, Pit::new(file))),
        b'2' => Some((Side::North, Pit::new(rules.pits() + 1 - file))),
        _ => None,
    }
}

/// A move as PlayStrategy writes it: where it starts, where its last seed
/// fell (`None` where it fell in a store, which no square names).
#[must_use]
pub fn move_text(
    rules: &Rules,
    side: Side,
    played: Move,
    trace: &[crate::engine::Event],
) -> Option<String> {
    let Some(Place::Pit(last_side, last)) = last_seed(trace) else {
        return None;
    };
    Some(format!(
        "{}{}",
        square(rules, side, played.pit()),
        square(rules, last_side, last)
    ))
}

/// Whether a word is written as a PlayStrategy move (`a1e1`).
#[must_use]
pub fn is_move_word(word: &str) -> bool {
    let b = word.as_bytes();
    b.len() == 4
        && b[0].is_ascii_lowercase()
        && b[2].is_ascii_lowercase()
        && matches!(b[1], b'1' | b'2')
        && matches!(b[3], b'1' | b'2')
}

/// Plays the PlayStrategy move `word` (at `at` in `text`) on `replay`.
///
/// # Errors
/// A square the board lacks, a move the rules refuse, or a last seed that
/// falls elsewhere than the move says.
pub(super) fn play_word(
    text: &str,
    at: usize,
    word: &str,
    rules: &Rules,
    replay: &mut Replay,
) -> Result<(), RecordError> {
    let number = replay.moves.len() + 1;
    let squares = word.as_bytes();
    let wrong = |message: String| RecordError::at(text, at, message);
    if !is_move_word(word) {
        return Err(wrong(format!(
            "move {number}: {word:?} is not a move: two squares, where it starts and where its \
             last seed falls (a1e1)"
        )));
    }
    let last_file = char::from(b'a' + rules.pits() - 1);
    let Some((side, pit)) = pit_of_square(rules, &squares[..2]) else {
        return Err(wrong(format!(
            "move {number} ({word}): {} is not a pit of the board (a1 to {last_file}2)",
            &word[..2]
        )));
    };
    let Some(named_end) = pit_of_square(rules, &squares[2..]) else {
        return Err(wrong(format!(
            "move {number} ({word}): {} is not a pit of the board (a1 to {last_file}2)",
            &word[2..]
        )));
    };
    let trace = replay.play(side, Move::sow(pit)).map_err(&wrong)?;
    let fell = match last_seed(&trace) {
        Some(Place::Pit(side, pit)) => Some((side, pit)),
        _ => None,
    };
    if fell != Some(named_end) {
        let fell = fell.map_or_else(|| "a store".to_string(), |(s, p)| square(rules, s, p));
        return Err(wrong(format!(
            "move {number} ({word}): its last seed falls in {fell}, not {}",
            &word[2..]
        )));
    }
    Ok(())
}

/// Reads a position (the line at `at` in `text`) under `rules`, with its
/// move number.
///
/// # Errors
/// The column of the first fault: a row of the wrong length, an item that
/// is not `kS`, a run or `t`, a `t` where the rules forbid a tuzdyk, seeds
/// that do not add up to the game's, a store, mover or number unread.
pub fn read_position(
    text: &str,
    at: usize,
    rules: &Rules,
) -> Result<(Position, usize), RecordError> {
    let parts = split_line(text, at);
    let shape =
        "a position is <top row>/<bottom row> <South's store> <North's store> <S|N> <move number>";
    let [
        (rows_at, rows),
        (south_at, south),
        (north_at, north),
        (mover_at, mover),
        (number_at, number),
    ] = parts[..]
    else {
        return Err(RecordError::at(
            text,
            at,
            format!("{shape}: {} parts found", parts.len()),
        ));
    };
    let Some((top, bottom)) = rows.split_once('/') else {
        return Err(RecordError::at(
            text,
            rows_at,
            format!("{shape}: no / between the rows"),
        ));
    };
    let name = rules.name();
    let mut columns: Vec<(Side, Pit, usize)> = Vec::new();
    let north_row = read_row(text, Side::North, rows_at, top, rules, &mut columns)?;
    let south_row = read_row(
        text,
        Side::South,
        rows_at + top.len() + 1,
        bottom,
        rules,
        &mut columns,
    )?;
    let store = |at: usize, word: &str, whose: &str| {
        word.parse::<u16>().map_err(|_| {
            RecordError::at(
                text,
                at,
                format!("{whose} store: {word:?} is not a count of seeds"),
            )
        })
    };
    let stores = [
        store(south_at, south, "South's")?,
        store(north_at, north, "North's")?,
    ];
    let mover = match mover {
        "S" => Side::South,
        "N" => Side::North,
        other => {
            return Err(RecordError::at(
                text,
                mover_at,
                format!("who moves is S or N, not {other:?}"),
            ));
        }
    };
    let number = number
        .parse::<usize>()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| {
            RecordError::at(
                text,
                number_at,
                format!("the move number is 1 or more, not {number:?}"),
            )
        })?;
    let position = Position::from_parts(rules, [&south_row, &north_row], stores, 1, mover, None)
        .map_err(|e| {
            let at = match e {
                SetupError::OwnedPit { side, pit } => columns
                    .iter()
                    .find(|c| (c.0, c.1) == (side, pit))
                    .map_or(rows_at, |c| c.2),
                _ => rows_at,
            };
            RecordError::at(text, at, format!("{name}: {e}"))
        })?;
    Ok((position, number))
}

/// One row's items (at `from` in `text`), pit 1 first; where each pit was
/// written is added to `columns`, for errors about a pit.
fn read_row(
    text: &str,
    side: Side,
    from: usize,
    items: &str,
    rules: &Rules,
    columns: &mut Vec<(Side, Pit, usize)>,
) -> Result<Vec<PitSetup>, RecordError> {
    let mut pits = Vec::new();
    let mut places = Vec::new();
    let mut offset = from;
    for item in items.split(',') {
        let bad = || {
            RecordError::at(
                text,
                offset,
                format!(
                    "{item:?} is not a pit: kS for k seeds, a number for that many empty pits, \
                     t for a tuzdyk"
                ),
            )
        };
        let digits =
            |number: &str| !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit());
        if item == "t" {
            pits.push(PitSetup::Owned);
            places.push(offset);
        } else if let Some(count) = item.strip_suffix('S') {
            let count = Some(count)
                .filter(|c| digits(c))
                .and_then(|c| c.parse::<u16>().ok())
                .ok_or_else(bad)?;
            pits.push(PitSetup::Seeds(count));
            places.push(offset);
        } else {
            let run = Some(item)
                .filter(|i| digits(i))
                .and_then(|i| i.parse::<usize>().ok())
                .filter(|&n| (1..=64).contains(&n))
                .ok_or_else(bad)?;
            pits.extend(std::iter::repeat_n(PitSetup::Seeds(0), run));
            places.extend(std::iter::repeat_n(offset, run));
        }
        offset += item.len() + 1;
    }
    if pits.len() != usize::from(rules.pits()) {
        let which = match side {
            Side::North => "North's row (the top)",
            Side::South => "South's row (the bottom)",
        };
        return Err(RecordError::at(
            text,
            from,
            format!(
                "{which} has {} pits, but {} has {}",
                pits.len(),
                rules.name(),
                rules.pits()
            ),
        ));
    }
    if side == Side::North {
        pits.reverse();
        places.reverse();
    }
    for (pit, place) in Pit::all(rules.pits()).zip(places) {
        columns.push((side, pit, place));
    }
    Ok(pits)
}

/// The words of the line at `at`, each with its place.
fn split_line(text: &str, at: usize) -> Vec<(usize, &str)> {
    let line = text[at..].split('\n').next().unwrap_or("");
    let mut words = Vec::new();
    let mut offset = at;
    for piece in line.split(' ') {
        let trimmed = piece.trim();
        if !trimmed.is_empty() {
            let lead = piece.len() - piece.trim_start().len();
            words.push((offset + lead, trimmed));
        }
        offset += piece.len() + 1;
    }
    words
}

/// The rule set of `catalog` PlayStrategy carries whose rows have as many
/// pits as the position at `at` (and whose seeds it holds, where several do).
fn rules_of_position(text: &str, at: usize, catalog: &Catalog) -> Result<Arc<Rules>, RecordError> {
    let bottom = split_line(text, at)
        .first()
        .and_then(|(_, rows)| rows.split_once('/'))
        .map_or("", |(_, bottom)| bottom);
    let pits: usize = bottom
        .split(',')
        .map(|item| item.parse::<usize>().ok().filter(|&n| n <= 64).unwrap_or(1))
        .sum();
    let carried: Vec<&Arc<Rules>> = catalog
        .entries()
        .iter()
        .map(|e| &e.rules)
        .filter(|r| r.record_names().playstrategy.is_some() && usize::from(r.pits()) == pits)
        .collect();
    carried.first().map(|r| (*r).clone()).ok_or_else(|| {
        let known: Vec<String> = catalog
            .entries()
            .iter()
            .filter(|e| e.rules.record_names().playstrategy.is_some())
            .map(|e| format!("{} ({} a row)", e.rules.name(), e.rules.pits()))
            .collect();
        RecordError::at(
            text,
            at,
            format!(
                "no game PlayStrategy plays here has {pits} pits a row: {}",
                known.join(", ")
            ),
        )
    })
}

/// Reads a position and the moves after it (words on the lines that
/// follow), under `rules` where given.
///
/// # Errors
/// As [`read_position`], then the first move that is not legal or whose
/// last seed falls elsewhere than it says.
pub fn read(
    text: &str,
    rules: Option<&Arc<Rules>>,
    catalog: &Catalog,
) -> Result<Record, RecordError> {
    let at = text.len() - text.trim_start().len();
    let rules = match rules {
        Some(rules) => {
            super::carried(super::Format::PlayStrategy, rules, catalog)
                .map_err(|e| RecordError::at(text, at, e.to_string()))?;
            rules.clone()
        }
        None => rules_of_position(text, at, catalog)?,
    };
    let (start, _) = read_position(text, at, &rules)?;
    let line_end = text[at..].find('\n').map_or(text.len(), |n| at + n);
    let mut replay = Replay::new(&rules, start);
    for (word_at, word) in move_words(text, line_end) {
        play_word(text, word_at, word, &rules, &mut replay)?;
    }
    Ok(Record {
        rules,
        start,
        moves: replay.moves,
        names: BySide::new(None, None),
        title: None,
        played_on: None,
        notes: Vec::new(),
        ended_by_players: false,
    })
}

/// The moves' words of `text` from `from`, with their places: parted by
/// white space or commas, move numbers (`1.`, as numbered lists have
/// them) left out.
pub(super) fn move_words(text: &str, from: usize) -> Vec<(usize, &str)> {
    let mut words = Vec::new();
    let mut start = None;
    for (i, c) in text[from..].char_indices() {
        let i = from + i;
        if c.is_whitespace() || c == ',' {
            if let Some(s) = start.take() {
                words.push((s, &text[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        words.push((s, &text[s..]));
    }
    words.retain(|(_, word)| !super::is_move_number(word));
    words
}

/// A match as PlayStrategy takes it: the start's position, then the moves
/// on one line.
#[must_use]
pub fn write_match(session: &Session) -> String {
    let rules = session.rules();
    let mut out = position_text(rules, session.start(), 1);
    out.push('\n');
    let traces = session.move_traces();
    let words: Vec<String> = session
        .actions()
        .iter()
        .zip(traces)
        .filter_map(|(action, trace)| match (action, trace) {
            (Action::Move(_), Some((side, played, events))) => {
                move_text(rules, side, played, &events)
            }
            _ => None,
        })
        .collect();
    if !words.is_empty() {
        out.push_str(&words.join(" "));
        out.push('\n');
    }
    out
}
