//! A move: what a player does on their turn, as the engine, move lists,
//! saves, the command line, the terminal game and the search all pass it.
//! A move sows one of the mover's pits, named as its owner names it: by its
//! number on two rows (`3`), by its row and number on four (`f3`, `b6`,
//! rules.md §10.1). Where the mover chooses the way of the first lap (§9,
//! or a reversal pit, §10.5) the way follows the pit (`3cw`, `f7ccw`), and
//! each choice met later inside the move follows a dot (`f3.cw`,
//! `b8ccw.ccw.cw`). A move carries its written form whole, so it reads and
//! writes without the board.
//!
//! A [`Step`] of a match is a move or the swap (rules.md §8): the swap is
//! written among the moves and taken back like one, but it is not a ply, so
//! it never reaches a position, perft or the search: only the match
//! ([`crate::engine::GameState`]) takes it.

use std::fmt;
use std::str::FromStr;

use super::ground::Direction;
use super::ground::Row;
use super::ground::{ParsePitError, Pit};

/// A choice made inside a move, after its pit and its way: what a mechanic
/// asks of the mover part-way through the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Choice {
    /// The way a later lap is sown, where it may turn (§10.5's `.cw`).
    Way(Direction),
    /// Bao's safari (§10.4's `+`): the nyumba lifted where a capturing lap
    /// ends in it, and the move going on.
    Safari,
}

/// The choices made inside a move, in order: one list for every mechanic
/// that asks something part-way through a move, so that a move stays one
/// small value however many there are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Choices {
    /// Two bits a choice, the first in the lowest (`00` counter-clockwise,
    /// `01` clockwise, `10` the safari); the highest set bit marks the end.
    bits: u64,
}

impl Default for Choices {
    fn default() -> Choices {
        Choices { bits: 1 }
    }
}

impl Choices {
    /// The most choices one move can carry: a move meeting more is not
    /// offered. Igisoro's moves meet at most 6 in 3,000 random games; the
    /// bound keeps finding the legal moves, which tries each way at each
    /// choice, from growing as two to the power of a long turn's choices (a
    /// random four-row rule file took hours with 63).
    pub const MAX: usize = 16;

    #[must_use]
    pub const fn len(self) -> usize {
        (63 - self.bits.leading_zeros() as usize) / 2
    }

    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.bits == 1
    }

    /// The `i`-th choice, if the move made that many.
    #[must_use]
    pub fn get(self, i: usize) -> Option<Choice> {
        (i < self.len()).then(|| match self.bits >> (2 * i) & 0b11 {
            0b00 => Choice::Way(Direction::CounterClockwise),
            0b01 => Choice::Way(Direction::Clockwise),
            _ => Choice::Safari,
        })
    }

    /// These choices and one more; `None` when there is no room.
    #[must_use]
    pub fn then(self, choice: Choice) -> Option<Choices> {
        let len = self.len();
        if len >= Choices::MAX {
            return None;
        }
        let code: u64 = match choice {
            Choice::Way(Direction::CounterClockwise) => 0b00,
            Choice::Way(Direction::Clockwise) => 0b01,
            Choice::Safari => 0b10,
        };
        let made = self.bits & !(1 << (2 * len));
        Some(Choices {
            bits: made | code << (2 * len) | 1 << (2 * len + 2),
        })
    }

    pub fn iter(self) -> impl Iterator<Item = Choice> {
        (0..self.len()).filter_map(move |i| self.get(i))
    }

    /// The ways among the choices, in order.
    pub fn ways(self) -> impl Iterator<Item = Direction> {
        self.iter().filter_map(|choice| match choice {
            Choice::Way(way) => Some(way),
            Choice::Safari => None,
        })
    }

    /// Whether the move goes on safari.
    #[must_use]
    pub fn safari(self) -> bool {
        self.iter().any(|choice| choice == Choice::Safari)
    }
}

/// One move of the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The row the pit is named in: [`Row::Only`] on two rows.
    row: Row,
    /// The pit's number in its row, from its owner's left hand.
    pit: Pit,
    /// The way of the move (of its first lap), where the mover chose it.
    direction: Option<Direction>,
    /// What the mover chose part-way through the move.
    choices: Choices,
}

impl Move {
    /// Sowing pit `pit` (1..=n) of the mover's row in the rules' direction.
    #[must_use]
    pub const fn sow(pit: Pit) -> Move {
        Move::in_row(Row::Only, pit)
    }

    /// Sowing pit `pit` of the mover's `row` (front or back on four rows).
    #[must_use]
    pub const fn in_row(row: Row, pit: Pit) -> Move {
        Move {
            row,
            pit,
            direction: None,
            choices: Choices { bits: 1 },
        }
    }

    /// Sowing pit `pit` in the direction the mover chose.
    #[must_use]
    pub const fn sow_toward(pit: Pit, direction: Direction) -> Move {
        Move::sow(pit).toward(direction)
    }

    /// This move with its first lap sown `direction`.
    #[must_use]
    pub const fn toward(mut self, direction: Direction) -> Move {
        self.direction = Some(direction);
        self
    }

    /// This move with the choices made part-way through it.
    #[must_use]
    pub const fn with_choices(mut self, choices: Choices) -> Move {
        self.choices = choices;
        self
    }

    /// This move going on safari at the nyumba (§10.4's `+`), after the
    /// choices made so far; the move itself where there is no room.
    #[must_use]
    pub fn on_safari(mut self) -> Move {
        if let Some(choices) = self.choices.then(Choice::Safari) {
            self.choices = choices;
        }
        self
    }

    /// The pit the move empties, numbered in its row.
    #[must_use]
    pub const fn pit(self) -> Pit {
        self.pit
    }

    /// The pit alone, as the move writes it (`f3`), without its ways.
    #[must_use]
    pub const fn named_pit(self) -> Move {
        Move::in_row(self.row, self.pit)
    }

    /// The row its pit is named in.
    #[must_use]
    pub const fn row(self) -> Row {
        self.row
    }

    /// The way of the first lap, where the mover chose it.
    #[must_use]
    pub const fn direction(self) -> Option<Direction> {
        self.direction
    }

    /// The choices made part-way through the move, in order.
    #[must_use]
    pub const fn choices(self) -> Choices {
        self.choices
    }

    /// The pit as a player names it: "pit 3", "front pit 3", "back pit 6".
    #[must_use]
    pub fn pit_said(self) -> String {
        match self.row {
            Row::Only => format!("pit {}", self.pit),
            Row::Front => format!("front pit {}", self.pit),
            Row::Back => format!("back pit {}", self.pit),
        }
    }

    /// The move as a player says it: "pit 3", "pit 3 clockwise", "front pit
    /// 7, then clockwise".
    #[must_use]
    pub fn said(self) -> String {
        let mut said = self.pit_said();
        if let Some(direction) = self.direction {
            said.push(' ');
            said.push_str(&direction.to_string());
        }
        for (i, way) in self.choices.ways().enumerate() {
            said.push_str(if i == 0 { ", then " } else { ", " });
            said.push_str(&way.to_string());
        }
        if self.choices.safari() {
            said.push_str(", on safari");
        }
        said
    }
}

/// How a move writes a chosen direction after the pit's number.
const CLOCKWISE: &str = "cw";
const COUNTER_CLOCKWISE: &str = "ccw";
/// What comes before each choice made after the first lap.
const LATER_MARK: char = '.';
/// What follows a move that goes on safari (§10.4).
const SAFARI_MARK: char = '+';

fn way_word(way: Direction) -> &'static str {
    match way {
        Direction::Clockwise => CLOCKWISE,
        Direction::CounterClockwise => COUNTER_CLOCKWISE,
    }
}

impl From<Pit> for Move {
    fn from(pit: Pit) -> Move {
        Move::sow(pit)
    }
}

/// As the rules contract writes a move: the pit (`3`, `f3`, `b6`), the way
/// where the mover chose it (`3cw`, `f7ccw`), each later choice after a dot
/// (`f3.cw`), a safari after a plus (`f4cw+`).
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.row {
            Row::Only => {}
            Row::Front => f.write_str("f")?,
            Row::Back => f.write_str("b")?,
        }
        fmt::Display::fmt(&self.pit, f)?;
        if let Some(direction) = self.direction {
            f.write_str(way_word(direction))?;
        }
        for choice in self.choices.iter() {
            match choice {
                Choice::Way(way) => write!(f, "{LATER_MARK}{}", way_word(way))?,
                Choice::Safari => write!(f, "{SAFARI_MARK}")?,
            }
        }
        Ok(())
    }
}

/// Text that is not a move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{0:?} is not a move: write the number of the pit to sow, as `3` (on four rows its row \
     first, `f3` or `b3`), and where the mover chooses the way, `cw` or `ccw` after it, as `3cw`"
)]
pub struct ParseMoveError(pub String);

impl From<ParsePitError> for ParseMoveError {
    fn from(error: ParsePitError) -> ParseMoveError {
        ParseMoveError(error.0)
    }
}

/// `cw` or `ccw` at the end of `text`, and what is before it.
fn split_way(text: &str) -> (&str, Option<Direction>) {
    if let Some(rest) = text.strip_suffix(COUNTER_CLOCKWISE) {
        (rest, Some(Direction::CounterClockwise))
    } else if let Some(rest) = text.strip_suffix(CLOCKWISE) {
        (rest, Some(Direction::Clockwise))
    } else {
        (text, None)
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        let text = text.trim();
        let fail = || ParseMoveError(text.to_string());
        let (text, safari) = match text.strip_suffix(SAFARI_MARK) {
            Some(rest) => (rest, true),
            None => (text, false),
        };
        // Four-row names are read in either case (§10.1); two-row moves
        // are written as they always were.
        let (row, rest) = match text.chars().next() {
            Some('f' | 'F') => (Row::Front, text[1..].to_ascii_lowercase()),
            Some('b' | 'B') => (Row::Back, text[1..].to_ascii_lowercase()),
            _ => (Row::Only, text.to_string()),
        };
        let mut parts = rest.split(LATER_MARK);
        let (number, direction) = split_way(parts.next().unwrap_or_default());
        // `3 cw` is not a move: the direction is written against the pit.
        if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
            return Err(fail());
        }
        let pit = number.parse::<Pit>().map_err(|_| fail())?;
        let mut choices = Choices::default();
        for part in parts {
            match split_way(part) {
                ("", Some(way)) => choices = choices.then(Choice::Way(way)).ok_or_else(fail)?,
                _ => return Err(fail()),
            }
        }
        if safari {
            choices = choices.then(Choice::Safari).ok_or_else(fail)?;
        }
        let mut played = Move::in_row(row, pit).with_choices(choices);
        played.direction = direction;
        Ok(played)
    }
}

/// The pits the loser of a round chose to fill for the next one (rules.md §12's
/// loser's choice: [`crate::engine::mechanics::rounds::Refill::LoserChooses`]), written `fill:1+2+6`: an action between rounds, not a
/// ply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Fill(u32);

impl Fill {
    /// How a list of moves begins the loser's choice: `fill:`, then the pits.
    pub const WORD: &'static str = "fill:";

    /// The pits named, those past 31 left out (no row is so long).
    #[must_use]
    pub fn of(pits: impl IntoIterator<Item = Pit>) -> Fill {
        Fill(
            pits.into_iter()
                .filter(|pit| (1..32).contains(&pit.number()))
                .fold(0, |bits, pit| bits | 1 << pit.number()),
        )
    }

    /// The pits chosen, in increasing order.
    pub fn pits(self) -> impl Iterator<Item = Pit> {
        (1..32u8)
            .filter(move |&k| self.0 & 1 << k != 0)
            .map(Pit::new)
    }

    #[must_use]
    pub fn contains(self, pit: Pit) -> bool {
        (1..32).contains(&pit.number()) && self.0 & 1 << pit.number() != 0
    }

    /// How many pits are chosen.
    #[must_use]
    pub fn count(self) -> u8 {
        // At most 31 bits are ever set.
        u8::try_from(self.0.count_ones()).unwrap_or(u8::MAX)
    }

    /// The choice with `pit` added, or taken out where it was in.
    #[must_use]
    pub fn toggled(self, pit: Pit) -> Fill {
        if (1..32).contains(&pit.number()) {
            Fill(self.0 ^ 1 << pit.number())
        } else {
            self
        }
    }
}

impl fmt::Display for Fill {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(Fill::WORD)?;
        for (k, pit) in self.pits().enumerate() {
            if k > 0 {
                f.write_str("+")?;
            }
            write!(f, "{pit}")?;
        }
        Ok(())
    }
}

/// Text that is not a loser's choice of pits.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{0:?} is not a choice of pits to fill: write `fill:` and the pit numbers joined by `+` \
     in increasing order, as `fill:1+2+6`"
)]
pub struct ParseFillError(pub String);

impl FromStr for Fill {
    type Err = ParseFillError;

    fn from_str(text: &str) -> Result<Fill, ParseFillError> {
        let fail = || ParseFillError(text.to_string());
        let list = text.trim().strip_prefix(Fill::WORD).ok_or_else(fail)?;
        let mut bits = 0u32;
        let mut previous = 0;
        for part in list.split('+') {
            let pit = part.parse::<Pit>().map_err(|_| fail())?.number();
            if pit <= previous || pit >= 32 || part.trim() != part {
                return Err(fail());
            }
            bits |= 1 << pit;
            previous = pit;
        }
        Ok(Fill(bits))
    }
}

/// One step of a match's line: a move, the second player's swap, or the
/// pits a round's loser chose to fill.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    Move(Move),
    /// The second player takes the first player's seat (and side) after
    /// the first turn: not a ply.
    Swap,
    /// The loser of the round just over fills these pits for the next
    /// (rules.md §12): it begins the next round, and is not a ply.
    Fill(Fill),
}

/// Text that is neither a move, the swap, nor a choice of pits to fill.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseStepError {
    #[error(transparent)]
    Move(#[from] ParseMoveError),
    #[error(transparent)]
    Fill(#[from] ParseFillError),
}

/// How a list of moves writes the swap.
const SWAP_WORD: &str = "swap";

impl From<Move> for Step {
    fn from(played: Move) -> Step {
        Step::Move(played)
    }
}

impl From<Pit> for Step {
    fn from(pit: Pit) -> Step {
        Step::Move(Move::sow(pit))
    }
}

/// A move as [`Move`] writes it, the swap as `swap`.
impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Move(played) => fmt::Display::fmt(played, f),
            Step::Swap => f.write_str(SWAP_WORD),
            Step::Fill(fill) => fmt::Display::fmt(fill, f),
        }
    }
}

impl Step {
    /// "pit 3", "pit 3 clockwise", "swap" or "fill:1+2+6", as an error
    /// names a step of a list.
    #[must_use]
    pub fn said(self) -> String {
        match self {
            Step::Move(played) => played.said(),
            Step::Swap => SWAP_WORD.to_string(),
            Step::Fill(fill) => fill.to_string(),
        }
    }
}

impl FromStr for Step {
    type Err = ParseStepError;

    fn from_str(text: &str) -> Result<Step, ParseStepError> {
        if text.trim() == SWAP_WORD {
            return Ok(Step::Swap);
        }
        if text.trim().starts_with(Fill::WORD) {
            return Ok(Step::Fill(text.parse::<Fill>()?));
        }
        Ok(Step::Move(text.parse::<Move>()?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_read_back_as_they_are_written() {
        for number in [1, 7, 16, 255] {
            let sow = Move::sow(Pit::new(number));
            assert_eq!(sow.to_string(), number.to_string());
            assert_eq!(sow.to_string().parse::<Move>(), Ok(sow));
            assert_eq!(sow.pit(), Pit::new(number));
        }
        assert_eq!(" 3 ".parse::<Move>(), Ok(Move::sow(Pit::new(3))));
        for wrong in ["", "0", "x", "3 4", "256", "-1"] {
            assert!(wrong.parse::<Move>().is_err(), "{wrong:?}");
        }
        assert_eq!(
            "x".parse::<Move>().unwrap_err().to_string(),
            "\"x\" is not a move: write the number of the pit to sow, as `3` (on four rows \
             its row first, `f3` or `b3`), and where the mover chooses the way, `cw` or `ccw` \
             after it, as `3cw`"
        );
    }

    #[test]
    fn moves_with_a_direction_read_back_as_they_are_written() {
        for (text, direction) in [
            ("3cw", Direction::Clockwise),
            ("16ccw", Direction::CounterClockwise),
        ] {
            let pit = Pit::new(text.trim_end_matches(char::is_alphabetic).parse().unwrap());
            let sow = Move::sow_toward(pit, direction);
            assert_eq!(sow.to_string(), text);
            assert_eq!(text.parse::<Move>(), Ok(sow));
            assert_eq!((sow.pit(), sow.direction()), (pit, Some(direction)));
        }
        assert_eq!(Move::sow(Pit::new(3)).direction(), None);
        for wrong in ["cw", "3 cw", "3cc", "3ccww", "ccw3", "0cw", "3CW"] {
            assert!(wrong.parse::<Move>().is_err(), "{wrong:?}");
        }
    }

    /// §10.1 and §10.5's written forms: the row, the way at the start pit,
    /// each later choice after a dot; names read in either case.
    #[test]
    fn four_row_moves_read_back_as_they_are_written() {
        let f7 = Move::in_row(Row::Front, Pit::new(7));
        let later = Choices::default()
            .then(Choice::Way(Direction::Clockwise))
            .unwrap();
        let two = later
            .then(Choice::Way(Direction::CounterClockwise))
            .unwrap();
        for (text, played) in [
            ("f3", Move::in_row(Row::Front, Pit::new(3))),
            ("b6", Move::in_row(Row::Back, Pit::new(6))),
            ("f7cw", f7.toward(Direction::Clockwise)),
            ("f7.cw", f7.with_choices(later)),
            (
                "f4cw+",
                Move::in_row(Row::Front, Pit::new(4))
                    .toward(Direction::Clockwise)
                    .on_safari(),
            ),
            (
                "b8ccw.cw.ccw",
                Move::in_row(Row::Back, Pit::new(8))
                    .toward(Direction::CounterClockwise)
                    .with_choices(two),
            ),
        ] {
            assert_eq!(text.parse::<Move>(), Ok(played), "{text}");
            assert_eq!(played.to_string(), text);
        }
        assert_eq!("F7.CW".parse::<Move>(), Ok(f7.with_choices(later)));
        assert_eq!(
            f7.with_choices(two).said(),
            "front pit 7, then clockwise, counter-clockwise"
        );
        assert_eq!(
            two.ways().collect::<Vec<_>>(),
            [Direction::Clockwise, Direction::CounterClockwise]
        );
        for wrong in [
            "f", "fcw", "f3.", "f3..cw", "f3.x", "f3.cw3", "g3", "f 3", "b3 .cw", "f3++", "+",
            "f3+cw",
        ] {
            assert!(wrong.parse::<Move>().is_err(), "{wrong:?}");
        }
        let cw = Choice::Way(Direction::Clockwise);
        let full = (0..Choices::MAX).try_fold(Choices::default(), |l, _| l.then(cw));
        assert!(full.is_some_and(|l| l.then(cw).is_none()));
        // A move's choices sort as they always did: fewer first, then by
        // their ways from the last; the safari after the same move without.
        let f4 = Move::in_row(Row::Front, Pit::new(4)).toward(Direction::Clockwise);
        assert!(f4 < f4.on_safari());
        let ways = |list: &[Direction]| {
            list.iter()
                .try_fold(Choices::default(), |c, &way| c.then(Choice::Way(way)))
                .unwrap()
        };
        let (ccw, cw) = (Direction::CounterClockwise, Direction::Clockwise);
        let order = [
            ways(&[]),
            ways(&[ccw]),
            ways(&[cw]),
            ways(&[ccw, ccw]),
            ways(&[cw, ccw]),
            ways(&[ccw, cw]),
        ];
        assert!(order.windows(2).all(|pair| pair[0] < pair[1]));
    }

    #[test]
    fn steps_read_back_as_they_are_written() {
        for step in [Step::Swap, Step::Move(Move::sow(Pit::new(4)))] {
            assert_eq!(step.to_string().parse::<Step>(), Ok(step));
        }
        assert_eq!(Step::Swap.to_string(), "swap");
        assert!("swap".parse::<Move>().is_err(), "a swap is not a move");
        assert!("swapp".parse::<Step>().is_err());
    }
}
