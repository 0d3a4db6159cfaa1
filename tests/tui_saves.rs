//! Saving from the interface: autosave after every move, save-as, the list
//! of saved matches, the replay viewer and playing on from it.

mod common;

use std::path::PathBuf;

use mancala::catalog::Catalog;
use mancala::engine::Side;
use mancala::save::load;
use mancala::tui::app::{App, MenuItem, Overlay, Screen};
use mancala::tui::effects::perform;
use mancala::tui::msg::Msg;
use mancala::tui::update::update;
use mancala::tui::view::render;
use mancala::tui::{Files, Options, Start, initial_app};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

struct Setup {
    app: App,
    catalog: Catalog,
    dir: tempfile::TempDir,
}

impl Setup {
    fn new(start: Start) -> Setup {
        let dir = tempfile::tempdir().unwrap();
        let catalog = Catalog::with_user_dir(None);
        let files = Files {
            autosave: Some(dir.path().join("autosave.toml")),
            also_save_to: None,
            saves_dir: Some(dir.path().join("saves")),
            resumable: None,
        };
        let mut app = initial_app(
            &catalog,
            Options {
                start,
                animation_ms: 0,
                files,
            },
            3,
        );
        app.size = (100, 30);
        Setup { app, catalog, dir }
    }

    fn kalaha() -> Setup {
        let rules = Catalog::with_user_dir(None)
            .find("kalaha")
            .unwrap()
            .rules
            .clone();
        Setup::new(Start::Game {
            rules,
            names: ["Ann".into(), "Bo".into()],
            computer: [None, None],
            first: Some(Side::South),
        })
    }

    fn send(&mut self, msgs: &[Msg]) {
        for msg in msgs {
            update(&mut self.app, msg.clone());
            perform(&mut self.app, &self.catalog, &mut None);
        }
    }

    fn autosave(&self) -> PathBuf {
        self.dir.path().join("autosave.toml")
    }
}

#[test]
fn every_move_is_autosaved() {
    let mut s = Setup::kalaha();
    s.send(&[Msg::Digit(3)]);
    assert_eq!(common::moves_in_save(&s.autosave()), [3]);
    s.send(&[Msg::Digit(1), Msg::Digit(2)]);
    assert_eq!(common::moves_in_save(&s.autosave()), [3, 1, 2]);
    // Undo is saved too: the file always holds the match as it stands.
    s.send(&[Msg::Undo]);
    assert_eq!(common::moves_in_save(&s.autosave()), [3, 1]);
}

#[test]
fn save_as_writes_a_named_file() {
    let mut s = Setup::kalaha();
    s.send(&[Msg::Digit(3), Msg::Save]);
    let Some(Overlay::SaveAs { name }) = &s.app.overlay else {
        panic!("no save box")
    };
    assert!(name.starts_with("kalaha-"));
    let erase = vec![Msg::Backspace; name.chars().count()];
    s.send(&erase);
    s.send(&[
        Msg::Char('m'),
        Msg::Char('y'),
        Msg::Char(' '),
        Msg::Char('g'),
        Msg::Confirm,
    ]);
    let path = s.dir.path().join("saves").join("my-g.toml");
    assert_eq!(common::moves_in_save(&path), [3]);
    let Screen::Game(game) = &s.app.screen else {
        panic!()
    };
    assert!(game.notice.as_ref().unwrap().text.contains("my-g.toml"));
}

#[test]
fn leaving_a_match_offers_continue_and_resumes_it() {
    let mut s = Setup::kalaha();
    s.send(&[Msg::Digit(3), Msg::Digit(1), Msg::Back]);
    assert_eq!(s.app.menu_items()[0], MenuItem::Continue);
    s.send(&[Msg::Confirm]);
    let Screen::Game(game) = &s.app.screen else {
        panic!("not resumed")
    };
    assert_eq!(game.session.actions().len(), 2);
    assert_eq!(game.session.position().to_move(), Some(Side::North));
}

#[test]
fn the_replay_list_shows_saves_and_opens_the_viewer() {
    let mut s = Setup::kalaha();
    s.send(&[Msg::Digit(3), Msg::Digit(1), Msg::Digit(2), Msg::Back]);
    // Menu: Continue, Play, Replay, ...
    s.send(&[Msg::Digit(3)]);
    assert!(matches!(s.app.screen, Screen::SaveList { .. }));
    assert_eq!(s.app.saves.len(), 1);
    assert!(s.app.saves[0].result.contains("autosave"));
    assert_eq!(s.app.saves[0].players, "Ann v Bo");
    s.send(&[Msg::Confirm]);
    let Screen::Replay(replay) = &s.app.screen else {
        panic!("no viewer")
    };
    assert_eq!(replay.shown, 0);
    s.send(&[Msg::Right, Msg::Right]);
    let Screen::Replay(replay) = &s.app.screen else {
        panic!()
    };
    assert_eq!(replay.shown, 2);
    s.send(&[Msg::Left]);
    let Screen::Replay(replay) = &s.app.screen else {
        panic!()
    };
    assert_eq!(replay.shown, 1);
    s.send(&[Msg::End]);
    let Screen::Replay(replay) = &s.app.screen else {
        panic!()
    };
    assert_eq!(replay.shown, 3);
    s.send(&[Msg::Home]);
    let Screen::Replay(replay) = &s.app.screen else {
        panic!()
    };
    assert_eq!(replay.shown, 0);
}

#[test]
fn autoplay_steps_through_the_match() {
    let mut s = Setup::kalaha();
    s.send(&[Msg::Digit(3), Msg::Digit(1), Msg::Digit(2)]);
    let path = s.autosave();
    let (session, _) = load(&path, &s.catalog).unwrap();
    let mut s = Setup::new(Start::Replay(Box::new(session), path));
    s.send(&[Msg::Confirm]);
    assert!(s.app.is_animating());
    for _ in 0..2000 {
        s.send(&[Msg::Tick { ms: 50 }]);
    }
    let Screen::Replay(replay) = &s.app.screen else {
        panic!()
    };
    assert_eq!(replay.shown, 3);
    assert!(!replay.autoplay, "autoplay stops at the end");
}

#[test]
fn playing_on_from_a_replay_saves_a_branch() {
    let mut s = Setup::kalaha();
    s.send(&[Msg::Digit(3), Msg::Digit(1), Msg::Digit(2)]);
    let path = s.autosave();
    let (session, _) = load(&path, &s.catalog).unwrap();
    let mut s = Setup::new(Start::Replay(Box::new(session), path));
    s.send(&[Msg::Right, Msg::PlayOn]);
    let Screen::Game(game) = &s.app.screen else {
        panic!("not playing on")
    };
    assert_eq!(game.session.actions().len(), 1);
    assert_eq!(game.session.position().to_move(), Some(Side::South));
    s.send(&[Msg::Digit(6)]);
    let branch = s.app.also_save_to.clone().expect("a branch file");
    assert!(branch.starts_with(s.dir.path().join("saves")));
    assert_eq!(common::moves_in_save(&branch), [3, 6]);
    // The original is untouched.
    assert_eq!(
        common::moves_in_save(&s.autosave()),
        [3, 6],
        "the autosave follows the match in play"
    );
}

#[test]
fn a_damaged_save_is_listed_with_the_reason_and_not_opened() {
    let mut s = Setup::kalaha();
    let saves = s.dir.path().join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    std::fs::write(saves.join("broken.toml"), "format = 1\nvariant = ").unwrap();
    s.send(&[Msg::Back, Msg::Digit(3)]);
    let broken = s
        .app
        .saves
        .iter()
        .position(|e| e.players == "broken.toml")
        .expect("listed");
    assert!(s.app.saves[broken].result.contains("cannot be read"));
    for _ in 0..broken {
        s.send(&[Msg::Down]);
    }
    s.send(&[Msg::Confirm]);
    assert!(matches!(s.app.screen, Screen::SaveList { .. }));
    assert!(s.app.message.as_ref().unwrap().warning);
    assert_eq!(
        std::fs::read_to_string(saves.join("broken.toml")).unwrap(),
        "format = 1\nvariant = "
    );
}

fn draw(app: &App) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal.draw(|frame| render(app, frame)).unwrap();
    terminal
}

#[test]
fn replay_viewer_screens() {
    let mut s = Setup::kalaha();
    s.send(&[Msg::Digit(3), Msg::Digit(1), Msg::Digit(2)]);
    let path = s.autosave();
    let (session, _) = load(&path, &s.catalog).unwrap();
    let mut s = Setup::new(Start::Replay(
        Box::new(session),
        PathBuf::from("match.toml"),
    ));
    s.app.size = (80, 24);
    insta::assert_snapshot!("replay_at_the_start", draw(&s.app).backend());
    s.send(&[Msg::Right, Msg::Right]);
    insta::assert_snapshot!("replay_after_two_moves", draw(&s.app).backend());
}

#[test]
fn a_new_match_keeps_the_unfinished_one_from_the_autosave() {
    let mut s = Setup::kalaha();
    s.send(&[Msg::Digit(3), Msg::Digit(1)]);
    // Leave, and start another match from the menu: Play, Kalaha, Start.
    s.send(&[Msg::Back]);
    // Menu: Continue, Play, ...; the new match needs a later start time.
    std::thread::sleep(std::time::Duration::from_millis(1100));
    s.send(&[Msg::Digit(2), Msg::Confirm, Msg::Confirm]);
    s.send(&[Msg::Digit(6)]);
    assert_eq!(common::moves_in_save(&s.autosave()), [6]);
    let kept: Vec<PathBuf> = std::fs::read_dir(s.dir.path().join("saves"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert!(kept[0].to_string_lossy().ends_with("-unfinished.toml"));
    assert_eq!(common::moves_in_save(&kept[0]), [3, 1]);
}

#[test]
fn the_replay_viewer_marks_a_move_that_threw_the_game_away() {
    let mut s = Setup::kalaha();
    s.send(&[Msg::Digit(3), Msg::Digit(1)]);
    let path = s.autosave();
    let (session, _) = load(&path, &s.catalog).unwrap();
    let mut s = Setup::new(Start::Replay(Box::new(session), path));
    let Screen::Replay(replay) = &s.app.screen else {
        panic!()
    };
    assert!(replay.values.is_none());
    // South could hold +2 before its second move and is at -3 after it.
    let started_at = replay.session.started_at;
    s.send(&[Msg::AnalysisReady {
        started_at,
        steps: 2,
        values: vec![2, 2, -3],
    }]);
    let Screen::Replay(replay) = &s.app.screen else {
        panic!()
    };
    assert!(!replay.threw_away(1));
    assert!(replay.threw_away(2));
    s.send(&[Msg::End]);
    s.app.size = (80, 24);
    let screen = format!("{:?}", draw(&s.app).backend());
    assert!(screen.contains("S1?"), "{screen}");
    assert!(screen.contains("threw the game away"), "{screen}");
    // A stale analysis (another match) is ignored.
    let Screen::Replay(replay) = &s.app.screen else {
        panic!()
    };
    let values = replay.values.clone();
    s.send(&[Msg::AnalysisReady {
        started_at: started_at + 1,
        steps: 2,
        values: vec![0, 0, 0],
    }]);
    let Screen::Replay(replay) = &s.app.screen else {
        panic!()
    };
    assert_eq!(replay.values, values);
}

#[test]
fn the_analysis_worker_values_every_position() {
    let mut s = Setup::kalaha();
    s.send(&[Msg::Digit(3), Msg::Digit(1)]);
    let path = s.autosave();
    let (session, _) = load(&path, &s.catalog).unwrap();
    let mut s = Setup::new(Start::Replay(Box::new(session), path));
    s.send(&[Msg::Right]);
    assert!(s.app.requests.is_empty());
    let mut worker = None;
    s.app.requests.push(mancala::tui::app::Request::Analyse);
    perform(&mut s.app, &s.catalog, &mut worker);
    let msg = worker.expect("a worker").receiver.recv().unwrap();
    let Msg::AnalysisReady { values, steps, .. } = &msg else {
        panic!("{msg:?}")
    };
    assert_eq!(*steps, 2);
    assert_eq!(values.len(), 3);
    update(&mut s.app, msg);
    let Screen::Replay(replay) = &s.app.screen else {
        panic!()
    };
    assert!(replay.values.is_some());
}
