//! The model: everything the interface shows, and nothing about the terminal.

use std::path::PathBuf;
use std::sync::Arc;

use crate::ai::Level;
use crate::catalog::Entry;
use crate::engine::{BySide, FirstPlayer, Move, Pit, Rules, Side};
use crate::session::Session;
use crate::storage::{Listing, MatchMeta};

use super::anim::Animation;
pub use super::broken::BrokenRuleFile;
use super::command::Command;
use super::judged::{HintReach, Judged};

/// Milliseconds per dropped seed that the speed keys step through.
pub const SPEEDS_MS: [u64; 9] = [15, 30, 45, 70, 100, 150, 250, 400, 600];
pub use crate::settings::DEFAULT_SPEED_MS;

/// Entries of the main menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuItem {
    Continue,
    Play,
    Replay,
    Rules,
    Quit,
}

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

/// A saved match being watched.
#[derive(Clone, Debug)]
pub struct Replay {
    pub session: Session,
    /// The file it was read from, and what the file says of the match (its
    /// id, which format 1 lacked, and its title).
    pub path: PathBuf,
    pub meta: MatchMeta,
    /// Actions shown: 0 is the start, `session.actions().len()` the end.
    pub shown: usize,
    pub animation: Option<Animation>,
    pub autoplay: bool,
    /// Milliseconds since the last autoplay step finished.
    pub waited_ms: u64,
    /// The engine's value of each position, for South (`None` until the
    /// analysis, which runs in the background, arrives).
    pub values: Option<Vec<Judged>>,
    pub analysis_asked: bool,
    /// A round number being typed, digit by digit, and the milliseconds
    /// since its last digit (it is forgotten after a pause).
    pub typed_round: Option<(usize, u64)>,
    /// The list Esc goes back to, as it was left (filter, choice).
    pub list: LibraryList,
    /// Animation turned on or off in this viewer, for it alone (`None`:
    /// as the setting is).
    pub motion: Option<bool>,
}

impl Replay {
    /// Whether the move that led to position `shown` threw the game away: the
    /// mover could hold a draw or better before it, and no longer after it,
    /// by verdicts that held at two depths. Gives how far the shallower of
    /// the two judgements looked.
    #[must_use]
    pub fn threw_away(&self, shown: usize) -> Option<HintReach> {
        let (values, before) = (self.values.as_ref()?, shown.checked_sub(1)?);
        let mover = self.session.positions()[before].to_move()?;
        let sign = if mover == Side::South { 1 } else { -1 };
        let (was, now) = (values.get(before)?, values.get(shown)?);
        let thrown = sign * was.value >= 0 && sign * now.value < 0;
        (thrown && was.stable && now.stable).then(|| match (was.reach, now.reach) {
            (HintReach::Plies(a), HintReach::Plies(b)) => HintReach::Plies(a.min(b)),
            (HintReach::Plies(a), HintReach::Exact) | (HintReach::Exact, HintReach::Plies(a)) => {
                HintReach::Plies(a)
            }
            (HintReach::Exact, HintReach::Exact) => HintReach::Exact,
        })
    }
}

/// How the first player is settled on the setup screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StarterChoice {
    South,
    North,
    Random,
    OddEven,
}

impl StarterChoice {
    pub const ALL: [StarterChoice; 4] = [
        StarterChoice::South,
        StarterChoice::North,
        StarterChoice::Random,
        StarterChoice::OddEven,
    ];

    /// What the rule set suggests.
    #[must_use]
    pub fn default_for(rules: &Rules) -> StarterChoice {
        match rules.first_player() {
            FirstPlayer::Chosen => StarterChoice::South,
            FirstPlayer::Drawn => StarterChoice::Random,
            FirstPlayer::OddEven => StarterChoice::OddEven,
        }
    }
}

/// Fields of the setup screen, top to bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupField {
    SouthName,
    SouthSeat,
    NorthName,
    NorthSeat,
    Starter,
    /// How many rounds to play at most (matches of rounds only).
    RoundLimit,
    /// The swap rule, on or off.
    SwapRule,
    Start,
}

pub const SETUP_FIELDS: [SetupField; 8] = [
    SetupField::SouthName,
    SetupField::SouthSeat,
    SetupField::NorthName,
    SetupField::NorthSeat,
    SetupField::Starter,
    SetupField::RoundLimit,
    SetupField::SwapRule,
    SetupField::Start,
];

/// The round limits the setup screen offers, after "no limit".
pub const ROUND_LIMIT_CHOICES: [u16; 14] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20, 30];

/// Who plays a seat, as the setup screen cycles through: a person, then the
/// computer's levels.
pub const SEAT_CHOICES: [Option<Level>; 5] = [
    None,
    Some(Level::Easy),
    Some(Level::Medium),
    Some(Level::Hard),
    Some(Level::Strongest),
];

pub use crate::session::{NAME_LENGTH, clean_name};

#[derive(Clone, Debug)]
pub struct Setup {
    pub rules: Arc<Rules>,
    /// What was typed in each name field (empty: the placeholder is used).
    pub names: BySide<String>,
    /// The names used last time, offered as placeholders.
    pub remembered: BySide<String>,
    pub computer: BySide<Option<Level>>,
    pub field: SetupField,
    pub starter: StarterChoice,
    /// The round the match ends after, if the players set one.
    pub round_limit: Option<u16>,
    /// The swap rule is played (the rule file gives the default).
    pub swap_rule: bool,
}

impl Setup {
    /// What an empty name field shows and stands for: "Computer" for a
    /// computer's seat, else the name used last time, else the side's name.
    #[must_use]
    pub fn placeholder(&self, side: Side) -> String {
        let remembered = &self.remembered[side];
        if self.computer[side].is_some() {
            "Computer".to_string()
        } else if remembered.is_empty() {
            crate::words::side_title(side).to_string()
        } else {
            remembered.clone()
        }
    }

    /// The name a side plays under: what was typed, or the placeholder.
    #[must_use]
    pub fn name(&self, side: Side) -> String {
        clean_name(&self.names[side], &self.placeholder(side))
    }

    /// The fields these rules use, top to bottom: a round limit only for a
    /// match of rounds.
    #[must_use]
    pub fn fields(&self) -> Vec<SetupField> {
        let many = self.rules.rounds() == crate::engine::Rounds::Many;
        SETUP_FIELDS
            .into_iter()
            .filter(|&field| many || field != SetupField::RoundLimit)
            .collect()
    }
}

/// The odd-or-even guess that settles who starts Sat-gharva. North hides the
/// marbles, South guesses.
#[derive(Clone, Debug)]
pub struct OddEven {
    pub rules: Arc<Rules>,
    pub names: BySide<String>,
    pub computer: BySide<Option<Level>>,
    pub round_limit: Option<u16>,
    pub swap_rule: bool,
    pub stage: OddEvenStage,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OddEvenStage {
    /// North types a number, shown as stars.
    Hide {
        typed: String,
    },
    Guess {
        marbles: u32,
    },
    Reveal {
        marbles: u32,
        guessed_odd: bool,
        starter: Side,
    },
}

/// A line under the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub text: String,
    pub warning: bool,
}

/// A match on screen.
#[derive(Clone, Debug)]
pub struct Game {
    /// Tells this match on screen from any other (a rematch, say), however
    /// alike their moves.
    pub serial: u64,
    pub session: Session,
    /// The cursor's pit on the row of the player to move.
    pub cursor: Pit,
    pub animation: Option<Animation>,
    /// What the last move did (with the moves its player made before it in
    /// the same turn, after extra turns), kept until the next move.
    pub report: Option<(Side, String)>,
    /// A passing message: a refusal, a hint, an undo, a setting changed.
    pub notice: Option<Notice>,
    /// The computer is choosing a move (in another thread).
    pub thinking: bool,
    /// On boards of 10 pits or more, a `1` typed that may begin pit 10-16.
    pub pending_digit: Option<u8>,
    /// The players hid the round's or match's result to look at the board.
    pub box_hidden: bool,
    /// The first round shown in the match's table of rounds.
    pub box_scroll: u16,
    /// The second player was asked whether to swap and played on (asked
    /// once; an undo back to the question asks again).
    pub swap_declined: bool,
    /// The rest of the computer's turn, searched with its first move.
    pub plan: TurnPlan,
    /// The pit the last hint named, and the key of the position it is for.
    pub hint: Option<(u64, Pit)>,
    /// Every turn so far as the move list tells it, and the moment it was
    /// told for (actions so far, the position), to tell it again on change.
    pub turns: Vec<crate::words::TurnTold>,
    pub turns_for: Option<(usize, crate::engine::Position)>,
}

/// The moves the computer means to make next in its turn: each is played
/// without searching again, as soon as the seeds of the one before have
/// stopped, while the position is the one it was planned for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnPlan {
    /// The key of the position the first of `moves` was planned for.
    pub at: u64,
    pub moves: std::collections::VecDeque<Move>,
}

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

#[derive(Clone, Debug)]
pub enum Screen {
    Menu { selected: usize },
    Library(LibraryList),
    Replay(Box<Replay>),
    Variants(GameList),
    Setup(Setup),
    OddEven(OddEven),
    Game(Box<Game>),
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
            screen: Screen::Menu { selected: 0 },
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

    /// The entries of the list of games that `search` finds, in the list's
    /// order (indices into the rule sets, then the files that could not be
    /// read): those where each word typed begins a word of the name, id or
    /// place ("ayo", "sri lan"), letters with accents or in other scripts
    /// matching their plain forms.
    #[must_use]
    pub fn games_found(&self, search: &str) -> Vec<usize> {
        let plain = |text: &str| deunicode::deunicode(text).to_lowercase();
        let words = |text: &str| -> Vec<String> {
            plain(text)
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty())
                .map(str::to_string)
                .collect()
        };
        let wanted = words(search);
        let finds = |text: &str| {
            let have = words(text);
            wanted
                .iter()
                .all(|w| have.iter().any(|h| h.starts_with(w.as_str())))
        };
        let rule_sets = self.variants.iter().map(|e| {
            let rules = &e.rules;
            format!(
                "{} {} {}",
                rules.name(),
                rules.id(),
                rules.played_in().unwrap_or_default()
            )
        });
        let broken = self.broken_rules.iter().map(|f| f.name.clone());
        rule_sets
            .chain(broken)
            .enumerate()
            .filter(|(_, text)| finds(text))
            .map(|(i, _)| i)
            .collect()
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
        match &self.screen {
            Screen::Setup(setup) => {
                matches!(setup.field, SetupField::SouthName | SetupField::NorthName)
            }
            Screen::OddEven(odd_even) => matches!(odd_even.stage, OddEvenStage::Hide { .. }),
            Screen::Library(list) => list.filtering,
            _ => false,
        }
    }

    /// Whether something is moving, so the loop should wake up on its own.
    #[must_use]
    pub fn is_animating(&self) -> bool {
        match &self.screen {
            Screen::Game(game) => {
                game.thinking || game.animation.as_ref().is_some_and(|a| !a.is_finished())
            }
            Screen::Replay(replay) => {
                replay.autoplay || replay.animation.as_ref().is_some_and(|a| !a.is_finished())
            }
            _ => false,
        }
    }

    /// The rule set the current screen is about, if any.
    #[must_use]
    pub fn current_rules(&self) -> Option<&Rules> {
        match &self.screen {
            Screen::Menu { .. } | Screen::Library(_) => None,
            Screen::Replay(replay) => Some(replay.session.rules()),
            Screen::Variants(list) => self.variants.get(list.selected).map(|e| &*e.rules),
            Screen::Setup(setup) => Some(&setup.rules),
            Screen::OddEven(odd_even) => Some(&odd_even.rules),
            Screen::Game(game) => Some(game.session.rules()),
        }
    }
}
