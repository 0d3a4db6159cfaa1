//! The keys of four-row boards (rules.md §10): the rows, the seeds laid in
//! the front rows alone, pits whose lap may turn (`[sowing.reversal]`), the
//! capture of the pair across with its seeds sown back into play
//! (`[capture.pair-across]`) and the player who cannot move losing. Each is
//! checked here with what it may be combined with, every refusal saying
//! why.

use toml::Spanned;

use super::check::{RulesError, refuse};
use super::file::{NyumbaSection, RulesFile};
use super::{
    Board, Captures, DirectionRule, EndsWhen, ExtraTurn, FrontAcross, MAX_PITS, MAX_SEEDS_PER_PIT,
    Nyumba, PairAcross, Relay, Reversal, RoundRules, Rounds, SeedsIn, Sowing, StartRows, Stores,
};
use crate::engine::ground::{MAX_FOUR_ROW_PITS, Row};
use crate::engine::moves::Move;
use crate::engine::shape::Shape;

/// The latest ply a rule file may open a capture or a reversal at.
const MAX_FROM_PLY: i64 = 64;

/// `board.rows`, `board.seeds-in` and `board.stores`, with the pits per row
/// (already in the two-row range) checked for four rows.
pub(super) fn check_board(
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

/// `from-ply`, in range; 1 where it is left out.
fn from_ply(value: Option<&Spanned<i64>>, key: &str, text: &str) -> Result<u16, RulesError> {
    let Some(value) = value else { return Ok(1) };
    let ply = *value.get_ref();
    if !(1..=MAX_FROM_PLY).contains(&ply) {
        return refuse(
            text,
            value.span(),
            key,
            &format!("{ply} is out of range: use 1 to {MAX_FROM_PLY} (plies count from 1)"),
        );
    }
    Ok(u16::try_from(ply).unwrap_or(1))
}

/// `[capture.pair-across]`: four rows, where a relay lifts the landing pit.
pub(super) fn check_pair_across(
    file: &RulesFile,
    board: Board,
    relay: Relay,
    text: &str,
) -> Result<Option<PairAcross>, RulesError> {
    let Some(section) = file
        .capture
        .as_ref()
        .and_then(|c| c.get_ref().pair_across.as_ref())
    else {
        return Ok(None);
    };
    let why = if board.rows != 4 {
        Some("the pair across is a front and a back pit: it needs `board.rows = 4`")
    } else if relay != Relay::LandingPit {
        Some(
            "the pair across is taken where a lap ends in a pit that held seeds, \
             instead of lifting it: it needs `sowing.relay = \"landing-pit\"`",
        )
    } else {
        None
    };
    if let Some(why) = why {
        return refuse(text, section.span(), "capture.pair-across", why);
    }
    let pair = section.get_ref();
    Ok(Some(PairAcross {
        sown_from: pair.sown_from,
        from_ply: from_ply(pair.from_ply.as_ref(), "capture.pair-across.from-ply", text)?,
    }))
}

/// `[capture.front-across]` (Bao): four rows, the mover choosing the way,
/// a relay from the landing pit, and not with the pair across.
pub(super) fn check_front_across(
    file: &RulesFile,
    board: Board,
    sowing: &Sowing,
    capture: &Captures,
    text: &str,
) -> Result<Option<FrontAcross>, RulesError> {
    let Some(section) = file
        .capture
        .as_ref()
        .and_then(|c| c.get_ref().front_across.as_ref())
    else {
        return Ok(None);
    };
    let why = if board.rows != 4 {
        Some("the front pit across is taken on a four-row board: it needs `board.rows = 4`")
    } else if !sowing.direction_chosen {
        Some(
            "captured seeds are sown in from a kichwa, which may turn the move: it needs \
             `sowing.direction = \"chosen\"`",
        )
    } else if sowing.relay != Relay::LandingPit {
        Some(
            "a lap ending in a pit that held seeds captures or lifts it: it needs \
             `sowing.relay = \"landing-pit\"`",
        )
    } else if capture.pair_across.is_some() {
        Some("a lap ends in one capture or the other: leave `[capture.pair-across]` out")
    } else {
        None
    };
    if let Some(why) = why {
        return refuse(text, section.span(), "capture.front-across", why);
    }
    let front = section.get_ref();
    let most_seeds = match &front.most_seeds {
        None => u16::MAX,
        Some(most) => {
            let value = *most.get_ref();
            if !(2..=i64::from(super::MAX_SEEDS)).contains(&value) {
                return refuse(
                    text,
                    most.span(),
                    "capture.front-across.most-seeds",
                    &format!(
                        "{value} is out of range: use 2 to {} (a pit of more never captures)",
                        super::MAX_SEEDS
                    ),
                );
            }
            u16::try_from(value).unwrap_or(u16::MAX)
        }
    };
    let nyumba = match &front.nyumba {
        None => None,
        Some(written) => Some(check_nyumba(written, board, text)?),
    };
    Ok(Some(FrontAcross {
        most_seeds,
        takasa_from: front.takasa_from,
        outward_takasa: front.outward_takasa,
        takasia: front.takasia,
        nyumba,
    }))
}

/// `[capture.front-across.nyumba]`: a front pit, and how many seeds make
/// it functional.
fn check_nyumba(
    written: &Spanned<NyumbaSection>,
    board: Board,
    text: &str,
) -> Result<Nyumba, RulesError> {
    let nyumba = written.get_ref();
    let pit = *nyumba.pit.get_ref();
    if !(1..=i64::from(board.pits)).contains(&pit) {
        return refuse(
            text,
            nyumba.pit.span(),
            "capture.front-across.nyumba.pit",
            &format!("{pit} is no front pit: use 1 to {}", board.pits),
        );
    }
    let functional = *nyumba.functional.get_ref();
    if !(1..=i64::from(super::MAX_SEEDS)).contains(&functional) {
        return refuse(
            text,
            nyumba.functional.span(),
            "capture.front-across.nyumba.functional",
            &format!(
                "{functional} is out of range: use 1 to {}",
                super::MAX_SEEDS
            ),
        );
    }
    let safari = nyumba.safari.as_ref().is_some_and(|on| *on.get_ref());
    if let Some(written) = nyumba
        .safari
        .as_ref()
        .filter(|_| safari && board.in_hand == 0)
    {
        return refuse(
            text,
            written.span(),
            "capture.front-across.nyumba.safari",
            "the safari is offered only while the mover has seeds in hand: it needs \
             `board.in-hand`",
        );
    }
    Ok(Nyumba {
        pit: u8::try_from(pit).unwrap_or(1),
        functional: u16::try_from(functional).unwrap_or(1),
        safari,
    })
}

/// `[sowing.reversal]`: named pits of the board, with a capture of the pair
/// across to judge by, on a board whose way is fixed.
pub(super) fn check_reversal(
    file: &RulesFile,
    board: Board,
    pair_across: Option<PairAcross>,
    text: &str,
) -> Result<Option<Reversal>, RulesError> {
    let Some(section) = &file.sowing.reversal else {
        return Ok(None);
    };
    let key = "sowing.reversal";
    let sowing = &file.sowing;
    let why = if pair_across.is_none() {
        Some(
            "a reversal is offered where the other way would capture the pair across: it \
             needs `[capture.pair-across]`",
        )
    } else if *sowing.direction.get_ref() == DirectionRule::Chosen {
        Some(
            "where the mover chooses every move's way there is nothing to reverse: use a \
             fixed `sowing.direction`",
        )
    } else if sowing.reverse_laps.as_ref().is_some_and(|r| *r.get_ref()) {
        Some("laps that all turn leave no lap to reverse: turn `sowing.reverse-laps` off")
    } else {
        None
    };
    if let Some(why) = why {
        return refuse(text, section.span(), key, why);
    }
    let reversal = section.get_ref();
    let shape = Shape::get(board.rows, board.pits, false);
    let mut pits = 0u32;
    for name in reversal.pits.get_ref() {
        let pit = name
            .get_ref()
            .parse::<Move>()
            .ok()
            .filter(|m| m.row() != Row::Only && m.direction().is_none() && m.later().is_empty())
            .and_then(|m| shape.named_pit(m.row(), m.pit()));
        let Some(pit) = pit else {
            return refuse(
                text,
                name.span(),
                "sowing.reversal.pits",
                &format!(
                    "{:?} is not a pit of this board: name front pits `f1` to `f{n}` and back \
                     pits `b1` to `b{n}`",
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
    Ok(Some(Reversal {
        pits,
        from_ply: from_ply(reversal.from_ply.as_ref(), "sowing.reversal.from-ply", text)?,
    }))
}

/// The round's keys of §10 (`stuck-player-loses`, `leapfrog-is-stuck`),
/// and what four rows cannot be combined with: no seed leaves the board,
/// no lap enters the opponent's rows.
#[allow(clippy::too_many_arguments)]
pub(super) fn check_combinations(
    file: &RulesFile,
    board: Board,
    sowing: &Sowing,
    extra_turn: ExtraTurn,
    capture: &Captures,
    owned_pits: bool,
    round: &mut RoundRules,
    rounds: Rounds,
    text: &str,
) -> Result<(), RulesError> {
    let written = file.round.get_ref();
    let round_span = file.round.span();
    let span = |value: Option<&Spanned<bool>>| value.map_or(round_span.clone(), Spanned::span);
    round.stuck_player_loses = written
        .stuck_player_loses
        .as_ref()
        .is_some_and(|v| *v.get_ref());
    round.leapfrog_is_stuck = written
        .leapfrog_is_stuck
        .as_ref()
        .is_some_and(|v| *v.get_ref());
    check_front_row_end(file, capture, round, text)?;
    if round.stuck_player_loses {
        let at = span(written.stuck_player_loses.as_ref());
        let why = if round.ends_when != EndsWhen::NoMove {
            Some("the player who cannot move loses: it needs `ends-when = \"no-move\"`")
        } else if written.rest_goes_to.is_some() || round.more_than_half || round.repetition {
            Some(
                "where the player who cannot move loses, no seeds are counted: leave \
                 `rest-goes-to`, `more-than-half` and `repetition` out",
            )
        } else if rounds != Rounds::Single {
            Some(
                "a loss by being unable to move ends the game: it needs `match.rounds = \"single\"`",
            )
        } else {
            None
        };
        if let Some(why) = why {
            return refuse(text, at, "round.stuck-player-loses", why);
        }
    }
    if round.leapfrog_is_stuck {
        let at = span(written.leapfrog_is_stuck.as_ref());
        let why = if !round.stuck_player_loses {
            Some("a player who cannot move loses only with `stuck-player-loses = true`")
        } else if sowing.min_seeds != 2 {
            Some(
                "the leapfrog is a pit of two that may be played and a pit of one that may \
                 not: it needs `sowing.min-seeds = 2`",
            )
        } else {
            None
        };
        if let Some(why) = why {
            return refuse(text, at, "round.leapfrog-is-stuck", why);
        }
    }
    if board.rows != 4 {
        return Ok(());
    }
    let rows_span = file.board.rows.as_ref().map_or(0..0, Spanned::span);
    let refuse_with = |why: &str| refuse(text, rows_span.clone(), "board.rows", why);
    let other_capture = capture.while_sowing.is_some()
        || capture.leap.is_some()
        || capture.across.is_some()
        || capture.by_count.is_some()
        || capture.owned_pit.is_some();
    if other_capture || owned_pits {
        return refuse_with(
            "on four rows seeds are taken only by `[capture.pair-across]` and \
             `[capture.front-across]` so far: leave the other captures and owned pits out",
        );
    }
    if sowing.must_feed {
        return refuse_with(
            "on four rows no lap enters the opponent's rows, so no move can feed them: leave \
             `must-feed` out",
        );
    }
    if sowing.relay == Relay::NextPit {
        return refuse_with(
            "a relay from the next pit would look past the end of the mover's loop: use \
             `relay = \"landing-pit\"`",
        );
    }
    if extra_turn.after_capture {
        return refuse_with("four-row captures go on within the move: leave `after-capture` out");
    }
    if !round.stuck_player_loses {
        return refuse_with(
            "on four rows no seed leaves the board, so the game is won by leaving the \
             opponent unable to move: it needs `round.stuck-player-loses = true`",
        );
    }
    Ok(())
}

/// `round.front-row-empty-loses`: a way to lose where the player who cannot
/// move loses, with the capture that takes front pits alone.
fn check_front_row_end(
    file: &RulesFile,
    capture: &Captures,
    round: &mut RoundRules,
    text: &str,
) -> Result<(), RulesError> {
    let written = file.round.get_ref();
    let Some(value) = &written.front_row_empty_loses else {
        return Ok(());
    };
    round.front_row_empty_loses = *value.get_ref();
    if !round.front_row_empty_loses {
        return Ok(());
    }
    let why = if !round.stuck_player_loses {
        Some(
            "a game is lost so where the player who cannot move loses: it needs \
             `stuck-player-loses = true`",
        )
    } else if capture.front_across.is_none() {
        Some(
            "only front pits are taken where `[capture.front-across]` captures: it needs \
             that table",
        )
    } else {
        None
    };
    match why {
        Some(why) => refuse(text, value.span(), "round.front-row-empty-loses", why),
        None => Ok(()),
    }
}

/// `board.front` and `board.back`: a four-row start listed pit by pit, a
/// count for each pit of the row, no more than a pit may start with.
pub(super) fn check_start(
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
pub(super) fn check_in_hand(file: &RulesFile, rows: u8, text: &str) -> Result<u8, RulesError> {
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
