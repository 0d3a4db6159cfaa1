//! The ways a pit may be sown (`sowing.direction`, `[sowing.reversal]`,
//! rules.md §1, §9, §10.5 and §13): one way for every move; the mover's
//! choice, move by move; the way fixed by the pit lifted (`"split"`: each
//! half of the mover's row sows toward its nearer end, a middle pit either
//! way); or one way with pits whose lap may turn where the other way would
//! capture the pair across, the mover choosing inside the move.

use serde::Deserialize;
use toml::Spanned;

use super::Relay;
use super::pair_across::{PairAcross, from_ply};
use crate::engine::ground::{Direction, Pit, Place, Row, Side};
use crate::engine::moves::Move;
use crate::engine::rules::check::{Keys, RulesError, refuse};
use crate::engine::rules::file::RulesFile;
use crate::engine::rules::{Board, Stores};
use crate::engine::shape::Shape;
use crate::engine::sow::Steering;

/// Why the way a move names is not one its pit may be sown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum WayRefused {
    /// The mover chooses the way, and the move names none.
    Unnamed,
    /// The rules fix the way, and the move names one.
    Fixed,
}

/// The sowing direction a rule file names: one for every move, or the
/// mover's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum DirectionRule {
    CounterClockwise,
    Clockwise,
    /// The mover chooses, move by move (rules.md §9).
    Chosen,
    /// Fixed by the pit lifted (rules.md §13).
    Split,
}

rule_words! {
    DirectionRule {
        CounterClockwise => "counter-clockwise",
        Clockwise => "clockwise",
        Chosen => "chosen",
        Split => "split",
    }
}

/// `[sowing.reversal]` as a rule file writes it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct ReversalTable {
    /// Pit names as §10.1 writes them (`"f2"`, `"b8"`).
    pub pits: Spanned<Vec<Spanned<String>>>,
    pub from_ply: Option<Spanned<i64>>,
}

/// `[sowing.reversal]` (§10.5): pits whose lap may be sown the other way,
/// the mover choosing, when that way would capture the pair across.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reversal {
    /// The pits, as each side numbers its own (bit `k - 1` for pit `k`).
    pub pits: u32,
    /// The first ply (counted from 1) at which a reversal may be chosen.
    pub from_ply: u16,
}

/// The ways a pit may be sown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ways {
    /// Every move the one way.
    One(Direction),
    /// The mover chooses the way of each move: a move is a pit and a way.
    Chosen,
    /// Fixed by the pit lifted (§13.4): the left half of the mover's row
    /// (pits 1 to ⌊n/2⌋) sows clockwise, the right half counter-clockwise,
    /// each toward its nearer end and on round the board; with n odd, the
    /// middle pit sows the way the mover chooses (two moves, `3cw` and
    /// `3ccw`). Every other pit is written by its number alone.
    ByPit,
    /// One way, but a lap from one of the reversal's pits may be sown the
    /// other way, the mover choosing, where that way captures (§10.5).
    Turning(Direction, Reversal),
}

impl Ways {
    /// `sowing.direction`, with what the mover's choice can be played
    /// with: stores off the track, a relay from the landing pit or none, no
    /// chain of captures by count (each looks one way along the track).
    pub(crate) fn check(
        file: &RulesFile,
        keys: &Keys,
        board: Board,
        relay: Relay,
        text: &str,
    ) -> Result<Ways, RulesError> {
        let written = &file.sowing.direction;
        let ways = match written.get_ref() {
            DirectionRule::CounterClockwise => Ways::One(Direction::CounterClockwise),
            DirectionRule::Clockwise => Ways::One(Direction::Clockwise),
            DirectionRule::Chosen => Ways::Chosen,
            DirectionRule::Split => Ways::ByPit,
        };
        if matches!(ways, Ways::One(_)) {
            return Ok(ways);
        }
        let way = match ways {
            Ways::ByPit => "a way fixed by the pit",
            _ => "the mover's choice of direction",
        };
        let why = if board.stores == Stores::Sown {
            Some(format!(
                "a sown store lies at one end of the mover's row, where only one direction \
                 reaches it; {way} needs `board.stores = \"not-sown\"` or \"aside\""
            ))
        } else if relay == Relay::NextPit {
            Some(format!(
                "a relay from the next pit looks one way along the board; with {way} use \
                 `relay = \"landing-pit\"`"
            ))
        } else if ways == Ways::Chosen && keys.by_count.as_ref().is_some_and(|b| b.chain) {
            Some(
                "a chain of captures by count runs backwards along one direction; with the \
                 mover's choice of direction leave `chain` out"
                    .to_string(),
            )
        } else if ways == Ways::ByPit && board.rows != 2 {
            Some(
                "the way fixed by the pit is each half of a player's one row sowing toward \
                 its own end: it needs `board.rows = 2`"
                    .to_string(),
            )
        } else {
            None
        };
        match why {
            Some(why) => refuse(text, written.span(), "sowing.direction", &why),
            None => Ok(ways),
        }
    }

    /// These ways with `[sowing.reversal]` where the file has it: named
    /// pits of the board, with a capture of the pair across to judge by,
    /// on a board whose way is fixed.
    pub(crate) fn with_reversal(
        self,
        file: &RulesFile,
        board: Board,
        pair_across: Option<PairAcross>,
        text: &str,
    ) -> Result<Ways, RulesError> {
        let Some(section) = &file.sowing.reversal else {
            return Ok(self);
        };
        let key = "sowing.reversal";
        let why = match self {
            _ if pair_across.is_none() => Some(
                "a reversal is offered where the other way would capture the pair across: it \
                 needs `[capture.pair-across]`",
            ),
            Ways::Chosen | Ways::ByPit | Ways::Turning(..) => Some(
                "where the mover chooses every move's way there is nothing to reverse: use a \
                 fixed `sowing.direction`",
            ),
            Ways::One(_)
                if file
                    .sowing
                    .reverse_laps
                    .as_ref()
                    .is_some_and(|r| *r.get_ref()) =>
            {
                Some("laps that all turn leave no lap to reverse: turn `sowing.reverse-laps` off")
            }
            Ways::One(_) => None,
        };
        if let Some(why) = why {
            return refuse(text, section.span(), key, why);
        }
        let Ways::One(direction) = self else {
            return Ok(self);
        };
        let reversal = section.get_ref();
        let shape = Shape::get(board.rows, board.pits, false);
        let mut pits = 0u32;
        for name in reversal.pits.get_ref() {
            let pit = name
                .get_ref()
                .parse::<Move>()
                .ok()
                .filter(|m| {
                    m.row() != Row::Only && m.direction().is_none() && m.choices().is_empty()
                })
                .and_then(|m| shape.named_pit(m.row(), m.pit()));
            let Some(pit) = pit else {
                return refuse(
                    text,
                    name.span(),
                    "sowing.reversal.pits",
                    &format!(
                        "{:?} is not a pit of this board: name front pits `f1` to `f{n}` and \
                         back pits `b1` to `b{n}`",
                        name.get_ref(),
                        n = board.pits
                    ),
                );
            };
            let bit = 1 << pit.offset();
            if pits & bit != 0 {
                return refuse(
                    text,
                    name.span(),
                    "sowing.reversal.pits",
                    &format!("{:?} is named twice", name.get_ref()),
                );
            }
            pits |= bit;
        }
        if pits == 0 {
            return refuse(
                text,
                reversal.pits.span(),
                "sowing.reversal.pits",
                "name at least one pit (as `[\"f2\", \"b1\"]`), or leave the table out",
            );
        }
        let from_ply = from_ply(reversal.from_ply.as_ref(), "sowing.reversal.from-ply", text)?;
        Ok(Ways::Turning(direction, Reversal { pits, from_ply }))
    }

    /// The way the board's track runs: the rules' one way, or
    /// counter-clockwise where the mover chooses (a lap the other way goes
    /// against it).
    #[must_use]
    pub fn track(self) -> Direction {
        match self {
            Ways::One(direction) | Ways::Turning(direction, _) => direction,
            Ways::Chosen | Ways::ByPit => Direction::CounterClockwise,
        }
    }

    /// The way pit `pit` of a row of `pits` is sown where the pit fixes it
    /// (§13.4): clockwise on the row's left half, counter-clockwise on its
    /// right; `None` for a middle pit, which goes either way, and under
    /// every other way of sowing.
    #[must_use]
    pub fn fixed_by_pit(self, pits: u8, pit: Pit) -> Option<Direction> {
        match self {
            Ways::ByPit => by_pit_number(pits, pit.number()).map(|backward| {
                if backward {
                    Direction::Clockwise
                } else {
                    Direction::CounterClockwise
                }
            }),
            _ => None,
        }
    }

    /// The mover chooses the way of each move.
    #[inline]
    #[must_use]
    pub fn chosen(self) -> bool {
        matches!(self, Ways::Chosen)
    }

    /// The pits whose lap may turn, where the rules have them.
    #[inline]
    #[must_use]
    pub fn reversal(self) -> Option<Reversal> {
        match self {
            Ways::Turning(_, reversal) => Some(reversal),
            _ => None,
        }
    }

    /// The ways the pit at track index `origin` may be sown as moves of
    /// their own, as laps along the track (`false`) or against it (`true`),
    /// in the order moves are listed: the one way, or both where the mover
    /// chooses.
    #[inline]
    pub(crate) fn of_pit(self, shape: &Shape, origin: usize) -> impl Iterator<Item = bool> {
        let (first, count) = match self {
            Ways::Chosen => (false, 2),
            Ways::ByPit => match by_pit(shape, origin) {
                Some(backward) => (backward, 1),
                None => (false, 2),
            },
            Ways::One(_) | Ways::Turning(..) => (false, 1),
        };
        [first, !first].into_iter().take(count)
    }

    /// How many moves the pits of `movable` (track bits) give.
    #[inline]
    pub(crate) fn moves_from(self, shape: &Shape, movable: u64) -> u64 {
        let pits = u64::from(movable.count_ones());
        match self {
            Ways::Chosen => 2 * pits,
            Ways::ByPit => pits + u64::from((movable & middle_pits(shape)).count_ones()),
            Ways::One(_) | Ways::Turning(..) => pits,
        }
    }

    /// The move that sows `pit` (named as its board names it) along the
    /// track or against it (`backward`): written with its way where the
    /// mover chose it (`3cw`), else by the pit alone.
    pub(crate) fn written(self, shape: &Shape, pit: Move, backward: bool) -> Move {
        let chosen = match self {
            Ways::Chosen => true,
            Ways::ByPit => pit.pit().number() * 2 == shape.pits + 1,
            Ways::One(_) | Ways::Turning(..) => false,
        };
        if chosen {
            pit.toward(shape.direction_of(backward))
        } else {
            pit
        }
    }

    /// The way a move sows the pit it names (along the track or against it)
    /// and the ways it steers its later laps by; or why the way it names is
    /// not one of the pit's.
    pub(crate) fn of_move(
        self,
        shape: &Shape,
        played: Move,
    ) -> Result<(bool, Steering), WayRefused> {
        let named = played.direction();
        match self {
            Ways::Chosen => match named {
                Some(way) => Ok((shape.backward(way), Steering::default())),
                None => Err(WayRefused::Unnamed),
            },
            Ways::Turning(..) => Ok((false, Steering::of(played))),
            Ways::One(_) => match named {
                None => Ok((false, Steering::default())),
                Some(_) => Err(WayRefused::Fixed),
            },
            // The pit's own way may be written (`1cw`, as other programs
            // write every move); the other way is no move.
            Ways::ByPit => match (by_pit_number(shape.pits, played.pit().number()), named) {
                (None, Some(way)) => Ok((shape.backward(way), Steering::default())),
                (None, None) => Err(WayRefused::Unnamed),
                (Some(backward), None) => Ok((backward, Steering::default())),
                (Some(backward), Some(way)) if shape.backward(way) == backward => {
                    Ok((backward, Steering::default()))
                }
                (Some(_), Some(_)) => Err(WayRefused::Fixed),
            },
        }
    }

    /// Whether the screen may ask which way a pit is sown (the ← → question
    /// after a pit's key): where the mover chooses, or a lap may turn.
    #[must_use]
    pub fn may_ask(self) -> bool {
        !matches!(self, Ways::One(_))
    }

    pub(crate) fn write_direction(self, line: &mut dyn FnMut(&str)) {
        match self {
            Ways::Chosen => line("direction = \"chosen\""),
            Ways::ByPit => line("direction = \"split\""),
            Ways::One(direction) | Ways::Turning(direction, _) => {
                line(&format!("direction = \"{direction}\""));
            }
        }
    }

    pub(crate) fn write_reversal(self, board: &Board, line: &mut dyn FnMut(&str)) {
        let Some(reversal) = self.reversal() else {
            return;
        };
        line("\n[sowing.reversal]");
        let shape = Shape::get(board.rows, board.pits, false);
        let names: Vec<String> = Pit::all(shape.pits_per_side())
            .filter(|pit| reversal.pits >> pit.offset() & 1 == 1)
            .map(|pit| {
                let (row, number) = shape.named(pit);
                toml::Value::String(Move::in_row(row, number).to_string()).to_string()
            })
            .collect();
        line(&format!("pits = [{}]", names.join(", ")));
        if reversal.from_ply > 1 {
            line(&format!("from-ply = {}", reversal.from_ply));
        }
    }

    /// The one-line summary's words.
    #[must_use]
    pub fn in_brief(self) -> &'static str {
        match self {
            Ways::Chosen => "either way, as the mover chooses",
            Ways::ByPit => "each half toward its own end",
            Ways::One(direction) | Ways::Turning(direction, _) => direction.word(),
        }
    }

    /// The rule sheet's line.
    #[must_use]
    pub fn said(self) -> String {
        match self {
            Ways::Chosen => "chosen by the mover for each move".to_string(),
            Ways::ByPit => "fixed by the pit: the left half of one's row clockwise, the right \
                            half counter-clockwise (a middle pit either way, as the mover \
                            chooses)"
                .to_string(),
            Ways::One(direction) | Ways::Turning(direction, _) => direction.to_string(),
        }
    }
}

/// Where the way is fixed by the pit: whether pit `number` of a row of
/// `pits` sows against a counter-clockwise track (its left half, clockwise),
/// or `None` for a middle pit, which goes either way.
fn by_pit_number(pits: u8, number: u8) -> Option<bool> {
    match (2 * u16::from(number)).cmp(&(u16::from(pits) + 1)) {
        std::cmp::Ordering::Less => Some(true),
        std::cmp::Ordering::Greater => Some(false),
        std::cmp::Ordering::Equal => None,
    }
}

/// [`by_pit_number`] for the pit at track index `origin`.
fn by_pit(shape: &Shape, origin: usize) -> Option<bool> {
    match shape.place(origin) {
        Place::Pit(_, pit) => by_pit_number(shape.pits, pit.number()),
        Place::Store(_) => Some(false),
    }
}

/// Track bits of both sides' middle pits (none on a row of even length).
fn middle_pits(shape: &Shape) -> u64 {
    if shape.pits.is_multiple_of(2) {
        return 0;
    }
    let middle = Pit::new(shape.pits.div_ceil(2));
    (1 << shape.pit(Side::South, middle)) | (1 << shape.pit(Side::North, middle))
}
