//! A match as it goes and ends: the turn line, result boxes, the
//! odd-or-even guess and the replay viewer.

use std::fmt::Write;

use crate::engine::Score;
use crate::engine::{BySide, Outcome, Pit, Place, Places, Position, Rules, Side};
use crate::session::Session;
use crate::tui::board_view::BoardView;
use crate::words::{player_name, store_word};

/// The line under the board while seeds move.
#[must_use]
pub fn lap_line(lap: u32, hand: u16) -> String {
    format!(
        "Lap {lap}  -  {hand} seed{} in hand",
        if hand == 1 { "" } else { "s" }
    )
}

/// A player's line beside the board, as `view` shows it (`at_bottom`: the
/// player's rows drawn at the bottom): "> Ann, bottom row - store 12", with the seeds in pits the player owns where there are
/// any ("store 2 + 19 in own pits"); on four rows, where nothing is
/// stored, "Ann, bottom rows - 32 seeds".
#[must_use]
pub fn player_line(
    session: &Session,
    side: Side,
    view: &BoardView,
    marker: &str,
    at_bottom: bool,
) -> String {
    let name = player_name(session, side);
    let at = if at_bottom { "bottom" } else { "top" };
    if session.rules().rows() == 4 {
        let seeds = view.side_total(side);
        return match view.hand(side) {
            0 => format!("{marker}{name}, {at} rows - {seeds} seeds"),
            hand => format!("{marker}{name}, {at} rows - {seeds} seeds + {hand} in hand"),
        };
    }
    let kind = store_word(session.rules());
    let store = view.get(Place::Store(side));
    match view.owned_seeds(side) {
        0 => format!("{marker}{name}, {at} row - {kind} {store}"),
        owned => format!("{marker}{name}, {at} row - {kind} {store} + {owned} in own pits"),
    }
}

/// The header's count of rounds won, South's first.
#[must_use]
pub fn rounds_won(session: &Session, wins: [usize; 2]) -> String {
    format!(
        "rounds won: {} {}  {} {}",
        session.display_name(Side::South),
        wins[0],
        session.display_name(Side::North),
        wins[1]
    )
}

/// Who is ahead in `stores`, what counts for each side as the board shows
/// it (while seeds move, the seeds of the moment, not the move's result;
/// a store with the seeds in its player's own pits): "Ann leads by 4",
/// "stores equal" (named, since rows may still count, and a bare "level"
/// on the title line read like the computer's level).
#[must_use]
pub fn who_leads(session: &Session, stores: BySide<u16>) -> String {
    let (south, north) = (stores.south, stores.north);
    // Once it is over (and the seeds have stopped), who won, not who leads.
    let position = session.position();
    // Where the seeds in play are what is counted, and no store.
    let on_sides = session.rules().plan().goal.score() == Score::Moving;
    let settled = BySide::from_fn(|side| position.counted(session.rules(), side)) == stores;
    if let Some(outcome) = position.outcome().filter(|_| settled) {
        let many = session.rules().plan().rounds.rounds == crate::engine::Rounds::Many;
        let (won, drawn) = match position.status() {
            crate::engine::Status::RoundOver { .. } => ("won the round", "the round is a draw"),
            _ if many => ("won the last round", "the last round a draw"),
            _ => ("won", "a draw"),
        };
        return match outcome {
            // Won by leaving the other unable to move: no seeds counted.
            crate::engine::Outcome::Win(side) if position.won_by_moving().is_some() => {
                format!("{} {won}", session.display_name(side))
            }
            crate::engine::Outcome::Win(side) => format!(
                "{} {won} by {}",
                session.display_name(side),
                stores[side] - stores[side.other()]
            ),
            crate::engine::Outcome::Draw => drawn.to_string(),
        };
    }
    match south.cmp(&north) {
        std::cmp::Ordering::Equal if on_sides => "as many seeds each".to_string(),
        // Seeds in own pits are counted too: not the stores alone.
        std::cmp::Ordering::Equal if session.rules().plan().goal.owned_pits_count => {
            "as many seeds each".to_string()
        }
        std::cmp::Ordering::Equal => {
            format!("{}s equal", store_word(session.rules()))
        }
        std::cmp::Ordering::Greater => {
            format!(
                "{} leads by {}",
                session.display_name(Side::South),
                south - north
            )
        }
        std::cmp::Ordering::Less => {
            format!(
                "{} leads by {}",
                session.display_name(Side::North),
                north - south
            )
        }
    }
}

/// The header's right-hand side, longest first, for the screen to take the
/// first that fits: the rounds won (in a match of rounds) and who leads in
/// the `stores` shown.
#[must_use]
pub fn standing(session: &Session, wins: Option<[usize; 2]>, stores: BySide<u16>) -> Vec<String> {
    let lead = who_leads(session, stores);
    match wins {
        Some(wins) => vec![
            format!("{}  -  {lead}", rounds_won(session, wins)),
            format!("rounds won {}-{}  -  {lead}", wins[0], wins[1]),
            format!("rounds {}-{}", wins[0], wins[1]),
        ],
        None => vec![lead],
    }
}

#[must_use]
pub fn took_remaining(session: &Session, taker: Side) -> String {
    format!(
        "{} took the remaining seeds and starts the next round.",
        session.display_name(taker)
    )
}

pub const NEXT_REFILL: &str = "Next round's refill:";

#[must_use]
pub fn round_over_title(round: u16) -> String {
    format!("Round {round} is over")
}

#[must_use]
pub fn over_title(many_rounds: bool) -> &'static str {
    if many_rounds {
        "The match is over"
    } else {
        "The game is over"
    }
}

/// "Ann (South) wins the round", "The game is a draw".
#[must_use]
pub fn outcome_text(session: &Session, outcome: Option<Outcome>, what: &str) -> String {
    match outcome {
        Some(Outcome::Win(side)) => format!("{} wins the {what}", player_name(session, side)),
        _ => format!("The {what} is a draw"),
    }
}

/// The heading of the next round's refill, with who begins it: "Round 2,
/// begun by Bo - its refill:".
#[must_use]
pub fn next_round_begun_by(session: &Session, starter: Side, round: u16) -> String {
    format!(
        "Round {round}, begun by {} - its refill:",
        session.display_name(starter)
    )
}

/// What the next round's refill will look like for one player.
#[must_use]
pub fn refill_line(
    session: &Session,
    rules: &Rules,
    now: &Position,
    next: &Position,
    side: Side,
) -> String {
    let pits = next.pit_count();
    let open = Pit::all(pits).filter(|&p| !next.is_closed(side, p)).count();
    let closed: Vec<u8> = Pit::all(pits)
        .filter(|&p| next.is_closed(side, p))
        .map(Pit::number)
        .collect();
    let full = u16::from(rules.seeds_per_pit());
    let partial = Pit::all(pits).find(|&p| !next.is_closed(side, p) && next.pit(side, p) != full);
    let mut text = format!(
        "{}: {open} pit{} open",
        session.display_name(side),
        if open == 1 { "" } else { "s" }
    );
    if rules.plan().rounds.territory_goal.is_some() {
        // Territory rounds: every pit is filled; what changes is who owns it.
        let across: Vec<u8> = Pit::all(pits)
            .filter(|&p| next.round_owner(side.other(), p) == side)
            .map(Pit::number)
            .collect();
        let mut text = format!(
            "{}: owns {} pits",
            session.display_name(side),
            next.pits_held(side)
        );
        match across[..] {
            [] => {}
            [only] => {
                let _ = write!(
                    text,
                    ", {}'s pit {only} among them",
                    session.display_name(side.other())
                );
            }
            [first, .., last] => {
                let _ = write!(
                    text,
                    ", {}'s pits {first}-{last} among them",
                    session.display_name(side.other())
                );
            }
        }
        return text;
    }
    match now.fill_choice(rules) {
        // The loser's choice is still to make.
        Some(chooser) if chooser.side == side => {
            text = format!(
                "{}: chooses {} of {pits} pits to fill",
                session.display_name(side),
                chooser.count
            );
        }
        // The refill fills from one end, so the closed pits lie together
        // at the other: pits 1-3, or 5-7 where it fills from the left.
        _ => match closed[..] {
            [] => {}
            [only] => {
                let _ = write!(text, ", pit {only} closed");
            }
            [first, .., last] => {
                let _ = write!(text, ", pits {first}-{last} closed");
            }
        },
    }
    if let Some(pit) = partial {
        let _ = write!(text, ", pit {pit} part-filled with {}", next.pit(side, pit));
    }
    let reopened: Vec<String> = Pit::all(pits)
        .filter(|&p| now.is_closed(side, p) && !next.is_closed(side, p))
        .map(|p| p.to_string())
        .collect();
    if !reopened.is_empty() {
        let _ = write!(text, ", reopens pit {}", reopened.join(", "));
    }
    if next.store(side) > 0 {
        let _ = write!(
            text,
            ", {} kept in the {}",
            next.store(side),
            crate::words::store_word(rules)
        );
    }
    text
}

/// How the match ended, a sentence a line: at the round limit, by the
/// players, or by an end of the rules (and, in a match of rounds, that a
/// player cannot fill a pit).
#[must_use]
pub fn how_it_ended(session: &Session) -> Vec<String> {
    let position = session.position();
    if session.ended_at_round_limit() {
        // The players chose how many rounds at the start; no one stopped it.
        return vec![match position.round() {
            1 => "The one round chosen at the start has been played.".to_string(),
            rounds => format!("All {rounds} rounds chosen at the start have been played."),
        }];
    }
    if session.ended_by_players() {
        let positions = session.positions();
        let midway = positions.len() >= 2
            && positions[positions.len() - 2].status() == crate::engine::Status::Ongoing;
        return vec![if midway {
            "Ended by the players midway, each row counted to its owner.".to_string()
        } else {
            "Ended by the players.".to_string()
        }];
    }
    crate::words::ending_told(session, position)
        .into_iter()
        .chain(too_few_to_go_on(session, position))
        .collect()
}

/// Why a match of rounds ended after a round before any limit: a player's
/// store cannot fill one pit.
/// How far a round over leaves the match from its end, said of the player
/// nearer to losing it: "Bo has 18 seeds; under 4 would end the match."
#[must_use]
pub fn distance_to_the_end(session: &Session, position: &Position) -> Option<String> {
    let rules = session.rules();
    let round_over = matches!(position.status(), crate::engine::Status::RoundOver { .. });
    if !round_over || rules.plan().rounds.rounds != crate::engine::Rounds::Many {
        return None;
    }
    let full = rules.seeds_per_pit();
    if let Some(goal) = rules.plan().rounds.territory_goal {
        // Territory rounds: how near the round's winner is to the goal.
        let leader = Side::BOTH
            .into_iter()
            .max_by_key(|&side| position.store(side))?;
        let won = rules.plan().rounds.pits_won(position.store(leader), full);
        return Some(format!(
            "{} would own {won} pits of the {goal} that win the match.",
            session.display_name(leader)
        ));
    }
    let fewest = rules.plan().rounds.fewest_seeds(full);
    let behind = Side::BOTH
        .into_iter()
        .min_by_key(|&side| position.store(side))?;
    Some(format!(
        "{} has {} seeds; under {fewest} would end the match.",
        session.display_name(behind),
        position.store(behind)
    ))
}

fn too_few_to_go_on(session: &Session, position: &Position) -> Option<String> {
    let rules = session.rules();
    let over = matches!(position.status(), crate::engine::Status::MatchOver { .. });
    if !over || rules.plan().rounds.rounds != crate::engine::Rounds::Many {
        return None;
    }
    let full = rules.seeds_per_pit();
    let fewest = rules.plan().rounds.fewest_seeds(full);
    let short = Side::BOTH
        .into_iter()
        .find(|&s| position.store(s) < fewest)?;
    let seeds = position.store(short);
    let seeds = if seeds == 1 {
        "1 seed".to_string()
    } else {
        format!("{seeds} seeds")
    };
    let pits = match rules.plan().rounds.min_pits {
        1 => format!("a pit of {full}"),
        k => format!("{k} pits of {full}"),
    };
    Some(format!(
        "{} has {seeds}, too few to fill {pits}: the match is over.",
        session.display_name(short)
    ))
}

/// Said in the header once a match of rounds is over.
pub const MATCH_OVER: &str = "match over";

/// "Ann (South) to move".
#[must_use]
pub fn to_move(player: &str) -> String {
    format!("{player} to move")
}

/// How to play a pit, longest first, for the line to take the first that
/// fits: the numbers (lowest and highest), the row's keys, the arrows with
/// the key that sows, and the mouse.
#[must_use]
pub fn how_to_move(numbers: Option<(u8, u8)>, row_keys: &str, sow: &str) -> [String; 3] {
    // Pits are played by number on two rows, by key alone on four.
    let numbers = match numbers {
        Some((lowest, highest)) if lowest == highest => format!("pit {lowest}"),
        Some((lowest, highest)) => format!("pit {lowest}-{highest}"),
        None => {
            return [
                format!("keys {row_keys}, arrows + {sow}, or click"),
                format!("keys {row_keys}"),
                row_keys.to_string(),
            ];
        }
    };
    [
        format!("{numbers}, {row_keys}, arrows + {sow}, or click"),
        format!("{numbers}, {row_keys}"),
        numbers,
    ]
}

pub const ODD_EVEN_TITLE: &str = "Who starts? Odd or even";
pub const MARBLES_LABEL: &str = "Marbles: ";
pub const A_RIGHT_GUESS: &str = "A right guess starts the match; a wrong one lets North start.";

#[must_use]
pub fn hides_marbles(north: &str) -> String {
    format!("{north} (North) hides some marbles in a fist.")
}

#[must_use]
pub fn look_away(south: &str, north: &str) -> String {
    format!("{south} (South), look away while {north} types how many (1-99).")
}

#[must_use]
pub fn or_let_the_game_hide(key: &str) -> String {
    format!("Or just press {key} to let the game hide a number.")
}

#[must_use]
pub fn holds_marbles(north: &str) -> String {
    format!("{north} (North) holds the marbles.")
}

#[must_use]
pub fn odd_or_even(south: &str) -> String {
    format!("{south} (South): odd or even?")
}

fn parity(odd: bool) -> &'static str {
    if odd { "odd" } else { "even" }
}

#[must_use]
pub fn opens_the_fist(north: &str, marbles: u32) -> String {
    format!(
        "{north} opens the fist: {marbles} marbles, {}.",
        parity(marbles % 2 == 1)
    )
}

#[must_use]
pub fn guessed(south: &str, odd: bool) -> String {
    format!("{south} guessed {}.", parity(odd))
}

#[must_use]
pub fn starts(name: &str, side: Side) -> String {
    format!("{} starts.", crate::words::named(name, side))
}

pub const CHART_COMING: &str = "The engine is valuing every move; a chart of the match follows.";

#[must_use]
pub fn replay_lap(shown: usize, total: usize, lap: u32) -> String {
    format!("Move {shown} of {total} - lap {lap}")
}

/// Where the line under the board leaves out moves of a long turn (the list
/// of moves has them).
pub const LATER_MOVES: &str = "; ... then ";

/// The title of the list of moves.
pub const MOVES_TITLE: &str = "Moves";
/// The list of moves before the first.
pub const NO_MOVES_YET: &str = "No moves yet.";

/// A round's heading in the list of moves.
#[must_use]
pub fn round_heading(round: u16) -> String {
    format!("Round {round}")
}

/// Said after the caption while the viewer plays the match by itself.
pub const AUTOPLAY: &str = "  - autoplay (Space pauses)";

/// What the viewer's caption says of the step shown, its seeds at rest: the
/// move told whole (and whether it threw the game away), a swap, or where
/// the match stands.
#[must_use]
pub fn replay_status(replay: &crate::tui::app::Replay) -> String {
    let session = &replay.session;
    let (shown, total) = (replay.shown, session.actions().len());
    let before = shown.checked_sub(1).map(|i| session.actions()[i]);
    match before {
        Some(crate::session::Action::Move(_)) => {
            let mut status =
                replay_move(session, shown, total).unwrap_or_else(|| replay_step(shown, total));
            if replay.threw_away(shown).is_some() {
                status.push_str(super::THREW_AWAY);
            }
            if let Some((best, value)) = replay.better_move(shown) {
                status.push_str(&super::better_move(session.rules(), best, value));
            }
            status
        }
        Some(crate::session::Action::Swap) => format!(
            "{}: {}",
            replay_step(shown, total),
            crate::words::swap_told(session, session.first())
        ),
        _ => replay_step(shown, total),
    }
}

/// The whole caption, as long as it can be: for the layout to make room.
#[must_use]
pub fn replay_caption(replay: &crate::tui::app::Replay) -> String {
    let autoplay = if replay.autoplay { AUTOPLAY } else { "" };
    format!("{}{autoplay}", replay_status(replay))
}

/// The replayed move, told as the game told it when it was played: "Move
/// 14 of 46: Bo (North) played pit 6: made North 3 a tuzdyk".
#[must_use]
pub fn replay_move(session: &Session, shown: usize, total: usize) -> Option<String> {
    let index = shown.checked_sub(1)?;
    let (side, played, trace) = session.move_trace(index)?;
    Some(format!(
        "Move {shown} of {total}: {} played {}",
        crate::words::named(&session.display_name_at(side, shown), side),
        crate::words::move_details(session.seatings().at(index), played, &trace)
    ))
}

#[must_use]
pub fn replay_step(shown: usize, total: usize) -> String {
    if shown == 0 {
        format!("The start - {total} steps in this match")
    } else {
        format!("Step {shown} of {total}")
    }
}

/// The screen shown while the terminal is too small.
#[must_use]
pub fn enlarge(width: u16, height: u16) -> String {
    format!("Please enlarge the terminal to {width}×{height}")
}

#[must_use]
pub fn size_now(width: u16, height: u16) -> String {
    format!("(it is {width}×{height} now)")
}
