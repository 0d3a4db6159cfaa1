//! A position as one line of text, for analysis from the command line and
//! for tests that start anywhere:
//!
//! `south: 4 4 4 4 4 4 store 0; north: 4 4 4 4 4 4 store 0; round 1; south to move`
//!
//! Each row is given pit 1 first, a closed pit as `x`, a pit owned by the
//! player across (a tuzdyk) as `o`, and a pit owned with its seeds kept as
//! its count and its owner's letter (`2n`: North's, holding 2); then the
//! store, the round and who moves.
//! Where the winner (or the loser) of a round starts the next and a draw
//! passes the start on, the round says who began it (`round 2 begun by
//! north`). A move that a capture gave is `south to move after a capture`.
//! On four rows (§10.1) each side gives its front row, then its back row,
//! each from its owner's pit 1, and no store (seeds never leave the board):
//! `south: front 4 4 4 4 4 4 4 4 back 0 0 0 0 0 0 0 0; ...`; while the
//! rules still count plies (a capture opening at one), `ply K` comes
//! before who moves. Where a lone seed may not go straight back (§13), the
//! pit barred to the player to move follows who moves: `north to move, pit
//! 5 barred`.
//! A position
//! whose round is over is written with `round over` (or `match over`) in
//! place of who moves; only positions with a player to move are read.

use std::fmt;

use super::game::{PitSetup, Position, SetupError};
use super::ground::Pit;
use super::ground::Side;
use super::rules::Rules;
use super::status::Status;

/// Why a line is not a position under the rules given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionTextError {
    #[error(
        "a position has four parts separated by `;` (south's row, north's row, the round, who moves), \
         not {0}"
    )]
    Parts(usize),
    #[error("the {part} part should begin with `{expected}`")]
    Label {
        part: &'static str,
        expected: String,
    },
    #[error(
        "{side}'s row: {found:?} is neither a seed count, `x` (a closed pit), `o` (a pit \
         owned by the player across), a count and an owner (`2n`: North's, holding 2) nor a \
         count won by the player across (`4o`, in territory rounds)"
    )]
    Pit { side: Side, found: String },
    #[error("{side}'s row has {given} pits but the board has {pits}")]
    RowLength { side: Side, given: usize, pits: u8 },
    #[error("{side}'s row should end with `store N`")]
    Store { side: Side },
    #[error(
        "{side}'s part should be `front` and {pits} counts, then `back` and {pits} counts (then `hand` and a count, where seeds are in hand)"
    )]
    FourRows { side: Side, pits: u8 },
    #[error("the plies played should be `ply K` with K from 0 to {most}, not {found:?}")]
    Ply { found: String, most: u16 },
    #[error("the round should be `round N` with N from 1 (or `round N begun by SIDE`), not {0:?}")]
    Round(String),
    #[error("who moves should be `south to move` or `north to move`, not {0:?}")]
    Mover(String),
    #[error(
        "{side}'s {word:?}: a mark after a count is `h` on an owned nyumba, `t` or `T` on a \
         blocked front pit (`T` on the turn right after the block), where the rules have them, \
         and only one pit is blocked"
    )]
    Mark { side: Side, word: String },
    #[error("{0}")]
    Setup(SetupError),
    #[error("these rules give no move after a capture (or no one is to move)")]
    NoMoveAfterCapture,
    #[error(
        "{0:?}: a pit is barred only where a lone seed may not go straight back, at an end pit \
         of the player to move holding 1 seed (`pit 5 barred`)"
    )]
    Bar(String),
}

/// After who moves, the pit barred to them: `, pit 5 barred`.
const BARRED: (&str, &str) = (", pit ", " barred");

/// Who moves, when the move is the one more a capture gave: `south to move
/// after a capture`.
const AFTER_A_CAPTURE: &str = " after a capture";

/// The text form of a position (see the module's documentation), under the
/// rules it is played by.
pub struct PositionText<'a>(pub &'a Rules, pub &'a Position);

impl fmt::Display for PositionText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (rules, position) = (self.0, self.1);
        let four_rows = position.row_count() == 4;
        for side in Side::BOTH {
            write!(f, "{side}:")?;
            for pit in Pit::all(position.pits_per_side()) {
                if four_rows && pit.number() == 1 {
                    f.write_str(" front")?;
                } else if four_rows && pit.number() == position.pit_count() + 1 {
                    f.write_str(" back")?;
                }
                match position.pit_setup(rules, side, pit) {
                    PitSetup::Closed => f.write_str(" x")?,
                    PitSetup::Owned => f.write_str(" o")?,
                    PitSetup::Kept { owner, seeds } => {
                        write!(f, " {seeds}{}", owner_letter(owner))?;
                    }
                    PitSetup::Won(seeds) => write!(f, " {seeds}{WON}")?,
                    PitSetup::Seeds(count) => write!(f, " {count}")?,
                }
                if four_rows {
                    write_bao_marks(f, position, side, pit)?;
                }
            }
            if four_rows {
                // Seeds in hand (§10.1), where there are any: a Bao game's
                // captures not yet sown when it was won.
                if position.store(side) > 0 {
                    write!(f, " hand {}", position.store(side))?;
                }
                f.write_str("; ")?;
            } else {
                write!(f, " store {}; ", position.store(side))?;
            }
        }
        write!(f, "round {}", position.round())?;
        if let Some(starter) = position.round_starter(rules) {
            write!(f, " begun by {starter}")?;
        }
        f.write_str("; ")?;
        if position.to_move().is_some() && u16::from(position.ply()) < rules.plies_counted() {
            write!(f, "ply {}; ", position.ply())?;
        }
        match (position.to_move(), position.status()) {
            (Some(side), _) if position.is_move_after_capture() => {
                write!(f, "{side} to move{AFTER_A_CAPTURE}")?;
            }
            (Some(side), _) => write!(f, "{side} to move")?,
            (None, Status::MatchOver { .. }) => return f.write_str("match over"),
            (None, _) => return f.write_str("round over"),
        }
        match position.barred_pit() {
            Some(pit) => write!(f, "{}{pit}{}", BARRED.0, BARRED.1),
            None => Ok(()),
        }
    }
}

impl Position {
    /// The position written as one line (see [`PositionText`]).
    #[must_use]
    pub fn to_text(&self, rules: &Rules) -> String {
        PositionText(rules, self).to_string()
    }

    /// Reads a position written by [`Position::to_text`], under `rules`.
    ///
    /// # Errors
    /// Which part of the line is wrong, or why the counts cannot be a
    /// position of these rules.
    pub fn from_text(rules: &Rules, text: &str) -> Result<Position, PositionTextError> {
        let parts: Vec<&str> = text.split(';').map(str::trim).collect();
        let (south, north, round, ply, mover) = match parts[..] {
            [south, north, round, mover] => (south, north, round, None, mover),
            [south, north, round, ply, mover] if ply.starts_with("ply") => {
                (south, north, round, Some(ply), mover)
            }
            _ => return Err(PositionTextError::Parts(parts.len())),
        };
        let mut marks = Vec::new();
        let (south_row, south_store) = read_side(Side::South, south, rules, &mut marks)?;
        let (north_row, north_store) = read_side(Side::North, north, rules, &mut marks)?;
        let wrong_round = || PositionTextError::Round(round.to_string());
        let rest = round.strip_prefix("round ").ok_or_else(wrong_round)?;
        let (number, starter) = match rest.split_once(" begun by ") {
            Some((number, side)) => (
                number,
                Some(side.trim().parse::<Side>().map_err(|_| wrong_round())?),
            ),
            None => (rest, None),
        };
        let round = number
            .trim()
            .parse::<u16>()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(wrong_round)?;
        let (mover_part, barred) = match mover.strip_suffix(BARRED.1) {
            Some(rest) => match rest.rsplit_once(BARRED.0) {
                Some((part, pit)) => (part, Some(pit)),
                None => return Err(PositionTextError::Bar(mover.to_string())),
            },
            None => (mover, None),
        };
        let (mover_part, after_capture) = match mover_part.strip_suffix(AFTER_A_CAPTURE) {
            Some(part) => (part, true),
            None => (mover_part, false),
        };
        let to_move = mover_part
            .strip_suffix(" to move")
            .and_then(|side| side.trim().parse::<Side>().ok())
            .ok_or_else(|| PositionTextError::Mover(mover.to_string()))?;
        let position = Position::from_parts(
            rules,
            [&south_row, &north_row],
            [south_store, north_store],
            round,
            to_move,
            starter,
        )
        .map_err(PositionTextError::Setup)?;
        let position = position
            .with_bao_marks(rules, &marks)
            .map_err(|(side, pit)| PositionTextError::Mark {
                side,
                word: marks
                    .iter()
                    .find(|m| (m.side, m.pit) == (side, pit))
                    .map_or_else(String::new, |m| m.word.clone()),
            })?;
        // A position written without its plies has played all the rules
        // count (§10.1 writes them only while fewer have been).
        let position = match ply {
            None => position
                .with_ply(rules, u8::try_from(rules.plies_counted()).unwrap_or(0))
                .unwrap_or(position),
            Some(ply) => read_ply(rules, position, ply)?,
        };
        let position = match barred {
            Some(pit) => pit
                .trim()
                .parse::<Pit>()
                .ok()
                .and_then(|pit| position.with_bar(rules, pit))
                .ok_or_else(|| PositionTextError::Bar(mover.to_string()))?,
            None => position,
        };
        if after_capture {
            return position
                .with_move_after_capture(rules)
                .ok_or(PositionTextError::NoMoveAfterCapture);
        }
        Ok(position)
    }
}

/// `ply K`: the plies played, where the rules still count them.
fn read_ply(rules: &Rules, position: Position, part: &str) -> Result<Position, PositionTextError> {
    let wrong = || PositionTextError::Ply {
        found: part.to_string(),
        most: rules.plies_counted().saturating_sub(1),
    };
    let ply = part
        .strip_prefix("ply ")
        .and_then(|k| k.trim().parse::<u8>().ok())
        .filter(|&k| u16::from(k) < rules.plies_counted())
        .ok_or_else(wrong)?;
    position.with_ply(rules, ply).ok_or_else(wrong)
}

/// One side's part, as the board has it: a row and a store on two rows,
/// a front and a back row on four.
fn read_side(
    side: Side,
    part: &str,
    rules: &Rules,
    marks: &mut Vec<WrittenMark>,
) -> Result<(Vec<PitSetup>, u16), PositionTextError> {
    if rules.rows() == 2 {
        return read_row(side, part, rules.pits());
    }
    let pits = rules.pits();
    let wrong = || PositionTextError::FourRows { side, pits };
    let label = format!("{side}:");
    let rest = part
        .strip_prefix(&label)
        .ok_or_else(|| PositionTextError::Label {
            part: if side == Side::South {
                "first"
            } else {
                "second"
            },
            expected: label.clone(),
        })?;
    let (front, back) = rest
        .trim()
        .strip_prefix("front ")
        .and_then(|rest| rest.split_once(" back "))
        .ok_or_else(wrong)?;
    let (back, hand) = match back.split_once(" hand ") {
        Some((back, hand)) => (back, hand.trim().parse::<u16>().map_err(|_| wrong())?),
        None => (back, 0),
    };
    let mut setups = Vec::new();
    for row in [front, back] {
        let mut words: Vec<&str> = row.split_whitespace().collect();
        if words.len() != usize::from(pits) {
            return Err(wrong());
        }
        for (offset, word) in words.iter_mut().enumerate() {
            let written = *word;
            let number = setups.len() + offset + 1;
            // A nyumba may be blocked too: `4ht`.
            while let Some(mark) = word.chars().last().filter(|c| Mark::ALL.contains(c)) {
                marks.push(WrittenMark {
                    side,
                    pit: Pit::new(u8::try_from(number).unwrap_or(1)),
                    mark,
                    word: written.to_string(),
                });
                *word = &word[..word.len() - 1];
            }
        }
        setups.extend(pit_setups(side, &words)?);
    }
    Ok((setups, hand))
}

/// One side's part: `south: 4 x o 4 store 0` as its pits and the store.
fn read_row(side: Side, part: &str, pits: u8) -> Result<(Vec<PitSetup>, u16), PositionTextError> {
    let label = format!("{side}:");
    let rest = part.strip_prefix(&label).ok_or(PositionTextError::Label {
        part: if side == Side::South {
            "first"
        } else {
            "second"
        },
        expected: label.clone(),
    })?;
    let words: Vec<&str> = rest.split_whitespace().collect();
    let [pit_words @ .., "store", store] = &words[..] else {
        return Err(PositionTextError::Store { side });
    };
    let store = store
        .parse::<u16>()
        .map_err(|_| PositionTextError::Store { side })?;
    if pit_words.len() != usize::from(pits) {
        return Err(PositionTextError::RowLength {
            side,
            given: pit_words.len(),
            pits,
        });
    }
    Ok((pit_setups(side, pit_words)?, store))
}

/// The pits of one row as written: counts, `x`, `o` or a count and an
/// owner.
fn pit_setups(side: Side, pit_words: &[&str]) -> Result<Vec<PitSetup>, PositionTextError> {
    pit_words
        .iter()
        .map(|&word| match word {
            "x" => Ok(PitSetup::Closed),
            "o" => Ok(PitSetup::Owned),
            _ => owned_with_seeds(word)
                .map_or_else(|| word.parse::<u16>().map(PitSetup::Seeds), Ok)
                .map_err(|_| PositionTextError::Pit {
                    side,
                    found: word.to_string(),
                }),
        })
        .collect()
}

/// The letters §10.1 writes after a Bao pit's count.
struct Mark;

impl Mark {
    const NYUMBA: char = 'h';
    const BLOCKED: char = 't';
    const JUST_BLOCKED: char = 'T';
    const ALL: [char; 3] = [Mark::NYUMBA, Mark::BLOCKED, Mark::JUST_BLOCKED];
}

/// A mark as read: the pit it follows (numbered along the side's loop,
/// front row first) and the word it was written in.
#[derive(Clone, Debug)]
pub(crate) struct WrittenMark {
    pub side: Side,
    pub pit: Pit,
    pub mark: char,
    pub word: String,
}

impl WrittenMark {
    pub fn is_nyumba(&self) -> bool {
        self.mark == Mark::NYUMBA
    }

    /// A block, and whether the move just played set it.
    pub fn block(&self) -> Option<bool> {
        match self.mark {
            Mark::BLOCKED => Some(false),
            Mark::JUST_BLOCKED => Some(true),
            _ => None,
        }
    }
}

/// The marks of `side`'s pit `pit` (numbered along the loop): `h` on the
/// owned nyumba, `t` or `T` on the blocked pit.
fn write_bao_marks(
    f: &mut fmt::Formatter<'_>,
    position: &Position,
    side: Side,
    pit: Pit,
) -> fmt::Result {
    if position.owns_nyumba(side) && position.nyumba_pit() == Some(pit) {
        write!(f, "{}", Mark::NYUMBA)?;
    }
    match position.blocked() {
        Some((owner, blocked, fresh)) if owner == side && blocked == pit => {
            let mark = if fresh {
                Mark::JUST_BLOCKED
            } else {
                Mark::BLOCKED
            };
            write!(f, "{mark}")
        }
        _ => Ok(()),
    }
}

/// `s` or `n`: the owner of a pit that keeps its seeds, after its count.
fn owner_letter(owner: Side) -> char {
    match owner {
        Side::South => 's',
        Side::North => 'n',
    }
}

/// `3n`: a pit North owns holding 3 seeds (`None` for any other word).
/// The mark after a count of a pit won by the player across (§12: `4o`).
const WON: char = 'o';

fn owned_with_seeds(word: &str) -> Option<PitSetup> {
    if let Some(count) = word.strip_suffix(WON) {
        return count.parse::<u16>().ok().map(PitSetup::Won);
    }
    let owner = Side::BOTH
        .into_iter()
        .find(|&side| word.ends_with(owner_letter(side)))?;
    let seeds = word[..word.len() - 1].parse::<u16>().ok()?;
    Some(PitSetup::Kept { owner, seeds })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(text: &str) -> Rules {
        Rules::from_toml(text).unwrap()
    }

    fn kalaha() -> Rules {
        rules(include_str!("../../rules/kalaha.toml"))
    }

    #[test]
    fn a_closed_pit_is_refused_where_the_rules_never_close_one() {
        let text = "south: 4 4 x 4 4 4 store 4; north: 4 4 4 4 4 4 store 0; round 1; south to move";
        assert_eq!(
            Position::from_text(&kalaha(), text),
            Err(PositionTextError::Setup(SetupError::ClosedPit {
                side: Side::South,
                pit: Pit::new(3)
            }))
        );
        let message = Position::from_text(&kalaha(), text)
            .unwrap_err()
            .to_string();
        assert!(message.contains("south's pit 3 is closed"), "{message}");
        let raja_pasu = rules(include_str!("../../rules/raja-pasu.toml"));
        let text =
            "south: 7 7 7 7 7 7 x store 0; north: 7 7 7 7 7 7 7 store 7; round 2; south to move";
        assert!(Position::from_text(&raja_pasu, text).is_ok());
    }

    #[test]
    fn the_start_of_kalaha_reads_as_it_is_written() {
        let rules = kalaha();
        let start = Position::new(&rules, Side::North);
        let text = "south: 4 4 4 4 4 4 store 0; north: 4 4 4 4 4 4 store 0; round 1; north to move";
        assert_eq!(start.to_text(&rules), text);
        assert_eq!(Position::from_text(&rules, text), Ok(start));
    }

    #[test]
    fn closed_pits_and_later_rounds_survive_the_round_trip() {
        // Random play through several rounds of each rule set played in
        // rounds, where pits close; every position with a mover is written
        // and read back the same.
        for text in [
            include_str!("../../rules/raja-pasu.toml"),
            include_str!("../../rules/sat-gharva.toml"),
            include_str!("../../rules/kalaha.toml"),
        ] {
            let rules = rules(text);
            let mut state = 0x9e37_79b9_7f4a_7c15_u64;
            let mut position = Position::new(&rules, Side::South);
            let mut closed_seen = false;
            for _ in 0..3000 {
                if position.to_move().is_none() {
                    match position.next_round(&rules) {
                        Ok(next) => position = next,
                        Err(_) => break,
                    }
                    continue;
                }
                let written = position.to_text(&rules);
                closed_seen |= written.contains('x');
                assert_eq!(
                    Position::from_text(&rules, &written),
                    Ok(position),
                    "{written}"
                );
                let moves = position.legal_moves(&rules);
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let pit = moves[usize::try_from(state % moves.len() as u64).unwrap()];
                position = position.play(&rules, pit).unwrap();
            }
            if rules.plan().rounds.rounds == super::super::Rounds::Many {
                assert!(closed_seen, "{}: no round with a closed pit", rules.id());
            }
        }
    }

    #[test]
    fn a_wrong_line_says_which_part_is_wrong() {
        let rules = kalaha();
        let read = |text: &str| Position::from_text(&rules, text).unwrap_err().to_string();
        assert!(read("south: 4 4 4 4 4 4 store 0").contains("four parts"));
        assert!(
            read("north: 4 4 4 4 4 4 store 0; north: 4 4 4 4 4 4 store 0; round 1; south to move")
                .contains("first part should begin with `south:`")
        );
        assert!(
            read("south: 4 4 a 4 4 4 store 0; north: 4 4 4 4 4 4 store 0; round 1; south to move")
                .contains("\"a\" is neither")
        );
        assert!(
            read("south: 4 4 4 4 4 store 4; north: 4 4 4 4 4 4 store 0; round 1; south to move")
                .contains("south's row has 5 pits but the board has 6")
        );
        assert!(
            read("south: 4 4 4 4 4 4; north: 4 4 4 4 4 4 store 0; round 1; south to move")
                .contains("store N")
        );
        assert!(
            read("south: 4 4 4 4 4 4 store 1; north: 4 4 4 4 4 4 store 0; round 1; south to move")
                .contains("49 seeds but the rules play with 48")
        );
        assert!(
            read("south: 4 4 4 4 4 4 store 0; north: 4 4 4 4 4 4 store 0; round 0; south to move")
                .contains("round N")
        );
        assert!(
            read("south: 4 4 4 4 4 4 store 0; north: 4 4 4 4 4 4 store 0; round 1; east to move")
                .contains("south to move")
        );
    }
}
