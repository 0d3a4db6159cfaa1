//! The computer's moves, hints and replay analysis, each searched in a thread
//! of its own. One worker per kind: a new hint request replaces only the hint
//! search, never the computer's.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::ai::{
    Computer, Dice, ExactValues, Level, Limits, QUICK_EXACT_SEEDS, Searcher, SolveOptions,
    is_quick_to_solve, move_values,
};
use crate::engine::{BySide, History, Move, Position, Rules, Side};
use crate::session::Session;
use crate::tui::judged::Weighed;
use crate::tui::judged::{turned_to_loss, verdict};
use crate::tui::msg::{HintReach, Judged, Msg};

/// A search running in another thread; its answer arrives as a message.
pub struct Worker {
    receiver: Receiver<Msg>,
    stop: Arc<AtomicBool>,
}

impl Worker {
    fn spawn(job: impl FnOnce(Arc<AtomicBool>) -> Msg + Send + 'static) -> Worker {
        let (sender, receiver) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        std::thread::spawn(move || {
            let _ = sender.send(job(flag));
        });
        Worker { receiver, stop }
    }

    /// The answer, once it has come.
    #[must_use]
    pub fn poll(&self) -> Option<Msg> {
        self.receiver.try_recv().ok()
    }

    /// Waits for the answer (tests).
    #[must_use]
    pub fn wait(&self) -> Option<Msg> {
        self.receiver.recv().ok()
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        // A search nobody waits for any more stops early.
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The three kinds of search, each with at most one worker.
#[derive(Default)]
pub struct Searches {
    computer: Option<Worker>,
    hint: Option<Worker>,
    analysis: Option<Worker>,
    /// The computers of the match on screen (its serial), by side.
    seated: Option<(u64, BySide<Option<SharedComputer>>)>,
}

/// A seat's computer, lent to the worker that thinks for it.
pub type SharedComputer = Arc<Mutex<Computer>>;

/// Time a hint may take (twice, when the exact solver runs out of it first).
const HINT_TIME: Duration = Duration::from_secs(1);
/// Nodes spent on each position when valuing a whole match.
const ANALYSIS_NODES: u64 = 30_000;

impl Searches {
    /// The computer at `side` of match `serial` (`seat`), at `level`: the
    /// one that has played there so far, or a new one (a new match, or a
    /// level changed); the computers of other matches are let go.
    pub fn computer_at(&mut self, seat: (u64, Side), level: Level) -> SharedComputer {
        let (serial, side) = seat;
        self.seated = self.seated.take().filter(|(at, _)| *at == serial);
        let (_, seats) = self
            .seated
            .get_or_insert_with(|| (serial, BySide::new(None, None)));
        let same = seats[side].as_ref().filter(|computer| {
            computer
                .lock()
                .is_ok_and(|computer| computer.level() == level)
        });
        if let Some(computer) = same {
            return computer.clone();
        }
        let computer = Arc::new(Mutex::new(Computer::new(level)));
        seats[side] = Some(computer.clone());
        computer
    }

    pub fn think(
        &mut self,
        computer: SharedComputer,
        rules: Arc<Rules>,
        position: Position,
        past: History,
        seed: u64,
    ) {
        self.computer = Some(Worker::spawn(move |stop| {
            let mut dice = Dice::new(seed);
            // A worker let go still holds the computer until it sees its
            // stop, a few milliseconds; a poisoned lock is a panicked
            // search, whose table is as good as any.
            let mut computer = computer
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let warning = crate::storage::tables::equip(&mut computer, &rules)
                .map(|passed| crate::words::table_passed_over(&rules, &passed));
            let deadline = Instant::now() + computer.level().time_cap();
            let choice = computer.choose(&rules, &position, &past, &mut dice, Some(stop), deadline);
            match choice {
                Some(choice) => Msg::ComputerMove {
                    key: position.key(),
                    chosen: Some(choice.chosen),
                    value: choice.value,
                    rest: choice.rest,
                    warning,
                },
                None => Msg::ComputerMove {
                    key: position.key(),
                    chosen: None,
                    value: 0,
                    rest: Vec::new(),
                    warning,
                },
            }
        }));
    }

    /// The round's loser, the computer at `level`, choosing the pits to
    /// fill: its answer comes as [`Msg::ComputerFill`].
    pub fn choose_fill(&mut self, rules: Arc<Rules>, position: Position, level: Level) {
        self.computer = Some(Worker::spawn(move |_| {
            let deadline = Instant::now() + level.time_cap();
            Msg::ComputerFill {
                key: position.key(),
                fill: crate::ai::choose_fill(&rules, &position, level, deadline),
            }
        }));
    }

    pub fn hint(&mut self, rules: Arc<Rules>, position: Position, past: History) {
        self.hint = Some(Worker::spawn(move |stop| {
            hint(&rules, &position, past, &stop)
        }));
    }

    pub fn analyse(&mut self, session: Session) {
        self.analysis = Some(Worker::spawn(move |stop| analyse(&session, &stop)));
    }

    /// Judges again, as hard as a hint, the moves `values` (the quick
    /// pass's) found losing.
    pub fn confirm(&mut self, session: Session, values: Vec<Judged>) {
        self.analysis = Some(Worker::spawn(move |stop| confirm(&session, &values, &stop)));
    }

    /// Answers that have come; their workers are done.
    pub fn poll(&mut self) -> Vec<Msg> {
        let mut answers = Vec::new();
        for slot in [&mut self.computer, &mut self.hint, &mut self.analysis] {
            if let Some(msg) = slot.as_ref().and_then(Worker::poll) {
                *slot = None;
                answers.push(msg);
            }
        }
        answers
    }

    /// Waits for every running search and returns the answers (tests).
    pub fn wait_all(&mut self) -> Vec<Msg> {
        [&mut self.computer, &mut self.hint, &mut self.analysis]
            .into_iter()
            .filter_map(|slot| slot.take().and_then(|w| w.wait()))
            .collect()
    }

    #[must_use]
    pub fn is_busy(&self) -> bool {
        self.computer.is_some() || self.hint.is_some() || self.analysis.is_some()
    }
}

/// A searcher for hints and analysis, with the endgame table of `rules`
/// when `mancala tables` built one.
fn searcher_for(rules: &Rules, mib: usize) -> Searcher<'_> {
    let mut searcher = Searcher::new(rules, mib);
    searcher.set_endgame(crate::storage::tables::shared_for_play(rules));
    searcher
}

fn hint(rules: &Rules, position: &Position, past: History, stop: &Arc<AtomicBool>) -> Msg {
    // Few seeds left under Kalah-shaped rules: the exact solver usually
    // answers within the time, with every pit's true value.
    if is_quick_to_solve(rules, position) {
        let deadline = Instant::now() + HINT_TIME;
        if let Some(values) =
            move_values(rules, position, SolveOptions::with_mib(64), stop, deadline)
        {
            return Msg::HintReady {
                key: position.key(),
                values,
                reach: HintReach::Exact,
            };
        }
    }
    let mut searcher = searcher_for(rules, 32);
    searcher.set_past(past);
    let limits = Limits {
        deadline: Some(Instant::now() + HINT_TIME),
        stop: Some(stop.clone()),
        ..Limits::depth(64)
    };
    let report = searcher.search(position, limits, true);
    Msg::HintReady {
        key: position.key(),
        values: report.move_values,
        reach: if report.exact {
            HintReach::Exact
        } else {
            HintReach::Plies(report.depth)
        },
    }
}

/// A position's value for the player to move, searched to the analysis's
/// budget, and whether its verdict (win, draw or loss) is the same one
/// depth less deep.
fn judge(
    rules: &Rules,
    searcher: &mut Searcher,
    position: &Position,
    stop: &Arc<AtomicBool>,
) -> Judged {
    let limits = Limits {
        max_nodes: Some(ANALYSIS_NODES),
        stop: Some(stop.clone()),
        ..Limits::depth(64)
    };
    let report = searcher.search(position, limits, false);
    if report.exact {
        return Judged::quick(report.value, HintReach::Exact, true);
    }
    let shallower = report.depth.checked_sub(1).filter(|&d| d > 0).map(|depth| {
        let limits = Limits {
            stop: Some(stop.clone()),
            ..Limits::depth(depth)
        };
        searcher.search(position, limits, false).value
    });
    Judged::quick(
        report.value,
        HintReach::Plies(report.depth),
        shallower.is_some_and(|v| verdict(rules, v) == verdict(rules, report.value)),
    )
}

/// `played` weighed against the best move from `position` as a hint weighs
/// them (for its time, every move valued at one horizon), and again one
/// depth less deep; the value for the player to move and how far it
/// looked. `None` where the search was stopped or did not value `played`.
fn weigh(
    rules: &Rules,
    searcher: &mut Searcher,
    position: &Position,
    played: Move,
    stop: &Arc<AtomicBool>,
) -> Option<(Weighed, i32, HintReach)> {
    // Few seeds left under Kalah-shaped rules: every move's true value.
    if is_quick_to_solve(rules, position) {
        let deadline = Instant::now() + HINT_TIME;
        if let Some(values) =
            move_values(rules, position, SolveOptions::with_mib(64), stop, deadline)
        {
            let weighed = weighed_in(&values, played, true)?;
            return Some((weighed, weighed.kept, HintReach::Exact));
        }
    }
    let limits = Limits {
        deadline: Some(Instant::now() + HINT_TIME),
        stop: Some(stop.clone()),
        ..Limits::depth(64)
    };
    let report = searcher.search(position, limits, true);
    let reach = if report.exact {
        HintReach::Exact
    } else {
        HintReach::Plies(report.depth)
    };
    let deeper = weighed_in(&report.move_values, played, report.exact)?;
    if report.exact {
        return Some((deeper, deeper.kept, reach));
    }
    let shallower = report
        .depth
        .checked_sub(1)
        .filter(|&d| d > 0)
        .and_then(|depth| {
            let limits = Limits {
                stop: Some(stop.clone()),
                ..Limits::depth(depth)
            };
            let report = searcher.search(position, limits, true);
            weighed_in(&report.move_values, played, false)
        });
    let held = shallower.is_some_and(|shallower| {
        verdict(rules, shallower.kept) == verdict(rules, deeper.kept)
            && verdict(rules, shallower.played) == verdict(rules, deeper.played)
    });
    let weighed = Weighed {
        stable: held,
        ..deeper
    };
    Some((weighed, weighed.kept, reach))
}

/// `played` and the best of `values` (best first), as one search gave them.
fn weighed_in(values: &[(Move, i32)], played: Move, stable: bool) -> Option<Weighed> {
    let &(best, kept) = values.first()?;
    let &(_, value) = values.iter().find(|&&(mv, _)| mv == played)?;
    Some(Weighed {
        best,
        kept,
        played: value,
        stable,
    })
}

/// What values a replayed match's positions: the search, and for
/// Kalah-shaped rules the exact solver once few seeds are left.
struct Judge<'r> {
    rules: &'r Rules,
    searcher: Searcher<'r>,
    exact: Option<ExactValues>,
}

impl<'r> Judge<'r> {
    fn new(rules: &'r Rules) -> Judge<'r> {
        Judge {
            rules,
            searcher: searcher_for(rules, 16),
            // Kalah-shaped matches get true values once few seeds are left
            // (a whole Kalaha match takes under a second of this).
            exact: ExactValues::new(rules, QUICK_EXACT_SEEDS, SolveOptions::with_mib(64)),
        }
    }

    /// `position`'s value for South, by the quick pass.
    fn quickly(&mut self, position: &Position, stop: &Arc<AtomicBool>) -> Judged {
        let rules = self.rules;
        let Some(mover) = position.to_move() else {
            return Judged::quick(
                rules.plan().goal.margin(position, Side::South),
                HintReach::Exact,
                true,
            );
        };
        let deadline = Instant::now() + HINT_TIME;
        let judged = self
            .exact
            .as_mut()
            .and_then(|exact| exact.value(position, stop, deadline))
            .map_or_else(
                || judge(rules, &mut self.searcher, position, stop),
                |value| Judged::quick(value, HintReach::Exact, true),
            );
        Judged {
            value: for_south(mover, judged.value),
            ..judged
        }
    }
}

/// A value for `mover` as a value for South.
fn for_south(mover: Side, value: i32) -> i32 {
    if mover == Side::South { value } else { -value }
}

/// Every position of a match valued by the quick pass.
fn analyse(session: &Session, stop: &Arc<AtomicBool>) -> Msg {
    let mut judge = Judge::new(session.rules());
    let values = session
        .positions()
        .iter()
        .map(|position| judge.quickly(position, stop))
        .collect();
    Msg::AnalysisReady {
        started_at: session.started_at,
        steps: session.actions().len(),
        values,
    }
}

/// The moves the quick pass (`values`) found losing, each weighed again
/// against the best move of its position by a search as hard as a hint's:
/// those positions so valued, by index.
fn confirm(session: &Session, values: &[Judged], stop: &Arc<AtomicBool>) -> Msg {
    let rules = session.rules();
    let mut searcher = searcher_for(rules, 32);
    let positions = session.positions();
    let mut confirmed = Vec::new();
    for (before, action) in session.actions().iter().enumerate() {
        let (crate::session::Action::Move(played), Some(mover), Some(was), Some(now)) = (
            *action,
            positions[before].to_move(),
            values.get(before),
            values.get(before + 1),
        ) else {
            continue;
        };
        if !turned_to_loss(rules, mover, was, now) {
            continue;
        }
        if stop.load(Ordering::Relaxed) {
            break;
        }
        if let Some((weighed, value, reach)) =
            weigh(rules, &mut searcher, &positions[before], played, stop)
        {
            let judged = Judged {
                value: for_south(mover, value),
                reach,
                stable: weighed.stable,
                strong: true,
                weighed: Some(weighed),
            };
            confirmed.push((before, judged));
        }
    }
    Msg::AnalysisConfirmed {
        started_at: session.started_at,
        steps: session.actions().len(),
        confirmed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::engine::Pit;

    #[test]
    fn a_hint_does_not_cancel_the_computers_search() {
        let catalog = Catalog::with_user_dir(None);
        let rules = catalog.find("kalaha").unwrap().rules.clone();
        let mut session = Session::new(rules.clone(), ["A".into(), "B".into()], Side::South);
        session.play(Pit::new(1)).unwrap();
        let position = *session.position();
        let mut searches = Searches::default();
        let computer = searches.computer_at((1, Side::North), Level::Easy);
        searches.think(computer, rules.clone(), position, History::default(), 1);
        searches.analyse(session);
        searches.hint(rules.clone(), position, History::default());
        // A second hint replaces only the first hint.
        searches.hint(rules, position, History::default());
        let answers = searches.wait_all();
        assert_eq!(answers.len(), 3, "{answers:?}");
        assert!(matches!(answers[0], Msg::ComputerMove { key, .. } if key == position.key()));
        assert!(matches!(answers[1], Msg::HintReady { key, .. } if key == position.key()));
        assert!(
            matches!(&answers[2], Msg::AnalysisReady { steps: 1, values, .. } if values.len() == 2)
        );
        assert!(!searches.is_busy());
    }
}

#[cfg(test)]
mod judging {
    use super::*;
    use crate::catalog::Catalog;

    #[test]
    fn a_judgement_says_how_far_it_looked_and_whether_it_held() {
        let catalog = Catalog::with_user_dir(None);
        let rules = catalog.find("oware").unwrap().rules.clone();
        let mut searcher = Searcher::new(&rules, 16);
        let stop = Arc::new(AtomicBool::new(false));
        // The start: no search sees the end, so the value is a depth's.
        let start = Position::new(&rules, Side::South);
        let judged = judge(&rules, &mut searcher, &start, &stop);
        assert!(
            matches!(judged.reach, HintReach::Plies(d) if d > 1),
            "{judged:?}"
        );
        // Two seeds left, one each: the search sees every end, exactly.
        let end = Position::from_text(
            &rules,
            "south: 0 0 0 0 0 1 store 23; north: 0 0 0 0 0 1 store 23; round 1; south to move",
        )
        .unwrap();
        let judged = judge(&rules, &mut searcher, &end, &stop);
        assert_eq!(judged.reach, HintReach::Exact, "{judged:?}");
        assert!(judged.stable);
        assert!(judged.strong, "an exact value is as strong as any");
    }

    /// Only the moves the quick pass found losing are weighed again, as
    /// hard as a hint, against the best move of their position.
    #[test]
    fn a_move_the_quick_pass_found_losing_is_weighed_again_as_hard_as_a_hint() {
        let catalog = Catalog::with_user_dir(None);
        let rules = catalog.find("kalaha").unwrap().rules.clone();
        let mut session = Session::new(rules, ["A".into(), "B".into()], Side::South);
        for pit in [1, 2] {
            session.play(crate::engine::Pit::new(pit)).unwrap();
        }
        let stop = Arc::new(AtomicBool::new(false));
        // As if the quick pass had South lose the game with its first move.
        let quick = [2, -3, -3].map(|v| Judged::quick(v, HintReach::Plies(6), true));
        let Msg::AnalysisConfirmed { confirmed, .. } = confirm(&session, &quick, &stop) else {
            panic!("not a confirmation");
        };
        assert_eq!(confirmed.len(), 1, "{confirmed:?}");
        let (index, judged) = confirmed[0];
        assert_eq!(index, 0, "the position before the first move");
        assert!(judged.strong);
        let weighed = judged.weighed.expect("the move weighed");
        assert!(weighed.kept >= weighed.played, "{weighed:?}");
        assert!(
            session.positions()[0]
                .legal_moves(session.rules())
                .contains(&weighed.best)
        );
    }
}
