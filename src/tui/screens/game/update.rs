//! A match being played: moves, the cursor, rounds, undo and redo.

use std::sync::Arc;

use crate::ai::Level;
use crate::engine::{
    BySide, Direction, Event, Move, Outcome, Pit, Place, Position, Rules, Side, Status, last_seed,
};
use crate::session::Session;
use crate::tui::anim::Animation;
use crate::tui::app::{App, Game, Notice, Overlay, Screen, TurnPlan};
use crate::tui::command::Command;
use crate::tui::config::Config;
use crate::tui::layout::board_geometry;
use crate::tui::msg::{HintReach, Input, Msg};
use crate::tui::pit_keys::pits_in_order;
use crate::tui::widgets::board::pit_for_key;
use crate::tui::{describe, keys};

/// The legal pit of the player to move that a pit key names, if it does.
fn pit_of_the_mover(game: &Game, msg: &Msg) -> Option<Pit> {
    let position = game.session.position();
    let mover = position.to_move()?;
    game.session.computer(mover).is_none().then_some(())?;
    let pit = match msg {
        Msg::Input(Input::Digit(d)) if position.row_count() == 4 => match digit_key(game, *d) {
            Some((side, pit)) if side == mover => pit,
            _ => return None,
        },
        Msg::Input(Input::Digit(d)) => Pit::new(*d),
        Msg::Input(Input::RowKey(key)) => {
            match pit_for_key(*key, position.shape(), game.turned()) {
                Some((side, pit)) if side == mover => pit,
                _ => return None,
            }
        }
        _ => return None,
    };
    (!game.moves_from(pit).is_empty()).then_some(pit)
}

/// The way an arrow key sows a lap from `mover`'s `pit`, as the board is
/// drawn (turned round, the right of the screen is the left of the board).
fn way_of_arrow(game: &Game, mover: Side, pit: Pit, right: bool) -> Direction {
    let to_the_right = game.session.position().shape().way_to_the_right(mover, pit);
    if right == game.turned() {
        opposite(to_the_right)
    } else {
        to_the_right
    }
}

fn opposite(way: Direction) -> Direction {
    match way {
        Direction::Clockwise => Direction::CounterClockwise,
        Direction::CounterClockwise => Direction::Clockwise,
    }
}

/// A pit chosen whose moves differ by their ways: the arrow keys choose the
/// next way (played once one move is left), Esc takes the last way back,
/// or the pit.
fn choose_way(config: &Config, game: &mut Game, msg: &Msg) -> bool {
    let (Some(pit), Some(mover)) = (game.choosing, game.session.position().to_move()) else {
        game.choosing = None;
        game.ways_made.clear();
        return false;
    };
    match msg {
        Msg::Left | Msg::Right => {
            let mut made = game.ways_made.clone();
            let from = game.pit_of_next_way(pit);
            made.push(way_of_arrow(game, mover, from, *msg == Msg::Right));
            let left: Vec<Move> = game
                .moves_from(pit)
                .into_iter()
                .filter(|&played| super::state::ways_of(played).starts_with(&made))
                .collect();
            match left[..] {
                // That way is no legal move here (its turn never ends).
                [] => {
                    game.notice = Some(Notice {
                        text: describe::NO_SUCH_WAY.to_string(),
                        warning: true,
                    });
                }
                [only] if super::state::ways_of(only) == made => {
                    game.choosing = None;
                    game.ways_made.clear();
                    play(config, game, mover, only);
                }
                [stop, safari]
                    if super::state::ways_of(stop) == made && safari == stop.on_safari() =>
                {
                    game.choosing = None;
                    game.ways_made.clear();
                    ask_safari(game, pit, stop);
                }
                _ => {
                    game.ways_made = made;
                    ask_the_way(game, mover, pit);
                }
            }
            true
        }
        Msg::Back => {
            if game.ways_made.pop().is_some() {
                ask_the_way(game, mover, pit);
            } else {
                game.choosing = None;
                game.notice = None;
            }
            true
        }
        // The computer's answers and other pits leave it to what follows.
        Msg::ComputerMove { .. } | Msg::HintReady { .. } => false,
        _ => {
            game.choosing = None;
            game.ways_made.clear();
            false
        }
    }
}

/// A Bao move whose capture ends in the nyumba (§10.4), waiting for stop
/// (Enter) or safari (`+`): the nyumba marked on the board, the question
/// under it.
fn ask_safari(game: &mut Game, pit: Pit, stop: Move) {
    let position = *game.session.position();
    let mut trace = Vec::new();
    let last = game
        .session
        .game()
        .play_traced(stop, &mut trace)
        .ok()
        .and_then(|_| last_seed(&trace));
    game.safari_asked = Some((pit, stop));
    game.cursor = pit;
    game.preview = last.map(|place| (position.key(), vec![place]));
    game.notice = Some(Notice {
        text: describe::stop_or_safari(&game.session, stop, &trace, last),
        warning: false,
    });
}

/// The answer to the safari's question: `+` goes on, Enter stops, Esc goes
/// back to the way (or the pit) chosen before.
fn answer_safari(config: &Config, game: &mut Game, msg: &Msg) -> bool {
    let (Some((pit, stop)), Some(mover)) = (game.safari_asked, game.session.position().to_move())
    else {
        game.safari_asked = None;
        return false;
    };
    let answered = match msg {
        Msg::Safari => Some(stop.on_safari()),
        Msg::Confirm => Some(stop),
        Msg::Back => None,
        // The computer's answers, and the arrows (no way is left to
        // choose), leave the question standing.
        Msg::Left | Msg::Right => return true,
        Msg::ComputerMove { .. } | Msg::HintReady { .. } => return false,
        _ => {
            game.safari_asked = None;
            game.preview = None;
            return false;
        }
    };
    game.safari_asked = None;
    game.preview = None;
    game.notice = None;
    match answered {
        Some(played) => play(config, game, mover, played),
        None if game.moves_from(pit).len() > 2 => {
            let mut ways = super::state::ways_of(stop);
            ways.pop();
            game.choosing = Some(pit);
            game.ways_made = ways;
            ask_the_way(game, mover, pit);
        }
        None => {}
    }
    true
}

/// The line under the board while `pit` waits for its next way.
fn ask_the_way(game: &mut Game, mover: Side, pit: Pit) {
    let position = game.session.position();
    if position.captures_from_hand(game.session.rules(), pit) {
        let way = |right| way_of_arrow(game, mover, pit, right);
        let kichwa = |way| position.move_at(position.kichwa_of(way)).to_string();
        game.notice = Some(Notice {
            text: describe::choose_the_kichwa(
                &position.move_at(pit).to_string(),
                [
                    (way(false), kichwa(way(false))),
                    (way(true), kichwa(way(true))),
                ],
            ),
            warning: false,
        });
        return;
    }
    let from = game.pit_of_next_way(pit);
    let turning_at =
        (from != pit || !game.ways_made.is_empty()).then(|| position.move_at(from).to_string());
    game.notice = Some(Notice {
        text: describe::choose_the_way(
            &position.move_at(pit).to_string(),
            &game.ways_made,
            turning_at.as_deref(),
            way_of_arrow(game, mover, from, false),
            way_of_arrow(game, mover, from, true),
        ),
        warning: false,
    });
}

/// The pit a digit's key marks on four rows (the back row drawn at the top).
fn digit_key(game: &Game, d: u8) -> Option<(Side, Pit)> {
    pit_for_key(
        char::from(b'0' + d),
        game.session.position().shape(),
        game.turned(),
    )
}

/// A digit typed: a pit of the mover, or (on boards of 10 pits or more) the
/// first digit of one; on four rows, the key of a pit of the back row drawn
/// at the top.
fn digit(config: &Config, game: &mut Game, d: u8) {
    let position = *game.session.position();
    if position.row_count() == 4 {
        if let Some((side, pit)) = digit_key(game, d) {
            try_move(config, game, Some(side), pit);
        }
        return;
    }
    let pits = position.pit_count();
    match game.pending_digit.take() {
        // Pits 10-16: a 1, then the second digit.
        Some(tens) => try_move(config, game, position.to_move(), Pit::new(tens * 10 + d)),
        None if d == 1 && pits >= 10 => {
            game.pending_digit = Some(1);
            game.notice = Some(Notice {
                text: crate::tui::describe::second_digit(pits),
                warning: false,
            });
        }
        None => try_move(config, game, position.to_move(), Pit::new(d)),
    }
}

/// While seeds move, a player's key shows the move's end; whether that was
/// all it did (a pit key then plays that pit if it is the next mover's, with
/// no refusal: they were skipping; quitting still asks).
fn finish_sowing_first(config: &Config, game: &mut Game, msg: &Msg) -> bool {
    let Some(animation) = game.animation.as_mut().filter(|a| !a.is_finished()) else {
        return false;
    };
    animation.finish();
    play_planned(config, game, true);
    match msg {
        Msg::Quit => false,
        Msg::Input(Input::Digit(_) | Input::RowKey(_)) => pit_of_the_mover(game, msg).is_none(),
        _ => true,
    }
}

/// An answer of the computer's or a hint's search, not a player's key.
fn is_an_answer(msg: &Msg) -> bool {
    matches!(
        msg,
        Msg::ComputerMove { .. } | Msg::ComputerFill { .. } | Msg::HintReady { .. }
    )
}

pub(crate) fn game(app: &mut App, config: &Config, mut game: Box<Game>, msg: &Msg) -> Screen {
    let from_a_player = !is_an_answer(msg);
    if from_a_player && finish_sowing_first(config, &mut game, msg) {
        return Screen::Game(game);
    }
    // A preview lasts until the next key.
    if from_a_player && *msg != Msg::Preview && game.preview.take().is_some() {
        game.notice = None;
    }
    if game.choosing.is_some() && choose_way(config, &mut game, msg) {
        return Screen::Game(game);
    }
    if game.safari_asked.is_some() && answer_safari(config, &mut game, msg) {
        return Screen::Game(game);
    }
    if game.filling.is_some() && super::fill::choose_pits(&mut game, msg) {
        return Screen::Game(game);
    }
    let position = *game.session.position();
    // A pit number begun waits for its second digit or Enter, nothing else.
    if !(matches!(msg, Msg::Input(Input::Digit(_)) | Msg::Confirm) || is_an_answer(msg)) {
        game.pending_digit = None;
    }
    match msg {
        Msg::Quit => {
            if position.to_move().is_none() && matches!(position.status(), Status::MatchOver { .. })
            {
                app.quit = true;
            } else {
                app.overlay = Some(Overlay::ConfirmQuit);
            }
        }
        Msg::Input(Input::Digit(d)) => digit(config, &mut game, *d),
        Msg::ComputerMove {
            key,
            chosen,
            value,
            rest,
            warning,
        } => {
            computer_move(config, &mut game, *key, *chosen, *value, rest);
            if let Some(text) = warning {
                game.notice = Some(Notice {
                    text: text.clone(),
                    warning: true,
                });
            }
        }
        Msg::Hint => ask_hint(app, &mut game),
        Msg::Preview => preview(&mut game),
        Msg::TurnBoard => turn_board(app, &mut game),
        Msg::Moves => app.overlay = Some(Overlay::Moves { from_end: 0 }),
        Msg::HintReady { key, values, reach } => show_hint(&mut game, *key, values, *reach),
        Msg::Input(Input::RowKey(key)) => {
            if let Some((side, pit)) = pit_for_key(*key, position.shape(), game.turned()) {
                try_move(config, &mut game, Some(side), pit);
            }
        }
        Msg::Input(Input::Click { column, row }) => {
            if let Some(geometry) = board_geometry(app.size, &position, game.turned())
                && let Some((side, pit)) = geometry.pit_at(*column, *row)
            {
                try_move(config, &mut game, Some(side), pit);
            }
        }
        Msg::Left | Msg::Right => move_cursor(&mut game, *msg == Msg::Right),
        Msg::Confirm => match position.status() {
            Status::Ongoing => {
                let pit = game.pending_digit.take().map_or(game.cursor, Pit::new);
                try_move(config, &mut game, position.to_move(), pit);
            }
            Status::RoundOver { .. } => super::fill::next_round(app, &mut game),
            Status::MatchOver { .. } => return Screen::menu(),
        },
        Msg::NextRound => super::fill::next_round(app, &mut game),
        Msg::ComputerFill { key, fill } => super::fill::computer_filled(&mut game, *key, *fill),
        Msg::ToggleBox | Msg::Up | Msg::PageUp | Msg::Down | Msg::PageDown
            if position.to_move().is_none() =>
        {
            result_box_key(&mut game, msg);
        }
        Msg::EndMatch => end_match(app, &mut game),
        Msg::Rematch if matches!(position.status(), Status::MatchOver { .. }) => {
            return rematch(app, &game);
        }
        Msg::Undo => undo(&mut game),
        Msg::Redo => redo(config, &mut game),
        // The match is saved after every move, so leaving keeps it for Continue.
        Msg::Back => return Screen::menu(),
        Msg::Save => {
            app.overlay = Some(Overlay::SaveAs {
                name: crate::tui::update::default_copy_name(&game.session),
                suggested: true,
            });
        }
        _ => {}
    }
    // A new round or an undo: the result box is shown again next time.
    if game.session.position().to_move().is_some() {
        game.box_hidden = false;
        game.box_scroll = 0;
    }
    Screen::Game(game)
}

/// Another match of the same players under the same rules: the loser
/// starts, after a draw the player who did not start this one.
fn rematch(app: &mut App, game: &Game) -> Screen {
    let session = &game.session;
    let first = match session.position().outcome() {
        Some(Outcome::Win(winner)) => winner.other(),
        _ => session.first().other(),
    };
    let players = Players {
        names: BySide::from_fn(|side| session.name(side).to_string()),
        computer: session.computer,
        round_limit: session.round_limit,
        swap_rule: session.swap_rule(),
    };
    let after_a_draw = session.position().outcome() == Some(Outcome::Draw);
    let note = crate::tui::describe::rematch(session, first, after_a_draw);
    start_game(app, session.rules().clone(), players, first, Some(note))
}

/// Takes back the last move (and the computer's reply to it), saying what.
fn undo(game: &mut Game) {
    game.thinking = false;
    game.plan = TurnPlan::default();
    let last = game.session.last_move();
    let before = game.session.actions().len();
    if !undo_to_a_person(game) {
        game.notice = Some(Notice {
            text: crate::tui::describe::NOTHING_TO_UNDO.into(),
            warning: true,
        });
        return;
    }
    game.animation = None;
    game.report = None;
    game.swap_declined = false;
    game.place_cursor();
    let redo = keys::key_for(keys::Context::Match, &Msg::Redo);
    let more = before - game.session.actions().len() > 1;
    game.notice = Some(Notice {
        text: crate::tui::describe::undone(&game.session, last, more, &redo),
        warning: false,
    });
}

fn redo(config: &Config, game: &mut Game) {
    let before = *game.session.position();
    match game.session.redo() {
        Some(trace) => show_move(config, game, before, trace),
        None => {
            game.notice = Some(Notice {
                text: crate::tui::describe::NOTHING_TO_REDO.into(),
                warning: true,
            });
        }
    }
}

/// Ends the match: at once after a round, after asking during one.
fn end_match(app: &mut App, game: &mut Game) {
    let position = *game.session.position();
    match position.status() {
        Status::RoundOver { .. } => {
            if game.session.end_match().is_ok() {
                game.notice = None;
            }
        }
        Status::Ongoing => {
            let Ok(over) = game.session.game().end_now() else {
                return;
            };
            let name = |side: Side| game.session.display_name(side);
            let stores = format!(
                "{} {}, {} {}",
                name(Side::South),
                over.store(Side::South),
                name(Side::North),
                over.store(Side::North)
            );
            let who = match over.outcome() {
                Some(Outcome::Win(side)) => format!("{} would win", name(side)),
                _ => "a draw".to_string(),
            };
            app.overlay = Some(Overlay::ConfirmEndMatch {
                result: format!("{stores}: {who}."),
            });
        }
        Status::MatchOver { .. } => {}
    }
}

/// The players agreed to end the match in the middle of a round.
pub(crate) fn end_match_now(game: &mut Game) {
    if game.session.end_match().is_ok() {
        game.report = None;
        game.notice = Some(Notice {
            text: crate::tui::describe::PLAYERS_ENDED.into(),
            warning: false,
        });
    }
}

/// Keys of a round's or match's result: hide or show it, scroll its rounds.
fn result_box_key(game: &mut Game, msg: &Msg) {
    let rounds = u16::try_from(game.session.rounds().len()).unwrap_or(u16::MAX);
    let last = rounds.saturating_sub(1);
    match msg {
        Msg::ToggleBox => game.box_hidden = !game.box_hidden,
        Msg::Up => game.box_scroll = game.box_scroll.saturating_sub(1),
        Msg::PageUp => game.box_scroll = game.box_scroll.saturating_sub(10),
        Msg::Down => game.box_scroll = (game.box_scroll + 1).min(last),
        Msg::PageDown => game.box_scroll = (game.box_scroll + 10).min(last),
        _ => {}
    }
}

fn move_cursor(game: &mut Game, right: bool) {
    let position = game.session.position();
    let Some(mover) = position.to_move() else {
        return;
    };
    // The next open pit as drawn, along the row and on round the side's
    // rows (back to the same pit when every other one is closed).
    let mut order = pits_in_order(position.shape(), game.turned(), mover);
    // In territory rounds (rules.md §12) the pits won across follow, named
    // n + k as their moves are; those lost are left out.
    let pits = position.pit_count();
    order.retain(|&pit| position.round_owner(mover, pit) == mover);
    order.extend(
        pits_in_order(position.shape(), game.turned(), mover.other())
            .into_iter()
            .filter(|&pit| position.round_owner(mover.other(), pit) == mover)
            .map(|pit| Pit::new(pits + pit.number())),
    );
    let count = order.len();
    let start = order.iter().position(|&p| p == game.cursor).unwrap_or(0);
    let mut pit = game.cursor;
    for step in 1..=count {
        let at = if right {
            (start + step) % count
        } else {
            (start + count - step) % count
        };
        pit = order[at];
        if pit.number() > pits || !position.is_closed(mover, pit) {
            break;
        }
    }
    game.cursor = pit;
}

fn try_move(config: &Config, game: &mut Game, side: Option<Side>, pit: Pit) {
    let position = *game.session.position();
    let Some(mover) = position.to_move() else {
        return;
    };
    if game.session.computer(mover).is_some() {
        game.notice = Some(Notice {
            text: crate::tui::describe::computer_to_move(&game.session, mover),
            warning: true,
        });
        return;
    }
    // A pit won across is played as pit n + k (territory rounds, §12).
    let pit = match side {
        Some(row) if row != mover && position.round_owner(row, pit) == mover => {
            Pit::new(position.pit_count() + pit.number())
        }
        Some(row) if row == mover => pit,
        _ => {
            game.notice = Some(Notice {
                text: crate::tui::describe::not_your_row(&game.session, mover),
                warning: true,
            });
            return;
        }
    };
    match game.moves_from(pit)[..] {
        [only] => play(config, game, mover, only),
        [stop, safari] if safari == stop.on_safari() => ask_safari(game, pit, stop),
        // None: playing the pit says why it cannot be played.
        [] => {
            let refused = game.refused_move_at(pit);
            play(config, game, mover, refused);
        }
        _ => {
            // The ways are chosen next, shown on the board until they are.
            game.choosing = Some(pit);
            game.ways_made.clear();
            game.cursor = pit;
            ask_the_way(game, mover, pit);
        }
    }
}

/// What the pit under the cursor would do, shown before it is played: each
/// legal move from it played on a copy, its last seed's place marked on the
/// board and the move told in the notice from the engine's own trace (so a
/// relay turn shows where the whole turn ends).
fn preview(game: &mut Game) {
    let position = *game.session.position();
    if position.to_move().is_none() {
        return;
    }
    let moves = game.moves_from(game.cursor);
    if moves.is_empty() {
        // Why it cannot be played, as playing it would say.
        if let Err(error) = game.session.game().check(game.refused_move_at(game.cursor)) {
            game.notice = Some(Notice {
                text: crate::words::refusal(error, &position),
                warning: true,
            });
        }
        return;
    }
    let mut landings = Vec::new();
    let mut told = Vec::new();
    for played in moves {
        let mut trace = Vec::new();
        if game.session.game().play_traced(played, &mut trace).is_err() {
            continue;
        }
        let last = last_seed(&trace);
        landings.extend(last);
        told.push(describe::preview(&game.session, played, &trace, last));
    }
    game.preview = Some((position.key(), landings));
    game.notice = Some(Notice {
        text: told.join("\n"),
        warning: false,
    });
}

/// The board turned round, or back, and remembered for the match's seating.
fn turn_board(app: &mut App, game: &mut Game) {
    game.bottom = game.bottom.other();
    let seated =
        crate::settings::Seated::of([game.session.computer.south, game.session.computer.north]);
    app.command(Command::Set(crate::settings::Setting::BoardTurned {
        seated,
        turned: game.turned(),
    }));
    game.notice = Some(Notice {
        text: describe::board_turned(game.turned(), seated),
        warning: false,
    });
}

/// Plays `chosen` for `mover`, who is to move, or says why it cannot be
/// played.
fn play(config: &Config, game: &mut Game, mover: Side, chosen: Move) {
    let position = *game.session.position();
    debug_assert_eq!(position.to_move(), Some(mover));
    let pit = position.pit_of_move(chosen).unwrap_or(Pit::new(1));
    match game.session.play(chosen) {
        Ok(trace) => {
            game.cursor = pit;
            show_move(config, game, position, trace);
        }
        Err(error) => {
            game.cursor = Pit::new(pit.number().clamp(1, position.pits_per_side()));
            game.notice = Some(Notice {
                text: crate::words::refusal(error, &position),
                warning: true,
            });
        }
    }
}

fn show_move(config: &Config, game: &mut Game, before: Position, trace: Vec<Event>) {
    // The move's first step names it (the session's last action may be the
    // match's end, when the move reached the round limit).
    let Some(&Event::TakeUp {
        pit: Place::Pit(mover, pit),
        ..
    }) = trace.first()
    else {
        return;
    };
    // The move as played (with its way, where the mover chose it): the
    // session's last move, which sows this pit.
    let played = game
        .session
        .actions()
        .iter()
        .rev()
        .find_map(|action| match action {
            crate::session::Action::Move(played) => Some(*played),
            _ => None,
        })
        .filter(|&played| before.pit_of_move(played) == Some(pit))
        .unwrap_or(before.move_at(pit));
    // A player who moves again (an extra turn) has the turn told whole.
    let details = crate::words::move_details(&game.session, played, &trace);
    game.report = Some(match game.report.take() {
        // The report is cleared at each new round and undo, so the same
        // side again means the same turn.
        Some((side, text)) if side == mover => {
            (mover, format!("{text}{}{details}", crate::words::THEN))
        }
        _ => (
            mover,
            format!("{} played {details}", game.session.display_name(mover)),
        ),
    });
    game.notice = None;
    let mut animation = Animation::new(before, trace);
    if config.reduced_motion || config.speed_ms == 0 {
        animation.finish();
    }
    game.animation = Some(animation);
    if game.session.position().to_move().is_some() {
        let keep = game.cursor;
        game.place_cursor();
        let now = game.session.game();
        if let Some(next) = now.to_move()
            && !game.moves_from(keep).is_empty()
            && next == mover
        {
            game.cursor = keep;
        }
    }
}

/// Takes back moves until a person is to move (against the computer, undo
/// takes back its reply too). Returns whether anything was taken back.
fn undo_to_a_person(game: &mut Game) -> bool {
    if !game.session.undo() {
        return false;
    }
    while let Some(side) = game.session.position().to_move()
        && game.session.computer(side).is_some()
        && game.session.can_undo()
    {
        game.session.undo();
    }
    true
}

fn computer_move(
    config: &Config,
    game: &mut Game,
    key: u64,
    chosen: Option<Move>,
    value: i32,
    rest: &[Move],
) {
    let position = *game.session.position();
    // An answer for a position since undone is dropped.
    if game.thinking && key == position.key() {
        game.thinking = false;
        if game.session.can_swap() && crate::ai::takes_the_swap(value) {
            swap(game);
            return;
        }
        // Played as soon as the seeds of the move before have stopped.
        if let Some(chosen) = chosen {
            game.plan = TurnPlan {
                at: key,
                moves: std::iter::once(chosen)
                    .chain(rest.iter().copied())
                    .collect(),
            };
            play_planned(config, game, false);
        }
    }
}

/// Plays the computer's chosen and planned moves once the seeds of the one
/// before have stopped: one at a time, each shown, or (`at_once`, when a
/// key asked to see the turn's end) all that are left, with no seeds moving.
pub(crate) fn play_planned(config: &Config, game: &mut Game, at_once: bool) {
    loop {
        let position = *game.session.position();
        let moving = game.animation.as_ref().is_some_and(|a| !a.is_finished());
        let computer = position
            .to_move()
            .filter(|&side| game.session.computer(side).is_some());
        let (Some(mover), false, true) = (computer, moving, game.plan.at == position.key()) else {
            return;
        };
        let Some(next) = game.plan.moves.pop_front() else {
            return;
        };
        play(config, game, mover, next);
        game.plan.at = game.session.position().key();
        if at_once && let Some(animation) = &mut game.animation {
            animation.finish();
        }
    }
}

/// The second player swaps: the players change seats, and the notice says
/// who plays which side now.
pub(crate) fn swap(game: &mut Game) {
    // The player who swaps now has the side that made the first turn.
    let first = game.session.first();
    if game.session.swap().is_ok() {
        game.notice = Some(Notice {
            text: crate::words::swap_told(&game.session, first),
            warning: false,
        });
        game.report = None;
        game.place_cursor();
    }
}

fn ask_hint(app: &mut App, game: &mut Game) {
    if game.session.position().to_move().is_some() && !game.thinking {
        app.command(Command::Hint {
            rules: game.session.rules().clone(),
            past: game.session.history().clone(),
            position: *game.session.position(),
        });
        game.notice = Some(Notice {
            text: crate::tui::describe::LOOKING_FOR_A_HINT.into(),
            warning: false,
        });
    }
}

fn show_hint(game: &mut Game, key: u64, values: &[(Move, i32)], reach: HintReach) {
    let position = *game.session.position();
    if key != position.key() {
        return;
    }
    if let Some(mover) = position.to_move() {
        game.notice = Some(Notice {
            text: describe::hint(&game.session, mover, values, reach),
            warning: false,
        });
        if let Some(&(best, _)) = values.first() {
            let pit = position.pit_of_move(best).unwrap_or(game.cursor);
            game.cursor = pit;
            game.hint = Some((key, pit));
        }
    }
}
/// A match on screen again, as it was saved.
#[must_use]
pub fn resume(app: &mut App, session: Session, note: &str) -> Screen {
    game_screen(app, session, Some(note.to_string()))
}

/// A match on screen, the cursor on a pit the mover can play.
fn game_screen(app: &mut App, session: Session, note: Option<String>) -> Screen {
    let mut game = Game {
        serial: app.next_serial(),
        cursor: Pit::new(1),
        session,
        animation: None,
        report: None,
        notice: note.map(|text| Notice {
            text,
            warning: false,
        }),
        thinking: false,
        pending_digit: None,
        choosing: None,
        safari_asked: None,
        filling: None,
        ways_made: Vec::new(),
        box_hidden: false,
        box_scroll: 0,
        swap_declined: false,
        plan: TurnPlan::default(),
        hint: None,
        bottom: Side::South,
        preview: None,
        turns: Vec::new(),
        turns_for: None,
    };
    game.place_cursor();
    Screen::Game(Box::new(game))
}

/// Who plays a new match: names and, for the computer's seats, its level.
#[derive(Clone, Debug)]
pub struct Players {
    pub names: BySide<String>,
    pub computer: BySide<Option<Level>>,
    /// The round they agreed to stop after, if any.
    pub round_limit: Option<u16>,
    /// The swap rule is played.
    pub swap_rule: bool,
}

/// A new match on screen; its file is made at its first move.
pub fn start_game(
    app: &mut App,
    rules: Arc<Rules>,
    players: Players,
    first: Side,
    note: Option<String>,
) -> Screen {
    let mut session = Session::begun_at(rules, players.names, first, app.clock);
    session.computer = players.computer;
    session.round_limit = players.round_limit;
    session.set_swap_rule(players.swap_rule);
    app.command(Command::BeginMatch);
    game_screen(app, session, note)
}
