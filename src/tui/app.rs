//! The model: everything the interface shows, and nothing about the terminal.

use std::path::PathBuf;

use crate::catalog::Entry;
use crate::engine::Rules;
use crate::storage::Listing;

pub use super::broken::BrokenRuleFile;
use super::command::Command;
use super::context::Context;
pub use super::screens::game::state::{Game, TurnPlan};
pub use super::screens::library::state::LibraryList;
pub use super::screens::menu::state::{Menu, MenuItem};
pub use super::screens::odd_even::state::{OddEven, OddEvenStage};
pub use super::screens::replay::state::Replay;
pub use super::screens::setup::state::{
    NAME_LENGTH, ROUND_LIMIT_CHOICES, SEAT_CHOICES, SETUP_FIELDS, Setup, SetupField, StarterChoice,
    clean_name,
};
pub use super::screens::variants::state::GameList;

/// Milliseconds per dropped seed that the speed keys step through.
pub const SPEEDS_MS: [u64; 9] = [15, 30, 45, 70, 100, 150, 250, 400, 600];
pub use crate::settings::DEFAULT_SPEED_MS;

/// A line under the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub text: String,
    pub warning: bool,
}

/// What the rest of the interface asks of any screen's state. Each screen
/// (`tui/screens/<name>/`) answers for itself in its `state.rs`.
pub trait ScreenState {
    /// Whether a text field has the focus, so keys type instead of acting.
    fn is_typing(&self) -> bool {
        false
    }

    /// Whether something moves, so the loop should wake up on its own.
    fn is_animating(&self) -> bool {
        false
    }

    /// The rule set the screen is about, if any.
    fn rules<'a>(&'a self, _app: &'a App) -> Option<&'a Rules> {
        None
    }

    /// Where its keys apply, first taken first, whatever box is over it.
    fn contexts(&self) -> Vec<Context>;

    /// The contexts help lists for the screen.
    fn help_contexts(&self) -> Vec<Context> {
        self.contexts()
    }

    /// Whether help's contexts are a stack (the first that has a key takes
    /// it), rather than moments listed side by side.
    fn help_is_a_stack(&self) -> bool {
        true
    }
}

/// The screen shown: each is a folder of `tui/screens/`, registered here
/// and in one arm of `Screen::state`, `update::route` and `view::render_to`.
#[derive(Clone, Debug)]
pub enum Screen {
    Menu(Menu),
    Library(LibraryList),
    Replay(Box<Replay>),
    Variants(GameList),
    Setup(Setup),
    OddEven(OddEven),
    Game(Box<Game>),
}

impl Screen {
    /// The main menu, its first entry chosen.
    #[must_use]
    pub fn menu() -> Screen {
        Screen::Menu(Menu::default())
    }

    /// The main menu with `item` chosen (the first entry where the menu
    /// does not show it): where a player lands coming back from it.
    #[must_use]
    pub fn menu_at(app: &App, item: MenuItem) -> Screen {
        let selected = app
            .menu_items()
            .iter()
            .position(|&shown| shown == item)
            .unwrap_or(0);
        Screen::Menu(Menu { selected })
    }

    /// The screen's own answers to what the interface asks of it.
    #[must_use]
    pub fn state(&self) -> &dyn ScreenState {
        match self {
            Screen::Menu(menu) => menu,
            Screen::Library(list) => list,
            Screen::Replay(replay) => &**replay,
            Screen::Variants(list) => list,
            Screen::Setup(setup) => setup,
            Screen::OddEven(odd_even) => odd_even,
            Screen::Game(game) => &**game,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    Help {
        scroll: u16,
    },
    ConfirmQuit,
    /// The match's moves, every turn told whole; `from_end` rows scrolled
    /// back from the latest.
    Moves {
        from_end: u16,
    },
    /// Naming the file to save the match to.
    SaveAs {
        name: String,
        /// `name` is the suggestion, untouched: what is typed replaces it,
        /// as in the setup's name fields.
        suggested: bool,
    },
    /// A copy of this name exists: replace it?
    ConfirmReplace {
        name: String,
    },
    /// Another game plays this match: watch it read-only instead?
    OpenElsewhere {
        path: PathBuf,
    },
    /// Move this file to the trash? `what` describes it.
    ConfirmDelete {
        path: PathBuf,
        what: String,
    },
    /// Typing a match's title.
    Rename {
        path: PathBuf,
        title: String,
    },
    /// End the match in the middle of a round? `result` says how it would end.
    ConfirmEndMatch {
        result: String,
    },
    /// The swap rule: the second player, to move after the first turn, may
    /// take the side that has just moved.
    OfferSwap,
    /// Typing the path of a record to bring in; `refused` says why the
    /// last one typed was not taken.
    Import {
        path: String,
        refused: Option<String>,
    },
    /// Choosing the format to write this match in; `what` describes it.
    Export {
        path: PathBuf,
        what: String,
    },
}

/// The whole interface state.
#[derive(Clone, Debug)]
pub struct App {
    pub variants: Vec<Entry>,
    pub screen: Screen,
    pub overlay: Option<Overlay>,
    pub size: (u16, u16),
    pub quit: bool,
    /// The user's rule files that could not be read, listed after the
    /// rule sets with what is wrong.
    pub broken_rules: Vec<BrokenRuleFile>,
    /// A line at the foot of screens other than a match's.
    pub message: Option<Notice>,
    /// Why a match could not be written: shown across the top of every
    /// screen until a write succeeds.
    pub banner: Option<String>,
    /// The saved matches, as last listed.
    pub matches: Vec<Listing>,
    /// The file deleted last (where it was, where it went), to bring back.
    pub last_deleted: Option<(PathBuf, PathBuf)>,
    /// The serial the next match put on screen gets.
    serials: u64,
    /// Seconds since 1970 as the runner last read the clock: `update` reads
    /// the time only from here, so it does the same for the same messages.
    pub clock: u64,
    /// Commands for the runner, gathered while a message is handled.
    pub(super) commands: Vec<Command>,
    random_state: u64,
}

impl App {
    #[must_use]
    pub fn new(variants: Vec<Entry>, seed: u64) -> App {
        App {
            variants,
            screen: Screen::menu(),
            overlay: None,
            size: (80, 24),
            quit: false,
            broken_rules: Vec::new(),
            message: None,
            banner: None,
            matches: Vec::new(),
            last_deleted: None,
            clock: 0,
            serials: 0,
            commands: Vec::new(),
            random_state: seed | 1,
        }
    }

    /// A serial no match on screen had before (kept here, not in a global,
    /// so that `update` does the same for the same messages).
    pub fn next_serial(&mut self) -> u64 {
        self.serials += 1;
        self.serials
    }

    /// Asks the runner for something once this message is handled.
    pub fn command(&mut self, command: Command) {
        self.commands.push(command);
    }

    /// The commands gathered so far, leaving none.
    pub fn take_commands(&mut self) -> Vec<Command> {
        std::mem::take(&mut self.commands)
    }

    /// The matches not over, most recently played first.
    pub fn unfinished(&self) -> impl Iterator<Item = &Listing> {
        self.matches.iter().filter(|m| m.is_unfinished())
    }

    /// The saved matches the list shows: filtered, in its order.
    #[must_use]
    pub fn shown_matches(&self, list: &LibraryList) -> Vec<&Listing> {
        let filter = list.filter.to_lowercase();
        let mut shown: Vec<&Listing> = self
            .matches
            .iter()
            .filter(|m| !list.continuing || m.is_unfinished())
            .filter(|m| filter.is_empty() || self.search_text(m).contains(&filter))
            .collect();
        if list.oldest_first {
            shown.reverse();
        }
        shown
    }

    /// What the list's filter looks in: players, title, variant and file.
    fn search_text(&self, listing: &Listing) -> String {
        let mut text = listing.file_name();
        if let Ok(header) = &listing.header {
            let names = header.names.iter().map(|(_, name)| name);
            for part in names.chain(&header.title) {
                text.push(' ');
                text.push_str(part);
            }
            text.push(' ');
            text.push_str(&header.variant);
            text.push(' ');
            text.push_str(self.variant_name(&header.variant));
        }
        text.to_lowercase()
    }

    /// A variant's name from its id, or the id when no rule set has it.
    #[must_use]
    pub fn variant_name<'a>(&'a self, id: &'a str) -> &'a str {
        self.variants
            .iter()
            .find(|e| e.rules.id() == id)
            .map_or(id, |e| e.rules.name())
    }

    /// The entries of the list of games that `search` finds (indices into
    /// the rule sets, then the files that could not be read), as
    /// [`crate::catalog::search::Search`] finds them: by name, id, place,
    /// region or family. Names that begin with what was typed come first,
    /// then names that hold it, then the rest, each in the list's order
    /// ("gab" puts Gabata above Songo, of Gabon); with nothing typed, the
    /// games of `recent` (ids, the latest first) head the list.
    #[must_use]
    pub fn games_found(&self, search: &str, recent: &[String]) -> Vec<usize> {
        let search = crate::catalog::search::Search::new(search);
        // Games played lately first (with nothing typed), the latest first.
        let lately = |id: &str| {
            recent
                .iter()
                .position(|r| r == id)
                .filter(|_| search.is_empty())
                .unwrap_or(usize::MAX)
        };
        let rule_sets = self.variants.iter().map(|e| {
            let rules = &e.rules;
            let rank = (lately(rules.id()), search.rank(rules.name()));
            (rank, search.finds_rules(rules))
        });
        let broken = self
            .broken_rules
            .iter()
            .map(|f| ((usize::MAX, search.rank(&f.name)), search.finds(&f.name)));
        let mut found: Vec<((usize, u8), usize)> = rule_sets
            .chain(broken)
            .enumerate()
            .filter(|(_, (_, finds))| *finds)
            .map(|(i, (rank, _))| (rank, i))
            .collect();
        // Stable: the list's order within each rank.
        found.sort_by_key(|&(rank, _)| rank);
        found.into_iter().map(|(_, i)| i).collect()
    }

    /// The main menu's entries: Continue only when there is a match to resume.
    #[must_use]
    pub fn menu_items(&self) -> Vec<MenuItem> {
        let mut items = Vec::new();
        if self.unfinished().next().is_some() {
            items.push(MenuItem::Continue);
        }
        items.extend([
            MenuItem::Play,
            MenuItem::Replay,
            MenuItem::Import,
            MenuItem::Rules,
            MenuItem::Quit,
        ]);
        items
    }

    /// A number in `1..=max` from the app's own generator (xorshift), so tests
    /// can fix the seed.
    pub fn random(&mut self, max: u32) -> u32 {
        let mut x = self.random_state;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.random_state = x;
        // The remainder is below `max`, so it fits.
        u32::try_from(x % u64::from(max.max(1))).unwrap_or(0) + 1
    }

    /// Whether a text field has the focus, so keys type instead of acting.
    #[must_use]
    pub fn is_typing(&self) -> bool {
        self.screen.state().is_typing()
    }

    /// Whether something is moving, so the loop should wake up on its own.
    #[must_use]
    pub fn is_animating(&self) -> bool {
        self.screen.state().is_animating()
    }

    /// The rule set the current screen is about, if any.
    #[must_use]
    pub fn current_rules(&self) -> Option<&Rules> {
        self.screen.state().rules(self)
    }
}
