//! The model, the config and the effects together: a message goes to
//! `update`, the commands it returns are done, and their answers go back to
//! `update` until nothing is left to do. The terminal loop, the tests and the
//! benches all drive the game through this one door.

use std::collections::VecDeque;

use ratatui::Frame;

use crate::catalog::Catalog;
use crate::settings::Setting;

use super::app::{App, BrokenRuleFile};
use super::command::Command;
use super::config::Config;
use super::effects::Effects;
use super::msg::Msg;
use super::{Options, update, view};

pub struct Runner {
    pub app: App,
    pub config: Config,
    effects: Effects,
}

impl Runner {
    /// The game ready to start as `options` say, without touching the
    /// terminal; `seed` fixes the app's random choices.
    #[must_use]
    pub fn new(catalog: &Catalog, options: Options, seed: u64) -> Runner {
        let mut config = Config::new(options.settings);
        match options.animation_ms {
            Some(0) => config.reduced_motion = true,
            Some(ms) => config.speed_ms = ms,
            None => {}
        }
        config.library.clone_from(&options.library);
        config.ascii |= options.ascii;
        let mut app = App::new(catalog.entries().to_vec(), seed);
        app.broken_rules = catalog.problems().map(BrokenRuleFile::from).collect();
        let effects = Effects::new(
            catalog.rule_sets(),
            options.library,
            options.mirror,
            options.settings_path,
        );
        let mut runner = Runner {
            app,
            config,
            effects,
        };
        // A match begun from the command line is stamped with this clock.
        runner.app.clock = crate::storage::time::now_seconds();
        let commands = update::start(&mut runner.app, &runner.config, options.start);
        runner.run(commands);
        if let Some(note) = options.note {
            runner.send(Msg::Note(note));
        }
        runner
    }

    /// Handles a message and everything that follows from it.
    pub fn send(&mut self, msg: Msg) {
        let mut queue = VecDeque::from([msg]);
        while let Some(msg) = queue.pop_front() {
            self.app.clock = crate::storage::time::now_seconds();
            let commands = update::update(&mut self.app, &self.config, msg);
            queue.extend(self.perform(commands));
        }
    }

    fn run(&mut self, commands: Vec<Command>) {
        for msg in self.perform(commands) {
            self.send(msg);
        }
    }

    fn perform(&mut self, commands: Vec<Command>) -> Vec<Msg> {
        let mut answers = Vec::new();
        let mut changes = Vec::new();
        for command in commands {
            match command {
                Command::Set(setting) => {
                    self.config.apply(&setting);
                    changes.push(setting);
                }
                other => answers.extend(self.effects.perform(other)),
            }
        }
        // What is remembered is written as soon as it changes.
        if !changes.is_empty() {
            answers.extend(self.remember(changes));
        }
        answers
    }

    /// Writes changes to the settings; the tallies, which other games add
    /// to as well, are then taken from the file.
    fn remember(&mut self, changes: Vec<Setting>) -> Vec<Msg> {
        let (written, answers) = self.effects.remember(changes);
        if let Some(written) = written {
            self.config.settings.tally = written.tally;
        }
        answers
    }

    /// Hands on the answers of searches that have finished, and of writes
    /// tried again. Returns whether there were any.
    pub fn poll(&mut self) -> bool {
        let mut answers = self.effects.poll();
        if self.effects.settings_due() {
            answers.extend(self.remember(Vec::new()));
        }
        let any = !answers.is_empty();
        for msg in answers {
            self.send(msg);
        }
        any
    }

    /// Waits for every search running and hands on the answers (tests).
    pub fn wait_for_searches(&mut self) {
        while self.effects.is_busy() {
            for msg in self.effects.wait_for_searches() {
                self.send(msg);
            }
        }
    }

    /// Whether a search is running.
    #[must_use]
    pub fn is_busy(&self) -> bool {
        self.effects.is_busy()
    }

    /// Whether something could not be written yet.
    #[must_use]
    pub fn has_unsaved(&self) -> bool {
        self.effects.has_unsaved()
    }

    pub fn render(&self, frame: &mut Frame) {
        view::render(&self.app, &self.config, frame);
    }

    /// A last try to write everything, as the game ends; what still failed.
    #[must_use]
    pub fn finish(mut self) -> Vec<String> {
        self.effects.finish()
    }
}
