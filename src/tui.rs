//! The terminal game: an Elm-style loop over a model ([`app::App`]), messages
//! ([`msg::Msg`]), one `update` and a side-effect-free view.

pub mod anim;
pub mod app;
pub mod board_view;
pub mod broken;
pub mod command;
pub mod config;
pub mod context;
pub mod describe;
pub mod effects;
#[cfg(unix)]
mod hangup;
pub mod help_text;
pub mod input;
pub mod judged;
pub mod keys;
pub mod layout;
pub mod moves_text;
pub mod msg;
pub mod pit_keys;
pub mod rules_text;
pub mod runner;
pub mod screens;
pub mod terminal;
pub mod theme;
pub mod update;
pub mod view;
pub mod widgets {
    pub mod board;
    pub mod value_chart;
}

use std::hash::{BuildHasher, RandomState};
use std::io;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use ratatui::crossterm::event;

use crate::ai::Level;
use crate::catalog::Catalog;
use crate::engine::{Rules, Side};
use crate::session::Session;
use crate::settings::Settings;
use crate::storage::{BranchPoint, Library, MatchMeta};
use msg::Msg;
use runner::Runner;

/// How often the screen is redrawn while seeds move (about 60 a second).
const FRAME: Duration = Duration::from_millis(16);
/// How often the loop wakes to try again a write that failed.
const RETRY_WAKE: Duration = Duration::from_secs(1);
/// How often an idle loop wakes to look for a signal to end.
const SIGNAL_WAKE: Duration = Duration::from_millis(250);

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
        /// The round the match ends after, if any.
        round_limit: Option<u16>,
        /// The swap rule on or off (`None`: as the rule file says).
        swap_rule: Option<bool>,
    },
    /// A library match, where it stopped (unless another game plays it).
    Resume(PathBuf),
    /// The unfinished matches, to choose one to continue.
    ContinueList,
    /// A new match played on from the end of a file outside the library.
    Branch(Box<Session>, BranchPoint),
    /// The replay viewer on a saved match: the match, its file and id.
    Replay(Box<Session>, PathBuf, MatchMeta),
}

pub struct Options {
    pub start: Start,
    /// Milliseconds per dropped seed, 0 showing moves at once (`None`: as the
    /// settings say).
    pub animation_ms: Option<u64>,
    /// Where matches are kept (`None` in tests: in memory only).
    pub library: Option<Library>,
    /// `--save FILE`: kept up to date for the match this command begins.
    pub mirror: Option<PathBuf>,
    /// A line to show at the start (older saves moved into the library).
    pub note: Option<String>,
    /// What the game remembers, and where it writes it (`None`: nowhere).
    pub settings: Settings,
    /// `--ascii`: plain ASCII whatever the settings say.
    pub ascii: bool,
    pub settings_path: Option<PathBuf>,
}

impl Options {
    /// Options that keep nothing on disk (tests and benches).
    #[must_use]
    pub fn in_memory(start: Start, animation_ms: u64) -> Options {
        Options {
            start,
            animation_ms: Some(animation_ms),
            library: None,
            mirror: None,
            note: None,
            // Drawn alike wherever the tests run, whatever the locale.
            settings: Settings {
                characters: crate::settings::Characters::Unicode,
                ..Settings::default()
            },
            settings_path: None,
            ascii: false,
        }
    }
}

/// A seed for the app's random choices (lots and hidden marbles).
fn random_seed() -> u64 {
    RandomState::new().hash_one(Instant::now())
}

/// How the game ended.
pub struct Ended {
    /// What could not be written (the screen said so all along).
    pub unsaved: Vec<String>,
    /// The signal that ended it, if one did (SIGTERM, SIGHUP, SIGINT).
    pub signal: Option<i32>,
}

/// The signals that end the game as quitting does: the match is written and
/// the terminal given back. (In raw mode Ctrl-C is a key, not SIGINT; a
/// SIGINT comes from elsewhere.)
struct Signals(Arc<AtomicUsize>);

impl Signals {
    #[cfg(unix)]
    const WATCHED: [i32; 3] = [
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGINT,
        signal_hook::consts::SIGHUP,
    ];
    #[cfg(not(unix))]
    const WATCHED: [i32; 2] = [signal_hook::consts::SIGTERM, signal_hook::consts::SIGINT];

    fn watch() -> io::Result<Signals> {
        let received = Arc::new(AtomicUsize::new(0));
        for signal in Signals::WATCHED {
            let number = usize::try_from(signal).unwrap_or(0);
            signal_hook::flag::register_usize(signal, received.clone(), number)?;
        }
        Ok(Signals(received))
    }

    /// The terminal hung up: the game ends as SIGHUP would end it.
    #[cfg(unix)]
    fn hang_up(&self) {
        let hangup = usize::try_from(signal_hook::consts::SIGHUP).unwrap_or(1);
        self.0.store(hangup, Ordering::Relaxed);
    }

    fn received(&self) -> Option<i32> {
        match self.0.load(Ordering::Relaxed) {
            0 => None,
            signal => i32::try_from(signal).ok(),
        }
    }
}

/// The next terminal events within `wait`: on Unix read by the game's own
/// reader, which a half-sent sequence never holds up and which sees a
/// hang-up itself (crossterm's reader would loop on a terminal that hung
/// up, see [`hangup`]); elsewhere crossterm's.
#[cfg(unix)]
fn next_events(
    reader: &mut input::reader::Reader,
    signals: &Signals,
    wait: Duration,
) -> io::Result<Vec<event::Event>> {
    match reader.next(wait)? {
        input::reader::Reading::Events(events) => Ok(events),
        input::reader::Reading::HungUp => {
            signals.hang_up();
            Ok(Vec::new())
        }
    }
}

#[cfg(not(unix))]
fn next_events(wait: Duration) -> io::Result<Vec<event::Event>> {
    match event::poll(wait).and_then(|ready| ready.then(event::read).transpose()) {
        Err(error) if error.kind() == io::ErrorKind::Interrupted => Ok(Vec::new()),
        other => other.map(|event| event.into_iter().collect()),
    }
}

/// Runs the game until the players quit or a signal ends it.
///
/// # Errors
/// When the terminal cannot be used.
pub fn run(catalog: &Catalog, options: Options) -> io::Result<Ended> {
    let signals = Signals::watch()?;
    #[cfg(unix)]
    let tty = {
        let tty = hangup::Tty::open();
        let received = signals.0.clone();
        tty.watch(move || Signals(received).hang_up());
        tty
    };
    let mut runner = Runner::new(catalog, options, random_seed());
    let mut guard = terminal::enter()?;
    #[cfg(unix)]
    let mut reader = input::reader::Reader::open(&Signals::WATCHED)?;
    let size = guard.terminal.size()?;
    runner.send(Msg::Resize {
        width: size.width,
        height: size.height,
    });
    let mut last_tick = Instant::now();
    let mut signal = None;
    // A terminal that fails ends the loop, but the matches are still written
    // before the error is told.
    let mut failure = None;
    while !runner.app.quit {
        signal = signals.received();
        if signal.is_some() {
            break;
        }
        if let Err(error) = guard
            .terminal
            .draw(|frame| view::render(&runner.app, &runner.config, frame))
        {
            failure = Some(error);
            break;
        }
        // Wake often while something moves, now and then to retry a write or
        // look for a signal; otherwise sleep until a key, click or resize.
        let wait = if runner.app.is_animating() || runner.is_busy() {
            FRAME
        } else if runner.has_unsaved() {
            RETRY_WAKE
        } else {
            SIGNAL_WAKE
        };
        #[cfg(unix)]
        let events = next_events(&mut reader, &signals, wait);
        #[cfg(not(unix))]
        let events = next_events(wait);
        let events = match events {
            Ok(events) => events,
            Err(error) => {
                failure = Some(error);
                break;
            }
        };
        let now = Instant::now();
        let elapsed = now.duration_since(last_tick);
        last_tick = now;
        if runner.app.is_animating() {
            let ms = u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX);
            runner.send(Msg::Tick { ms });
        }
        for event in events {
            if let Some(msg) = input::to_msg(&runner.app, &event) {
                runner.send(msg);
            }
        }
        runner.poll();
    }
    // Everything written first, then the terminal given back; one that hung
    // up cannot take it (and ratatui would complain of it on stderr, itself
    // the dead terminal), so it is left as it is, and the game ends as SIGHUP
    // ends it, whichever failed first: the terminal's write or its read.
    let unsaved = runner.finish();
    #[cfg(unix)]
    let hung_up = tty.wait(Duration::ZERO).ok() == Some(hangup::Input::HungUp);
    #[cfg(not(unix))]
    let hung_up = false;
    if hung_up {
        std::mem::forget(guard);
        #[cfg(unix)]
        {
            signal = Some(signal_hook::consts::SIGHUP);
        }
    } else {
        drop(guard);
        if let Some(error) = failure {
            return Err(error);
        }
    }
    Ok(Ended { unsaved, signal })
}
