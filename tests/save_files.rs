//! Save files: play, save, load gives the same match; bad files give clear
//! errors and are never changed.

mod common;

use std::path::Path;
use std::sync::Arc;

use mancala::catalog::Catalog;
use mancala::engine::{Ending, Fill, Pit, Rules, Side, Status, StatusKind};
use mancala::session::Session;
use mancala::storage::atomic::write_replacing;
use mancala::storage::format::{read_header, rules_hash};
use mancala::storage::{BranchPoint, MatchId, MatchMeta, from_toml, load, to_toml};
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
                let pick = *choice.next().unwrap();
                if pick.is_multiple_of(5) {
                    session.end_match().unwrap();
                } else if let Some(choice) = session.position().fill_choice(session.rules()) {
                    // The loser's pits: `count` of them, from pit `pick`
                    // round the row.
                    let pits = session.position().pit_count();
                    let fill = Fill::of((0..choice.count).map(|k| {
                        let offset = (pick + usize::from(k)) % usize::from(pits);
                        Pit::at_offset(offset).unwrap()
                    }));
                    session.next_round_filling(Some(fill)).unwrap();
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

/// The file-level facts of a format-2 save, as a test writes them.
fn meta() -> MatchMeta {
    MatchMeta {
        id: Some(MatchId::starting_at(1_795_986_075_123, 0xa3f9)),
        title: Some("Final".into()),
        branched_from: Some(BranchPoint {
            file: "/somewhere/old.toml".into(),
            id: None,
            moves: 4,
        }),
        saved_at: 1_795_986_100,
        notes: Vec::new(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn save_then_load_gives_the_same_match(
        variant in 0..8usize,
        north_first in any::<bool>(),
        choices in proptest::collection::vec(any::<usize>(), 1..40),
        moves in 0..400usize,
    ) {
        // Three of the first games, and §9's: a move with its way, owned
        // pits with their seeds.
        let id = [
            "kalaha",
            "raja-pasu",
            "sat-gharva",
            "nam-nam",
            "gabata",
            "kiuthi",
            "layli-goobalay",
            "erherhe",
        ][variant];
        let first = if north_first { Side::North } else { Side::South };
        let session = played(id, first, &choices, moves);
        let text = to_toml(&session, &meta());
        let loaded = from_toml(Path::new("mem.toml"), &text, &catalog()).unwrap();
        assert_same(&session, &loaded.session);
        assert_eq!(loaded.meta, meta());
    }
}

#[test]
fn a_move_with_its_way_is_saved_as_written() {
    let session = played("kiuthi", Side::South, &[0, 1], 4);
    let text = to_toml(&session, &meta());
    assert!(text.contains("cw"), "{text}");
    let loaded = from_toml(Path::new("mem.toml"), &text, &catalog()).unwrap();
    assert_same(&session, &loaded.session);
    assert_eq!(session.actions(), loaded.session.actions());
}

#[test]
fn saving_writes_a_file_that_loads() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nested").join("match.toml");
    let session = played("raja-pasu", Side::South, &[3, 1, 4, 1, 5], 120);
    write_replacing(&path, &to_toml(&session, &meta())).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("format = 2"));
    assert!(text.contains("id = \"20261129-210115-123-a3f9\""));
    assert!(text.contains("variant = \"raja-pasu\""));
    assert!(text.contains("saved-at = \"2026-11-29T21:01:40Z\""));
    assert!(text.contains("[[rounds]]"));
    let loaded = load(&path, &catalog()).unwrap();
    assert_same(&session, &loaded.session);
    assert_eq!(loaded.meta, meta());
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
    session.play(Pit::new(1)).unwrap();
    let text = to_toml(&session, &meta());
    let loaded = from_toml(Path::new("x.toml"), &text, &catalog()).unwrap();
    assert_same(&session, &loaded.session);
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
        message.contains("huge.toml") && message.contains("larger than 4194304 bytes"),
        "{message}"
    );
    assert!(!message.contains("rule files are small"), "{message}");
}

#[test]
fn a_match_ended_midway_reads_back_ended() {
    let mut session = played("raja-pasu", Side::South, &[2, 7, 1], 9);
    assert_eq!(session.position().status(), Status::Ongoing);
    session.end_match().unwrap();
    let text = to_toml(&session, &meta());
    assert!(text.contains("ended-by-players = true"));
    let loaded = from_toml(Path::new("m.toml"), &text, &catalog()).unwrap();
    assert_same(&session, &loaded.session);
    assert!(matches!(
        loaded.session.position().status(),
        Status::MatchOver { .. }
    ));
}

#[test]
fn the_start_time_survives_a_round_trip() {
    let session = played("kalaha", Side::South, &[1, 2], 4);
    let text = to_toml(&session, &meta());
    let loaded = from_toml(Path::new("t.toml"), &text, &catalog()).unwrap();
    assert_eq!(loaded.session.started_at, session.started_at);
}

fn format_1(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/saves/format-1")
        .join(name)
}

/// Files written by the version before the library (format 1) still load,
/// to the positions worked out by hand, and are not changed by loading.
#[test]
fn format_1_saves_still_load() {
    // Raja Pasu, South plays pit 1: the spec's reference move (rules.md §5).
    let path = format_1("raja-pasu-after-pit-1.toml");
    let before = std::fs::read(&path).unwrap();
    let saved = load(&path, &catalog()).unwrap();
    let position = saved.session.position();
    assert_eq!(position.row(Side::South), [3, 1, 0, 0, 0, 14, 0]);
    assert_eq!(position.store(Side::South), 15);
    assert_eq!(position.row(Side::North), [14, 2, 14, 14, 1, 14, 2]);
    assert_eq!(position.store(Side::North), 4);
    assert_eq!(position.to_move(), Some(Side::North));
    assert_eq!(saved.session.name(Side::South), "Ann");
    assert_eq!(saved.meta.id, None, "format 1 had no ids");
    assert_eq!(std::fs::read(&path).unwrap(), before);

    // Kalaha 3 (four seeds end in the store: South again), then 1 (four
    // seeds into pits 2-5).
    let saved = load(&format_1("kalaha-3-1.toml"), &catalog()).unwrap();
    let position = saved.session.position();
    assert_eq!(position.row(Side::South), [0, 5, 1, 6, 6, 5]);
    assert_eq!(position.store(Side::South), 1);
    assert_eq!(position.row(Side::North), [4; 6]);
    assert_eq!(position.store(Side::North), 0);
    assert_eq!(position.to_move(), Some(Side::North));
}

/// A file of today's format (2), written by the game during a Toguz Kumalak
/// match in which North made South's pit 3 its tuzdyk (move 6) and South's
/// next move sowed a seed into it: it loads with the tuzdyk, and a match
/// saved and read back keeps it.
#[test]
fn format_2_saves_load_with_their_owned_pits() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/saves/format-2/toguz-kumalak-tuzdyk.toml");
    let before = std::fs::read(&path).unwrap();
    let saved = load(&path, &catalog()).unwrap();
    let moves: Vec<u8> = saved.session.round_moves()[0]
        .moves
        .iter()
        .map(|step| step.to_string().parse::<u8>().unwrap())
        .collect();
    assert_eq!(moves, [4, 4, 7, 8, 2, 1, 1]);
    let position = *saved.session.position();
    assert_eq!(position.owned_pit(Side::North), Some(Pit::new(3)));
    assert_eq!(
        position.owner_of(Side::South, Pit::new(3)),
        Some(Side::North)
    );
    assert_eq!(position.owned_pit(Side::South), None);
    assert_eq!(std::fs::read(&path).unwrap(), before);
    // Written again and read back: the same match, the tuzdyk with it.
    let again = from_toml(&path, &to_toml(&saved.session, &saved.meta), &catalog()).unwrap();
    assert_eq!(*again.session.position(), position);
}

#[test]
fn the_rules_hash_of_a_saved_rule_text_is_pinned() {
    // The hash format 1 wrote for the Kalaha rules it embedded: a change to
    // the hash function would make every saved match look edited.
    let text = std::fs::read_to_string(format_1("kalaha-3-1.toml")).unwrap();
    let table: toml::Table = toml::from_str(&text).unwrap();
    let rules = table["rules"].as_str().unwrap();
    assert_eq!(rules_hash(rules), "fnv1a64:53e18c14e89c0b9e");
    assert_eq!(
        table["rules-hash"].as_str(),
        Some("fnv1a64:53e18c14e89c0b9e")
    );
}

#[test]
fn a_header_is_read_without_replaying() {
    let session = played("sat-gharva", Side::North, &[2, 7, 1, 8], 150);
    let text = to_toml(&session, &meta());
    let header = read_header(Path::new("h.toml"), &text).unwrap();
    assert_eq!(header.format, 2);
    assert_eq!(header.id, meta().id);
    assert_eq!(header.title.as_deref(), Some("Final"));
    assert_eq!(header.variant, "sat-gharva");
    assert_eq!(header.names, ["Ann".to_string(), "Bo".to_string()].into());
    let moves: usize = session.round_moves().iter().map(|r| r.moves.len()).sum();
    assert_eq!(header.moves, moves);
    assert_eq!(header.rounds, session.round_moves().len());
    assert_eq!(header.branched_from, meta().branched_from);
    let finished = matches!(session.position().status(), Status::MatchOver { .. });
    assert_eq!(header.status == StatusKind::MatchOver, finished);
    // A format-1 file's header.
    let old = std::fs::read_to_string(format_1("kalaha-3-1.toml")).unwrap();
    let header = read_header(Path::new("old.toml"), &old).unwrap();
    assert_eq!((header.format, header.moves, header.rounds), (1, 2, 1));
    assert_eq!(header.status, StatusKind::Ongoing);
}

#[test]
fn impossible_times_in_a_save_are_refused() {
    let session = played("kalaha", Side::South, &[1], 2);
    let text = to_toml(&session, &meta());
    for (good, bad) in [
        (
            "saved-at = \"2026-11-29T21:01:40Z\"",
            "saved-at = \"2026-02-31T21:01:40Z\"",
        ),
        (
            "saved-at = \"2026-11-29T21:01:40Z\"",
            "saved-at = \"2026-11-29T23:59:60Z\"",
        ),
    ] {
        let edited = text.replace(good, bad);
        assert_ne!(edited, text);
        let message = from_toml(Path::new("t.toml"), &edited, &catalog())
            .unwrap_err()
            .to_string();
        assert!(message.contains("`saved-at`"), "{message}");
    }
}

/// Raja Pasu, each side sowing its first legal pit, with a limit of
/// `limit` rounds, played until the match ends.
fn limited(limit: u16) -> Session {
    let rules = catalog().find("raja-pasu").unwrap().rules.clone();
    let mut session = Session::new(rules, ["Ann".into(), "Bo".into()], Side::South);
    session.round_limit = Some(limit);
    loop {
        let position = *session.position();
        match position.status() {
            Status::Ongoing => {
                let pit = position.legal_moves(session.rules())[0];
                session.play(pit).unwrap();
            }
            Status::RoundOver { .. } => session.next_round().unwrap(),
            Status::MatchOver { .. } => return session,
        }
    }
}

#[test]
fn a_round_limit_is_saved_and_ends_the_match_again_on_reading() {
    let session = limited(2);
    assert_eq!(session.position().round(), 2);
    assert!(session.ended_at_round_limit());
    let text = to_toml(&session, &meta());
    assert!(text.contains("round-limit = 2"), "{text}");
    assert!(text.contains("ended-by-players = false"), "{text}");
    let loaded = from_toml(Path::new("m.toml"), &text, &catalog()).unwrap();
    assert_same(&session, &loaded.session);
    assert_eq!(loaded.session.round_limit, Some(2));
    assert!(loaded.session.ended_at_round_limit());

    // A file whose moves go on past its limit is refused.
    let longer = to_toml(&limited(3), &meta()).replace("round-limit = 3", "round-limit = 2");
    let message = from_toml(Path::new("m.toml"), &longer, &catalog())
        .unwrap_err()
        .to_string();
    assert!(
        message.contains("round 3 cannot begin: the match is over"),
        "{message}"
    );
}

#[test]
fn a_match_ended_by_repetition_reads_back_ended() {
    let rules = Arc::new(Rules::from_toml(common::TINY_OWARE).unwrap());
    let mut session = Session::new(rules, ["A".into(), "B".into()], Side::South);
    for _ in 0..3 {
        session.play(Pit::new(1)).unwrap();
    }
    assert_eq!(session.position().ending(), Some(Ending::Repetition));
    let text = to_toml(&session, &meta());
    assert!(text.contains("status = \"match-over\""), "{text}");
    let loaded = from_toml(Path::new("x.toml"), &text, &catalog()).unwrap();
    assert_same(&session, &loaded.session);
    assert_eq!(loaded.session.position().ending(), Some(Ending::Repetition));
}
