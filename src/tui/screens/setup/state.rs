//! Setting up a match: names, seats, who starts, the round limit, the swap rule.

use std::sync::Arc;

use crate::ai::{Level, ThinkTime};
use crate::engine::{BySide, FirstPlayer, Rules, Side};
use crate::tui::app::App;
use crate::tui::app::ScreenState;
use crate::tui::context::Context;

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
        match rules.plan().rounds.first_player {
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
/// computer's levels, then the computer at full strength with a time to
/// think each move.
pub const SEAT_CHOICES: [Option<Level>; 8] = [
    None,
    Some(Level::Easy),
    Some(Level::Medium),
    Some(Level::Hard),
    Some(Level::Strongest),
    Some(Level::Timed(ThinkTime::whole_seconds(5))),
    Some(Level::Timed(ThinkTime::whole_seconds(10))),
    Some(Level::Timed(ThinkTime::whole_seconds(30))),
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
        let many = self.rules.plan().rounds.rounds == crate::engine::Rounds::Many;
        SETUP_FIELDS
            .into_iter()
            .filter(|&field| many || field != SetupField::RoundLimit)
            .collect()
    }
}

impl ScreenState for Setup {
    fn is_typing(&self) -> bool {
        matches!(self.field, SetupField::SouthName | SetupField::NorthName)
    }

    fn rules<'a>(&'a self, _app: &'a App) -> Option<&'a Rules> {
        Some(&self.rules)
    }

    fn contexts(&self) -> Vec<Context> {
        if self.is_typing() {
            vec![Context::NameField]
        } else {
            vec![Context::Setup, Context::Anywhere]
        }
    }
}
