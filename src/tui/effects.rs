//! The input and output that `update` asks for: saving the match in play,
//! listing saved matches and opening one. Kept apart so `update` stays pure.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use crate::catalog::Catalog;
use crate::engine::{
    Dice, ExactValues, Limits, Outcome, QUICK_EXACT_SEEDS, Searcher, Side, SolveOptions, Status,
    choose_move, is_quick_to_solve, move_values,
};
use crate::save;
use crate::session::Session;

use super::app::{App, Request, SaveSummary, Screen};
use super::msg::{HintReach, Msg};
use super::update::{open_replay, set_notice};

/// A search running in another thread; its answer arrives as a message.
pub struct Worker {
    pub receiver: Receiver<Msg>,
    stop: Arc<AtomicBool>,
}

impl Worker {
    /// The answer, if it has come.
    #[must_use]
    pub fn poll(&self) -> Option<Msg> {
        self.receiver.try_recv().ok()
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        // A search nobody waits for any more stops early.
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Time a hint may take (twice, when the exact solver runs out of it first).
const HINT_TIME: Duration = Duration::from_secs(1);

fn spawn(job: impl FnOnce(Arc<AtomicBool>) -> Msg + Send + 'static) -> Worker {
    let (sender, receiver) = mpsc::channel();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    std::thread::spawn(move || {
        let _ = sender.send(job(flag));
    });
    Worker { receiver, stop }
}

fn think(app: &App) -> Option<Worker> {
    let Screen::Game(game) = &app.screen else {
        return None;
    };
    let position = *game.session.position();
    let level = game.session.computer(position.to_move()?)?;
    let rules = game.session.rules().clone();
    // Seeded by the position and the match, so a replayed match plays alike.
    let seed = position.key() ^ game.session.started_at;
    Some(spawn(move |stop| {
        let mut dice = Dice::new(seed);
        let pit = choose_move(&rules, &position, level, &mut dice, Some(stop)).unwrap_or_default();
        Msg::ComputerMove {
            key: position.key(),
            pit,
        }
    }))
}

fn hint(app: &App) -> Option<Worker> {
    let Screen::Game(game) = &app.screen else {
        return None;
    };
    let position = *game.session.position();
    position.to_move()?;
    let rules = game.session.rules().clone();
    Some(spawn(move |stop| {
        // Few seeds left under Kalah-shaped rules: the exact solver usually
        // answers within the time, with every pit's true value.
        if is_quick_to_solve(&rules, &position) {
            let deadline = Instant::now() + HINT_TIME;
            if let Some(values) = move_values(
                &rules,
                &position,
                SolveOptions::with_mib(64),
                &stop,
                deadline,
            ) {
                return Msg::HintReady {
                    key: position.key(),
                    values,
                    reach: HintReach::Exact,
                };
            }
        }
        let mut searcher = Searcher::new(&rules, 32);
        let limits = Limits {
            deadline: Some(Instant::now() + HINT_TIME),
            stop: Some(stop),
            ..Limits::depth(64)
        };
        let report = searcher.search(&position, limits, true);
        Msg::HintReady {
            key: position.key(),
            values: report.move_values,
            reach: if report.exact {
                HintReach::Exact
            } else {
                HintReach::Plies(report.depth)
            },
        }
    }))
}

/// Nodes spent on each position when valuing a whole match.
const ANALYSIS_NODES: u64 = 30_000;

fn analyse(app: &App) -> Option<Worker> {
    let Screen::Replay(replay) = &app.screen else {
        return None;
    };
    let session = replay.session.clone();
    Some(spawn(move |stop| {
        let rules = session.rules().clone();
        let mut searcher = Searcher::new(&rules, 16);
        // Kalah-shaped matches get true values once few seeds are left (a
        // whole Kalaha match takes under a second of this).
        let exact = ExactValues::new(&rules, QUICK_EXACT_SEEDS, SolveOptions::with_mib(64));
        let mut values = Vec::new();
        for position in session.positions() {
            let value = match position.to_move() {
                Some(mover) => {
                    let deadline = Instant::now() + HINT_TIME;
                    let value = exact
                        .as_ref()
                        .and_then(|exact| exact.value(position, &stop, deadline))
                        .unwrap_or_else(|| {
                            let limits = Limits {
                                max_nodes: Some(ANALYSIS_NODES),
                                stop: Some(stop.clone()),
                                ..Limits::depth(64)
                            };
                            searcher.search(position, limits, false).value
                        });
                    if mover == Side::South { value } else { -value }
                }
                None => {
                    i32::from(position.store(Side::South)) - i32::from(position.store(Side::North))
                }
            };
            values.push(value);
        }
        Msg::AnalysisReady {
            started_at: session.started_at,
            steps: session.actions().len(),
            values,
        }
    }))
}

/// Does everything `update` asked for, in order. A search is started in
/// `worker` (replacing, and so stopping, any still running).
pub fn perform(app: &mut App, catalog: &Catalog, worker: &mut Option<Worker>) {
    for request in std::mem::take(&mut app.requests) {
        match request {
            Request::Think => *worker = think(app),
            Request::Hint => *worker = hint(app),
            Request::Analyse => *worker = analyse(app),
            Request::Autosave => autosave(app, catalog),
            Request::SaveAs(path) => save_as(app, &path),
            Request::ListSaves => app.saves = list_saves(app, catalog),
            Request::OpenReplay(path) => match save::load(&path, catalog) {
                Ok((session, _)) => app.screen = open_replay(session, path),
                Err(error) => set_notice(app, error.to_string(), true),
            },
        }
    }
}

fn session(app: &App) -> Option<&Session> {
    match &app.screen {
        Screen::Game(game) => Some(&game.session),
        _ => None,
    }
}

/// Before a new match takes the autosave, an unfinished match still in it is
/// moved to the saves folder, so starting a game never loses another.
fn keep_unfinished_autosave(app: &App, catalog: &Catalog, session: &Session) -> Option<String> {
    let autosave = app.autosave.as_ref()?;
    let (old, _) = save::load(autosave, catalog).ok()?;
    let same_match = old.started_at == session.started_at
        && old.name(crate::engine::Side::South) == session.name(crate::engine::Side::South)
        && old.rules().id() == session.rules().id();
    if same_match || matches!(old.position().status(), Status::MatchOver { .. }) {
        return None;
    }
    let folder = app.saves_dir.as_ref()?;
    let name = format!("{}-unfinished.toml", super::update::default_save_name(&old));
    let target = folder.join(name);
    std::fs::create_dir_all(folder).ok()?;
    if target.exists() {
        return None;
    }
    std::fs::rename(autosave, &target).ok()?;
    Some(format!(
        "The unfinished match from before is kept as {}",
        target.display()
    ))
}

fn autosave(app: &mut App, catalog: &Catalog) {
    let Some(playing) = session(app) else {
        return;
    };
    if let Some(note) = keep_unfinished_autosave(app, catalog, playing) {
        set_notice(app, note, false);
    }
    // Again: the notice above needed the app mutably.
    let Some(session) = session(app) else {
        return;
    };
    let text = save::to_toml(session);
    let mut failures = Vec::new();
    for path in [&app.autosave, &app.also_save_to].into_iter().flatten() {
        if let Err(error) = save::write_atomically(path, &text) {
            failures.push(error.to_string());
        }
    }
    if !failures.is_empty() {
        set_notice(app, format!("Not saved: {}", failures.join("; ")), true);
    }
}

fn save_as(app: &mut App, path: &Path) {
    let Some(session) = session(app) else {
        return;
    };
    match save::save(session, path) {
        Ok(()) => set_notice(app, format!("Saved to {}", path.display()), false),
        Err(error) => set_notice(app, format!("Not saved: {error}"), true),
    }
}

/// "Ann v Bo", "round 3, ongoing", "Ann won" and the like.
fn summary(path: PathBuf, session: &Session, saved_at: &str) -> SaveSummary {
    let position = session.position();
    let name = |side| session.name(side).to_string();
    let result = match (position.status(), position.outcome()) {
        (Status::Ongoing, _) => format!("round {}, in play", position.round()),
        (Status::RoundOver { .. }, _) => format!("round {} over", position.round()),
        (Status::MatchOver { .. }, Some(Outcome::Win(side))) => format!("{} won", name(side)),
        (Status::MatchOver { .. }, _) => "a draw".to_string(),
    };
    SaveSummary {
        path,
        variant: session.rules().name().to_string(),
        players: format!(
            "{} v {}",
            name(crate::engine::Side::South),
            name(crate::engine::Side::North)
        ),
        saved_at: saved_at.replace('T', " ").trim_end_matches('Z').to_string(),
        result,
    }
}

/// The autosave and every save in the saves folder, newest first. Files that
/// cannot be read are listed with the reason, so a damaged save is noticed.
fn list_saves(app: &App, catalog: &Catalog) -> Vec<SaveSummary> {
    let is_autosave = |path: &Path| app.autosave.as_deref() == Some(path);
    let mut paths: Vec<PathBuf> = app
        .autosave
        .iter()
        .filter(|p| p.is_file())
        .cloned()
        .collect();
    if let Some(dir) = &app.saves_dir
        && let Ok(listing) = std::fs::read_dir(dir)
    {
        let mut found: Vec<PathBuf> = listing
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "toml") && p.is_file())
            .collect();
        found.sort();
        paths.extend(found);
    }
    let mut saves: Vec<SaveSummary> = paths
        .into_iter()
        .map(|path| match save::load(&path, catalog) {
            Ok((session, info)) => {
                let mut entry = summary(path, &session, &info.saved_at);
                if is_autosave(&entry.path) {
                    entry.result.push_str(" (autosave)");
                }
                entry
            }
            Err(error) => SaveSummary {
                variant: "?".to_string(),
                players: path
                    .file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
                saved_at: String::new(),
                result: format!("cannot be read: {error}"),
                path,
            },
        })
        .collect();
    saves.sort_by(|a, b| b.saved_at.cmp(&a.saved_at));
    saves
}
