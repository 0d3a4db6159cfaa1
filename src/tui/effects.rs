//! The input and output that `update` asks for: saving the match in play,
//! listing saved matches and opening one. Kept apart so `update` stays pure.

use std::path::{Path, PathBuf};

use crate::catalog::Catalog;
use crate::engine::{Outcome, Status};
use crate::save;
use crate::session::Session;

use super::app::{App, Request, SaveSummary, Screen};
use super::update::{open_replay, set_notice};

/// Does everything `update` asked for, in order.
pub fn perform(app: &mut App, catalog: &Catalog) {
    for request in std::mem::take(&mut app.requests) {
        match request {
            Request::Autosave => autosave(app),
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

fn autosave(app: &mut App) {
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
