//! The list of saved matches: choosing, filtering, ordering, watching,
//! continuing, deleting and renaming.

use crate::storage::Listing;
use crate::storage::library::Shelf;
use crate::tui::app::{App, LibraryList, Menu, MenuItem, Overlay, Screen};
use crate::tui::command::Command;
use crate::tui::describe::listing_summary;
use crate::tui::layout::library_rows;
use crate::tui::msg::{Input, Msg};

use crate::tui::update::set_notice;

pub(crate) fn library(app: &mut App, mut list: LibraryList, msg: &Msg) -> Screen {
    if list.filtering {
        filter_key(&mut list, msg);
        fit(app, &mut list);
        return Screen::Library(list);
    }
    let count = app.shown_matches(&list).len();
    let page = library_rows(app.size).max(1);
    let bottom = count.saturating_sub(1);
    match msg {
        Msg::Up => list.selected = list.selected.saturating_sub(1),
        Msg::Down | Msg::NextField => list.selected = (list.selected + 1).min(bottom),
        Msg::PageUp => list.selected = list.selected.saturating_sub(page),
        Msg::PageDown => list.selected = (list.selected + page).min(bottom),
        Msg::Home => list.selected = 0,
        Msg::End => list.selected = bottom,
        Msg::Filter => list.filtering = true,
        Msg::Order => {
            list.oldest_first = !list.oldest_first;
            list.selected = 0;
        }
        Msg::Confirm if list.continuing => continue_chosen(app, &list),
        Msg::Confirm => watch_chosen(app, &list),
        Msg::ContinueMatch => continue_chosen(app, &list),
        Msg::Delete => ask_to_delete(app, &list),
        Msg::UndoDelete => match app.last_deleted.take() {
            Some((to, from)) => app.command(Command::Restore { from, to }),
            None => crate::tui::update::set_notice(
                app,
                crate::tui::describe::NOTHING_TO_RESTORE.into(),
                true,
            ),
        },
        Msg::Rename => ask_for_title(app, &list),
        Msg::Export => ask_for_format(app, &list),
        Msg::Input(Input::Click { row, .. }) => {
            let top = crate::tui::layout::library_first_row();
            if let Some(index) = row.checked_sub(top).map(usize::from)
                && list.offset + index < count
            {
                list.selected = list.offset + index;
            }
        }
        Msg::Back if !list.filter.is_empty() => {
            list.filter.clear();
            list.selected = 0;
        }
        Msg::Back => {
            let came_from = if list.continuing {
                MenuItem::Continue
            } else {
                MenuItem::Replay
            };
            return Screen::menu_at(app, came_from);
        }
        Msg::Quit => app.quit = true,
        _ => {}
    }
    fit(app, &mut list);
    Screen::Library(list)
}

/// Keys while the filter is being typed: the list narrows as it grows.
fn filter_key(list: &mut LibraryList, msg: &Msg) {
    match msg {
        Msg::Input(Input::Char(c))
            if !crate::text::is_unsafe(*c) && list.filter.chars().count() < 32 =>
        {
            list.filter.push(*c);
        }
        Msg::Backspace => {
            list.filter.pop();
        }
        Msg::ClearField => list.filter.clear(),
        Msg::Back => {
            list.filter.clear();
            list.filtering = false;
        }
        Msg::Confirm | Msg::NextField | Msg::Up => list.filtering = false,
        _ => {}
    }
    list.selected = 0;
}

/// Keeps the choice on a match that is shown, and in view.
fn fit(app: &App, list: &mut LibraryList) {
    let count = app.shown_matches(list).len();
    list.selected = list.selected.min(count.saturating_sub(1));
    let rows = library_rows(app.size).max(1);
    if list.selected < list.offset {
        list.offset = list.selected;
    } else if list.selected >= list.offset + rows {
        list.offset = list.selected + 1 - rows;
    }
    list.offset = list.offset.min(count.saturating_sub(rows));
}

/// After a new listing: the list screen's choice still on a match.
pub(crate) fn keep_in_range(app: &mut App) {
    let screen = std::mem::replace(&mut app.screen, Screen::menu());
    app.screen = match screen {
        Screen::Library(mut list) => {
            fit(app, &mut list);
            Screen::Library(list)
        }
        Screen::Menu(Menu { selected }) => Screen::Menu(Menu {
            selected: selected.min(app.menu_items().len() - 1),
        }),
        other => other,
    };
}

fn chosen(app: &App, list: &LibraryList) -> Option<Listing> {
    app.shown_matches(list)
        .get(list.selected)
        .map(|m| (*m).clone())
}

fn watch_chosen(app: &mut App, list: &LibraryList) {
    let Some(chosen) = chosen(app, list) else {
        return;
    };
    match &chosen.header {
        Ok(_) => app.command(Command::OpenReplay {
            path: chosen.path,
            at_end: false,
        }),
        Err(reason) => cannot_be_read(app, &chosen, reason),
    }
}

/// Plays on a chosen unfinished match (read-only, if another game has it).
fn continue_chosen(app: &mut App, list: &LibraryList) {
    let Some(chosen) = chosen(app, list) else {
        return;
    };
    match &chosen.header {
        Err(reason) => cannot_be_read(app, &chosen, reason),
        Ok(_) if chosen.is_unfinished() => continue_listing(app, &chosen),
        // A copy stays as it was saved: play on from it in the viewer.
        Ok(header) if chosen.shelf == Shelf::Copies && !header.status.is_finished() => {
            app.command(Command::OpenReplay {
                path: chosen.path,
                at_end: true,
            });
        }
        Ok(_) => {
            use crate::tui::keys::{Context, key_for};
            let watch = key_for(Context::Library, &Msg::Confirm);
            let play_on = key_for(Context::Replay, &Msg::PlayOn);
            let text = crate::tui::describe::over_to_watch(&watch, &play_on);
            set_notice(app, text, true);
        }
    }
}

/// Resumes a listed unfinished match, or offers to watch it if another game
/// plays it.
pub(crate) fn continue_listing(app: &mut App, listing: &Listing) {
    if listing.open_elsewhere {
        app.overlay = Some(Overlay::OpenElsewhere {
            path: listing.path.clone(),
        });
    } else {
        app.command(Command::ResumeMatch(listing.path.clone()));
    }
}

fn cannot_be_read(app: &mut App, listing: &Listing, reason: &str) {
    set_notice(
        app,
        format!("{} cannot be read: {reason}", listing.file_name()),
        true,
    );
}

/// Whether the game may change this file; says why not, if it may not.
fn may_change(app: &mut App, listing: &Listing) -> bool {
    if listing.header.is_err() {
        set_notice(
            app,
            format!(
                "{} cannot be read, so the game leaves it as it is (move it by hand).",
                listing.file_name()
            ),
            true,
        );
        false
    } else if listing.open_elsewhere {
        set_notice(app, crate::tui::describe::PLAYED_ELSEWHERE.into(), true);
        false
    } else {
        true
    }
}

fn ask_to_delete(app: &mut App, list: &LibraryList) {
    if let Some(chosen) = chosen(app, list)
        && may_change(app, &chosen)
    {
        let what = listing_summary(app, &chosen);
        app.overlay = Some(Overlay::ConfirmDelete {
            path: chosen.path,
            what,
        });
    }
}

/// The box choosing the format to write the chosen match in.
fn ask_for_format(app: &mut App, list: &LibraryList) {
    let Some(chosen) = chosen(app, list) else {
        return;
    };
    if let Err(reason) = &chosen.header {
        cannot_be_read(app, &chosen, reason);
        return;
    }
    if chosen.not_saved {
        set_notice(app, crate::tui::describe::not_written_yet("exported"), true);
        return;
    }
    let what = listing_summary(app, &chosen);
    app.overlay = Some(Overlay::Export {
        path: chosen.path,
        what,
    });
}

fn ask_for_title(app: &mut App, list: &LibraryList) {
    if let Some(chosen) = chosen(app, list)
        && may_change(app, &chosen)
    {
        if chosen.not_saved {
            set_notice(app, crate::tui::describe::not_written_yet("renamed"), true);
            return;
        }
        let title = chosen
            .header
            .as_ref()
            .ok()
            .and_then(|h| h.title.clone())
            .unwrap_or_default();
        app.overlay = Some(Overlay::Rename {
            path: chosen.path,
            title,
        });
    }
}
