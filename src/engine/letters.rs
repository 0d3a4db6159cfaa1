//! Moves as single letters, as Aualé and other Oware programs write them
//! (rules.md §11.1): South's pit i is the i-th capital letter (pit 1 is
//! `A`), North's pit i the i-th small one, so that a letter also says whose
//! move it is. A letter names a move only where a move is a pit alone: two
//! rows, the way never the mover's choice, at most 26 pits a row.

use super::ground::Pit;
use super::ground::Side;
use super::moves::Move;
use super::rules::Rules;

/// Whether `rules`' moves can be written as letters.
#[must_use]
pub fn have_letters(rules: &Rules) -> bool {
    rules.rows() == 2 && !rules.plan().ways.chosen() && rules.pits() <= 26
}

/// The letter of `mv` played by `side`; `None` where the move is more
/// than a pit or the rules have no letters.
#[must_use]
pub fn move_letter(rules: &Rules, side: Side, mv: Move) -> Option<char> {
    let number = mv.pit().number();
    if !have_letters(rules) || mv != Move::sow(mv.pit()) || number == 0 || number > rules.pits() {
        return None;
    }
    let first = match side {
        Side::South => b'A',
        Side::North => b'a',
    };
    Some(char::from(first + number - 1))
}

/// The side and move a letter names under `rules`, if it names one.
#[must_use]
pub fn letter_move(rules: &Rules, letter: char) -> Option<(Side, Move)> {
    if !have_letters(rules) || !letter.is_ascii_alphabetic() {
        return None;
    }
    let (side, first) = if letter.is_ascii_uppercase() {
        (Side::South, b'A')
    } else {
        (Side::North, b'a')
    };
    let number = (letter as u8) - first + 1;
    (number <= rules.pits()).then(|| (side, Move::sow(Pit::new(number))))
}

/// The moves of a word of letters (`DdEa`), each with the side it is
/// for; `None` unless every character is a letter of `rules`' board.
#[must_use]
pub fn letters_moves(rules: &Rules, word: &str) -> Option<Vec<(Side, Move)>> {
    word.chars().map(|c| letter_move(rules, c)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    fn rules(id: &str) -> std::sync::Arc<Rules> {
        Catalog::with_user_dir(None).find(id).unwrap().rules.clone()
    }

    /// §11.1: South's pit 1 is `A`, North's pit i the i-th small letter.
    #[test]
    fn oware_pits_are_a_to_f_for_each_side() {
        let oware = rules("oware");
        let pit = |n| Move::sow(Pit::new(n));
        assert_eq!(move_letter(&oware, Side::South, pit(1)), Some('A'));
        assert_eq!(move_letter(&oware, Side::South, pit(6)), Some('F'));
        assert_eq!(move_letter(&oware, Side::North, pit(2)), Some('b'));
        assert_eq!(letter_move(&oware, 'C'), Some((Side::South, pit(3))));
        assert_eq!(letter_move(&oware, 'f'), Some((Side::North, pit(6))));
        assert_eq!(letter_move(&oware, 'g'), None, "Oware has six pits a row");
        assert_eq!(
            letters_moves(&oware, "AbCcB"),
            Some(vec![
                (Side::South, pit(1)),
                (Side::North, pit(2)),
                (Side::South, pit(3)),
                (Side::North, pit(3)),
                (Side::South, pit(2)),
            ])
        );
        assert_eq!(letters_moves(&oware, "swap"), None);
        assert_eq!(letters_moves(&oware, "A1"), None);
    }

    #[test]
    fn games_where_a_move_is_more_than_a_pit_have_no_letters() {
        let kiuthi = rules("kiuthi");
        assert!(kiuthi.plan().ways.chosen());
        assert_eq!(letter_move(&kiuthi, 'A'), None);
        let bao = rules("bao-kiswahili");
        assert_eq!(move_letter(&bao, Side::South, Move::sow(Pit::new(1))), None);
        assert!(have_letters(&rules("kalaha")));
    }
}
