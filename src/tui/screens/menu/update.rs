//! The main menu's answers: moving the choice, opening what is chosen.

use crate::tui::app::{App, GameList, LibraryList, Menu, MenuItem, Overlay, Screen};
use crate::tui::config::Config;
use crate::tui::msg::{Input, Msg};
use crate::tui::screens::library::update::continue_listing;
use crate::tui::screens::variants::update::last_variant;
use crate::tui::update::step;

pub(crate) fn menu(app: &mut App, config: &Config, selected: usize, msg: &Msg) -> Screen {
    let items = app.menu_items();
    let choose = |app: &mut App, item: MenuItem| match item {
        MenuItem::Continue => continue_a_match(app, selected),
        MenuItem::Play => Screen::Variants(GameList::at(last_variant(app, &config.settings), true)),
        MenuItem::Replay => Screen::Library(LibraryList::default()),
        MenuItem::Import => {
            app.overlay = Some(Overlay::Import {
                path: String::new(),
                refused: None,
            });
            Screen::Menu(Menu { selected })
        }
        MenuItem::Rules => Screen::Variants(GameList::at(0, false)),
        MenuItem::Quit => {
            app.quit = true;
            Screen::Menu(Menu { selected })
        }
    };
    match msg {
        Msg::Up => Screen::Menu(Menu {
            selected: step(selected, items.len(), false),
        }),
        Msg::Down | Msg::NextField => Screen::Menu(Menu {
            selected: step(selected, items.len(), true),
        }),
        Msg::Confirm => match items.get(selected) {
            Some(&item) => choose(app, item),
            None => Screen::menu(),
        },
        Msg::Input(Input::Digit(d)) if items.iter().any(|item| item.digit() == *d) => {
            let item = items.iter().copied().find(|item| item.digit() == *d);
            choose(app, item.unwrap_or(MenuItem::Play))
        }
        // Esc, pressed once more than needed to leave a box, stays here.
        Msg::Quit => {
            app.quit = true;
            Screen::Menu(Menu { selected })
        }
        Msg::Input(Input::Click { row, .. }) => {
            match crate::tui::layout::menu_item_at(app.size, items.len(), *row) {
                Some(i) => choose(app, items[i]),
                None => Screen::Menu(Menu { selected }),
            }
        }
        _ => Screen::Menu(Menu { selected }),
    }
}

/// Continue: the one unfinished match, or the list when there are several.
fn continue_a_match(app: &mut App, selected: usize) -> Screen {
    let unfinished: Vec<_> = app.unfinished().cloned().collect();
    match unfinished.as_slice() {
        [] => Screen::menu(),
        [one] => {
            continue_listing(app, one);
            Screen::Menu(Menu { selected })
        }
        _ => Screen::Library(LibraryList {
            continuing: true,
            ..LibraryList::default()
        }),
    }
}
