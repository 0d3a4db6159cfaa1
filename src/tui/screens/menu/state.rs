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

impl MenuItem {
    /// The digit that opens the entry: the same whether Continue is there
    /// or not (it comes and goes with the unfinished matches), so a digit
    /// learnt once keeps its entry.
    #[must_use]
    pub fn digit(self) -> u8 {
        match self {
            MenuItem::Continue => 0,
            MenuItem::Play => 1,
            MenuItem::Replay => 2,
            MenuItem::Import => 3,
            MenuItem::Rules => 4,
            MenuItem::Quit => 5,
        }
    }
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
