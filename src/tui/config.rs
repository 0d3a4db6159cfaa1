//! What the runner holds beside the model: where matches are kept, how the
//! screen looks and how fast seeds move. `update` reads it and asks for
//! changes with commands; the view reads it.

use crate::storage::Library;

use super::app::DEFAULT_SPEED_MS;
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
}

impl Config {
    /// Colours from the environment, the default speed, no library.
    #[must_use]
    pub fn new(theme: Theme) -> Config {
        Config {
            theme,
            speed_ms: DEFAULT_SPEED_MS,
            reduced_motion: false,
            library: None,
        }
    }

    /// Changes that `update` asked for.
    pub fn apply(&mut self, change: Setting) {
        match change {
            Setting::Speed(ms) => self.speed_ms = ms,
            Setting::ReducedMotion(on) => self.reduced_motion = on,
        }
    }
}

/// A change to the settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    Speed(u64),
    ReducedMotion(bool),
}
