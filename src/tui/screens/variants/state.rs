//! The list of games (rule sets): the one chosen, the search, the rules' scroll.

use crate::engine::Rules;
use crate::tui::app::App;
use crate::tui::app::ScreenState;
use crate::tui::context::Context;

/// The list of games (rule sets) on screen, to play one or read its rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameList {
    /// The chosen entry: an index into the rule sets, then the rule files
    /// that could not be read.
    pub selected: usize,
    /// Choosing a game to play, or just reading the rules.
    pub for_play: bool,
    /// How far its rules are scrolled.
    pub scroll: u16,
    /// What was typed to find a game: only those whose name or place has
    /// it are listed.
    pub search: String,
}

impl GameList {
    #[must_use]
    pub fn at(selected: usize, for_play: bool) -> GameList {
        GameList {
            selected,
            for_play,
            ..GameList::default()
        }
    }
}

impl ScreenState for GameList {
    fn rules<'a>(&'a self, app: &'a App) -> Option<&'a Rules> {
        app.variants.get(self.selected).map(|e| &*e.rules)
    }

    fn contexts(&self) -> Vec<Context> {
        vec![Context::Variants, Context::Anywhere]
    }
}
