//! The terminal game: an Elm-style loop over a model ([`app::App`]), messages
//! ([`msg::Msg`]), one `update` and a side-effect-free view.

pub mod anim;
pub mod app;
pub mod command;
pub mod config;
pub mod describe;
pub mod effects;
pub mod input;
pub mod msg;
pub mod runner;
pub mod terminal;
pub mod theme;
pub mod update;
pub mod view;
pub mod widgets {
    pub mod board;
}

use std::hash::{BuildHasher, RandomState};
use std::io;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use ratatui::crossterm::event;

use crate::catalog::Catalog;
use crate::engine::{Level, Rules, Side};
use crate::session::Session;
use crate::storage::{BranchPoint, Library, MatchId};
use msg::Msg;
use runner::Runner;

/// How often the screen is redrawn while seeds move (about 60 a second).
const FRAME: Duration = Duration::from_millis(16);
/// How often the loop wakes to try again a write that failed.
const RETRY_WAKE: Duration = Duration::from_secs(1);

/// Where the interface starts.
pub enum Start {
    Menu,
    /// The variant list, to choose a game.
    ChooseVariant,
    /// A match with these rules; `first` unset means the rules' own way of
    /// settling it (the setup screen's default).
    Game {
        rules: Arc<Rules>,
        names: [String; 2],
        /// The computer's level in the seats it plays.
        computer: [Option<Level>; 2],
        first: Option<Side>,
    },
    /// A library match, where it stopped (unless another game plays it).
    Resume(PathBuf),
    /// The unfinished matches, to choose one to continue.
    ContinueList,
    /// A new match played on from the end of a file outside the library.
    Branch(Box<Session>, BranchPoint),
    /// The replay viewer on a saved match: the match, its file and id.
    Replay(Box<Session>, PathBuf, Option<MatchId>),
}

pub struct Options {
    pub start: Start,
    /// Milliseconds per dropped seed; 0 shows moves at once.
    pub animation_ms: u64,
    /// Where matches are kept (`None` in tests: in memory only).
    pub library: Option<Library>,
    /// `--save FILE`: kept up to date for the match this command begins.
    pub mirror: Option<PathBuf>,
    /// A line to show at the start (older saves moved into the library).
    pub note: Option<String>,
}

impl Options {
    /// Options that keep nothing on disk (tests and benches).
    #[must_use]
    pub fn in_memory(start: Start, animation_ms: u64) -> Options {
        Options {
            start,
            animation_ms,
            library: None,
            mirror: None,
            note: None,
        }
    }
}

/// A seed for the app's random choices (lots and hidden marbles).
fn random_seed() -> u64 {
    RandomState::new().hash_one(Instant::now())
}

/// Runs the game until the players quit. Returns what could not be written,
/// if anything (the screen said so all along).
///
/// # Errors
/// When the terminal cannot be used.
pub fn run(catalog: &Catalog, options: Options) -> io::Result<Vec<String>> {
    let mut runner = Runner::new(catalog, options, random_seed());
    let mut guard = terminal::enter()?;
    let size = guard.terminal.size()?;
    runner.send(Msg::Resize {
        width: size.width,
        height: size.height,
    });
    let mut last_tick = Instant::now();
    while !runner.app.quit {
        guard
            .terminal
            .draw(|frame| view::render(&runner.app, &runner.config, frame))?;
        // Poll with a timeout only while something moves or waits; otherwise
        // sleep in `read` until a key, a click or a resize arrives.
        let wait = if runner.app.is_animating() || runner.is_busy() {
            Some(FRAME)
        } else if runner.has_unsaved() {
            Some(RETRY_WAKE)
        } else {
            None
        };
        let event = match wait {
            Some(timeout) if !event::poll(timeout)? => None,
            _ => Some(event::read()?),
        };
        let now = Instant::now();
        let elapsed = now.duration_since(last_tick);
        last_tick = now;
        if runner.app.is_animating() {
            let ms = u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX);
            runner.send(Msg::Tick { ms });
        }
        if let Some(event) = event
            && let Some(msg) = input::to_msg(&runner.app, &event)
        {
            runner.send(msg);
        }
        runner.poll();
    }
    Ok(runner.finish())
}
