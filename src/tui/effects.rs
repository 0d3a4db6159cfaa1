//! The input and output that `update` asks for, done by the runner: files
//! (`storage`) and searches in threads of their own (`search`). Commands come
//! in; answers go back as messages. Nothing here touches the model.

mod search;
mod storage;

use std::path::PathBuf;

use crate::catalog::Catalog;
use crate::settings::Settings;
use crate::storage::Library;

use super::command::Command;
use super::msg::Msg;

pub use search::Searches;
pub use storage::Keeper;

/// Everything the effects keep between commands.
pub struct Effects {
    keeper: Keeper,
    searches: Searches,
    /// Where the settings are written (`None`: nowhere, in tests).
    settings_path: Option<PathBuf>,
}

impl Effects {
    /// Effects for a game keeping its matches in `library` (none in tests),
    /// and the first match it begins in `mirror` too (`--save FILE`).
    #[must_use]
    pub fn new(
        catalog: Catalog,
        library: Option<Library>,
        mirror: Option<PathBuf>,
        settings_path: Option<PathBuf>,
    ) -> Effects {
        Effects {
            keeper: Keeper::new(catalog, library, mirror),
            searches: Searches::default(),
            settings_path,
        }
    }

    /// Writes what the game remembers; a failure is said, the game goes on.
    pub fn remember(&mut self, settings: &Settings) -> Vec<Msg> {
        let Some(path) = &self.settings_path else {
            return Vec::new();
        };
        match settings.save(path) {
            Ok(()) => Vec::new(),
            Err(error) => vec![Msg::FileFailed {
                reason: format!("Settings not saved: {error}"),
            }],
        }
    }

    /// Does what a command asks; the answers, if any, come back at once
    /// (files) or later from [`Effects::poll`] (searches). Settings are the
    /// runner's to change, not the effects'.
    pub fn perform(&mut self, command: Command) -> Vec<Msg> {
        match command {
            Command::Think {
                rules,
                position,
                past,
                level,
                seed,
            } => self.searches.think(rules, position, past, level, seed),
            Command::Hint {
                rules,
                position,
                past,
            } => self.searches.hint(rules, position, past),
            Command::Analyse(session) => self.searches.analyse(*session),
            Command::Set(_) => {}
            storage => return self.keeper.perform(storage),
        }
        Vec::new()
    }

    /// Answers that have arrived from searches, and the outcome of trying
    /// again to write what could not be written.
    pub fn poll(&mut self) -> Vec<Msg> {
        let mut messages = self.searches.poll();
        messages.extend(self.keeper.retry_now_and_then());
        messages
    }

    /// Waits for the searches running; their answers (tests).
    pub fn wait_for_searches(&mut self) -> Vec<Msg> {
        self.searches.wait_all()
    }

    /// Whether a search is running (the loop then wakes up often).
    #[must_use]
    pub fn is_busy(&self) -> bool {
        self.searches.is_busy()
    }

    /// Whether something could not be written yet (the loop then wakes up
    /// now and then to try again).
    #[must_use]
    pub fn has_unsaved(&self) -> bool {
        self.keeper.has_unsaved()
    }

    /// At the end: a last try to write everything; what still failed.
    pub fn finish(&mut self) -> Vec<String> {
        self.keeper.finish()
    }
}
