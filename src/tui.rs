//! The terminal game: an Elm-style loop over a model ([`app::App`]), messages
//! ([`msg::Msg`]), one `update` and a side-effect-free view.

pub mod anim;
pub mod app;
pub mod describe;
pub mod effects;
pub mod input;
pub mod msg;
pub mod terminal;
pub mod theme;
pub mod update;
pub mod view;
pub mod widgets {
    pub mod board;
}

use std::hash::{BuildHasher, RandomState};
use std::io;
use std::sync::Arc;
use std::time::{Duration, Instant};

use ratatui::crossterm::event;

use std::path::PathBuf;

use crate::catalog::Catalog;
use crate::engine::{Rules, Side};
use crate::session::Session;
use app::{App, Screen};
use msg::Msg;

/// How often the screen is redrawn while seeds move (about 60 a second).
const FRAME: Duration = Duration::from_millis(16);

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
        computer: [Option<crate::engine::Level>; 2],
        first: Option<Side>,
    },
    /// A saved match, where it stopped.
    Resume(Box<Session>),
    /// The replay viewer on a saved match.
    Replay(Box<Session>, PathBuf),
}

pub struct Options {
    pub start: Start,
    /// Milliseconds per dropped seed; 0 shows moves at once.
    pub animation_ms: u64,
    /// Files: the autosave, another file to keep saved, the saves folder, and
    /// the match the menu's Continue offers. All `None` in tests.
    pub files: Files,
}

/// Where the game reads and writes matches.
#[derive(Default)]
pub struct Files {
    pub autosave: Option<PathBuf>,
    pub also_save_to: Option<PathBuf>,
    pub saves_dir: Option<PathBuf>,
    pub resumable: Option<Box<Session>>,
}

impl Files {
    /// The player's own folders, and the autosave if it holds a match that is
    /// not over.
    #[must_use]
    pub fn of_user(catalog: &Catalog, also_save_to: Option<PathBuf>) -> Files {
        let autosave = crate::save::autosave_path();
        let resumable = autosave
            .as_deref()
            .filter(|p| p.is_file())
            .and_then(|p| crate::save::load(p, catalog).ok())
            .map(|(session, _)| session)
            .filter(|s| {
                !matches!(
                    s.position().status(),
                    crate::engine::Status::MatchOver { .. }
                )
            })
            .map(Box::new);
        Files {
            autosave,
            also_save_to,
            saves_dir: crate::save::saves_dir(),
            resumable,
        }
    }
}

/// A seed for the app's random choices (lots and hidden marbles).
fn random_seed() -> u64 {
    RandomState::new().hash_one(Instant::now())
}

/// The model ready for `options`, without touching the terminal.
#[must_use]
pub fn initial_app(catalog: &Catalog, options: Options, seed: u64) -> App {
    let mut app = App::new(catalog.entries().to_vec(), theme::Theme::from_env(), seed);
    app.warnings = catalog.problems().iter().map(ToString::to_string).collect();
    app.autosave = options.files.autosave;
    app.also_save_to = options.files.also_save_to;
    app.saves_dir = options.files.saves_dir;
    app.resumable = options.files.resumable;
    if options.animation_ms == 0 {
        app.reduced_motion = true;
    } else {
        app.speed_ms = options.animation_ms;
    }
    app.screen = match options.start {
        Start::Menu => Screen::Menu { selected: 0 },
        Start::ChooseVariant => Screen::Variants {
            selected: 0,
            for_play: true,
            scroll: 0,
        },
        Start::Game {
            rules,
            names,
            computer,
            first: Some(first),
        } => update::start_game(rules, update::Players { names, computer }, first, None),
        Start::Resume(session) => update::resume(*session, "Resumed where you stopped."),
        Start::Replay(session, path) => update::open_replay(*session, path),
        Start::Game {
            rules,
            names,
            computer,
            first: None,
        } => {
            let mut setup = update::new_setup(rules);
            setup.names = names;
            setup.computer = computer;
            // Straight into the game: settle who starts as the rules say, as
            // the setup screen's Start does (a draw, or the odd-or-even guess).
            app.screen = Screen::Setup(setup);
            update::update(&mut app, Msg::Confirm);
            return app;
        }
    };
    app
}

/// Runs the game until the players quit.
///
/// # Errors
/// When the terminal cannot be used.
pub fn run(catalog: &Catalog, options: Options) -> io::Result<()> {
    let mut app = initial_app(catalog, options, random_seed());
    let mut guard = terminal::enter()?;
    let size = guard.terminal.size()?;
    app.size = (size.width, size.height);
    if matches!(app.screen, Screen::Game(_)) {
        app.requests.push(app::Request::Autosave);
    }
    update::schedule_computer(&mut app);
    update::schedule_analysis(&mut app);
    let mut worker: Option<effects::Worker> = None;
    effects::perform(&mut app, catalog, &mut worker);
    let mut last_tick = Instant::now();
    while !app.quit {
        guard.terminal.draw(|frame| view::render(&app, frame))?;
        // Poll with a timeout only while something moves; otherwise sleep in
        // `read` until a key, a click or a resize arrives.
        let event = if app.is_animating() || worker.is_some() {
            if event::poll(FRAME)? {
                Some(event::read()?)
            } else {
                None
            }
        } else {
            Some(event::read()?)
        };
        let now = Instant::now();
        let elapsed = now.duration_since(last_tick);
        last_tick = now;
        if app.is_animating() {
            let ms = u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX);
            update::update(&mut app, Msg::Tick { ms });
        }
        if let Some(event) = event
            && let Some(msg) = input::to_msg(&app, &event)
        {
            update::update(&mut app, msg);
        }
        if let Some(msg) = worker.as_ref().and_then(effects::Worker::poll) {
            worker = None;
            update::update(&mut app, msg);
        }
        effects::perform(&mut app, catalog, &mut worker);
    }
    Ok(())
}
