//! What the runner holds beside the model: where matches are kept, how the
//! screen looks and how fast seeds move. `update` reads it and asks for
//! changes with commands; the view reads it.

use crate::ai::Level;
use crate::engine::Outcome;
use crate::settings::{Characters, Look, Settings};
use crate::storage::Library;

use super::theme::Theme;

#[derive(Clone, Debug)]
pub struct Config {
    pub theme: Theme,
    /// Milliseconds per dropped seed.
    pub speed_ms: u64,
    /// Moves appear at once; what they did is still written out.
    pub reduced_motion: bool,
    /// Where matches are kept; `None` keeps them in memory only (tests).
    pub library: Option<Library>,
    /// Draw in plain ASCII (no box drawing, bullets or arrows).
    pub ascii: bool,
    /// What the game remembers between runs (written by the effects).
    pub settings: Settings,
}

impl Config {
    /// The look and pace `settings` ask for, no library.
    #[must_use]
    pub fn new(settings: Settings) -> Config {
        Config {
            theme: Theme::for_look(settings.look),
            speed_ms: settings.speed_ms,
            reduced_motion: !settings.animation,
            library: None,
            ascii: match settings.characters {
                Characters::Ascii => true,
                Characters::Unicode => false,
                Characters::Auto => super::view::terminal_wants_ascii(),
            },
            settings,
        }
    }

    /// Changes that `update` asked for, into what is remembered too.
    pub fn apply(&mut self, change: Setting) {
        let remembered = &mut self.settings;
        match change {
            Setting::Speed(ms) => {
                self.speed_ms = ms;
                remembered.speed_ms = ms;
            }
            Setting::ReducedMotion(on) => {
                self.reduced_motion = on;
                remembered.animation = !on;
            }
            Setting::Look(look) => {
                self.theme = Theme::for_look(look);
                remembered.look = look;
            }
            Setting::Players { names, seats } => {
                remembered.names = names;
                remembered.seats = seats.map(crate::settings::seat_word);
            }
            Setting::LastVariant(id) => remembered.last_variant = Some(id),
            Setting::Tally {
                variant,
                names,
                outcome,
                undo,
            } => remembered.count(&variant, &names, outcome, undo),
        }
    }
}

/// A change to the settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    Speed(u64),
    ReducedMotion(bool),
    Look(Look),
    /// The names typed (empty: the default) and the seats, for next time.
    Players {
        names: [String; 2],
        seats: [Option<Level>; 2],
    },
    LastVariant(String),
    /// A match over (or, with `undo`, one taken back) for the pair's tally.
    Tally {
        variant: String,
        names: [String; 2],
        outcome: Outcome,
        undo: bool,
    },
}
