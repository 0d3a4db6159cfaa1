//! The setup screen: typing names, choosing seats and who starts, then the
//! match (or the odd-or-even guess first).

use std::sync::Arc;

use crate::engine::{BySide, Rules, Side};
use crate::settings::Setting;
use crate::settings::Settings;
use crate::tui::app::{
    App, GameList, NAME_LENGTH, OddEven, OddEvenStage, ROUND_LIMIT_CHOICES, SEAT_CHOICES, Screen,
    Setup, SetupField, StarterChoice,
};
use crate::tui::command::Command;
use crate::tui::msg::{Input, Msg};
use crate::tui::screens::game::update::{Players, start_game};
use crate::tui::screens::odd_even::update::computer_plays_odd_even;
use crate::tui::update::step;

/// The setup of a match under `rules`: the name fields empty (the names
/// used last time offered), the seats as last time, who starts as the rules
/// suggest, the first name field ready for typing.
#[must_use]
pub fn new_setup(rules: Arc<Rules>, settings: &Settings) -> Setup {
    let swap_rule = rules.plan().rounds.swap;
    let starter = StarterChoice::default_for(&rules);
    // The limit chosen last, for a match of rounds, where it is one of the
    // setup's choices.
    let round_limit = settings
        .round_limit
        .filter(|limit| ROUND_LIMIT_CHOICES.contains(limit))
        .filter(|_| rules.plan().rounds.rounds == crate::engine::Rounds::Many);
    Setup {
        rules,
        names: BySide::default(),
        remembered: settings.names.clone().into(),
        computer: BySide::from(settings.seats.clone()).map(|s| crate::settings::seat_of(&s)),
        field: SetupField::SouthName,
        starter,
        round_limit,
        swap_rule,
    }
}

pub(crate) fn setup(app: &mut App, mut setup: Setup, msg: &Msg) -> Screen {
    let fields = setup.fields();
    let index = fields.iter().position(|&f| f == setup.field).unwrap_or(0);
    let name_side = match setup.field {
        SetupField::SouthName => Some(Side::South),
        SetupField::NorthName => Some(Side::North),
        _ => None,
    };
    match msg {
        Msg::Up => setup.field = fields[step(index, fields.len(), false)],
        Msg::Down | Msg::NextField => setup.field = fields[step(index, fields.len(), true)],
        Msg::Input(Input::Char(c)) if !crate::text::is_unsafe(*c) => {
            if let Some(side) = name_side
                && setup.names[side].chars().count() < NAME_LENGTH
            {
                setup.names[side].push(*c);
            }
        }
        Msg::Backspace => {
            if let Some(side) = name_side {
                setup.names[side].pop();
            }
        }
        Msg::ClearField => {
            if let Some(side) = name_side {
                setup.names[side].clear();
            }
        }
        Msg::Left | Msg::Right if setup.field == SetupField::Starter => {
            let at = StarterChoice::ALL
                .iter()
                .position(|&s| s == setup.starter)
                .unwrap_or(0);
            setup.starter =
                StarterChoice::ALL[step(at, StarterChoice::ALL.len(), *msg == Msg::Right)];
        }
        Msg::Left | Msg::Right if setup.field == SetupField::SwapRule => {
            setup.swap_rule = !setup.swap_rule;
        }
        Msg::Left | Msg::Right if setup.field == SetupField::RoundLimit => {
            // "no limit" first, then the limits offered.
            let choices: Vec<Option<u16>> = std::iter::once(None)
                .chain(ROUND_LIMIT_CHOICES.map(Some))
                .collect();
            let at = choices
                .iter()
                .position(|&c| c == setup.round_limit)
                .unwrap_or(0);
            setup.round_limit = choices[step(at, choices.len(), *msg == Msg::Right)];
        }
        Msg::Left | Msg::Right
            if matches!(setup.field, SetupField::SouthSeat | SetupField::NorthSeat) =>
        {
            let side = if setup.field == SetupField::NorthSeat {
                Side::North
            } else {
                Side::South
            };
            let at = SEAT_CHOICES
                .iter()
                .position(|&s| s == setup.computer[side])
                .unwrap_or(0);
            setup.computer[side] = SEAT_CHOICES[step(at, SEAT_CHOICES.len(), *msg == Msg::Right)];
        }
        // Enter starts the match from any field, as the footer says: someone
        // who has just picked a seat expects to play, not to move on a line.
        Msg::Confirm => return start_from_setup(app, setup),
        Msg::Back => {
            let selected = app
                .variants
                .iter()
                .position(|e| e.rules.id() == setup.rules.id())
                .unwrap_or(0);
            return Screen::Variants(GameList::at(selected, true));
        }
        Msg::Quit => app.quit = true,
        _ => {}
    }
    Screen::Setup(setup)
}

fn start_from_setup(app: &mut App, setup: Setup) -> Screen {
    let names = BySide::from_fn(|side| setup.name(side));
    // Remembered for next time: the people's names (a computer's seat keeps
    // the name its person had), the seats and the rule set.
    let remembered = BySide::from_fn(|side| {
        if setup.computer[side].is_some() {
            setup.remembered[side].clone()
        } else {
            names[side].clone()
        }
    });
    app.command(Command::Set(Setting::Players {
        names: remembered.into(),
        seats: setup.computer.into(),
    }));
    app.command(Command::Set(Setting::LastVariant(
        setup.rules.id().to_string(),
    )));
    if setup.rules.plan().rounds.rounds == crate::engine::Rounds::Many {
        app.command(Command::Set(Setting::RoundLimit(setup.round_limit)));
    }
    let players = |names: BySide<String>| Players {
        names,
        computer: setup.computer,
        round_limit: setup.round_limit,
        swap_rule: setup.swap_rule,
    };
    match setup.starter {
        StarterChoice::South => start_game(app, setup.rules, players(names), Side::South, None),
        StarterChoice::North => start_game(app, setup.rules, players(names), Side::North, None),
        StarterChoice::Random => {
            let first = if app.random(2) == 1 {
                Side::South
            } else {
                Side::North
            };
            let note = crate::tui::describe::drawn_by_lot(&names[first], first);
            start_game(app, setup.rules, players(names), first, Some(note))
        }
        StarterChoice::OddEven => {
            let mut odd_even = OddEven {
                rules: setup.rules,
                names,
                computer: setup.computer,
                round_limit: setup.round_limit,
                swap_rule: setup.swap_rule,
                stage: OddEvenStage::Hide {
                    typed: String::new(),
                },
            };
            computer_plays_odd_even(app, &mut odd_even);
            Screen::OddEven(odd_even)
        }
    }
}
