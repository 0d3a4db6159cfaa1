//! The list of saved matches: its filter, order and choice.

use crate::tui::app::ScreenState;
use crate::tui::context::Context;

/// The list of saved matches on screen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LibraryList {
    /// Only unfinished matches, to choose one to continue.
    pub continuing: bool,
    /// Shown are the matches whose players, title or variant contain this.
    pub filter: String,
    /// Keys type into the filter.
    pub filtering: bool,
    pub oldest_first: bool,
    /// Index into the matches shown.
    pub selected: usize,
    /// The first match drawn, when they do not all fit.
    pub offset: usize,
}

impl ScreenState for LibraryList {
    fn is_typing(&self) -> bool {
        self.filtering
    }

    fn contexts(&self) -> Vec<Context> {
        if self.filtering {
            vec![Context::Filter]
        } else {
            vec![Context::Library, Context::Anywhere]
        }
    }
}
