//! The computer's moves, hints and replay analysis, each searched in a thread
//! of its own. One worker per kind: a new hint request replaces only the hint
//! search, never the computer's.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use crate::ai::{
    Dice, ExactValues, Level, Limits, QUICK_EXACT_SEEDS, Searcher, SolveOptions, choose_move,
    is_quick_to_solve, margin, move_values,
};
use crate::engine::{History, Position, Rules, Side};
use crate::session::Session;
use crate::tui::judged::verdict;
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
}

/// Time a hint may take (twice, when the exact solver runs out of it first).
const HINT_TIME: Duration = Duration::from_secs(1);
/// Nodes spent on each position when valuing a whole match.
const ANALYSIS_NODES: u64 = 30_000;

impl Searches {
    pub fn think(
        &mut self,
        rules: Arc<Rules>,
        position: Position,
        past: History,
        level: Level,
        seed: u64,
    ) {
        self.computer = Some(Worker::spawn(move |stop| {
            let mut dice = Dice::new(seed);
            let deadline = Instant::now() + level.time_cap();
            let choice = choose_move(
                &rules,
                &position,
                &past,
                level,
                &mut dice,
                Some(stop),
                deadline,
            );
            match choice {
                Some(choice) => Msg::ComputerMove {
                    key: position.key(),
                    chosen: Some(choice.chosen),
                    value: choice.value,
                    rest: choice.rest,
                },
                None => Msg::ComputerMove {
                    key: position.key(),
                    chosen: None,
                    value: 0,
                    rest: Vec::new(),
                },
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
    let mut searcher = Searcher::new(rules, 32);
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
/// depth less deep: values that swing from depth to depth mark nothing.
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
        return Judged {
            value: report.value,
            reach: HintReach::Exact,
            stable: true,
        };
    }
    let shallower = report.depth.checked_sub(1).filter(|&d| d > 0).map(|depth| {
        let limits = Limits {
            stop: Some(stop.clone()),
            ..Limits::depth(depth)
        };
        searcher.search(position, limits, false).value
    });
    Judged {
        value: report.value,
        reach: HintReach::Plies(report.depth),
        stable: shallower.is_some_and(|v| verdict(rules, v) == verdict(rules, report.value)),
    }
}

fn analyse(session: &Session, stop: &Arc<AtomicBool>) -> Msg {
    let rules = session.rules().clone();
    let mut searcher = Searcher::new(&rules, 16);
    // Kalah-shaped matches get true values once few seeds are left (a whole
    // Kalaha match takes under a second of this).
    let mut exact = ExactValues::new(&rules, QUICK_EXACT_SEEDS, SolveOptions::with_mib(64));
    let mut values = Vec::new();
    for position in session.positions() {
        let judged = match position.to_move() {
            Some(mover) => {
                let deadline = Instant::now() + HINT_TIME;
                let found = exact
                    .as_mut()
                    .and_then(|exact| exact.value(position, stop, deadline));
                let judged = match found {
                    Some(value) => Judged {
                        value,
                        reach: HintReach::Exact,
                        stable: true,
                    },
                    None => judge(&rules, &mut searcher, position, stop),
                };
                let sign = if mover == Side::South { 1 } else { -1 };
                Judged {
                    value: sign * judged.value,
                    ..judged
                }
            }
            None => Judged {
                value: margin(&rules, position, Side::South),
                reach: HintReach::Exact,
                stable: true,
            },
        };
        values.push(judged);
    }
    Msg::AnalysisReady {
        started_at: session.started_at,
        steps: session.actions().len(),
        values,
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
        searches.think(rules.clone(), position, History::default(), Level::Easy, 1);
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
    }
}
