//! `[board]`: the rows, the pits, the seeds (in every pit, in the front
//! rows, listed pit by pit, in hand) and the stores, each in range and
//! fit for the board's rows (rules.md §1 and §10.1).

use super::check::{RulesError, range_of, range_words, refuse};
use super::file::RulesFile;
use super::{Board, MAX_FOUR_ROW_PITS, MAX_PITS, MAX_SEEDS_PER_PIT, SeedsIn, StartRows, Stores};

/// Pits per row and seeds per pit, in range.
pub(super) fn check(file: &RulesFile, text: &str) -> Result<Board, RulesError> {
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
    let (rows, seeds_in, stores) = rows_seeds_and_stores(file, pits, text)?;
    let start = check_start(file, rows, pits, text)?;
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
    let in_hand = check_in_hand(file, rows, text)?;
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

/// `board.rows`, `board.seeds-in` and `board.stores`, with the pits per row
/// (already in the two-row range) checked for four rows.
fn rows_seeds_and_stores(
    file: &RulesFile,
    pits: u8,
    text: &str,
) -> Result<(u8, SeedsIn, Stores), RulesError> {
    let board = &file.board;
    let rows = match &board.rows {
        None => 2,
        Some(rows) => match *rows.get_ref() {
            2 => 2,
            4 => 4,
            other => {
                return refuse(
                    text,
                    rows.span(),
                    "board.rows",
                    &format!(
                        "{other} rows: a board has 2 rows (one a player) or 4 (a front and \
                         a back row each)"
                    ),
                );
            }
        },
    };
    if rows == 4 && !(4..=MAX_FOUR_ROW_PITS).contains(&pits) {
        return refuse(
            text,
            board.pits.span(),
            "board.pits",
            &format!(
                "{pits} pits per row is out of range on four rows: use 4 to {MAX_FOUR_ROW_PITS}"
            ),
        );
    }
    let seeds_in = board
        .seeds_in
        .as_ref()
        .map_or(SeedsIn::EveryPit, |s| *s.get_ref());
    if let Some(written) = &board.seeds_in
        && seeds_in == SeedsIn::FrontRows
        && rows != 4
    {
        return refuse(
            text,
            written.span(),
            "board.seeds-in",
            "front rows are those of a four-row board: it needs `board.rows = 4`",
        );
    }
    let stores = match (&board.stores, rows) {
        (Some(stores), 2) => *stores.get_ref(),
        (None, 2) => {
            return refuse(
                text,
                board.pits.span(),
                "board.stores",
                "say where captured seeds go: `stores = \"sown\"`, \"not-sown\" or \"aside\"",
            );
        }
        (Some(stores), _) => {
            return refuse(
                text,
                stores.span(),
                "board.stores",
                "four-row boards have no stores: captured seeds go back into play; leave \
                 `stores` out",
            );
        }
        (None, _) => Stores::Aside,
    };
    debug_assert!(pits <= MAX_PITS);
    Ok((rows, seeds_in, stores))
}

/// `board.front` and `board.back`: a four-row start listed pit by pit, a
/// count for each pit of the row, no more than a pit may start with.
fn check_start(
    file: &RulesFile,
    rows: u8,
    pits: u8,
    text: &str,
) -> Result<Option<StartRows>, RulesError> {
    let board = &file.board;
    let (front, back) = (&board.front, &board.back);
    let Some(first) = front.as_ref().or(back.as_ref()) else {
        return Ok(None);
    };
    let key = if front.is_some() {
        "board.front"
    } else {
        "board.back"
    };
    let why = if rows != 4 {
        Some("front and back rows are those of a four-row board: it needs `board.rows = 4`")
    } else if front.is_none() {
        Some("list the front row too: `front = [...]`, a count for each pit")
    } else if board.seeds_in.is_some() {
        Some("the start is listed pit by pit: leave `seeds-in` out")
    } else {
        None
    };
    if let Some(why) = why {
        return refuse(text, first.span(), key, why);
    }
    let mut start = StartRows {
        front: [0; MAX_FOUR_ROW_PITS as usize],
        back: [0; MAX_FOUR_ROW_PITS as usize],
    };
    for (written, row, key) in [
        (front, &mut start.front, "board.front"),
        (back, &mut start.back, "board.back"),
    ] {
        let Some(written) = written else { continue };
        let counts = written.get_ref();
        if counts.len() != usize::from(pits) {
            return refuse(
                text,
                written.span(),
                key,
                &format!(
                    "{} counts for a row of {pits} pits: write one for each pit, pit 1 first",
                    counts.len()
                ),
            );
        }
        for (slot, count) in row.iter_mut().zip(counts) {
            let value = *count.get_ref();
            if !(0..=i64::from(MAX_SEEDS_PER_PIT)).contains(&value) {
                return refuse(
                    text,
                    count.span(),
                    key,
                    &format!("{value} is out of range: use 0 to {MAX_SEEDS_PER_PIT}"),
                );
            }
            *slot = u8::try_from(value).unwrap_or(0);
        }
    }
    if start.front.iter().all(|&seeds| seeds == 0) {
        return refuse(
            text,
            first.span(),
            "board.front",
            "every front pit is empty: the first player could not move",
        );
    }
    Ok(Some(start))
}

/// `board.in-hand`: seeds held at the start, played in by namua moves,
/// which need `[capture.front-across]` (checked there).
fn check_in_hand(file: &RulesFile, rows: u8, text: &str) -> Result<u8, RulesError> {
    let Some(written) = &file.board.in_hand else {
        return Ok(0);
    };
    let value = *written.get_ref();
    let why = if rows != 4 {
        Some("seeds in hand are played into a front row: it needs `board.rows = 4`".to_string())
    } else if !(0..=i64::from(MAX_SEEDS_PER_PIT)).contains(&value) {
        Some(format!(
            "{value} is out of range: use 0 to {MAX_SEEDS_PER_PIT}"
        ))
    } else {
        None
    };
    match why {
        Some(why) => refuse(text, written.span(), "board.in-hand", &why),
        None => Ok(u8::try_from(value).unwrap_or(0)),
    }
}
