//! The input and output that `update` asks for, done by the runner: files
//! (`storage`) and searches in threads of their own (`search`). Commands come
//! in; answers go back as messages. Nothing here touches the model.

mod search;
mod storage;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::catalog::Catalog;
use crate::settings::{Setting, Settings};
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
    /// Changes to the settings not written yet (the last write failed).
    unsaved_settings: Vec<Setting>,
    last_settings_try: Instant,
}

/// How often settings that could not be written are tried again.
const SETTINGS_RETRY: Duration = Duration::from_secs(2);

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
            unsaved_settings: Vec::new(),
            last_settings_try: Instant::now(),
        }
    }

    /// Writes this game's changes to what is remembered into the settings
    /// file, merged with what other games wrote there. Returns the file's
    /// settings once written; a failure is said, and the changes are tried
    /// again with the next ones and every few seconds.
    pub fn remember(&mut self, changes: Vec<Setting>) -> (Option<Settings>, Vec<Msg>) {
        self.unsaved_settings.extend(changes);
        let Some(path) = &self.settings_path else {
            self.unsaved_settings.clear();
            return (None, Vec::new());
        };
        if self.unsaved_settings.is_empty() {
            return (None, Vec::new());
        }
        self.last_settings_try = Instant::now();
        match Settings::write_changes(path, &self.unsaved_settings) {
            Ok(settings) => {
                self.unsaved_settings.clear();
                (Some(settings), Vec::new())
            }
            Err(error) => (
                None,
                vec![Msg::FileFailed {
                    reason: crate::tui::describe::settings_not_saved(&error.to_string()),
                }],
            ),
        }
    }

    /// Whether settings wait to be written again, and it is time to try.
    #[must_use]
    pub fn settings_due(&self) -> bool {
        !self.unsaved_settings.is_empty() && self.last_settings_try.elapsed() >= SETTINGS_RETRY
    }

    /// Does what a command asks; the answers, if any, come back at once
    /// (files) or later from [`Effects::poll`] (searches). Settings are the
    /// runner's to change, not the effects'.
    pub fn perform(&mut self, command: Command) -> Vec<Msg> {
        match command {
            Command::Think {
                seat,
                rules,
                position,
                past,
                level,
                seed,
            } => {
                let computer = self.searches.computer_at(seat, level);
                self.searches.think(computer, rules, position, past, seed);
            }
            Command::ChooseFill {
                rules,
                position,
                level,
            } => self.searches.choose_fill(rules, position, level),
            Command::Hint {
                rules,
                position,
                past,
            } => self.searches.hint(rules, position, past),
            Command::Analyse(session) => self.searches.analyse(*session),
            Command::Confirm(session, values) => self.searches.confirm(*session, values),
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
        self.keeper.has_unsaved() || !self.unsaved_settings.is_empty()
    }

    /// At the end: a last try to write everything; what still failed.
    pub fn finish(&mut self) -> Vec<String> {
        let mut failures = self.keeper.finish();
        let (_, told) = self.remember(Vec::new());
        failures.extend(told.into_iter().filter_map(|msg| match msg {
            Msg::FileFailed { reason } => Some(reason),
            _ => None,
        }));
        failures
    }
}
