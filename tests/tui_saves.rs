//! The match library from the interface, message by message with a real data
//! folder: one file per match from its first move, Continue, named copies,
//! the list (filter, order, delete, rename), playing on from a replay, a
//! second game's lock, failures shown and retried, the replay viewer.

mod common;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use mancala::catalog::Catalog;
use mancala::engine::{Pit, Rules, Side, Status, StatusKind};
use mancala::session::Session;
use mancala::storage::library::{Library, TRASH_FOLDER};
use mancala::storage::lock::FileLock;
use mancala::storage::{MatchId, MatchMeta, load};
use mancala::tui::app::{MenuItem, Overlay, Screen};
use mancala::tui::judged::Weighed;
use mancala::tui::msg::{HintReach, Input, Judged, Msg};
use mancala::tui::runner::Runner;
use mancala::tui::{Options, Start};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::Modifier;

/// A game with its own data folder.
struct Game {
    ui: Runner,
    dir: tempfile::TempDir,
}

fn catalog() -> Catalog {
    Catalog::with_user_dir(None)
}

fn library_in(dir: &Path) -> Library {
    Library::at(&dir.join("mancala"))
}

fn runner(dir: &Path, start: Start, mirror: Option<PathBuf>) -> Runner {
    let options = Options {
        library: Some(library_in(dir)),
        mirror,
        ..Options::in_memory(start, 0)
    };
    let mut ui = Runner::new(&catalog(), options, 3);
    ui.send(Msg::Resize {
        width: 100,
        height: 30,
    });
    ui
}

fn kalaha_match() -> Start {
    match_of(catalog().find("kalaha").unwrap().rules.clone())
}

/// Ann (South, first) against Bo under `rules`.
fn match_of(rules: Arc<Rules>) -> Start {
    Start::Game {
        rules,
        names: ["Ann".into(), "Bo".into()],
        computer: [None, None],
        first: Some(Side::South),
        round_limit: None,
        swap_rule: None,
    }
}

/// Kalah with one pit of one seed a side: South's first move ends the match.
fn one_move_rules() -> Arc<Rules> {
    Arc::new(common::variant_of(
        "kalaha",
        &[
            ("id = \"kalaha\"", "id = \"one-move\""),
            ("pits = 6", "pits = 1"),
            ("seeds-per-pit = 4", "seeds-per-pit = 1"),
        ],
    ))
}

impl Game {
    fn new(start: Start) -> Game {
        let dir = tempfile::tempdir().unwrap();
        let ui = runner(dir.path(), start, None);
        Game { ui, dir }
    }

    fn kalaha() -> Game {
        Game::new(kalaha_match())
    }

    /// Another game on the same data folder, as from a second terminal.
    fn beside(&self, start: Start) -> Runner {
        runner(self.dir.path(), start, None)
    }

    fn send(&mut self, msgs: &[Msg]) {
        for msg in msgs {
            self.ui.send(msg.clone());
        }
    }

    fn library(&self) -> Library {
        library_in(self.dir.path())
    }

    /// The match files, oldest first.
    fn match_files(&self) -> Vec<PathBuf> {
        let Ok(listing) = std::fs::read_dir(self.library().matches_dir()) else {
            return Vec::new();
        };
        let mut files: Vec<PathBuf> = listing
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            .collect();
        files.sort();
        files
    }

    fn notice(&self) -> String {
        match &self.ui.app.screen {
            Screen::Game(game) => game.notice.as_ref().map(|n| n.text.clone()),
            _ => self.ui.app.message.as_ref().map(|n| n.text.clone()),
        }
        .unwrap_or_default()
    }

    fn screen(&self) -> String {
        let mut terminal = Terminal::new(TestBackend::new(100, 30)).unwrap();
        terminal.draw(|frame| self.ui.render(frame)).unwrap();
        format!("{:?}", terminal.backend())
    }
}

fn moves(path: &Path) -> Vec<u8> {
    common::moves_in_save(path)
}

#[test]
fn a_match_gets_its_own_file_at_its_first_move() {
    let mut g = Game::kalaha();
    assert!(
        g.match_files().is_empty(),
        "nothing is written before a move"
    );
    g.send(&[Msg::Input(Input::Digit(3))]);
    let files = g.match_files();
    assert_eq!(files.len(), 1);
    assert_eq!(moves(&files[0]), [3]);
    g.send(&[Msg::Input(Input::Digit(1)), Msg::Input(Input::Digit(2))]);
    assert_eq!(moves(&files[0]), [3, 1, 2]);
    // Undo and redo are written too: the file is the match as it stands.
    g.send(&[Msg::Undo]);
    assert_eq!(moves(&files[0]), [3, 1]);
    g.send(&[Msg::Redo]);
    assert_eq!(moves(&files[0]), [3, 1, 2]);
    assert_eq!(g.match_files(), files, "still one file");
    let saved = load(&files[0], &catalog()).unwrap();
    let id = saved.meta.id.expect("an id");
    assert_eq!(files[0], g.library().path_of(&id));
    assert_eq!(g.ui.app.banner, None);
}

#[test]
fn a_match_begun_from_the_command_line_is_stamped_with_the_time_it_began() {
    let before = mancala::storage::time::now_seconds();
    let mut g = Game::kalaha();
    g.send(&[Msg::Input(Input::Digit(3))]);
    let saved = load(&g.match_files()[0], &catalog()).unwrap();
    let after = mancala::storage::time::now_seconds();
    assert!(
        (before..=after).contains(&saved.session.started_at),
        "began at {}, between {before} and {after}",
        saved.session.started_at
    );
}

#[test]
fn a_finished_match_stays_when_the_next_one_begins() {
    let mut g = Game::new(match_of(one_move_rules()));
    g.send(&[Msg::Input(Input::Digit(1))]);
    let Screen::Game(game) = &g.ui.app.screen else {
        panic!()
    };
    assert!(matches!(
        game.session.position().status(),
        Status::MatchOver { .. }
    ));
    let first = g.match_files();
    assert_eq!(first.len(), 1);
    let finished = std::fs::read(&first[0]).unwrap();
    // Enter: the menu; Play, the first rule set, Start; a move.
    g.send(&[Msg::Confirm, Msg::Confirm, Msg::Confirm, Msg::Confirm]);
    assert!(matches!(g.ui.app.screen, Screen::Game(_)));
    g.send(&[Msg::Input(Input::Digit(3))]);
    let files = g.match_files();
    assert_eq!(files.len(), 2, "{files:?}");
    assert_eq!(std::fs::read(&first[0]).unwrap(), finished, "untouched");
    let header = load(&first[0], &catalog()).unwrap();
    assert!(matches!(
        header.session.position().status(),
        Status::MatchOver { .. }
    ));
}

#[test]
fn continue_resumes_the_one_unfinished_match() {
    let mut g = Game::kalaha();
    g.send(&[
        Msg::Input(Input::Digit(3)),
        Msg::Input(Input::Digit(1)),
        Msg::Back,
    ]);
    assert_eq!(g.ui.app.menu_items()[0], MenuItem::Continue);
    g.send(&[Msg::Confirm]);
    let Screen::Game(game) = &g.ui.app.screen else {
        panic!("not resumed: {:?}", g.ui.app.screen)
    };
    assert_eq!(game.session.actions().len(), 2);
    assert_eq!(game.session.position().to_move(), Some(Side::North));
    // And it goes on in the same file.
    g.send(&[Msg::Input(Input::Digit(2))]);
    let files = g.match_files();
    assert_eq!(files.len(), 1);
    assert_eq!(moves(&files[0]), [3, 1, 2]);
}

/// Back from Play's list of games, the Rules or the saved matches, the menu
/// has the entry that opened it chosen, whether or not Continue comes first
/// (it once chose by a fixed place, so with Continue shown, Back from the
/// Rules landed on Play).
#[test]
fn back_from_a_list_the_menu_has_the_entry_that_opened_it_chosen() {
    let mut g = Game::kalaha();
    g.send(&[Msg::Back]);
    for continue_shown in [false, true] {
        let items = g.ui.app.menu_items();
        assert_eq!(items.contains(&MenuItem::Continue), continue_shown);
        for item in [MenuItem::Play, MenuItem::Replay, MenuItem::Rules] {
            let index = items.iter().position(|&shown| shown == item).unwrap();
            let key = item.digit();
            g.send(&[Msg::Input(Input::Digit(key)), Msg::Back]);
            assert!(
                matches!(g.ui.app.screen, Screen::Menu(menu) if menu.selected == index),
                "back from {item:?}: {:?}",
                g.ui.app.screen
            );
        }
        // A move makes the match one to continue.
        g.send(&[Msg::Input(Input::Digit(1)), Msg::Confirm, Msg::Confirm]);
        g.send(&[Msg::Input(Input::Digit(3)), Msg::Back]);
    }
}

#[test]
fn continue_offers_the_list_when_several_matches_are_unfinished() {
    let mut g = Game::kalaha();
    g.send(&[Msg::Input(Input::Digit(3)), Msg::Back]);
    // Play, Kalaha, Start (the menu shows Continue first).
    g.send(&[
        Msg::Input(Input::Digit(1)),
        Msg::Confirm,
        Msg::Confirm,
        Msg::Input(Input::Digit(6)),
        Msg::Back,
    ]);
    assert_eq!(g.match_files().len(), 2);
    g.send(&[Msg::Input(Input::Digit(0))]);
    let Screen::Library(list) = &g.ui.app.screen else {
        panic!("no list: {:?}", g.ui.app.screen)
    };
    assert!(list.continuing);
    assert_eq!(g.ui.app.shown_matches(list).len(), 2);
    // The most recently played first: the second match.
    g.send(&[Msg::Confirm]);
    let Screen::Game(game) = &g.ui.app.screen else {
        panic!()
    };
    assert_eq!(game.session.round_moves()[0].moves, common::steps(&[6]));
}

#[test]
fn a_match_another_game_plays_is_offered_read_only() {
    let mut g = Game::kalaha();
    g.send(&[Msg::Input(Input::Digit(3)), Msg::Back]);
    let file = g.match_files()[0].clone();
    // Another game takes it up (its lock, as a second process would hold).
    let lock = FileLock::acquire(&file).unwrap();
    g.send(&[Msg::Input(Input::Digit(2)), Msg::Back]); // the Replay list and back: listed again
    assert!(g.ui.app.matches[0].open_elsewhere);
    // At 80 columns the list says so in words that fit, not cut short.
    g.send(&[Msg::Input(Input::Digit(2))]);
    g.ui.send(Msg::Resize {
        width: 80,
        height: 24,
    });
    let screen = format!("{:?}", draw(&g.ui).backend());
    assert!(screen.contains("open elsewhere"), "{screen}");
    assert!(!screen.contains('~'), "{screen}");
    g.ui.send(Msg::Resize {
        width: 100,
        height: 30,
    });
    g.send(&[Msg::Back]);
    g.send(&[Msg::Input(Input::Digit(0))]);
    assert!(
        matches!(&g.ui.app.overlay, Some(Overlay::OpenElsewhere { path }) if *path == file),
        "{:?}",
        g.ui.app.overlay
    );
    g.send(&[Msg::Yes]);
    let Screen::Replay(replay) = &g.ui.app.screen else {
        panic!("not watching: {:?}", g.ui.app.screen)
    };
    assert_eq!(replay.session.actions().len(), 1);
    drop(lock);
}

#[test]
fn two_games_on_one_data_folder_keep_all_their_moves() {
    let mut ann = Game::kalaha();
    let mut cy = ann.beside(kalaha_match());
    for (a, c) in [(3, 1), (1, 2), (2, 3)] {
        ann.send(&[Msg::Input(Input::Digit(a))]);
        cy.send(Msg::Input(Input::Digit(c)));
    }
    let files = ann.match_files();
    assert_eq!(files.len(), 2);
    let mut all: Vec<Vec<u8>> = files.iter().map(|f| moves(f)).collect();
    all.sort();
    assert_eq!(all, [vec![1, 2, 3], vec![3, 1, 2]]);
}

#[test]
fn the_save_file_of_a_command_follows_only_its_own_match() {
    let dir = tempfile::tempdir().unwrap();
    let mine = dir.path().join("mine.toml");
    let mut ui = runner(dir.path(), kalaha_match(), Some(mine.clone()));
    ui.send(Msg::Input(Input::Digit(3)));
    ui.send(Msg::Input(Input::Digit(1)));
    assert_eq!(moves(&mine), [3, 1]);
    let kept = std::fs::read(&mine).unwrap();
    // Esc, then a new Raja Pasu match from the menu (Continue is first).
    ui.send(Msg::Back);
    ui.send(Msg::Input(Input::Digit(1)));
    ui.send(Msg::Down);
    ui.send(Msg::Confirm);
    ui.send(Msg::Confirm);
    ui.send(Msg::Input(Input::Digit(1)));
    let Screen::Game(game) = &ui.app.screen else {
        panic!()
    };
    assert_eq!(game.session.rules().id(), "raja-pasu");
    assert_eq!(std::fs::read(&mine).unwrap(), kept, "not the new match's");
}

#[test]
fn a_copy_is_saved_under_a_name_and_replaced_only_when_asked() {
    let mut g = Game::kalaha();
    g.send(&[Msg::Input(Input::Digit(3)), Msg::Save]);
    let Some(Overlay::SaveAs { name, .. }) = &g.ui.app.overlay else {
        panic!("no save box")
    };
    assert!(name.starts_with("kalaha-"));
    g.send(&[Msg::ClearField]);
    for c in "my g".chars() {
        g.send(&[Msg::Input(Input::Char(c))]);
    }
    g.send(&[Msg::Confirm]);
    let copy = g.library().copies_dir().join("my-g.toml");
    assert_eq!(moves(&copy), [3]);
    assert!(g.notice().contains("my-g.toml"), "{}", g.notice());
    // The same name again: asked first; "no" keeps the old copy.
    g.send(&[Msg::Input(Input::Digit(1)), Msg::Save, Msg::ClearField]);
    for c in "my g".chars() {
        g.send(&[Msg::Input(Input::Char(c))]);
    }
    g.send(&[Msg::Confirm]);
    assert!(matches!(
        g.ui.app.overlay,
        Some(Overlay::ConfirmReplace { .. })
    ));
    g.send(&[Msg::No]);
    assert_eq!(moves(&copy), [3]);
    g.send(&[Msg::Save, Msg::ClearField]);
    for c in "my g".chars() {
        g.send(&[Msg::Input(Input::Char(c))]);
    }
    g.send(&[Msg::Confirm, Msg::Yes]);
    assert_eq!(moves(&copy), [3, 1]);
    // In the list it is a copy; continuing it shows its end, to play on from.
    g.send(&[Msg::Back, Msg::Input(Input::Digit(2))]);
    let Screen::Library(list) = &g.ui.app.screen else {
        panic!()
    };
    let at =
        g.ui.app
            .shown_matches(list)
            .iter()
            .position(|m| m.path == copy)
            .unwrap();
    assert!(g.screen().contains("copy: in play"), "{}", g.screen());
    // The name typed for the copy is what the list calls it, with the players.
    assert!(g.screen().contains("my g: Ann v Bo"), "{}", g.screen());
    for _ in 0..at {
        g.send(&[Msg::Down]);
    }
    g.send(&[Msg::ContinueMatch]);
    let Screen::Replay(replay) = &g.ui.app.screen else {
        panic!("{:?}", g.ui.app.screen)
    };
    assert_eq!(replay.shown, 2);
    assert!(g.notice().contains("p plays on"), "{}", g.notice());
    // The viewer's header names it too.
    assert!(
        g.screen().contains("Replay: my g - Kalaha"),
        "{}",
        g.screen()
    );
}

#[test]
fn a_list_names_the_computer_by_its_level() {
    let catalog = catalog();
    let rules = catalog.find("kalaha").unwrap().rules.clone();
    let mut g = Game::new(Start::Game {
        rules,
        names: ["Me".into(), "Computer".into()],
        computer: [None, Some(mancala::ai::Level::Hard)],
        first: Some(Side::South),
        round_limit: None,
        swap_rule: None,
    });
    g.send(&[
        Msg::Input(Input::Digit(3)),
        Msg::Back,
        Msg::Input(Input::Digit(2)),
    ]);
    assert!(
        g.screen().contains("Me v Computer (hard)"),
        "{}",
        g.screen()
    );
}

#[test]
fn playing_on_from_a_replay_makes_a_new_match_and_leaves_the_source() {
    let mut g = Game::kalaha();
    g.send(&[
        Msg::Input(Input::Digit(3)),
        Msg::Input(Input::Digit(1)),
        Msg::Input(Input::Digit(2)),
        Msg::Back,
    ]);
    let source = g.match_files()[0].clone();
    let before = std::fs::read(&source).unwrap();
    // Replay, the match, one move on, play on, a move of South's own.
    g.send(&[Msg::Input(Input::Digit(2)), Msg::Confirm]);
    assert!(matches!(g.ui.app.screen, Screen::Replay(_)));
    g.send(&[Msg::Right, Msg::PlayOn]);
    let Screen::Game(game) = &g.ui.app.screen else {
        panic!("not playing on")
    };
    assert_eq!(game.session.actions().len(), 1);
    g.send(&[Msg::Input(Input::Digit(6))]);
    assert_eq!(
        std::fs::read(&source).unwrap(),
        before,
        "the source is untouched"
    );
    let files = g.match_files();
    assert_eq!(files.len(), 2);
    let branch = files.iter().find(|f| **f != source).unwrap();
    assert_eq!(moves(branch), [3, 6]);
    let saved = load(branch, &catalog()).unwrap();
    let from = saved.meta.branched_from.expect("where it branched from");
    assert_eq!(from.file, source.display().to_string());
    assert_eq!(from.moves, 1);
    assert_eq!(
        from.id,
        load(&source, &catalog()).unwrap().meta.id,
        "and which match"
    );
}

#[test]
fn the_list_filters_orders_and_scrolls() {
    let mut g = Game::kalaha();
    // Three matches here (Ann v Bo: the names are remembered), and one of
    // Cy v Di from another game.
    for _ in 0..2 {
        g.send(&[
            Msg::Input(Input::Digit(3)),
            Msg::Back,
            Msg::Input(Input::Digit(1)),
            Msg::Confirm,
            Msg::Confirm,
        ]);
    }
    g.send(&[Msg::Input(Input::Digit(4)), Msg::Back]);
    assert_eq!(g.match_files().len(), 3);
    let mut other = g.beside(Start::Game {
        rules: catalog().find("raja-pasu").unwrap().rules.clone(),
        names: ["Cy".into(), "Di".into()],
        computer: [None, None],
        first: Some(Side::South),
        round_limit: None,
        swap_rule: None,
    });
    other.send(Msg::Input(Input::Digit(1)));
    drop(other);
    g.send(&[Msg::Input(Input::Digit(2))]); // Replay
    let Screen::Library(list) = &g.ui.app.screen else {
        panic!()
    };
    assert_eq!(g.ui.app.shown_matches(list).len(), 4);
    g.send(&[
        Msg::Filter,
        Msg::Input(Input::Char('d')),
        Msg::Input(Input::Char('i')),
    ]);
    let Screen::Library(list) = &g.ui.app.screen else {
        panic!()
    };
    let shown = g.ui.app.shown_matches(list);
    assert_eq!(shown.len(), 1);
    assert_eq!(shown[0].header.as_ref().unwrap().names.north, "Di");
    // By variant name too; Esc clears.
    g.send(&[Msg::ClearField]);
    for c in "raja".chars() {
        g.send(&[Msg::Input(Input::Char(c))]);
    }
    let Screen::Library(list) = &g.ui.app.screen else {
        panic!()
    };
    assert_eq!(g.ui.app.shown_matches(list).len(), 1);
    g.send(&[Msg::Back]);
    let Screen::Library(list) = &g.ui.app.screen else {
        panic!()
    };
    assert!(list.filter.is_empty() && !list.filtering);
    // Oldest first, and the choice moves with the keys.
    let newest = g.ui.app.shown_matches(list)[0].path.clone();
    g.send(&[Msg::Order]);
    let Screen::Library(list) = &g.ui.app.screen else {
        panic!()
    };
    assert_eq!(g.ui.app.shown_matches(list)[3].path, newest);
    g.send(&[Msg::End]);
    let Screen::Library(list) = &g.ui.app.screen else {
        panic!()
    };
    assert_eq!(list.selected, 3);
}

#[test]
fn a_long_list_scrolls_to_keep_the_choice_in_view() {
    let mut g = Game::kalaha();
    for _ in 0..30 {
        g.send(&[
            Msg::Input(Input::Digit(3)),
            Msg::Back,
            Msg::Input(Input::Digit(1)),
            Msg::Confirm,
            Msg::Confirm,
        ]);
    }
    g.send(&[Msg::Back, Msg::Input(Input::Digit(2))]);
    assert_eq!(g.ui.app.matches.len(), 30);
    for _ in 0..25 {
        g.send(&[Msg::Down]);
    }
    let Screen::Library(list) = &g.ui.app.screen else {
        panic!()
    };
    assert_eq!(list.selected, 25);
    let rows = mancala::tui::layout::library_rows(g.ui.app.size);
    assert!(list.offset <= 25 && 25 < list.offset + rows, "{list:?}");
    let screen = g.screen();
    assert!(screen.contains("> Ann v Bo"), "{screen}");
    assert!(screen.contains(" of 30 (PgUp/PgDn)"), "{screen}");
}

#[test]
fn delete_moves_the_file_to_the_trash_after_asking() {
    let mut g = Game::kalaha();
    g.send(&[
        Msg::Input(Input::Digit(3)),
        Msg::Back,
        Msg::Input(Input::Digit(2)),
    ]);
    let file = g.match_files()[0].clone();
    g.send(&[Msg::Delete]);
    assert!(matches!(
        g.ui.app.overlay,
        Some(Overlay::ConfirmDelete { .. })
    ));
    assert!(
        g.screen().contains("u in the list brings it back"),
        "{}",
        g.screen()
    );
    g.send(&[Msg::No]);
    assert!(file.is_file(), "kept when the answer is no");
    g.send(&[Msg::Delete, Msg::Yes]);
    assert!(!file.exists());
    let trashed = g
        .library()
        .matches_dir()
        .join(TRASH_FOLDER)
        .join(file.file_name().unwrap());
    assert_eq!(moves(&trashed), [3]);
    assert!(g.ui.app.matches.is_empty(), "listed again");
    assert!(g.notice().contains("trash"), "{}", g.notice());
    assert!(g.notice().contains("(u brings it back)"), "{}", g.notice());
    // u brings it back at once, into the list, with its moves.
    g.send(&[Msg::UndoDelete]);
    assert_eq!(moves(&file), [3]);
    assert!(!trashed.exists());
    assert_eq!(g.ui.app.matches.len(), 1);
    assert!(g.notice().starts_with("Brought back"), "{}", g.notice());
    // Once only: there is nothing more to bring back.
    g.send(&[Msg::UndoDelete]);
    assert!(
        g.notice().starts_with("Nothing to bring back"),
        "{}",
        g.notice()
    );
}

#[test]
fn a_match_brought_back_never_replaces_a_file_in_its_place() {
    let mut g = Game::kalaha();
    g.send(&[
        Msg::Input(Input::Digit(3)),
        Msg::Back,
        Msg::Input(Input::Digit(2)),
    ]);
    let file = g.match_files()[0].clone();
    g.send(&[Msg::Delete, Msg::Yes]);
    std::fs::write(&file, "someone else's").unwrap();
    g.send(&[Msg::UndoDelete]);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "someone else's");
    assert!(g.notice().contains("exists"), "{}", g.notice());
}

#[test]
fn rename_gives_the_match_a_title() {
    let mut g = Game::kalaha();
    g.send(&[
        Msg::Input(Input::Digit(3)),
        Msg::Back,
        Msg::Input(Input::Digit(2)),
        Msg::Rename,
    ]);
    for c in "Cup final".chars() {
        g.send(&[Msg::Input(Input::Char(c))]);
    }
    g.send(&[Msg::Confirm]);
    let file = g.match_files()[0].clone();
    let saved = load(&file, &catalog()).unwrap();
    assert_eq!(saved.meta.title.as_deref(), Some("Cup final"));
    assert_eq!(moves(&file), [3]);
    assert!(g.screen().contains("Cup final"));
    // Found by its title.
    g.send(&[
        Msg::Filter,
        Msg::Input(Input::Char('c')),
        Msg::Input(Input::Char('u')),
        Msg::Input(Input::Char('p')),
    ]);
    let Screen::Library(list) = &g.ui.app.screen else {
        panic!()
    };
    assert_eq!(g.ui.app.shown_matches(list).len(), 1);
}

#[test]
fn files_that_cannot_be_read_are_listed_and_left_alone() {
    let mut g = Game::kalaha();
    let matches = g.library().matches_dir();
    std::fs::create_dir_all(&matches).unwrap();
    let newer = matches.join("newer.toml");
    let broken = matches.join("broken.toml");
    std::fs::write(&newer, "format = 7\nnew-things = true\n").unwrap();
    std::fs::write(&broken, "format = 2\nvariant = ").unwrap();
    let bytes = |p: &Path| std::fs::read(p).unwrap();
    let (newer_bytes, broken_bytes) = (bytes(&newer), bytes(&broken));
    g.send(&[Msg::Back, Msg::Input(Input::Digit(2))]); // the menu: Play, Replay...
    assert!(matches!(g.ui.app.screen, Screen::Library(_)));
    assert_eq!(g.ui.app.matches.len(), 2);
    let newer_listed = g.ui.app.matches.iter().find(|m| m.path == newer).unwrap();
    assert!(
        newer_listed
            .header
            .as_ref()
            .unwrap_err()
            .contains("save format version 7")
    );
    for _ in 0..2 {
        g.send(&[Msg::Confirm, Msg::Delete, Msg::Rename, Msg::ContinueMatch]);
        assert_eq!(g.ui.app.overlay, None);
        assert!(g.ui.app.message.as_ref().unwrap().warning);
        g.send(&[Msg::Down]);
    }
    assert!(g.screen().contains("cannot be read"));
    // A new match does not disturb them either.
    g.send(&[
        Msg::Back,
        Msg::Input(Input::Digit(1)),
        Msg::Confirm,
        Msg::Confirm,
        Msg::Input(Input::Digit(3)),
    ]);
    assert_eq!(bytes(&newer), newer_bytes);
    assert_eq!(bytes(&broken), broken_bytes);
    assert_eq!(g.match_files().len(), 3);
}

/// The library's match folder made unusable (a file in its place), then
/// usable again.
#[test]
fn a_failed_write_shows_a_banner_keeps_the_match_and_is_tried_again() {
    let mut g = Game::kalaha();
    let matches = g.library().matches_dir();
    std::fs::create_dir_all(matches.parent().unwrap()).unwrap();
    std::fs::write(&matches, "in the way").unwrap();
    g.send(&[Msg::Input(Input::Digit(3))]);
    let banner = g.ui.app.banner.clone().expect("a banner");
    assert!(banner.starts_with("Not saved"), "{banner}");
    assert!(g.screen().contains("Not saved"));
    g.send(&[Msg::Input(Input::Digit(1))]);
    assert!(g.ui.app.banner.is_some(), "it stays");
    assert_eq!(std::fs::read_to_string(&matches).unwrap(), "in the way");
    // The match lives on in memory, and leaving it keeps it listed.
    g.send(&[Msg::Back]);
    assert!(g.ui.app.banner.is_some());
    assert_eq!(g.ui.app.matches.len(), 1);
    assert!(g.ui.app.matches[0].not_saved);
    // Quitting now asks first.
    g.send(&[Msg::Quit]);
    assert_eq!(g.ui.app.overlay, Some(Overlay::ConfirmQuit));
    g.send(&[Msg::No]);
    // Fixed: Continue takes the match up from memory; the next move writes it
    // all.
    std::fs::remove_file(&matches).unwrap();
    g.send(&[Msg::Confirm]);
    let Screen::Game(game) = &g.ui.app.screen else {
        panic!("not resumed: {:?}", g.ui.app.screen)
    };
    assert_eq!(game.session.actions().len(), 2);
    g.send(&[Msg::Input(Input::Digit(2))]);
    assert_eq!(g.ui.app.banner, None);
    let files = g.match_files();
    assert_eq!(files.len(), 1);
    assert_eq!(moves(&files[0]), [3, 1, 2]);
}

#[test]
fn a_match_left_unsaved_is_written_when_the_folder_comes_back() {
    let mut g = Game::kalaha();
    let matches = g.library().matches_dir();
    std::fs::create_dir_all(matches.parent().unwrap()).unwrap();
    std::fs::write(&matches, "in the way").unwrap();
    g.send(&[
        Msg::Input(Input::Digit(3)),
        Msg::Input(Input::Digit(1)),
        Msg::Back,
    ]);
    std::fs::remove_file(&matches).unwrap();
    // A new match's first write tries the earlier one again.
    g.send(&[
        Msg::Input(Input::Digit(1)),
        Msg::Confirm,
        Msg::Confirm,
        Msg::Input(Input::Digit(4)),
    ]);
    assert_eq!(g.ui.app.banner, None);
    let mut all: Vec<Vec<u8>> = g.match_files().iter().map(|f| moves(f)).collect();
    all.sort();
    assert_eq!(all, [vec![3, 1], vec![4]]);
}

fn draw(ui: &Runner) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal.draw(|frame| ui.render(frame)).unwrap();
    terminal
}

/// A replay of Kalaha 3, 1, 2 between Ann and Bo, in memory.
fn replay_of_three_moves() -> Runner {
    let mut g = Game::kalaha();
    g.send(&[
        Msg::Input(Input::Digit(3)),
        Msg::Input(Input::Digit(1)),
        Msg::Input(Input::Digit(2)),
    ]);
    let saved = load(&g.match_files()[0], &catalog()).unwrap();
    let start = Start::Replay(
        Box::new(saved.session),
        PathBuf::from("match.toml"),
        saved.meta,
    );
    let mut ui = Runner::new(&catalog(), Options::in_memory(start, 0), 3);
    ui.send(Msg::Resize {
        width: 80,
        height: 24,
    });
    ui
}

#[test]
fn the_replay_viewers_last_step_says_the_result() {
    // Kalah with one pit of two seeds: South's move puts one in its store
    // and one in North's pit, and ends the game; North adds its 3: 3-1.
    let rules = Arc::new(common::variant_of(
        "kalaha",
        &[
            ("id = \"kalaha\"", "id = \"one-pit\""),
            ("pits = 6", "pits = 1"),
            ("seeds-per-pit = 4", "seeds-per-pit = 2"),
        ],
    ));
    let mut session =
        mancala::session::Session::new(rules, ["Ann".into(), "Bo".into()], Side::South);
    session.play(Pit::new(1)).unwrap();
    let start = Start::Replay(
        Box::new(session),
        PathBuf::from("match.toml"),
        MatchMeta::new(MatchId::new()),
    );
    let mut ui = Runner::new(&catalog(), Options::in_memory(start, 0), 3);
    ui.send(Msg::Resize {
        width: 80,
        height: 24,
    });
    ui.send(Msg::End);
    let screen = format!("{:?}", draw(&ui).backend());
    assert!(screen.contains("The game is over: Bo wins 3-1"), "{screen}");
}

#[test]
fn replay_viewer_screens() {
    let mut ui = replay_of_three_moves();
    insta::assert_snapshot!("replay_at_the_start", draw(&ui).backend());
    ui.send(Msg::Right);
    ui.send(Msg::Right);
    insta::assert_snapshot!("replay_after_two_moves", draw(&ui).backend());
}

#[test]
fn the_replay_viewer_steps_and_jumps() {
    let mut ui = replay_of_three_moves();
    let shown = |ui: &Runner| match &ui.app.screen {
        Screen::Replay(replay) => replay.shown,
        other => panic!("{other:?}"),
    };
    assert_eq!(shown(&ui), 0);
    ui.send(Msg::Right);
    ui.send(Msg::Right);
    assert_eq!(shown(&ui), 2);
    ui.send(Msg::Left);
    assert_eq!(shown(&ui), 1);
    ui.send(Msg::End);
    assert_eq!(shown(&ui), 3);
    ui.send(Msg::Home);
    assert_eq!(shown(&ui), 0);
}

#[test]
fn the_viewers_caption_tells_what_each_move_did() {
    let mut ui = replay_of_three_moves();
    ui.config.reduced_motion = true;
    ui.send(Msg::Right);
    let screen = format!("{:?}", draw(&ui).backend());
    // Ann's pit 3 (4 seeds) ends in her store: she moves again.
    assert!(
        screen.contains("Move 1 of 3: Ann (South) played pit 3 - moves again"),
        "{screen}"
    );
}

#[test]
fn the_viewers_animation_key_changes_the_viewer_alone() {
    let mut ui = replay_of_three_moves();
    ui.config.reduced_motion = false;
    ui.send(Msg::ToggleMotion);
    assert!(!ui.config.reduced_motion, "the setting is left as it was");
    let notice = ui.app.message.as_ref().map(|n| n.text.clone()).unwrap();
    assert!(notice.contains("in this replay"), "{notice}");
    ui.send(Msg::Right);
    assert!(!ui.app.is_animating(), "the step shows at once");
    ui.send(Msg::ToggleMotion);
    ui.send(Msg::Right);
    assert!(ui.app.is_animating(), "and seed by seed again");
    assert!(!ui.config.reduced_motion);
}

#[test]
fn autoplay_steps_through_the_match() {
    let mut ui = replay_of_three_moves();
    ui.config.reduced_motion = false;
    ui.send(Msg::Confirm);
    assert!(ui.app.is_animating());
    for _ in 0..2000 {
        ui.send(Msg::Tick { ms: 50 });
    }
    let Screen::Replay(replay) = &ui.app.screen else {
        panic!()
    };
    assert_eq!(replay.shown, 3);
    assert!(!replay.autoplay, "autoplay stops at the end");
}

#[test]
fn the_replay_viewer_marks_a_move_that_threw_the_game_away() {
    let mut ui = replay_of_three_moves();
    let Screen::Replay(replay) = &ui.app.screen else {
        panic!()
    };
    assert!(replay.values.is_none());
    // South could hold +2 before its second move and is at -3 after it,
    // each verdict the same one depth less deep.
    let started_at = replay.session.started_at;
    let judged = |value: i32, stable: bool| {
        Judged::quick(value, HintReach::Plies(if stable { 14 } else { 9 }), stable)
    };
    let quick = vec![
        judged(2, true),
        judged(2, true),
        judged(-3, true),
        judged(-3, true),
    ];
    let marked = |ui: &Runner| match &ui.app.screen {
        Screen::Replay(replay) => replay.threw_away(2),
        other => panic!("{other:?}"),
    };
    // The whole match's quick pass shows values and marks nothing.
    ui.send(Msg::AnalysisReady {
        started_at,
        steps: 3,
        values: quick.clone(),
    });
    assert_eq!(marked(&ui), None, "a quick search marks nothing");
    // Searched as hard as a hint on either side of the move, it is marked,
    // with the better move that search found.
    let better = "3".parse().unwrap();
    let confirmed = |stable: bool| {
        vec![(
            1,
            Judged {
                strong: true,
                weighed: Some(Weighed {
                    best: better,
                    kept: 2,
                    played: -3,
                    stable,
                }),
                ..judged(2, true)
            },
        )]
    };
    ui.send(Msg::AnalysisConfirmed {
        started_at,
        steps: 3,
        confirmed: confirmed(true),
    });
    assert_eq!(marked(&ui), Some(HintReach::Plies(14)));
    let Screen::Replay(replay) = &ui.app.screen else {
        panic!()
    };
    assert_eq!(replay.threw_away(1), None);
    ui.send(Msg::Right);
    ui.send(Msg::Right);
    let screen = format!("{:?}", draw(&ui).backend());
    assert!(screen.contains("S1?"), "{screen}");
    assert!(
        screen.contains("played pit 1 - it threw the game away (?); pit 3"),
        "{screen}"
    );
    assert!(screen.contains("better: +2"), "{screen}");
    assert!(
        screen.contains("engine: -3 for South (14 moves)"),
        "{screen}"
    );
    // Verdicts that swung between depths mark nothing.
    ui.send(Msg::AnalysisReady {
        started_at,
        steps: 3,
        values: quick.clone(),
    });
    ui.send(Msg::AnalysisConfirmed {
        started_at,
        steps: 3,
        confirmed: confirmed(false),
    });
    assert_eq!(marked(&ui), None);
    // A stale analysis (another match) is ignored.
    let Screen::Replay(replay) = &ui.app.screen else {
        panic!()
    };
    let values = replay.values.clone();
    ui.send(Msg::AnalysisReady {
        started_at: started_at + 1,
        steps: 3,
        values: vec![judged(0, true); 4],
    });
    ui.send(Msg::AnalysisConfirmed {
        started_at: started_at + 1,
        steps: 3,
        confirmed: confirmed(true),
    });
    let Screen::Replay(replay) = &ui.app.screen else {
        panic!()
    };
    assert_eq!(replay.values, values);
}

#[test]
fn the_analysis_worker_values_every_position() {
    let mut ui = replay_of_three_moves();
    assert!(ui.is_busy(), "the analysis starts with the viewer");
    ui.wait_for_searches();
    let Screen::Replay(replay) = &ui.app.screen else {
        panic!()
    };
    assert_eq!(replay.values.as_ref().map(Vec::len), Some(4));
}

#[test]
fn finished_and_unfinished_are_told_apart_in_the_list() {
    let mut g = Game::new(match_of(one_move_rules()));
    g.send(&[Msg::Input(Input::Digit(1)), Msg::Confirm]);
    assert!(matches!(g.ui.app.screen, Screen::Menu(_)));
    assert!(
        !g.ui.app.menu_items().contains(&MenuItem::Continue),
        "nothing to continue"
    );
    let header = g.ui.app.matches[0].header.as_ref().unwrap();
    assert_eq!(header.status, StatusKind::MatchOver);
    g.send(&[Msg::Input(Input::Digit(2))]);
    assert!(g.screen().contains("draw"), "{}", g.screen());
}

#[test]
fn control_characters_from_files_never_reach_the_screen() {
    let mut g = Game::kalaha();
    let matches = g.library().matches_dir();
    std::fs::create_dir_all(&matches).unwrap();
    std::fs::write(
        matches.join("x\u{1b}]0;pwned\u{7}.toml"),
        "format = 2\nvariant = \"\u{1b}[2J\"\n",
    )
    .unwrap();
    g.send(&[Msg::Back, Msg::Input(Input::Digit(2))]);
    assert_eq!(g.ui.app.matches.len(), 1);
    let screen = g.screen();
    assert!(
        !screen.contains('\u{1b}') && !screen.contains('\u{7}'),
        "{screen}"
    );
    assert!(screen.contains("x\\u{1b}]0;pwned\\u{7}.toml"), "{screen}");
}

/// Raja Pasu between Ann and Bo, each always sowing their first legal pit,
/// for `rounds` rounds (or until the match ends), in the viewer.
fn replay_of_rounds(rounds: u16) -> Runner {
    let rules = catalog().find("raja-pasu").unwrap().rules.clone();
    let mut session = Session::new(rules, ["Ann".into(), "Bo".into()], Side::South);
    loop {
        let position = *session.position();
        match position.status() {
            Status::Ongoing => {
                let pit = position.legal_moves(session.rules())[0];
                session.play(pit).unwrap();
            }
            Status::RoundOver { .. } if position.round() < rounds => session.next_round().unwrap(),
            _ => break,
        }
    }
    let start = Start::Replay(
        Box::new(session),
        PathBuf::from("match.toml"),
        MatchMeta::new(MatchId::new()),
    );
    let mut ui = Runner::new(&catalog(), Options::in_memory(start, 0), 3);
    ui.send(Msg::Resize {
        width: 80,
        height: 24,
    });
    ui
}

#[test]
fn a_round_number_of_two_digits_is_typed_in_the_viewer() {
    let mut ui = replay_of_rounds(12);
    let round_shown = |ui: &Runner| match &ui.app.screen {
        Screen::Replay(replay) => {
            let position = replay.session.positions()[replay.shown];
            (position.round(), position.status())
        }
        other => panic!("{other:?}"),
    };
    let Screen::Replay(replay) = &ui.app.screen else {
        panic!()
    };
    let rounds = replay.session.positions().last().unwrap().round();
    assert!(rounds >= 12, "the match has {rounds} rounds");

    // "1" shows round 1 at once; a quick "2" then shows round 12.
    ui.send(Msg::End);
    ui.send(Msg::Input(Input::Digit(1)));
    assert_eq!(round_shown(&ui), (1, Status::Ongoing));
    ui.send(Msg::Input(Input::Digit(2)));
    assert_eq!(round_shown(&ui), (12, Status::Ongoing));
    // A third digit would name no round: it starts a new number.
    ui.send(Msg::Input(Input::Digit(3)));
    assert_eq!(round_shown(&ui).0, 3);
    // After a pause a digit starts a new number too.
    ui.send(Msg::Input(Input::Digit(1)));
    ui.send(Msg::Tick { ms: 2_000 });
    ui.send(Msg::Input(Input::Digit(2)));
    assert_eq!(round_shown(&ui).0, 2);
    // So does any other key.
    ui.send(Msg::Input(Input::Digit(1)));
    ui.send(Msg::Right);
    ui.send(Msg::Input(Input::Digit(1)));
    assert_eq!(round_shown(&ui).0, 1);
    ui.send(Msg::Home);
    ui.send(Msg::Input(Input::Digit(0)));
    assert!(ui.app.message.as_ref().unwrap().text.contains("no round 0"));
}

/// The replay of three moves with the engine's values given (South 4 ahead
/// after the first move, then level, then North 2 ahead).
fn replay_with_values() -> Runner {
    let mut ui = replay_of_three_moves();
    let started_at = match &ui.app.screen {
        Screen::Replay(replay) => replay.session.started_at,
        other => panic!("{other:?}"),
    };
    ui.send(Msg::AnalysisReady {
        started_at,
        steps: 3,
        values: [0, 4, 0, -2]
            .map(|value| Judged::quick(value, HintReach::Plies(10), true))
            .to_vec(),
    });
    ui
}

#[test]
fn the_replay_viewer_draws_the_match_as_a_chart_with_the_move_shown_marked() {
    let mut ui = replay_with_values();
    ui.send(Msg::Right);
    insta::assert_snapshot!("replay_with_its_chart", draw(&ui).backend());
    let screen = draw(&ui);
    let buffer = screen.backend().buffer();
    // The chart's rows: four under the text, South's lead above the middle.
    let row = |y: u16| -> String { (0..80).map(|x| buffer[(x, y)].symbol()).collect() };
    assert!(row(18).starts_with("  South"), "{}", row(18));
    assert!(row(21).starts_with("  ahead"), "{}", row(21));
    // Each of the 4 positions gets 3 columns of the 69 after the labels.
    let bar = |x: u16, y: u16| buffer[(x, y)].symbol().to_string();
    assert_eq!(bar(12, 18), "█", "South 4 ahead: the top row is full");
    assert_eq!(bar(18, 20), "█", "North 2 ahead: half of the lower half");
    assert_eq!(bar(18, 21), " ");
    // The move shown (the first) is banded from top to bottom.
    for y in 18..22 {
        let style = buffer[(12, y)].style();
        assert!(style.add_modifier.contains(Modifier::REVERSED), "row {y}");
    }
}

#[test]
fn a_click_on_the_chart_shows_that_move() {
    let mut ui = replay_with_values();
    ui.send(Msg::Input(Input::Click {
        column: 19,
        row: 20,
    }));
    assert!(matches!(&ui.app.screen, Screen::Replay(replay) if replay.shown == 3));
    ui.send(Msg::Input(Input::Click { column: 9, row: 19 }));
    assert!(matches!(&ui.app.screen, Screen::Replay(replay) if replay.shown == 0));
    // Beside the chart: nothing moves.
    ui.send(Msg::Input(Input::Click {
        column: 60,
        row: 19,
    }));
    assert!(matches!(&ui.app.screen, Screen::Replay(replay) if replay.shown == 0));
}

// ---- One writer per match, whatever happens around its file ---------------

/// Every entry of a folder, by name.
fn names_in(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[cfg(unix)]
#[test]
fn nothing_at_an_old_lock_files_name_is_followed_written_or_deleted() {
    let dir = tempfile::tempdir().unwrap();
    let docs = dir.path().join("docs");
    std::fs::create_dir_all(&docs).unwrap();
    let victim = dir.path().join("victim");
    std::fs::write(&victim, "precious").unwrap();
    std::os::unix::fs::symlink(&victim, docs.join(".g.toml.lock")).unwrap();
    let save = docs.join("g.toml");
    let mut ui = runner(dir.path(), kalaha_match(), Some(save.clone()));
    ui.send(Msg::Input(Input::Digit(1)));
    assert_eq!(ui.app.banner, None);
    assert_eq!(moves(&save), [1]);
    let _ = ui.finish();
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    let link = std::fs::symlink_metadata(docs.join(".g.toml.lock")).unwrap();
    assert!(link.file_type().is_symlink(), "the link is left as it was");

    // A library match taken up again, with a file of someone's at the name
    // older versions locked: read, written around, never deleted.
    let mut g = Game::kalaha();
    g.send(&[Msg::Input(Input::Digit(3)), Msg::Back]);
    let file = g.match_files()[0].clone();
    let name = file.file_name().unwrap().to_string_lossy().into_owned();
    let beside = file.with_file_name(format!(".{name}.lock"));
    std::fs::write(&beside, "mine").unwrap();
    g.send(&[Msg::Input(Input::Digit(0))]);
    g.send(&[Msg::Input(Input::Digit(1)), Msg::Back]);
    assert_eq!(moves(&file), [3, 1]);
    let _ = g.ui.finish();
    assert_eq!(std::fs::read_to_string(&beside).unwrap(), "mine");
}

#[test]
fn a_second_game_never_writes_a_match_another_plays() {
    let mut a = Game::kalaha();
    a.send(&[Msg::Input(Input::Digit(1)), Msg::Input(Input::Digit(2))]);
    let file = a.match_files()[0].clone();
    // There is no lock file to remove: the lock is on the match file itself.
    let folder = file.parent().unwrap();
    assert_eq!(
        names_in(folder),
        [file.file_name().unwrap().to_string_lossy()]
    );
    let b = a.beside(Start::Resume(file.clone()));
    assert!(
        matches!(&b.app.overlay, Some(Overlay::OpenElsewhere { path }) if *path == file),
        "{:?} {:?}",
        b.app.screen,
        b.app.overlay
    );
    assert!(!matches!(b.app.screen, Screen::Game(_)));
    a.send(&[Msg::Input(Input::Digit(3))]);
    assert_eq!(moves(&file), [1, 2, 3]);
    assert_eq!(a.ui.app.banner, None);
}

#[test]
fn a_game_whose_match_another_game_took_stops_writing_and_keeps_its_moves() {
    let mut a = Game::kalaha();
    a.send(&[Msg::Input(Input::Digit(1)), Msg::Input(Input::Digit(2))]);
    let file = a.match_files()[0].clone();
    // Another game's file in its place, held by that game (as one of an
    // older version, or one that got in while the file was gone, would).
    let theirs = std::fs::read_to_string(&file)
        .unwrap()
        .replace("moves = \"1,2\"", "moves = \"1,2,6\"");
    assert!(theirs.contains("1,2,6"), "{theirs}");
    let other_game = mancala::storage::atomic::write_replacing_locked(&file, &theirs).unwrap();
    a.send(&[Msg::Input(Input::Digit(3))]);
    assert_eq!(
        moves(&file),
        [1, 2, 6],
        "the other game's file is left alone"
    );
    let banner = a.ui.app.banner.clone().expect("a banner");
    assert!(
        banner.contains("another game has taken this match up"),
        "{banner}"
    );
    assert!(banner.contains("Ctrl+S saves a copy"), "{banner}");
    a.send(&[Msg::Input(Input::Digit(4))]);
    assert_eq!(moves(&file), [1, 2, 6]);
    // Leaving and quitting: this game's moves are kept as a copy of their own.
    a.send(&[Msg::Back]);
    let told = a.ui.finish();
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(told[0].contains("kept in"), "{told:?}");
    let copies = library_in(a.dir.path()).copies_dir();
    let kept: Vec<Vec<u8>> = names_in(&copies)
        .iter()
        .map(|n| moves(&copies.join(n)))
        .collect();
    assert_eq!(kept, [vec![1, 2, 3, 4]]);
    assert_eq!(moves(&file), [1, 2, 6]);
    drop(other_game);
}

#[test]
fn a_match_file_removed_in_play_is_written_again() {
    let mut a = Game::kalaha();
    a.send(&[Msg::Input(Input::Digit(1)), Msg::Input(Input::Digit(2))]);
    let file = a.match_files()[0].clone();
    std::fs::remove_file(&file).unwrap();
    a.send(&[Msg::Input(Input::Digit(3))]);
    assert_eq!(moves(&file), [1, 2, 3]);
    assert_eq!(a.ui.app.banner, None);
}

#[cfg(unix)]
#[test]
fn a_library_folder_swapped_for_a_link_is_never_written() {
    let mut a = Game::kalaha();
    a.send(&[
        Msg::Input(Input::Digit(1)),
        Msg::Input(Input::Digit(2)),
        Msg::Input(Input::Digit(3)),
    ]);
    let file = a.match_files()[0].clone();
    let matches = a.library().matches_dir();
    let moved = matches.with_file_name("matches.orig");
    std::fs::rename(&matches, &moved).unwrap();
    let elsewhere = a.dir.path().join("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    let stranger = elsewhere.join(file.file_name().unwrap());
    std::fs::write(&stranger, "someone else's").unwrap();
    std::os::unix::fs::symlink(&elsewhere, &matches).unwrap();
    a.send(&[Msg::Input(Input::Digit(4)), Msg::Input(Input::Digit(5))]);
    assert_eq!(
        std::fs::read_to_string(&stranger).unwrap(),
        "someone else's"
    );
    assert_eq!(
        names_in(&elsewhere),
        [file.file_name().unwrap().to_string_lossy()]
    );
    assert_eq!(moves(&moved.join(file.file_name().unwrap())), [1, 2, 3]);
    let banner = a.ui.app.banner.clone().expect("a banner");
    assert!(
        banner.contains("is no longer the one this game opened"),
        "{banner}"
    );
    let Screen::Game(game) = &a.ui.app.screen else {
        panic!("play goes on")
    };
    assert_eq!(game.session.actions().len(), 5);
}

#[test]
fn two_games_sharing_the_settings_keep_each_others_tallies() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config").join("settings.toml");
    let with_settings = |start: Start| {
        let options = Options {
            settings_path: Some(path.clone()),
            ..Options::in_memory(start, 0)
        };
        Runner::new(&catalog(), options, 3)
    };
    // Y is open at the menu; X plays Pat against Quin to the end (a draw:
    // each takes one seed).
    let mut y = with_settings(Start::Menu);
    let mut x = with_settings(Start::Game {
        rules: one_move_rules(),
        names: ["Pat".into(), "Quin".into()],
        computer: [None, None],
        first: Some(Side::South),
        round_limit: None,
        swap_rule: None,
    });
    x.send(Msg::Input(Input::Digit(1)));
    let pair = ["Pat".to_string(), "Quin".to_string()];
    let tally = |settings: &mancala::settings::Settings| {
        settings
            .tally_of("one-move", &pair)
            .map(|t| (t.wins, t.draws))
    };
    let on_disk = || mancala::settings::Settings::load(&path).unwrap();
    assert_eq!(tally(&on_disk()), Some(([0, 0], 1)));
    // Y changes its look: the file keeps X's tally and names.
    y.send(Msg::NextLook);
    assert_ne!(on_disk().look, mancala::settings::Look::Colour);
    assert_eq!(tally(&on_disk()), Some(([0, 0], 1)));
    assert_eq!(on_disk().names, pair);
    // Y now knows the tally too, and a match of Y's adds to it.
    assert_eq!(tally(&y.config.settings), Some(([0, 0], 1)));
    let mut z = with_settings(Start::Game {
        rules: one_move_rules(),
        names: ["Quin".into(), "Pat".into()],
        computer: [None, None],
        first: Some(Side::South),
        round_limit: None,
        swap_rule: None,
    });
    z.send(Msg::Input(Input::Digit(1)));
    assert_eq!(tally(&on_disk()), Some(([0, 0], 2)));
}

#[test]
fn a_long_error_wraps_instead_of_being_cut_at_80_columns() {
    let mut g = Game::kalaha();
    g.ui.send(Msg::Resize {
        width: 80,
        height: 24,
    });
    let deep =
        "/home/someone-with-a-long-name/.local/share/mancala/matches/20261201-111334-568-3b3e.toml";
    // The list, as after a failed resume: the notice at its foot.
    g.send(&[
        Msg::Input(Input::Digit(3)),
        Msg::Back,
        Msg::Input(Input::Digit(2)),
    ]);
    assert!(
        matches!(g.ui.app.screen, Screen::Library(_)),
        "{:?}",
        g.ui.app.screen
    );
    g.send(&[Msg::FileFailed {
        reason: format!("{deep}: Read-only file system (os error 30), the last words"),
    }]);
    let screen = format!("{:?}", draw(&g.ui).backend());
    assert!(screen.contains("the last words"), "{screen}");
    // The banner in a match.
    g.send(&[Msg::Back, Msg::Input(Input::Digit(0))]);
    assert!(
        matches!(g.ui.app.screen, Screen::Game(_)),
        "{:?}",
        g.ui.app.screen
    );
    g.send(&[Msg::MatchLost {
        reason: format!("{deep}: another game has taken this match up"),
    }]);
    let screen = format!("{:?}", draw(&g.ui).backend());
    assert!(screen.contains("quitting keeps one"), "{screen}");
}

#[test]
fn the_lists_detail_keeps_when_a_match_began_and_its_file_name_at_80_columns() {
    let mut g = Game::new(Start::Game {
        rules: catalog().find("toguz-kumalak").unwrap().rules.clone(),
        names: ["Maximiliana Rose".into(), "Bartholomew Kent".into()],
        computer: [None, None],
        first: Some(Side::South),
        round_limit: None,
        swap_rule: None,
    });
    g.send(&[
        Msg::Input(Input::Digit(1)),
        Msg::Back,
        Msg::Input(Input::Digit(2)),
    ]);
    let file = g.match_files()[0]
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    g.ui.send(Msg::Resize {
        width: 80,
        height: 24,
    });
    terminal.draw(|frame| g.ui.render(frame)).unwrap();
    let screen = format!("{:?}", terminal.backend());
    let began = mancala::storage::time::local_minutes(
        load(&g.match_files()[0], &catalog())
            .unwrap()
            .session
            .started_at,
    );
    assert!(screen.contains(&format!("begun {began}")), "{screen}");
    assert!(screen.contains(&file), "{file} in {screen}");
}

/// Ctrl+S offers a name: typing replaces it (not appends to it), as the
/// setup's name fields do; Enter without typing keeps it.
#[test]
fn a_typed_copy_name_replaces_the_suggested_one() {
    let mut g = Game::kalaha();
    g.send(&[Msg::Input(Input::Digit(3)), Msg::Save]);
    for c in "Kal1".chars() {
        g.send(&[Msg::Input(Input::Char(c))]);
    }
    let Some(Overlay::SaveAs { name, suggested }) = &g.ui.app.overlay else {
        panic!("no save box")
    };
    assert_eq!((name.as_str(), *suggested), ("Kal1", false));
    g.send(&[Msg::Confirm]);
    assert_eq!(moves(&g.library().copies_dir().join("Kal1.toml")), [3]);
    // Untouched, the suggestion is the name.
    g.send(&[Msg::Save]);
    let Some(Overlay::SaveAs { name, .. }) = g.ui.app.overlay.clone() else {
        panic!("no save box")
    };
    g.send(&[Msg::Confirm]);
    let suggested = g.library().copies_dir().join(format!("{name}.toml"));
    assert_eq!(moves(&suggested), [3]);
}

/// Types `text` into the field that has the keys.
fn type_text(g: &mut Game, text: &str) {
    for c in text.chars() {
        g.ui.send(Msg::Input(Input::Char(c)));
    }
}

#[test]
fn a_game_is_imported_from_the_menu_and_a_refused_file_changes_nothing() {
    let mut g = Game::new(Start::Menu);
    let bad = g.dir.path().join("bad.ogn");
    let good = g.dir.path().join("good.ogn");
    std::fs::write(&bad, "1. A b 2. C c 3. B+3\n").unwrap();
    std::fs::write(
        &good,
        "[Variant \"Oware Abapa\"]\n[South \"Ann\"]\n[North \"Bo\"]\n\n1. A b 2. C {a good reply} c 3. B+2\n",
    )
    .unwrap();
    let import =
        g.ui.app
            .menu_items()
            .iter()
            .position(|&i| i == MenuItem::Import)
            .unwrap();
    g.send(&[Msg::Input(Input::Digit(u8::try_from(import + 1).unwrap()))]);
    assert!(matches!(g.ui.app.overlay, Some(Overlay::Import { .. })));
    type_text(&mut g, &bad.display().to_string());
    g.send(&[Msg::Confirm]);
    // Refused in place, with where and why; nothing in the library.
    let Some(Overlay::Import {
        refused: Some(why), ..
    }) = &g.ui.app.overlay
    else {
        panic!("{:?}", g.ui.app.overlay);
    };
    assert_eq!(why, "line 1, column 18: move 5 (B+3) takes 2 seeds, not 3");
    assert!(g.screen().contains("takes 2 seeds, not 3"));
    assert!(g.match_files().is_empty());
    g.send(&[Msg::ClearField]);
    type_text(&mut g, &good.display().to_string());
    g.send(&[Msg::Confirm]);
    assert_eq!(g.ui.app.overlay, None);
    assert!(
        matches!(g.ui.app.screen, Screen::Replay(_)),
        "opened to watch"
    );
    assert!(
        g.notice().starts_with("Oware (Abapa), 5 moves: brought in"),
        "{}",
        g.notice()
    );
    let files = g.match_files();
    assert_eq!(files.len(), 1);
    let saved = load(&files[0], &catalog()).unwrap();
    assert_eq!(saved.session.name(Side::South), "Ann");
    assert_eq!(saved.session.actions().len(), 5);
    assert_eq!(saved.meta.notes[0].text, "a good reply");
    // Watching it, the comment comes with its move.
    g.send(&[Msg::Right, Msg::Right, Msg::Right]);
    for _ in 0..200 {
        g.ui.send(Msg::Tick { ms: 50 });
    }
    assert!(g.screen().contains("{a good reply}"), "{}", g.screen());
}

#[test]
fn a_match_is_exported_from_the_list_where_the_format_carries_it() {
    // Kalaha: neither format carries it, and the box says which they do.
    let mut g = Game::kalaha();
    g.send(&[
        Msg::Input(Input::Digit(3)),
        Msg::Back,
        Msg::Input(Input::Digit(2)),
        Msg::Export,
    ]);
    assert!(matches!(g.ui.app.overlay, Some(Overlay::Export { .. })));
    g.send(&[Msg::ExportAs(mancala::records::Format::Ogn)]);
    assert_eq!(g.notice(), "Aualé's OGN carries Oware (Abapa), not Kalaha");
    assert!(!g.library().exports_dir().exists());
    // Oware: written in the exports folder, the path told.
    let oware = catalog().find("oware").unwrap().rules.clone();
    let mut g = Game::new(match_of(oware));
    g.send(&[
        Msg::Input(Input::Digit(1)),
        Msg::Back,
        Msg::Input(Input::Digit(2)),
        Msg::Export,
        Msg::ExportAs(mancala::records::Format::PlayStrategy),
    ]);
    let exported: Vec<PathBuf> = std::fs::read_dir(g.library().exports_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(exported.len(), 1);
    assert_eq!(
        std::fs::read_to_string(&exported[0]).unwrap(),
        "4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S 1\na1e1\n"
    );
    assert!(
        g.notice().contains(&exported[0].display().to_string()),
        "{}",
        g.notice()
    );
}
