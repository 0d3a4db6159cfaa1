//! A plain-text board, as seen from above with South at the bottom.

use std::fmt::Write;

use crate::engine::{Direction, Outcome, Position, Rules, Side, Status, Stores};

const CELL: usize = 5;

/// One line saying where the match stands.
#[must_use]
pub fn status_text(rules: &Rules, position: &Position) -> String {
    let mut line = format!("{} - round {}", rules.name(), position.round());
    match position.status() {
        Status::Ongoing => {
            if let Some(side) = position.to_move() {
                let _ = write!(line, " - {} to move", capitalised(side));
            }
        }
        Status::RoundOver { took_remaining } | Status::MatchOver { took_remaining } => {
            let over = if matches!(position.status(), Status::MatchOver { .. }) {
                "match over"
            } else {
                "round over"
            };
            let score = format!(
                "{}-{}",
                position.store(Side::South),
                position.store(Side::North)
            );
            let _ = match position.outcome() {
                Some(Outcome::Win(side)) => {
                    write!(line, " - {over}: {} wins {score}", capitalised(side))
                }
                _ => write!(line, " - {over}: a draw {score}"),
            };
            if let Some(taker) = took_remaining {
                let _ = write!(line, "; {} took the remaining seeds", capitalised(taker));
            }
        }
    }
    line
}

fn capitalised(side: Side) -> &'static str {
    match side {
        Side::South => "South",
        Side::North => "North",
    }
}

/// The board as text lines: North's row on top (its pit 1 at the right),
/// South's below, each store or pile at the end of the board where it sits.
#[must_use]
pub fn board_text(rules: &Rules, position: &Position) -> String {
    let n = position.pit_count();
    let store_word = if rules.stores() == Stores::Aside {
        "pile"
    } else {
        "store"
    };
    // Counter-clockwise: North's store at the left end, South's at the right.
    let (left_store, right_store) = match rules.direction() {
        Direction::CounterClockwise => (Side::North, Side::South),
        Direction::Clockwise => (Side::South, Side::North),
    };
    let margin = 8;
    let cells = |side: Side, pits: &mut dyn Iterator<Item = u8>| -> String {
        let mut row = String::from("|");
        for pit in pits {
            if position.is_closed(side, pit) {
                let _ = write!(row, "{:>w$} |", "--", w = CELL - 2);
            } else {
                let _ = write!(row, "{:>w$} |", position.pit(side, pit), w = CELL - 2);
            }
        }
        row
    };
    let numbers = |pits: &mut dyn Iterator<Item = u8>| -> String {
        pits.map(|p| format!("{p:>w$}", w = CELL - 1))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let rule = format!("+{}", "-".repeat(CELL - 1) + "+").repeat(1);
    let border = format!("{:margin$}{}", "", rule.repeat(usize::from(n)).replace("++", "+"));

    let north_row = cells(Side::North, &mut (1..=n).rev());
    let south_row = cells(Side::South, &mut (1..=n));
    let store_cell = |side: Side| format!("{:>6}", position.store(side));
    let (north_left, north_right, south_left, south_right) = if left_store == Side::North {
        (store_cell(Side::North), String::new(), " ".repeat(6), store_cell(Side::South))
    } else {
        (" ".repeat(6), store_cell(Side::North), store_cell(Side::South), String::new())
    };

    let mut out = String::new();
    let _ = writeln!(out, "{}", status_text(rules, position));
    let _ = writeln!(out);
    let _ = writeln!(out, "{:margin$}{}   North", "", numbers(&mut (1..=n).rev()));
    let _ = writeln!(out, "{border}");
    let _ = writeln!(out, "{north_left}  {north_row}{north_right}");
    let _ = writeln!(out, "{border}");
    let _ = writeln!(out, "{south_left}  {south_row}{south_right}");
    let _ = writeln!(out, "{border}");
    let _ = writeln!(out, "{:margin$}{}   South", "", numbers(&mut (1..=n)));
    let _ = writeln!(
        out,
        "\n{store_word}s: {} at the {} end, {} at the {} end",
        capitalised(left_store),
        "left",
        capitalised(right_store),
        "right"
    );
    out
}
