//! The odd-or-even guess that settles who starts.

use std::sync::Arc;

use crate::ai::Level;
use crate::engine::{BySide, Rules, Side};
use crate::tui::app::App;
use crate::tui::app::ScreenState;
use crate::tui::context::Context;

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

impl ScreenState for OddEven {
    fn is_typing(&self) -> bool {
        matches!(self.stage, OddEvenStage::Hide { .. })
    }

    fn rules<'a>(&'a self, _app: &'a App) -> Option<&'a Rules> {
        Some(&self.rules)
    }

    fn contexts(&self) -> Vec<Context> {
        match self.stage {
            OddEvenStage::Hide { .. } => vec![Context::OddEvenHide],
            OddEvenStage::Guess { .. } => vec![Context::OddEvenGuess, Context::Anywhere],
            OddEvenStage::Reveal { .. } => vec![Context::OddEvenReveal, Context::Anywhere],
        }
    }
}
