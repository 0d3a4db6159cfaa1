//! Save files: play, save, load gives the same match; bad files give clear
//! errors and are never changed.

mod common;

use std::path::Path;
use std::sync::Arc;

use mancala::catalog::Catalog;
use mancala::engine::{Side, Status};
use mancala::save::{from_toml, load, save, to_toml};
use mancala::session::Session;
use proptest::prelude::*;

fn catalog() -> Catalog {
    Catalog::with_user_dir(None)
}

/// A match of `id` played by `choices`, through round ends, up to `moves` moves.
fn played(id: &str, first: Side, choices: &[usize], moves: usize) -> Session {
    let rules = catalog().find(id).unwrap().rules.clone();
    let mut session = Session::new(rules, ["Ann".into(), "Bo".into()], first);
    let mut choice = choices.iter().cycle();
    for _ in 0..moves {
        match session.position().status() {
            Status::MatchOver { .. } => break,
            Status::RoundOver { .. } => {
                if choice.next().unwrap().is_multiple_of(5) {
                    session.end_match().unwrap();
                } else {
                    session.next_round().unwrap();
                }
            }
            Status::Ongoing => {
                let legal = session.position().legal_moves(session.rules());
                let pit = legal[choice.next().unwrap() % legal.len()];
                session.play(pit).unwrap();
            }
        }
    }
    session
}

fn assert_same(a: &Session, b: &Session) {
    assert_eq!(a.positions(), b.positions());
    assert_eq!(a.actions(), b.actions());
    assert_eq!(a.round_moves(), b.round_moves());
    assert_eq!(a.name(Side::South), b.name(Side::South));
    assert_eq!(a.name(Side::North), b.name(Side::North));
    assert_eq!(a.first(), b.first());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn save_then_load_gives_the_same_match(
        variant in 0..3usize,
        north_first in any::<bool>(),
        choices in proptest::collection::vec(any::<usize>(), 1..40),
        moves in 0..400usize,
    ) {
        let id = ["kalaha", "raja-pasu", "sat-gharva"][variant];
        let first = if north_first { Side::North } else { Side::South };
        let session = played(id, first, &choices, moves);
        let text = to_toml(&session);
        let (loaded, _) = from_toml(Path::new("mem.toml"), &text, &catalog()).unwrap();
        assert_same(&session, &loaded);
    }
}

#[test]
fn saving_writes_a_file_that_loads() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nested").join("match.toml");
    let session = played("raja-pasu", Side::South, &[3, 1, 4, 1, 5], 120);
    save(&session, &path).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("format = 1"));
    assert!(text.contains("variant = \"raja-pasu\""));
    assert!(text.contains("[[rounds]]"));
    let (loaded, info) = load(&path, &catalog()).unwrap();
    assert_same(&session, &loaded);
    assert!(info.saved_at.ends_with('Z'));
    // No temporary file is left beside it.
    let names: Vec<_> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
}

#[test]
fn embedded_rules_let_a_changed_or_unknown_variant_still_replay() {
    // A user variant not in the catalog: its rules travel in the file.
    let rules = Arc::new(common::variant_of(
        "kalaha",
        &[
            ("id = \"kalaha\"", "id = \"house-kalaha\""),
            ("seeds-per-pit = 4", "seeds-per-pit = 3"),
        ],
    ));
    let mut session = Session::new(rules, ["A".into(), "B".into()], Side::South);
    session.play(1).unwrap();
    let (loaded, _) = from_toml(Path::new("x.toml"), &to_toml(&session), &catalog()).unwrap();
    assert_same(&session, &loaded);
}

fn fixtures() -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/saves/invalid");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files
}

#[test]
fn every_bad_save_fixture_gives_its_message_and_stays_untouched() {
    let files = fixtures();
    assert!(files.len() >= 8);
    for file in files {
        let before = std::fs::read(&file).unwrap();
        let text = String::from_utf8_lossy(&before);
        let expected = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("# expect: "))
            .unwrap_or_else(|| panic!("{}: no `# expect:` line", file.display()));
        let message = load(&file, &catalog())
            .expect_err(&file.display().to_string())
            .to_string();
        assert_eq!(message, format!("{}: {expected}", file.display()));
        assert_eq!(
            std::fs::read(&file).unwrap(),
            before,
            "{} changed",
            file.display()
        );
    }
}

#[test]
fn oversized_save_files_are_refused_unread() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.toml");
    std::fs::write(&path, "#".repeat(5 * 1024 * 1024)).unwrap();
    let message = load(&path, &catalog()).unwrap_err().to_string();
    assert!(
        message.contains("huge.toml") && message.contains("larger than"),
        "{message}"
    );
}

#[test]
fn the_start_time_survives_a_round_trip() {
    let session = played("kalaha", Side::South, &[1, 2], 4);
    let (loaded, _) = from_toml(Path::new("t.toml"), &to_toml(&session), &catalog()).unwrap();
    assert_eq!(loaded.started_at, session.started_at);
}
