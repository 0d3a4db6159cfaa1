//! The replay viewer: stepping through a saved match, autoplay, and playing on
//! from any position.

use std::path::PathBuf;

use crate::engine::Status;
use crate::session::{Action, Session};
use crate::storage::{BranchPoint, MatchMeta};
use crate::tui::anim::Animation;
use crate::tui::app::{App, LibraryList, Notice, Replay, Screen};
use crate::tui::command::Command;
use crate::tui::config::Config;
use crate::tui::msg::{Input, Msg};

/// Ticks of stillness between two moves while autoplaying.
const AUTOPLAY_PAUSE_TICKS: u64 = 12;

/// How long a typed round number waits for its next digit.
const TYPED_ROUND_PAUSE_MS: u64 = 1_500;

/// The viewer on a loaded match, at its start.
#[must_use]
pub fn open_replay(session: Session, path: PathBuf, meta: MatchMeta) -> Screen {
    Screen::Replay(Box::new(Replay {
        session,
        path,
        meta,
        shown: 0,
        animation: None,
        autoplay: false,
        waited_ms: 0,
        values: None,
        analysis_asked: false,
        confirm_asked: false,
        typed_round: None,
        motion: None,
        list: LibraryList::default(),
    }))
}

pub(crate) fn tick(replay: &mut Replay, ms: u64, speed_ms: u64) {
    if let Some((_, waited)) = &mut replay.typed_round {
        *waited += ms;
        if *waited >= TYPED_ROUND_PAUSE_MS {
            replay.typed_round = None;
        }
    }
    if let Some(animation) = &mut replay.animation
        && !animation.is_finished()
    {
        animation.advance(ms, speed_ms);
        return;
    }
    if replay.autoplay {
        replay.waited_ms += ms;
        if replay.waited_ms >= AUTOPLAY_PAUSE_TICKS * speed_ms {
            replay.waited_ms = 0;
            if !step_forward(replay, true) {
                replay.autoplay = false;
            }
        }
    }
}

/// Shows the next action; a move is animated when `animate`. Returns whether
/// there was one.
fn step_forward(replay: &mut Replay, animate: bool) -> bool {
    let actions = replay.session.actions();
    let Some(&action) = actions.get(replay.shown) else {
        return false;
    };
    let before = *replay.session.game_at(replay.shown).position();
    let trace = replay.session.move_trace(replay.shown);
    replay.shown += 1;
    replay.animation = match action {
        // Replays were verified when loaded, so the move is legal.
        Action::Move(_) if animate => trace.map(|(_, _, trace)| Animation::new(before, trace)),
        _ => None,
    };
    true
}

/// Index just after the action that starts the round holding action `shown`.
fn round_starts(session: &Session) -> Vec<usize> {
    let mut starts = vec![0];
    for (i, action) in session.actions().iter().enumerate() {
        if matches!(action, Action::NextRound(_)) {
            starts.push(i + 1);
        }
    }
    starts
}

/// Takes the analysis's answers for this match (a stale one, for another
/// match or an earlier state of it, is dropped); whether `msg` was one.
fn take_analysis(replay: &mut Replay, msg: &Msg) -> bool {
    let total = replay.session.actions().len();
    let ours =
        |started_at: u64, steps: usize| started_at == replay.session.started_at && steps == total;
    match msg {
        Msg::AnalysisReady {
            started_at,
            steps,
            values,
        } => {
            if ours(*started_at, *steps) {
                replay.values = Some(values.clone());
            }
            true
        }
        Msg::AnalysisConfirmed {
            started_at,
            steps,
            confirmed,
        } => {
            if ours(*started_at, *steps)
                && let Some(values) = &mut replay.values
            {
                for &(index, judged) in confirmed {
                    if let Some(value) = values.get_mut(index) {
                        *value = judged;
                    }
                }
            }
            true
        }
        _ => false,
    }
}

pub(crate) fn replay(app: &mut App, config: &Config, mut replay: Box<Replay>, msg: &Msg) -> Screen {
    if let Some(animation) = &mut replay.animation
        && !animation.is_finished()
        && !matches!(
            msg,
            Msg::AnalysisReady { .. } | Msg::AnalysisConfirmed { .. }
        )
    {
        // As in play: a key shows the end of the move being sown first (and
        // pauses autoplay); the arrows then step on from there.
        animation.finish();
        replay.autoplay = false;
        if !matches!(msg, Msg::Left | Msg::Right) {
            return Screen::Replay(replay);
        }
    }
    let total = replay.session.actions().len();
    if take_analysis(&mut replay, msg) {
        return Screen::Replay(replay);
    }
    let starts = round_starts(&replay.session);
    let animate = replay.motion.unwrap_or(!config.reduced_motion);
    if !matches!(msg, Msg::Input(Input::Digit(_))) {
        replay.typed_round = None;
    }
    match msg {
        Msg::Right => {
            replay.autoplay = false;
            step_forward(&mut replay, animate);
        }
        Msg::Left => {
            replay.autoplay = false;
            replay.animation = None;
            replay.shown = replay.shown.saturating_sub(1);
        }
        Msg::Home => jump(&mut replay, 0),
        Msg::End => jump(&mut replay, total),
        Msg::PageUp => {
            let previous = starts
                .iter()
                .rev()
                .find(|&&s| s < replay.shown)
                .copied()
                .unwrap_or(0);
            jump(&mut replay, previous);
        }
        Msg::PageDown => {
            let next = starts
                .iter()
                .find(|&&s| s > replay.shown)
                .copied()
                .unwrap_or(total);
            jump(&mut replay, next);
        }
        Msg::Input(Input::Digit(digit)) => {
            type_round(app, &mut replay, &starts, usize::from(*digit));
        }
        Msg::Confirm => {
            replay.autoplay = !replay.autoplay;
            replay.waited_ms = 0;
            if replay.autoplay && replay.shown == total {
                jump(&mut replay, 0);
                replay.autoplay = true;
            }
        }
        Msg::Input(Input::Click { column, row }) => {
            let screen = ratatui::layout::Rect::new(0, 0, app.size.0, app.size.1);
            if let Some(position) =
                crate::tui::layout::chart_position_at(&replay, screen, *column, *row)
            {
                jump(&mut replay, position);
            }
        }
        Msg::PlayOn => return play_on(app, &replay),
        Msg::Back => return Screen::Library(replay.list.clone()),
        Msg::Quit => app.quit = true,
        _ => {}
    }
    Screen::Replay(replay)
}

/// A digit of a round number: it extends the number being typed while that
/// names a round, else starts a new one. Each valid number jumps at once, so
/// "1" shows round 1 and a quick "2" after it round 12.
fn type_round(app: &mut App, replay: &mut Replay, starts: &[usize], digit: usize) {
    let rounds = starts.len();
    let longer = replay
        .typed_round
        .take()
        .map(|(typed, _)| typed * 10 + digit)
        .filter(|&round| round <= rounds);
    let round = longer.unwrap_or(digit);
    if round == 0 || round > rounds {
        app.message = Some(Notice {
            text: crate::tui::describe::no_such_round(round, rounds),
            warning: true,
        });
        return;
    }
    jump(replay, starts[round - 1]);
    if round * 10 <= rounds {
        replay.typed_round = Some((round, 0));
        let last = rounds.min(round * 10 + 9);
        app.message = Some(Notice {
            text: crate::tui::describe::another_round_digit(round, last),
            warning: false,
        });
    }
}

fn jump(replay: &mut Replay, shown: usize) {
    replay.autoplay = false;
    replay.animation = None;
    replay.shown = shown.min(replay.session.actions().len());
}

/// A new match from the position shown: the replayed file is only read; the
/// new match's file records where it branched from.
fn play_on(app: &mut App, replay: &Replay) -> Screen {
    let mut branch = replay.session.truncated(replay.shown);
    let position = *branch.position();
    if matches!(position.status(), Status::MatchOver { .. }) {
        app.message = Some(Notice {
            text: crate::tui::describe::NO_PLAY_ON_FROM_THE_END.into(),
            warning: true,
        });
        return Screen::Replay(Box::new(replay.clone()));
    }
    branch.started_at = app.clock;
    let moves = branch.round_moves().iter().map(|r| r.moves.len()).sum();
    let file = replay.path.display().to_string();
    let name = replay
        .path
        .file_name()
        .map_or_else(|| file.clone(), |n| n.to_string_lossy().into_owned());
    app.command(Command::BeginBranch(BranchPoint {
        file,
        id: replay.meta.id.clone(),
        moves,
    }));
    let point = if moves == 0 {
        "from the start".to_string()
    } else {
        format!("after move {moves}")
    };
    crate::tui::screens::game::update::resume(
        app,
        branch,
        &crate::tui::describe::playing_on(&point, &name),
    )
}
