//! Between two rounds, the round's loser choosing the pits to fill for the
//! next (rules.md §12): by the pit keys, the cursor and Space, the choice
//! drawn on the board as it would begin the round, Enter to begin it, Esc
//! back to the round's result; the computer's choice asked of the runner.

use crate::engine::{Fill, Pit};
use crate::tui::app::{App, Game, Notice};
use crate::tui::command::Command;
use crate::tui::describe;
use crate::tui::msg::{Input, Msg};
use crate::tui::pit_keys::pits_in_order;
use crate::tui::widgets::board::pit_for_key;

/// The next round, asked for after a round: begun at once where no one
/// chooses; else the loser's choice, theirs to make on screen or the
/// computer's to search.
pub(super) fn next_round(app: &mut App, game: &mut Game) {
    let position = *game.session.position();
    let Some(chooser) = position.fill_choice(game.session.rules()) else {
        begin_round(game, None);
        return;
    };
    if let Some(level) = game.session.computer(chooser.side) {
        if !game.thinking {
            game.thinking = true;
            game.notice = Some(Notice {
                text: describe::computer_filling(&game.session, chooser.side),
                warning: false,
            });
            app.command(Command::ChooseFill {
                rules: game.session.rules().clone(),
                position,
                level,
            });
        }
        return;
    }
    // The rules' own choice to start from: the pits from pit n leftwards.
    let pits = position.pit_count();
    game.filling = Some(Fill::of((0..chooser.count).map(|k| Pit::new(pits - k))));
    game.cursor = Pit::new(pits);
    game.box_hidden = false;
    ask(game);
}

/// The computer's choice, where it is for the round still over on screen.
pub(super) fn computer_filled(game: &mut Game, key: u64, fill: Option<Fill>) {
    if game.thinking && game.session.position().key() == key {
        game.thinking = false;
        begin_round(game, fill);
    }
}

/// A key while the loser chooses; whether it was theirs (every key but
/// those of any moment of a match: help, saving, quitting).
pub(super) fn choose_pits(game: &mut Game, msg: &Msg) -> bool {
    let Some(fill) = game.filling else {
        return false;
    };
    let position = *game.session.position();
    let Some(chooser) = position.fill_choice(game.session.rules()) else {
        game.filling = None;
        return false;
    };
    let row = pits_in_order(position.shape(), game.turned(), chooser.side);
    match msg {
        Msg::Input(Input::RowKey(key)) => {
            match pit_for_key(*key, position.shape(), game.turned()) {
                Some((side, pit)) if side == chooser.side => toggle(game, fill, pit),
                _ => {
                    game.notice = Some(Notice {
                        text: describe::not_the_losers_row(&game.session, chooser.side),
                        warning: true,
                    });
                }
            }
        }
        Msg::Input(Input::Digit(d)) if (1..=position.pit_count()).contains(d) => {
            toggle(game, fill, Pit::new(*d));
        }
        Msg::TogglePit => toggle(game, fill, game.cursor),
        Msg::Left | Msg::Right => {
            let at = row.iter().position(|&p| p == game.cursor).unwrap_or(0);
            let step = if *msg == Msg::Right { 1 } else { row.len() - 1 };
            game.cursor = row[(at + step) % row.len()];
        }
        Msg::Confirm => {
            if fill.count() == chooser.count {
                game.filling = None;
                begin_round(game, Some(fill));
            } else {
                game.notice = Some(Notice {
                    text: crate::words::fill_refusal(crate::engine::RoundError::FillCount {
                        needs: chooser.count,
                        chosen: fill.count(),
                    }),
                    warning: true,
                });
            }
        }
        Msg::Back => {
            game.filling = None;
            game.notice = None;
        }
        _ => return false,
    }
    true
}

/// `pit` filled, or left empty again; refused where it would make too many.
fn toggle(game: &mut Game, fill: Fill, pit: Pit) {
    let needs = game
        .session
        .position()
        .fill_choice(game.session.rules())
        .map_or(0, |chooser| chooser.count);
    game.cursor = pit;
    let next = fill.toggled(pit);
    if next.count() > needs {
        game.notice = Some(Notice {
            text: describe::too_many_pits(needs),
            warning: true,
        });
        return;
    }
    game.filling = Some(next);
    ask(game);
}

/// The question under the board: how many pits are chosen of how many.
fn ask(game: &mut Game) {
    let position = game.session.position();
    if let (Some(fill), Some(chooser)) = (game.filling, position.fill_choice(game.session.rules()))
    {
        game.notice = Some(Notice {
            text: describe::choose_pits_to_fill(&game.session, chooser, fill, position.round() + 1),
            warning: false,
        });
    }
}

/// The next round begun, the loser filling the pits of `fill` (where they
/// chose), and who begins it told.
fn begin_round(game: &mut Game, fill: Option<Fill>) {
    let chooser = game.session.position().fill_choice(game.session.rules());
    if game.session.next_round_filling(fill).is_ok() {
        game.place_cursor();
        let position = game.session.position();
        game.report = None;
        let begins = position
            .to_move()
            .map(|side| describe::next_round_begins(&game.session, position.round(), side));
        // The loser's choice is told until the first move.
        let filled = chooser.zip(fill).map(|(chooser, fill)| {
            crate::words::fill_told(&game.session, chooser.side, fill, position.round())
        });
        game.notice = match (filled, begins) {
            (Some(filled), Some(begins)) => Some(format!("{filled}. {begins}")),
            (filled, begins) => filled.or(begins),
        }
        .map(|text| Notice {
            text,
            warning: false,
        });
    }
}
