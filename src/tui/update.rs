//! `update`: the only code that changes the model. This file handles what
//! every screen shares (boxes, answers of the effects, time) and routes the
//! rest to the screen's own `update.rs` under `screens/`. It never touches a
//! file or a thread: it returns commands, and the answers come back as
//! messages.

use crate::engine::Position;
use crate::storage::format::clean_title;

use super::Start;
use super::app::{App, LibraryList, Notice, Overlay, SPEEDS_MS, Screen};
use super::command::Command;
use super::config::Config;
use super::describe;
use super::help_text;
use super::keys;
use super::msg::{Input, Msg};
use crate::settings::Setting;

use super::screens::{game, library, menu, odd_even, replay, setup, variants};

pub use game::update::{Players, resume, start_game};
pub use replay::update::open_replay;
pub use setup::update::new_setup;

/// Handles one message and returns what the runner should do.
#[allow(clippy::needless_pass_by_value)] // messages are consumed by design
pub fn update(app: &mut App, config: &Config, msg: Msg) -> Vec<Command> {
    let before = match_state(app);
    let screen_before = std::mem::discriminant(&app.screen);
    route(app, config, msg);
    orient_a_new_match(app, config, before.as_ref().map(|b| b.0));
    if let Screen::Game(game) = &mut app.screen {
        if app.overlay.is_none() {
            game::update::play_planned(config, game, false);
        }
        tell_turns(game);
    }
    offer_swap(app);
    let after = match_state(app);
    match (before, after) {
        // Any change to the match in play is written out, and a match that
        // ends (or whose end is undone) goes into the pair's tally.
        (Some(before), Some(after)) if before.0 == after.0 && before != after => {
            if let Screen::Game(game) = &app.screen {
                let session = Box::new(game.session.clone());
                app.command(Command::SaveMatch(session));
                let over = |state: &(u64, usize, Position)| {
                    matches!(state.2.status(), crate::engine::Status::MatchOver { .. })
                };
                if over(&before) != over(&after) {
                    tally(app, &before.2, &after.2, over(&before));
                } else if over(&before) && before.1 != after.1 {
                    // A swap (or its undo) after a first turn that ended the
                    // match: the result moves to the other seats.
                    retally(app, &after.2);
                }
            }
        }
        // A match that leaves the screen lets go of its file. (A rematch in
        // its place has begun its own already.)
        (Some(_), None) => app.command(Command::CloseMatch),
        _ => {}
    }
    // The menu and the list show the library as it is when they open.
    if shows_the_list(app) && std::mem::discriminant(&app.screen) != screen_before {
        app.command(Command::ListMatches);
    }
    schedule_computer(app);
    schedule_analysis(app);
    app.take_commands()
}

/// Tells the match's turns again for the list of moves when it changed.
fn tell_turns(game: &mut crate::tui::app::Game) {
    let now = (game.session.actions().len(), *game.session.position());
    if game.turns_for != Some(now) {
        game.turns = crate::words::turns_told(&game.session);
        game.turns_for = Some(now);
    }
}

/// Moves an ended match's result in the tally from the seats the players
/// had to the seats they have now (after a swap, or an undone swap).
fn retally(app: &mut App, ended: &Position) {
    let Screen::Game(game) = &app.screen else {
        return;
    };
    let Some(outcome) = ended.outcome() else {
        return;
    };
    let session = &game.session;
    let now = crate::engine::Side::BOTH.map(|side| session.display_name(side));
    let variant = session.rules().id().to_string();
    let mut before = now.clone();
    before.reverse();
    for (names, undo) in [(before, true), (now, false)] {
        app.command(Command::Set(Setting::Tally {
            variant: variant.clone(),
            names,
            outcome,
            undo,
        }));
    }
}

/// Once the first turn is over and the seeds have stopped, asks the second
/// player, a person, whether to swap (the computer decides by its search).
fn offer_swap(app: &mut App) {
    let Screen::Game(game) = &mut app.screen else {
        return;
    };
    let moving = game.animation.as_ref().is_some_and(|a| !a.is_finished());
    if app.overlay.is_some() || moving || !game.session.can_swap() || game.swap_declined {
        return;
    }
    let position = *game.session.position();
    // The second player: to move, or (where the first turn ended the round)
    // the one who did not make it.
    let second = position
        .to_move()
        .unwrap_or_else(|| game.session.first().other());
    match game.session.computer(second) {
        None => app.overlay = Some(Overlay::OfferSwap),
        // With no move to search, the computer takes the side ahead.
        Some(_) if position.to_move().is_none() => {
            let ahead = position.store(second.other()) > position.store(second);
            if ahead {
                game::update::swap(game);
            } else {
                game.swap_declined = true;
            }
        }
        // To move, it weighs the swap with its search (`computer_move`).
        Some(_) => {}
    }
}

/// Counts the match on screen, just over, in its players' tally (or takes
/// it back, when its end was undone).
fn tally(app: &mut App, before: &Position, after: &Position, undo: bool) {
    let Screen::Game(game) = &app.screen else {
        return;
    };
    let ended = if undo { before } else { after };
    let Some(outcome) = ended.outcome() else {
        return;
    };
    let session = &game.session;
    let names = crate::engine::Side::BOTH.map(|side| session.display_name(side));
    app.command(Command::Set(Setting::Tally {
        variant: session.rules().id().to_string(),
        names,
        outcome,
        undo,
    }));
}

/// Where the game begins: the first screen, and the commands it needs.
pub fn start(app: &mut App, config: &Config, start: Start) -> Vec<Command> {
    app.command(Command::ListMatches);
    app.screen = match start {
        Start::Menu => Screen::menu(),
        Start::ChooseVariant => Screen::Variants(super::app::GameList::at(
            variants::update::last_variant(app, &config.settings),
            true,
        )),
        Start::ContinueList => Screen::Library(LibraryList {
            continuing: true,
            ..LibraryList::default()
        }),
        Start::Resume(path) => {
            app.command(Command::ResumeMatch(path));
            Screen::menu()
        }
        Start::Branch(session, from) => {
            let note = describe::playing_on("from the end", &from.file);
            app.command(Command::BeginBranch(from));
            resume(app, *session, &note)
        }
        Start::Replay(session, path, meta) => open_replay(*session, path, meta),
        Start::Game {
            rules,
            names,
            computer,
            first: Some(first),
            round_limit,
            swap_rule,
        } => {
            // Players named on the command line are remembered as typed ones.
            app.command(Command::Set(Setting::Players {
                names: names.clone(),
                seats: computer,
            }));
            app.command(Command::Set(Setting::LastVariant(rules.id().to_string())));
            let players = Players {
                names: names.into(),
                computer: computer.into(),
                round_limit,
                swap_rule: swap_rule.unwrap_or_else(|| rules.plan().rounds.swap),
            };
            start_game(app, rules, players, first, None)
        }
        Start::Game {
            rules,
            names,
            computer,
            first: None,
            round_limit,
            swap_rule,
        } => {
            let mut setup = new_setup(rules, &config.settings);
            setup.names = names.into();
            setup.computer = computer.into();
            setup.round_limit = round_limit;
            if let Some(on) = swap_rule {
                setup.swap_rule = on;
            }
            // Straight into the game: settle who starts as the rules say, as
            // the setup screen's Start does (a draw, or the odd-or-even guess).
            app.screen = Screen::Setup(setup);
            let mut commands = app.take_commands();
            commands.extend(update(app, config, Msg::Confirm));
            return commands;
        }
    };
    orient_a_new_match(app, config, None);
    schedule_computer(app);
    schedule_analysis(app);
    app.take_commands()
}

/// A match new on screen (not the one before, `serial`) is drawn turned
/// round where its seating was last time.
fn orient_a_new_match(app: &mut App, config: &Config, serial: Option<u64>) {
    if let Screen::Game(game) = &mut app.screen
        && serial != Some(game.serial)
    {
        let computer = game.session.computer;
        let seated = crate::settings::Seated::of([computer.south, computer.north]);
        game.bottom = if config.settings.turned_for.contains(&seated) {
            crate::engine::Side::North
        } else {
            crate::engine::Side::South
        };
    }
}

fn shows_the_list(app: &App) -> bool {
    matches!(app.screen, Screen::Menu(_) | Screen::Library(_))
}

/// A replay on screen gets its positions valued once, in the background,
/// then the moves that quick pass found losing valued again as hard as a
/// hint (which alone may mark them).
fn schedule_analysis(app: &mut App) {
    let Screen::Replay(replay) = &mut app.screen else {
        return;
    };
    if !replay.analysis_asked {
        replay.analysis_asked = true;
        let session = Box::new(replay.session.clone());
        app.command(Command::Analyse(session));
    } else if let Some(values) = replay.values.as_ref().filter(|_| !replay.confirm_asked) {
        replay.confirm_asked = true;
        let command = Command::Confirm(Box::new(replay.session.clone()), values.clone());
        app.command(command);
    }
}

/// When the computer is to move, has no move planned and nothing else is on
/// screen, asks the runner to let it think: at once, while the seeds of
/// the move before are still moving, so that its answer is ready when they
/// stop.
fn schedule_computer(app: &mut App) {
    if app.overlay.is_some() {
        return;
    }
    let Screen::Game(game) = &mut app.screen else {
        return;
    };
    let position = *game.session.position();
    let Some((side, level)) = position
        .to_move()
        .and_then(|side| Some((side, game.session.computer(side)?)))
    else {
        return;
    };
    let planned = game.plan.at == position.key() && !game.plan.moves.is_empty();
    if !planned && !game.thinking {
        game.thinking = true;
        // Seeded by the position and the match, so a replayed match plays alike.
        let seed = position.key() ^ game.session.started_at;
        let rules = game.session.rules().clone();
        let past = game.session.history().clone();
        let seat = (game.serial, side);
        app.command(Command::Think {
            seat,
            rules,
            position,
            past,
            level,
            seed,
        });
    }
}

/// What identifies the state of the match in play, if one is.
fn match_state(app: &App) -> Option<(u64, usize, Position)> {
    match &app.screen {
        Screen::Game(game) => Some((
            game.serial,
            game.session.actions().len(),
            *game.session.position(),
        )),
        _ => None,
    }
}

#[allow(clippy::needless_pass_by_value)] // as `update`
fn route(app: &mut App, config: &Config, msg: Msg) {
    match msg {
        Msg::Resize { width, height } => {
            app.size = (width, height);
            return;
        }
        Msg::Tick { ms } => {
            tick(app, config, ms);
            return;
        }
        Msg::Faster | Msg::Slower => {
            change_speed(app, config, msg == Msg::Faster);
            return;
        }
        Msg::ToggleMotion => {
            toggle_motion(app, config);
            return;
        }
        // In any box, typing too: a look is chosen by what one sees.
        Msg::NextLook => {
            next_look(app, config);
            return;
        }
        _ => {}
    }
    let Some(msg) = answer(app, msg) else {
        return;
    };
    // Answers from a worker thread are not keys: an open box must neither
    // swallow them nor be closed by them.
    let from_worker = matches!(
        msg,
        Msg::ComputerMove { .. }
            | Msg::ComputerFill { .. }
            | Msg::HintReady { .. }
            | Msg::AnalysisReady { .. }
            | Msg::AnalysisConfirmed { .. }
    );
    if !from_worker && overlay(app, config, &msg) {
        return;
    }
    if msg == Msg::QuitNow {
        app.quit = true;
        return;
    }
    if msg == Msg::Help && !app.is_typing() {
        app.overlay = Some(Overlay::Help { scroll: 0 });
        return;
    }
    // Something could not be written: quitting now would lose it, so ask.
    if msg == Msg::Quit && app.banner.is_some() && !app.is_typing() {
        app.overlay = Some(Overlay::ConfirmQuit);
        return;
    }
    if !from_worker {
        app.message = None;
    }
    // Each handler may replace the screen; take it out to avoid borrowing twice.
    let screen = std::mem::replace(&mut app.screen, Screen::menu());
    app.screen = match screen {
        Screen::Menu(state) => menu::update::menu(app, config, state.selected, &msg),
        Screen::Variants(list) => variants::update::variants(app, config, list, &msg),
        Screen::Setup(state) => setup::update::setup(app, state, &msg),
        Screen::OddEven(state) => odd_even::update::odd_even(app, state, &msg),
        Screen::Library(list) => library::update::library(app, list, &msg),
        Screen::Game(state) => game::update::game(app, config, state, &msg),
        Screen::Replay(state) => replay::update::replay(app, config, state, &msg),
    };
}

/// Handles the effects' answers about files; other messages are given back.
fn answer(app: &mut App, msg: Msg) -> Option<Msg> {
    match msg {
        Msg::Saved => app.banner = None,
        Msg::SaveFailed { reason } => {
            app.banner = Some(describe::save_failed(&reason));
        }
        Msg::MatchLost { reason } => {
            let save = keys::key_for(keys::Context::Match, &Msg::Save);
            app.banner = Some(describe::match_lost(&reason, &save));
        }
        Msg::CopySaved { path } => {
            set_notice(app, describe::copy_saved(&path), false);
        }
        Msg::CopyExists { name, path } => {
            set_notice(app, format!("{} exists already", path.display()), true);
            app.overlay = Some(Overlay::ConfirmReplace { name });
        }
        Msg::CopyNotSaved { reason } => set_notice(app, describe::copy_not_saved(&reason), true),
        Msg::MatchesListed(matches) => {
            app.matches = matches;
            library::update::keep_in_range(app);
        }
        Msg::ReplayOpened {
            session,
            path,
            meta,
            at_end,
        } => {
            let list = match &app.screen {
                Screen::Library(list) => list.clone(),
                _ => LibraryList::default(),
            };
            app.screen = open_replay(*session, path, meta);
            if let Screen::Replay(replay) = &mut app.screen {
                replay.list = list;
                if at_end {
                    replay.shown = replay.session.actions().len();
                    let play_on = keys::key_for(keys::Context::Replay, &Msg::PlayOn);
                    app.message = Some(Notice {
                        text: describe::copy_plays_on(&play_on),
                        warning: false,
                    });
                }
            }
        }
        Msg::MatchResumed { session, .. } => {
            app.overlay = None;
            app.screen = resume(app, *session, describe::RESUMED);
        }
        Msg::OpenElsewhere { path } => app.overlay = Some(Overlay::OpenElsewhere { path }),
        Msg::Trashed { path, to } => {
            let text = if to.as_os_str().is_empty() {
                describe::DELETED_UNWRITTEN.to_string()
            } else {
                let undo = keys::key_in(&keys::contexts(app), &Msg::UndoDelete);
                let text = describe::deleted(&to, undo.as_deref());
                app.last_deleted = Some((path, to));
                text
            };
            set_notice(app, text, false);
            app.command(Command::ListMatches);
        }
        Msg::Restored { path } => {
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
            set_notice(
                app,
                describe::restored(name.as_deref().unwrap_or("")),
                false,
            );
            app.command(Command::ListMatches);
        }
        Msg::Retitled { .. } => {
            set_notice(app, describe::RENAMED.into(), false);
            app.command(Command::ListMatches);
        }
        Msg::Imported { path, told } => {
            // The game brought in is shown at once, from its start; Esc
            // there goes to the list, where it is now.
            set_notice(app, told, false);
            app.command(Command::ListMatches);
            app.command(Command::OpenReplay {
                path,
                at_end: false,
            });
        }
        Msg::ImportRefused { typed, reason } => {
            app.overlay = Some(Overlay::Import {
                path: typed,
                refused: Some(reason),
            });
        }
        Msg::Exported { told } => set_notice(app, told, false),
        Msg::FileFailed { reason } => set_notice(app, reason, true),
        Msg::RulesRead { variants, broken } => variants::update::rules_read(app, variants, broken),
        Msg::Note(text) => {
            app.message = Some(Notice {
                text,
                warning: false,
            });
        }
        other => return Some(other),
    }
    None
}

/// The whole terminal as the app last saw it.
fn screen_of(app: &App) -> ratatui::layout::Rect {
    ratatui::layout::Rect::new(0, 0, app.size.0, app.size.1)
}

/// Where a box of text `rows` tall, scrolled to `at` of at most `last`,
/// goes after `msg`: a row, or a page less one row kept for context
/// (`None`: any other key closes it).
fn scrolled(msg: &Msg, at: u16, rows: u16, last: u16) -> Option<u16> {
    let page = rows.saturating_sub(1).max(1);
    let to = match msg {
        Msg::Up => at.saturating_sub(1),
        Msg::Down => at + 1,
        Msg::PageUp => at.saturating_sub(page),
        Msg::PageDown => at + page,
        _ => return None,
    };
    Some(to.min(last))
}

/// Handles `msg` if a box is open over the screen; whether it did.
fn overlay(app: &mut App, config: &Config, msg: &Msg) -> bool {
    let Some(open) = app.overlay.take() else {
        return false;
    };
    match open {
        Overlay::ConfirmQuit => {
            if *msg == Msg::Yes {
                app.quit = true;
            }
        }
        Overlay::Moves { from_end } => {
            let most = crate::tui::moves_text::most_scroll(app, config);
            let page = crate::tui::layout::moves_list(screen_of(app)).height;
            // Counted back from the latest: up is further back.
            if let Some(back) = scrolled(msg, most - from_end.min(most), page, most) {
                app.overlay = Some(Overlay::Moves {
                    from_end: most - back,
                });
            }
        }
        Overlay::Help { scroll } => {
            let last = help_text::last_scroll_now(app, config);
            let page = crate::tui::layout::help_text(screen_of(app)).height;
            if let Some(scroll) = scrolled(msg, scroll, page, last) {
                app.overlay = Some(Overlay::Help { scroll });
            }
        }
        Overlay::SaveAs { name, suggested } => match msg {
            Msg::Confirm => save_copy(app, name, false),
            Msg::Back => {}
            _ => {
                // The first key that edits starts a name of the player's own.
                let edits = matches!(
                    msg,
                    Msg::Input(Input::Char(_)) | Msg::Backspace | Msg::ClearField
                );
                let name = if suggested && edits {
                    String::new()
                } else {
                    name
                };
                app.overlay = Some(Overlay::SaveAs {
                    name: edit(name, msg),
                    suggested: suggested && !edits,
                });
            }
        },
        Overlay::ConfirmReplace { name } => {
            if *msg == Msg::Yes {
                save_copy(app, name, true);
            }
        }
        Overlay::OpenElsewhere { path } => {
            if *msg == Msg::Yes {
                app.command(Command::OpenReplay {
                    path,
                    at_end: false,
                });
            }
        }
        Overlay::OfferSwap => match msg {
            Msg::Yes | Msg::No => {
                if let Screen::Game(game) = &mut app.screen {
                    if *msg == Msg::Yes {
                        game::update::swap(game);
                    } else {
                        game.swap_declined = true;
                    }
                }
            }
            // A click on the board answers nothing.
            Msg::Input(_) => app.overlay = Some(Overlay::OfferSwap),
            // The match's keys act; the question comes back after them
            // while the swap is still offered ([`offer_swap`]).
            _ => return false,
        },
        Overlay::ConfirmEndMatch { .. } => {
            if *msg == Msg::Yes
                && let Screen::Game(game) = &mut app.screen
            {
                game::update::end_match_now(game);
            }
        }
        Overlay::ConfirmDelete { path, .. } => {
            if *msg == Msg::Yes {
                app.command(Command::Trash(path));
            }
        }
        open @ (Overlay::Import { .. } | Overlay::Export { .. }) => record_box(app, open, msg),
        Overlay::Rename { path, title } => match msg {
            Msg::Confirm => {
                let title = clean_title(&title);
                app.command(Command::SetTitle { path, title });
            }
            Msg::Back => {}
            _ => {
                let title = edit(title, msg);
                app.overlay = Some(Overlay::Rename { path, title });
            }
        },
    }
    true
}

/// The boxes that carry games to and from other programs: typing a
/// record's path, choosing the format to write a match in.
fn record_box(app: &mut App, open: Overlay, msg: &Msg) {
    match open {
        Overlay::Import { path, refused } => match msg {
            Msg::Confirm if path.trim().is_empty() => {
                app.overlay = Some(Overlay::Import { path, refused });
            }
            Msg::Confirm => app.command(Command::Import(path)),
            Msg::Back => {}
            _ => {
                // What is typed next is a new attempt: the refusal goes.
                let typed = edit_up_to(path.clone(), msg, PATH_LENGTH);
                let refused = if typed == path { refused } else { None };
                app.overlay = Some(Overlay::Import {
                    path: typed,
                    refused,
                });
            }
        },
        Overlay::Export { path, what } => match msg {
            Msg::ExportAs(format) => app.command(Command::Export {
                path,
                format: *format,
            }),
            Msg::Back => {}
            _ => app.overlay = Some(Overlay::Export { path, what }),
        },
        _ => {}
    }
}

/// Longest name typed into a box.
const FIELD_LENGTH: usize = 48;
/// Longest path typed into a box.
const PATH_LENGTH: usize = 1024;

/// A text field after a key: typed characters added, Backspace and Ctrl+U.
fn edit(text: String, msg: &Msg) -> String {
    edit_up_to(text, msg, FIELD_LENGTH)
}

/// [`edit`] for a field of up to `most` characters.
fn edit_up_to(mut text: String, msg: &Msg, most: usize) -> String {
    match msg {
        Msg::Input(Input::Char(c))
            if !crate::text::is_unsafe(*c) && text.chars().count() < most =>
        {
            text.push(*c);
        }
        Msg::Backspace => {
            text.pop();
        }
        Msg::ClearField => text.clear(),
        _ => {}
    }
    text
}

/// Asks for a named copy of the match on screen.
fn save_copy(app: &mut App, name: String, replace: bool) {
    let Screen::Game(game) = &app.screen else {
        return;
    };
    if name.trim().is_empty() {
        set_notice(app, describe::copy_not_saved(describe::NAME_EMPTY), true);
        return;
    }
    let session = Box::new(game.session.clone());
    app.command(Command::SaveCopy {
        session,
        name,
        replace,
    });
}

fn tick(app: &mut App, config: &Config, ms: u64) {
    let speed = config.speed_ms;
    match &mut app.screen {
        Screen::Game(game) => {
            if let Some(animation) = &mut game.animation {
                animation.advance(ms, speed);
            }
        }
        Screen::Replay(replay) => replay::update::tick(replay, ms, speed),
        _ => {}
    }
}

fn change_speed(app: &mut App, config: &Config, faster: bool) {
    let index = SPEEDS_MS
        .iter()
        .position(|&ms| ms >= config.speed_ms)
        .unwrap_or(SPEEDS_MS.len() - 1);
    let index = if faster {
        index.saturating_sub(1)
    } else {
        (index + 1).min(SPEEDS_MS.len() - 1)
    };
    let speed = SPEEDS_MS[index];
    app.command(Command::Set(Setting::Speed(speed)));
    let text = describe::speed_set(speed, !config.reduced_motion, &setting_keys(app));
    set_notice(app, text, false);
}

/// The keys that change the pace on the screen shown now.
fn setting_keys(app: &App) -> describe::SettingKeys {
    let contexts = keys::contexts(app);
    let key = |msg| keys::key_in(&contexts, &msg);
    describe::SettingKeys {
        faster: key(Msg::Faster),
        slower: key(Msg::Slower),
        motion: key(Msg::ToggleMotion),
    }
}

/// Colour, then high contrast, then monochrome, and round again.
/// The next look, remembered; under `NO_COLOR` the screen stays
/// monochrome and the remembered look is left alone.
fn next_look(app: &mut App, config: &Config) {
    use crate::settings::Look;
    if config.no_colour {
        set_notice(app, describe::NO_COLOUR_LOOK.to_string(), false);
        return;
    }
    let look = match config.settings.look {
        Look::Colour => Look::HighContrast,
        Look::HighContrast => Look::Monochrome,
        Look::Monochrome => Look::Colour,
    };
    app.command(Command::Set(Setting::Look(look)));
    set_notice(app, describe::look_set(look), false);
}

/// Turns the animation on or off: the setting, in a match; in the replay
/// viewer, for the viewer alone (a viewer stepping through moves should not
/// change how every later match plays).
fn toggle_motion(app: &mut App, config: &Config) {
    let keys = setting_keys(app);
    let text = match &mut app.screen {
        Screen::Replay(replay) => {
            let animated = !replay.motion.unwrap_or(!config.reduced_motion);
            replay.motion = Some(animated);
            if let Some(animation) = &mut replay.animation {
                animation.finish();
            }
            describe::viewer_motion_set(animated, &keys)
        }
        screen => {
            if let Screen::Game(game) = screen
                && let Some(animation) = &mut game.animation
            {
                animation.finish();
            }
            let reduced = !config.reduced_motion;
            app.command(Command::Set(Setting::ReducedMotion(reduced)));
            describe::motion_set(!reduced, &keys)
        }
    };
    set_notice(app, text, false);
}

/// A line under the board of a match, or at the foot of other screens.
pub fn set_notice(app: &mut App, text: String, warning: bool) {
    let notice = Notice { text, warning };
    match &mut app.screen {
        Screen::Game(game) => game.notice = Some(notice),
        _ => app.message = Some(notice),
    }
}

/// The name first offered for a copy: the variant and the match's start.
#[must_use]
pub fn default_copy_name(session: &crate::session::Session) -> String {
    let stamp = crate::storage::time::format_utc(session.started_at)
        .replace([':', '-'], "")
        .replace('T', "-")
        .trim_end_matches('Z')
        .to_string();
    format!("{}-{stamp}", session.rules().id())
}

pub(crate) fn step(selected: usize, len: usize, down: bool) -> usize {
    if len == 0 {
        0
    } else if down {
        (selected + 1) % len
    } else {
        (selected + len - 1) % len
    }
}
