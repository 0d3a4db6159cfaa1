//! What the runner holds beside the model: where matches are kept, how the
//! screen looks and how fast seeds move. `update` reads it and asks for
//! changes with commands; the view reads it.

use crate::settings::{Characters, Setting, Settings};
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
    /// `NO_COLOR` was set when the game started: every look is monochrome.
    pub no_colour: bool,
    /// What the game remembers between runs (written by the effects).
    pub settings: Settings,
}

impl Config {
    /// The look and pace `settings` ask for, no library; the environment
    /// (`NO_COLOR`, a terminal that wants ASCII) is read here, once.
    #[must_use]
    pub fn new(settings: Settings) -> Config {
        let no_colour = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Config {
            theme: Theme::for_look(settings.look, no_colour),
            speed_ms: settings.speed_ms,
            reduced_motion: !settings.animation,
            library: None,
            ascii: match settings.characters {
                Characters::Ascii => true,
                Characters::Unicode => false,
                Characters::Auto => terminal_wants_ascii(),
            },
            no_colour,
            settings,
        }
    }

    /// Changes that `update` asked for, into what is remembered too.
    pub fn apply(&mut self, change: &Setting) {
        match change {
            Setting::Speed(ms) => self.speed_ms = *ms,
            Setting::ReducedMotion(on) => self.reduced_motion = *on,
            Setting::Look(look) => self.theme = Theme::for_look(*look, self.no_colour),
            Setting::Players { .. }
            | Setting::LastVariant(_)
            | Setting::RoundLimit(_)
            | Setting::BoardTurned { .. }
            | Setting::Tally { .. } => {}
        }
        self.settings.apply(change);
    }
}

/// Whether to draw in ASCII when the settings say "auto": a Linux console,
/// a dumb terminal, or a locale that is not UTF-8.
#[must_use]
pub fn terminal_wants_ascii() -> bool {
    let term = std::env::var("TERM").unwrap_or_default();
    if term == "linux" || term == "dumb" {
        return true;
    }
    // The first of these that is set decides, as the C library has it.
    let locale = ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .find_map(|name| std::env::var(name).ok().filter(|v| !v.is_empty()));
    locale.is_some_and(|l| {
        let l = l.to_ascii_lowercase();
        !(l.contains("utf-8") || l.contains("utf8"))
    })
}
