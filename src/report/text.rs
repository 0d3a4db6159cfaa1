//! A plain-text board, as seen from above with South at the bottom.

use std::fmt::Write;

use crate::engine::{Direction, Move, Pit, Position, Row, Rules, Side};
use crate::words::{side_title, status_line};

/// Width of one pit on the text board, its border included.
const CELL: usize = 5;
/// Room for a store's count at either end of the board.
const STORE: usize = 6;

/// The board as text: North's row on top (its pit 1 at the right), South's
/// below, each store or pile at the end of the board where it sits; on four
/// rows each player's two rows, named pit by pit, and no stores.
#[must_use]
pub fn board_text(rules: &Rules, position: &Position) -> String {
    if position.row_count() == 4 {
        return four_row_text(rules, position);
    }
    let n = position.pit_count();
    // Counter-clockwise: North's store at the left end, South's at the right.
    let left = match rules.plan().ways.track() {
        Direction::CounterClockwise => Side::North,
        Direction::Clockwise => Side::South,
    };
    let row = |side: Side, pits: Vec<Pit>| -> String {
        let mut text = String::from("|");
        for pit in pits {
            // A closed pit, a pit owned by the player across (a tuzdyk,
            // marked with its owner's initial), a pit owned with its seeds
            // (its count and the owner's letter, as the position line has
            // it), or the seeds in it.
            let count =
                if position.is_closed(side, pit) {
                    "--".to_string()
                } else if let Some(owner) = position.owner_of(side, pit) {
                    if rules.plan().owned_pits.is_some_and(
                        super::super::engine::mechanics::owned_pits::OwnedPits::keep_seeds,
                    ) {
                        let letter = side_title(owner)[..1].to_lowercase();
                        format!("{}{letter}", position.pit(side, pit))
                    } else {
                        format!("*{}", &side_title(owner)[..1])
                    }
                } else {
                    position.pit(side, pit).to_string()
                };
            let _ = write!(text, "{count:>w$} |", w = CELL - 2);
        }
        let store = format!("{:>w$}", position.store(side), w = STORE);
        if side == left {
            format!("{store}  {text}")
        } else {
            format!("{:w$}  {text}{store}", "", w = STORE)
        }
    };
    let numbers = |pits: Vec<Pit>| -> String {
        let mut labels = " ".repeat(STORE + 1);
        for pit in pits {
            let _ = write!(labels, "{pit:>CELL$}");
        }
        labels
    };
    let cell_border = format!("{}+", "-".repeat(CELL - 1));
    let border = format!(
        "{:w$}+{}",
        "",
        cell_border.repeat(usize::from(n)),
        w = STORE + 2
    );
    let store_word = format!("{}s", crate::words::store_word(rules));

    let mut out = String::new();
    let _ = writeln!(out, "{}\n", status_line(rules, position));
    let _ = writeln!(out, "{}   North", numbers(Pit::all(n).rev().collect()));
    let _ = writeln!(out, "{border}");
    let _ = writeln!(out, "{}", row(Side::North, Pit::all(n).rev().collect()));
    let _ = writeln!(out, "{border}");
    let _ = writeln!(out, "{}", row(Side::South, Pit::all(n).collect()));
    let _ = writeln!(out, "{border}");
    let _ = writeln!(out, "{}   South", numbers(Pit::all(n).collect()));
    let _ = writeln!(
        out,
        "\n{store_word}: {} at the left end, {} at the right end",
        side_title(left),
        side_title(left.other())
    );
    let kept = rules
        .plan()
        .owned_pits
        .is_some_and(super::super::engine::mechanics::owned_pits::OwnedPits::keep_seeds);
    if kept
        && Side::BOTH
            .iter()
            .any(|&s| position.owned_places(s).next().is_some())
    {
        let _ = writeln!(out, "{}", crate::words::OWNED_WITH_SEEDS_SAID);
    }
    for owner in Side::BOTH.into_iter().filter(|_| !kept) {
        if let Some(pit) = position.owned_pit(owner) {
            let _ = writeln!(
                out,
                "*{}: {}",
                &side_title(owner)[..1],
                crate::words::owned_pit_said(owner, pit)
            );
        }
    }
    out
}

/// [`board_text`] on four rows: the rows as the board's shape draws them,
/// North's back row on top, each pit's name (`f1`, `b8`) over North's rows'
/// and under South's, each row's name at its right.
fn four_row_text(rules: &Rules, position: &Position) -> String {
    let shape = position.shape();
    let cells = usize::from(shape.pits);
    let border = format!(
        "{:w$}+{}",
        "",
        format!("{}+", "-".repeat(CELL - 1)).repeat(cells),
        w = STORE + 2
    );
    let names = |pits: &[Pit]| -> String {
        let mut labels = " ".repeat(STORE + 2);
        for &pit in pits {
            let (row, number) = shape.named(pit);
            let _ = write!(
                labels,
                "{:>w$}",
                Move::in_row(row, number).to_string(),
                w = CELL
            );
        }
        labels
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}
",
        status_line(rules, position)
    );
    for drawn in shape.drawn_rows() {
        let row_word = match drawn.row {
            Row::Back => "back",
            _ => "front",
        };
        let mut cells = format!("{:w$}|", "", w = STORE + 2);
        for &pit in &drawn.pits {
            let _ = write!(
                cells,
                "{:>w$} |",
                position.pit(drawn.side, pit),
                w = CELL - 2
            );
        }
        let label = names(&drawn.pits);
        let side = side_title(drawn.side);
        // The front rows' names stand between the players' rows, the back
        // rows' at the board's edges.
        let outer = drawn.row == Row::Back;
        let top = outer == (drawn.side == Side::North);
        if top {
            let _ = writeln!(out, "{label}");
            let _ = writeln!(out, "{border}");
        }
        let _ = writeln!(out, "{cells}   {side} {row_word}");
        let _ = writeln!(out, "{border}");
        if !top {
            let _ = writeln!(out, "{label}");
        }
    }
    let _ = writeln!(out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    #[test]
    fn the_winners_score_comes_first() {
        let catalog = Catalog::with_user_dir(None);
        let rules = catalog.find("kalaha").unwrap().rules.clone();
        // South to move with an empty row: the game is over at once, North
        // adding its 4 on the board to its 24 (28 against South's 20).
        let over = Position::from_rows(&rules, &[0; 6], &[4, 0, 0, 0, 0, 0], [20, 24], Side::South)
            .unwrap();
        assert_eq!(
            status_line(&rules, &over),
            "Kalaha - round 1 - match over: North wins 28-20"
        );
    }

    #[test]
    fn pit_numbers_stand_over_their_pits() {
        let catalog = Catalog::with_user_dir(None);
        let rules = catalog.find("kalaha").unwrap().rules.clone();
        let text = board_text(&rules, &Position::new(&rules, Side::South));
        let lines: Vec<&str> = text.lines().collect();
        // North's numbers run 6 to 1 over its row, South's 1 to 6 under it,
        // each number at the right of its cell as the counts are.
        let north = lines.iter().find(|l| l.ends_with("North")).unwrap();
        let south = lines.iter().find(|l| l.ends_with("South")).unwrap();
        let row = lines.iter().find(|l| l.contains("|  4 |")).unwrap();
        for (numbers, order) in [(north, [6, 5, 4, 3, 2, 1]), (south, [1, 2, 3, 4, 5, 6])] {
            let columns: Vec<usize> = order
                .iter()
                .map(|n| numbers.find(&n.to_string()).unwrap())
                .collect();
            let counts: Vec<usize> = row.match_indices('4').map(|(i, _)| i).collect();
            assert_eq!(columns, counts, "{numbers:?} over {row:?}");
        }
    }
}
