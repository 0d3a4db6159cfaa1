//! The main menu: its entries and the one chosen.

use crate::tui::app::ScreenState;
use crate::tui::context::Context;

/// Entries of the main menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuItem {
    Continue,
    Play,
    Replay,
    /// Bring in a game from another program's record.
    Import,
    Rules,
    Quit,
}

/// The main menu on screen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Menu {
    /// Index into [`App::menu_items`].
    pub selected: usize,
}

impl ScreenState for Menu {
    fn contexts(&self) -> Vec<Context> {
        vec![Context::Menu, Context::Anywhere]
    }
}
