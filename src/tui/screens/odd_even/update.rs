//! The odd-or-even guess: North hides marbles, South guesses, the reveal
//! says who starts.

use crate::engine::Side;
use crate::session::OddEvenGuess;
use crate::tui::app::{App, OddEven, OddEvenStage, Screen, Setup, SetupField, StarterChoice};
use crate::tui::msg::{Input, Msg};
use crate::tui::screens::game::update::{Players, start_game};

/// Marbles the game hides when it draws for the odd-or-even guess.
const MAX_DRAWN_MARBLES: u32 = 20;

/// The computer hides the marbles (North's part) or guesses (South's) when it
/// has that seat.
pub(crate) fn computer_plays_odd_even(app: &mut App, odd_even: &mut OddEven) {
    if odd_even.computer.north.is_some() && matches!(odd_even.stage, OddEvenStage::Hide { .. }) {
        odd_even.stage = OddEvenStage::Guess {
            marbles: app.random(MAX_DRAWN_MARBLES),
        };
    }
    if let OddEvenStage::Guess { marbles } = odd_even.stage
        && odd_even.computer.south.is_some()
    {
        let guessed_odd = app.random(2) == 1;
        odd_even.stage = OddEvenStage::Reveal {
            marbles,
            guessed_odd,
            starter: if guessed_odd == (marbles % 2 == 1) {
                Side::South
            } else {
                Side::North
            },
        };
    }
}

pub(crate) fn odd_even(app: &mut App, mut odd_even: OddEven, msg: &Msg) -> Screen {
    match (&mut odd_even.stage, msg) {
        (OddEvenStage::Hide { typed }, Msg::Input(Input::Char(c)))
            if c.is_ascii_digit() && typed.len() < 2 =>
        {
            typed.push(*c);
        }
        (OddEvenStage::Hide { typed }, Msg::Backspace) => {
            typed.pop();
        }
        (OddEvenStage::Hide { typed }, Msg::Confirm) => {
            let marbles = match typed.parse::<u32>() {
                Ok(n) if n > 0 => n,
                _ => app.random(MAX_DRAWN_MARBLES),
            };
            odd_even.stage = OddEvenStage::Guess { marbles };
            computer_plays_odd_even(app, &mut odd_even);
        }
        (OddEvenStage::Guess { marbles }, Msg::Odd | Msg::Even) => {
            let guessed_odd = *msg == Msg::Odd;
            let right = guessed_odd == (*marbles % 2 == 1);
            odd_even.stage = OddEvenStage::Reveal {
                marbles: *marbles,
                guessed_odd,
                starter: if right { Side::South } else { Side::North },
            };
        }
        (
            OddEvenStage::Reveal {
                starter,
                marbles,
                guessed_odd,
            },
            Msg::Confirm,
        ) => {
            let guess = OddEvenGuess {
                marbles: *marbles,
                guessed_odd: *guessed_odd,
            };
            let players = Players {
                names: odd_even.names,
                computer: odd_even.computer,
                round_limit: odd_even.round_limit,
                swap_rule: odd_even.swap_rule,
            };
            let mut screen = start_game(app, odd_even.rules, players, *starter, None);
            if let Screen::Game(game) = &mut screen {
                game.session.odd_even = Some(guess);
            }
            return screen;
        }
        (_, Msg::Back) => {
            return Screen::Setup(Setup {
                starter: StarterChoice::OddEven,
                field: SetupField::Start,
                remembered: odd_even.names.clone(),
                names: odd_even.names,
                computer: odd_even.computer,
                round_limit: odd_even.round_limit,
                swap_rule: odd_even.swap_rule,
                rules: odd_even.rules,
            });
        }
        (_, Msg::Quit) => app.quit = true,
        _ => {}
    }
    Screen::OddEven(odd_even)
}
