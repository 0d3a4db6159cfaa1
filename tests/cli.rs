//! The command line, run as a user would run it.

mod common;

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

/// The binary with an empty user config folder, so a developer's own rule
/// files never change the results.
fn mancala(config: &tempfile::TempDir) -> Command {
    let mut cmd = Command::cargo_bin("mancala").unwrap();
    cmd.env("XDG_CONFIG_HOME", config.path())
        .env("HOME", config.path());
    cmd
}

fn json_of(cmd: &mut Command) -> Value {
    let output = cmd.assert().success().get_output().stdout.clone();
    let text = String::from_utf8(output).unwrap();
    assert_eq!(text.trim().lines().count(), 1, "one JSON object: {text}");
    serde_json::from_str(text.trim()).unwrap()
}

#[test]
fn rules_list_names_every_built_in_rule_set() {
    let config = tempfile::tempdir().unwrap();
    mancala(&config)
        .args(["rules", "list"])
        .assert()
        .success()
        .stdout(predicate::str::contains("kalaha").and(predicate::str::contains("Kalaha")))
        .stdout(predicate::str::contains("raja-pasu").and(predicate::str::contains("2x7")))
        .stdout(predicate::str::contains("sat-gharva"))
        .stdout(predicate::str::contains("built-in"));
}

/// `rules list` with words, a region or a family lists only the games they
/// find (the ids in the first column), and names the argument it cannot
/// read.
#[test]
fn rules_list_finds_by_words_region_and_family() {
    let config = tempfile::tempdir().unwrap();
    let ids = |args: &[&str]| -> Vec<String> {
        let output = mancala(&config)
            .args(["rules", "list"])
            .args(args)
            .output()
            .unwrap();
        assert!(output.status.success(), "{args:?}");
        String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .skip(1)
            .map(|line| line.split_whitespace().next().unwrap().to_string())
            .collect()
    };
    assert_eq!(
        ids(&["four", "rows"]),
        ["igisoro", "bao-kujifunza", "bao-kiswahili"]
    );
    assert_eq!(ids(&["bao"]), ["bao-kujifunza", "bao-kiswahili"]);
    let africa_rounds = ids(&["--region", "africa", "--family", "rounds"]);
    assert_eq!(
        africa_rounds,
        [
            "bosh",
            "rio-kadalis",
            "erherhe",
            "adi",
            "numnum",
            "nsa-isong",
            "nam-nam-match",
            "gabata-match"
        ]
    );
    let south_asia = ids(&["--region", "south asia"]);
    assert!(
        south_asia.contains(&"raja-pasu".to_string()),
        "{south_asia:?}"
    );
    assert!(
        !south_asia.contains(&"congkak".to_string()),
        "{south_asia:?}"
    );
    let india = ids(&["india"]);
    assert!(india.contains(&"sat-gharva".to_string()) && !india.contains(&"raja-pasu".to_string()));
    mancala(&config)
        .args(["rules", "list", "--family", "spiral"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("--family").and(predicate::str::contains("relay")));
    mancala(&config)
        .args(["rules", "list", "--region", "mars"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("--region").and(predicate::str::contains("South Asia")));
}

#[test]
fn a_user_rule_file_overrides_the_built_in_one_and_says_so() {
    let config = tempfile::tempdir().unwrap();
    let folder = config.path().join("mancala").join("rules");
    std::fs::create_dir_all(&folder).unwrap();
    let text = common::builtin("kalaha")
        .text()
        .replace("name = \"Kalaha\"", "name = \"House Kalaha\"")
        .replace("seeds-per-pit = 4", "seeds-per-pit = 3");
    std::fs::write(folder.join("kalaha.toml"), text).unwrap();
    std::fs::write(folder.join("broken.toml"), "id = ").unwrap();

    mancala(&config)
        .args(["rules", "list"])
        .assert()
        .success()
        .stdout(predicate::str::contains("House Kalaha"))
        .stdout(predicate::str::contains("(overrides built-in)"))
        .stderr(predicate::str::contains("broken.toml"));
    let start = json_of(mancala(&config).args(["show", "kalaha", "--json"]));
    assert_eq!(
        start["south"]["pits"],
        serde_json::json!([3, 3, 3, 3, 3, 3])
    );
}

#[test]
fn rules_show_prints_description_and_parameters() {
    let config = tempfile::tempdir().unwrap();
    mancala(&config)
        .args(["rules", "show", "sat-gharva"])
        .assert()
        .success()
        .stdout(predicate::str::contains("clockwise"))
        .stdout(predicate::str::contains("skip origin:"))
        .stdout(predicate::str::contains("partial pit:   yes"))
        .stdout(predicate::str::contains("odd-or-even"));
}

#[test]
fn rules_show_full_prints_the_rules_in_full_from_the_binary() {
    let config = tempfile::tempdir().unwrap();
    let out = mancala(&config)
        .args(["rules", "show", "toguz-kumalak", "--full"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    // The sheet, then how every game goes, then the game's own section.
    let at = |words: &str| out.find(words).unwrap_or_else(|| panic!("{words}: {out}"));
    assert!(at("board:") < at("1. The board"));
    assert!(at("2. A turn") < at("9. Toguz Kumalak"));
    assert!(at("9. Toguz Kumalak") < at("A tuzdyk. With South's pit 9"));
    assert!(!out.contains("6. Raja Pasu"));
}

#[test]
fn rules_show_reads_a_file_too() {
    let config = tempfile::tempdir().unwrap();
    mancala(&config)
        .args(["rules", "show", "tests/rules/valid/kalah-3-3.toml"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Kalah(3,3)"));
}

/// A rule file's text that would reorder a line on screen (the
/// right-to-left override) never reaches the terminal: `show`, `rules show`
/// and `rules show --full` print the name, description, place and sources
/// without it.
#[test]
fn marks_that_reorder_a_line_in_rule_text_are_dropped() {
    let config = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string("rules/kalaha.toml")
        .unwrap()
        .replacen("name = \"Kalaha\"", "name = \"Ka\u{202e}laha\"", 1)
        .replacen(
            "description = \"\"\"",
            "description = \"\"\"Turned \u{202e}text.\n",
            1,
        )
        .replacen(
            "played-in = \"Worldwide",
            "played-in = \"Far\u{2066}away",
            1,
        )
        .replacen("sources = [", "sources = [\"A\u{202e}B\", ", 1);
    let path = config.path().join("turned.toml");
    std::fs::write(&path, text).unwrap();
    let path = path.to_str().unwrap();
    for args in [
        &["show", path][..],
        &["rules", "show", path],
        &["rules", "show", "--full", path],
    ] {
        let output = mancala(&config)
            .args(args)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let printed = String::from_utf8(output).unwrap();
        assert!(printed.contains("Kalaha"), "{args:?}: {printed}");
        assert!(
            !printed
                .chars()
                .any(|c| matches!(c, '\u{202e}' | '\u{2066}')),
            "{args:?}: {printed}"
        );
    }
    let output = mancala(&config)
        .args(["rules", "show", path])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let printed = String::from_utf8(output).unwrap();
    assert!(printed.contains("Turned text."), "{printed}");
    assert!(printed.contains("AB"), "{printed}");
}

#[test]
fn rules_check_accepts_valid_and_refuses_invalid_files() {
    let config = tempfile::tempdir().unwrap();
    mancala(&config)
        .args(["rules", "check", "rules/raja-pasu.toml"])
        .assert()
        .success()
        .stdout(predicate::str::contains("valid"));
    mancala(&config)
        .args(["rules", "check", "tests/rules/invalid/pits-too-many.toml"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "pits-too-many.toml: line 7, column 8: `board.pits`",
        ));
}

#[test]
fn a_rule_file_of_old_keys_is_checked_and_written_in_todays() {
    let config = tempfile::tempdir().unwrap();
    mancala(&config)
        .args(["rules", "check", "tests/rules/old-keys/oware.toml"])
        .assert()
        .success()
        .stdout(predicate::str::contains("older version"))
        .stdout(predicate::str::contains("--toml"));
    let written = mancala(&config)
        .args([
            "rules",
            "show",
            "tests/rules/old-keys/raja-pasu.toml",
            "--toml",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let written = String::from_utf8(written).unwrap();
    // Fours, leaps and the stuck end, each in today's words.
    for line in [
        "[capture.while-sowing]\ncount = 4",
        "[capture.leap]",
        "ends-when = \"no-move\"\nrest-goes-to = \"other-player\"",
        "relay = \"next-pit\"",
    ] {
        assert!(written.contains(line), "{line}: {written}");
    }
    assert!(!written.contains("[captures]") && !written.contains("end = \"stuck\""));
    // A built-in file is in today's keys already: no note.
    mancala(&config)
        .args(["rules", "check", "oware"])
        .assert()
        .success()
        .stdout(predicate::str::contains("older").not());
}

#[test]
fn rules_check_takes_an_id_as_every_command_does() {
    let config = tempfile::tempdir().unwrap();
    mancala(&config)
        .args(["rules", "check", "kalaha"])
        .assert()
        .success()
        .stdout("kalaha: valid rule set \"kalaha\" (Kalaha)\n");
    // A broken file in the rules folder, named by its id: its own error.
    let folder = config.path().join("mancala").join("rules");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::copy(
        "tests/rules/invalid/pits-too-many.toml",
        folder.join("mine.toml"),
    )
    .unwrap();
    mancala(&config)
        .args(["rules", "check", "mine"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "mine.toml: line 7, column 8: `board.pits`",
        ));
    mancala(&config)
        .args(["rules", "check", "nothing-of-the-kind"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "unknown rule set \"nothing-of-the-kind\"",
        ));
}

#[test]
fn the_manual_names_the_trash_folder_deleted_matches_go_to() {
    let config = tempfile::tempdir().unwrap();
    let man = mancala(&config)
        .arg("man")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let man = String::from_utf8(man).unwrap();
    // Where the library really puts a deleted match, under its root.
    let root = tempfile::tempdir().unwrap();
    let library = mancala::storage::Library::at(root.path());
    std::fs::create_dir_all(library.matches_dir()).unwrap();
    let file = library.matches_dir().join("m.toml");
    std::fs::write(&file, "x").unwrap();
    let gone = library.trash(&file).unwrap();
    let folder = gone.parent().unwrap().strip_prefix(root.path()).unwrap();
    let named = format!("$XDG_DATA_HOME/mancala/{}", folder.display());
    assert!(man.contains(&named), "{named} not in the manual");
}

#[test]
fn show_json_has_the_documented_shape() {
    let config = tempfile::tempdir().unwrap();
    let start = json_of(mancala(&config).args(["show", "kalaha", "--json"]));
    assert_eq!(start["variant"], "kalaha");
    assert_eq!(start["round"], 1);
    assert_eq!(start["status"], "ongoing");
    assert_eq!(start["to_move"], "south");
    assert_eq!(start["winner"], Value::Null);
    for side in ["south", "north"] {
        assert_eq!(start[side]["pits"], serde_json::json!([4, 4, 4, 4, 4, 4]));
        assert_eq!(start[side]["store"], 0);
        assert_eq!(
            start[side]["closed"],
            serde_json::json!([false, false, false, false, false, false])
        );
    }
}

#[test]
fn show_reproduces_the_spec_raja_pasu_move() {
    let config = tempfile::tempdir().unwrap();
    let after = json_of(mancala(&config).args(["show", "raja-pasu", "--moves", "1", "--json"]));
    assert_eq!(
        after["south"]["pits"],
        serde_json::json!([3, 1, 0, 0, 0, 14, 0])
    );
    assert_eq!(after["south"]["store"], 15);
    assert_eq!(
        after["north"]["pits"],
        serde_json::json!([14, 2, 14, 14, 1, 14, 2])
    );
    assert_eq!(after["north"]["store"], 4);
    assert_eq!(after["to_move"], "north");
}

#[test]
fn show_first_north() {
    let config = tempfile::tempdir().unwrap();
    let after = json_of(mancala(&config).args([
        "show", "kalaha", "--first", "north", "--moves", "1", "--json",
    ]));
    assert_eq!(
        after["north"]["pits"],
        serde_json::json!([0, 5, 5, 5, 5, 4])
    );
    assert_eq!(after["to_move"], "south");
}

#[test]
fn show_prints_a_readable_board() {
    let config = tempfile::tempdir().unwrap();
    mancala(&config)
        .args(["show", "kalaha", "--moves", "3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Kalaha - round 1 - South to move"))
        .stdout(predicate::str::contains(
            "|  4 |  4 |  0 |  5 |  5 |  5 |     1",
        ));
}

#[test]
fn show_goes_on_into_the_next_round() {
    use mancala::engine::{Move, Position, Side, Status};
    // Find a round's end by always playing the lowest legal pit.
    let rules = common::builtin("raja-pasu");
    let mut position = Position::new(&rules, Side::South);
    let mut moves = Vec::new();
    while position.status() == Status::Ongoing {
        let pit = position.legal_moves(&rules)[0];
        moves.push(pit);
        position = position.play(&rules, pit).unwrap();
    }
    let first_round: Vec<String> = moves.iter().map(Move::to_string).collect();
    let config = tempfile::tempdir().unwrap();
    let over = json_of(mancala(&config).args([
        "show",
        "raja-pasu",
        "--moves",
        &first_round.join(","),
        "--json",
    ]));
    assert_eq!(over["status"], "round-over");
    assert_eq!(over["to_move"], Value::Null);
    assert_ne!(over["winner"], Value::Null);

    let next = position.next_round(&rules).unwrap();
    let opening = next.legal_moves(&rules)[0];
    let with_one_more = format!("{},{opening}", first_round.join(","));
    let round_two =
        json_of(mancala(&config).args(["show", "raja-pasu", "--moves", &with_one_more, "--json"]));
    assert_eq!(round_two["round"], 2);
}

#[test]
fn illegal_moves_name_their_place_in_the_list_and_the_reason() {
    let config = tempfile::tempdir().unwrap();
    let how = "is not a move: write the number of the pit to sow, as `3` (on four rows its row \
               first, `f3` or `b3`), and where the mover chooses the way, `cw` or `ccw` after \
               it, as `3cw`";
    let cases = [
        (
            "kalaha",
            "3,3",
            "move 2 (pit 3) is illegal: pit 3 is empty".to_string(),
        ),
        (
            "kalaha",
            "1,9",
            "move 2 (pit 9) is illegal: there is no pit 9".to_string(),
        ),
        ("kalaha", "1,x", format!("move 2: \"x\" {how}")),
        (
            "kalaha",
            "99999999999",
            format!("move 1: \"99999999999\" {how}"),
        ),
        // Where the mover chooses the way, the move is named with it.
        (
            "kiuthi",
            "3cw,9ccw",
            "move 2 (pit 9 counter-clockwise) is illegal: there is no pit 9".to_string(),
        ),
        ("kiuthi", "3cwx", format!("move 1: \"3cwx\" {how}")),
        ("kiuthi", "3 cw", format!("move 1: \"3 cw\" {how}")),
    ];
    for (rules, moves, message) in cases {
        mancala(&config)
            .args(["show", rules, "--moves", moves])
            .assert()
            .failure()
            .stderr(predicate::str::contains(message));
    }
}

#[test]
fn endless_and_game_over_moves_are_refused() {
    use mancala::engine::{Position, Side, Status};
    let config = tempfile::tempdir().unwrap();
    // Kalaha ends when a row is empty; play one game to its end, then one more.
    let rules = common::builtin("kalaha");
    let mut position = Position::new(&rules, Side::South);
    let mut moves = Vec::new();
    while position.status() == Status::Ongoing {
        let pit = *position.legal_moves(&rules).last().unwrap();
        moves.push(pit.to_string());
        position = position.play(&rules, pit).unwrap();
    }
    moves.push("1".to_string());
    mancala(&config)
        .args(["show", "kalaha", "--moves", &moves.join(",")])
        .assert()
        .failure()
        .stderr(predicate::str::contains(format!(
            "move {} (pit 1) is illegal: the match is over",
            moves.len()
        )));
}

#[test]
fn unknown_rule_sets_list_the_known_ones() {
    let config = tempfile::tempdir().unwrap();
    mancala(&config)
        .args(["show", "awari"])
        .assert()
        .failure()
        .stderr(
            predicate::str::contains("unknown rule set \"awari\"")
                .and(predicate::str::contains("kalaha")),
        );
}

#[test]
fn perft_json_counts_the_spec_numbers() {
    let config = tempfile::tempdir().unwrap();
    let report = json_of(mancala(&config).args(["perft", "kalaha", "5", "--json"]));
    assert_eq!(report["depth"], 5);
    assert_eq!(report["nodes"], 4690);
    // Every move played on the way: the spec's counts for depths 1 to 5.
    assert_eq!(report["moves"], 6 + 35 + 185 + 942 + 4690);
    assert!(
        report["threads"].as_u64().is_some_and(|t| t >= 1),
        "{report}"
    );
    assert!(report["seconds"].is_f64(), "{report}");
    let mut keys: Vec<&String> = report.as_object().unwrap().keys().collect();
    keys.sort();
    assert_eq!(keys, ["depth", "moves", "nodes", "seconds", "threads"]);
    mancala(&config)
        .args(["perft", "kalaha", "3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("185 nodes"));
}

/// Counts read as English: one node, one thread, no moves.
#[test]
fn perft_says_one_node_not_one_nodes() {
    let config = tempfile::tempdir().unwrap();
    let text = stdout_of(mancala(&config).args(["perft", "kalaha", "0", "--threads", "1"]));
    assert!(
        text.contains(": 1 node in ") && text.contains("on 1 thread (0 moves on the way)"),
        "{text}"
    );
}

#[test]
fn perft_from_a_position_after_moves() {
    let config = tempfile::tempdir().unwrap();
    // After South's 3 (an extra turn) South has five non-empty pits.
    let report = json_of(mancala(&config).args(["perft", "kalaha", "1", "--moves", "3", "--json"]));
    assert_eq!(report["nodes"], 5);
}

#[test]
fn bad_arguments_are_usage_errors_not_panics() {
    let config = tempfile::tempdir().unwrap();
    for args in [
        vec!["perft", "kalaha", "-1"],
        vec!["perft", "kalaha", "1000"],
        vec!["show", "kalaha", "--first", "east"],
        vec!["rules", "check"],
        vec!["frobnicate"],
    ] {
        mancala(&config)
            .args(&args)
            .assert()
            .failure()
            .stderr(predicate::str::contains("panicked").not());
    }
}

fn saved_raja_pasu(dir: &std::path::Path) -> std::path::PathBuf {
    use mancala::engine::{Pit, Side};
    use mancala::session::Session;
    let rules = std::sync::Arc::new(common::builtin("raja-pasu"));
    let mut session = Session::new(rules, ["Ann".into(), "Bo".into()], Side::South);
    session.play(Pit::new(1)).unwrap();
    session.play(Pit::new(1)).unwrap();
    let path = dir.join("match.toml");
    let meta = mancala::storage::MatchMeta::new(mancala::storage::MatchId::new());
    let text = mancala::storage::to_toml(&session, &meta);
    mancala::storage::atomic::write_new(&path, &text).unwrap();
    path
}

#[test]
fn replay_print_tells_what_each_move_did() {
    let config = tempfile::tempdir().unwrap();
    let path = saved_raja_pasu(config.path());
    mancala(&config)
        .args(["replay", path.to_str().unwrap(), "--print"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "round 1, move 1: Ann played pit 1: 12 laps",
        ))
        .stdout(predicate::str::contains("leapt to South 5 for 3"))
        .stdout(predicate::str::contains("round 1, move 2: Bo played pit 1"))
        .stdout(predicate::str::contains("Raja Pasu - round 1"));
}

#[test]
fn names_that_would_reorder_a_line_are_never_printed_as_they_are() {
    use mancala::engine::{Pit, Side};
    use mancala::session::Session;
    let home = tempfile::tempdir().unwrap();
    let rules = std::sync::Arc::new(common::builtin("kalaha"));
    let names = [
        "Ann\u{202e}olleh".to_string(),
        "Bo\u{2066}\u{2028}x".to_string(),
    ];
    let mut session = Session::new(rules, names, Side::South);
    session.play(Pit::new(1)).unwrap();
    let folder = home.path().join("data/mancala/matches");
    std::fs::create_dir_all(&folder).unwrap();
    let path = folder.join("20261202-080000-000-0001.toml");
    let meta = mancala::storage::MatchMeta::new(mancala::storage::MatchId::new());
    mancala::storage::atomic::write_new(&path, &mancala::storage::to_toml(&session, &meta))
        .unwrap();
    for args in [
        vec!["saves"],
        vec!["replay", path.to_str().unwrap(), "--print"],
    ] {
        let output = mancala(&home)
            .env("XDG_DATA_HOME", home.path().join("data"))
            .args(&args)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let text = String::from_utf8(output).unwrap();
        assert!(text.contains("Annolleh"), "{args:?}: {text}");
        assert!(
            !text.contains(['\u{202e}', '\u{2066}', '\u{2028}']),
            "{args:?}: {text:?}"
        );
    }
}

#[test]
fn replay_print_gives_each_rounds_score() {
    use mancala::engine::{Side, Status};
    use mancala::session::Session;
    let config = tempfile::tempdir().unwrap();
    // Raja Pasu, each mover's first legal pit, until round 1 is over.
    let rules = std::sync::Arc::new(common::builtin("raja-pasu"));
    let mut session = Session::new(rules.clone(), ["Ann".into(), "Bo".into()], Side::South);
    while session.position().status() == Status::Ongoing {
        let pit = session.position().legal_moves(&rules)[0];
        session.play(pit).unwrap();
    }
    let over = *session.position();
    let path = config.path().join("match.toml");
    let meta = mancala::storage::MatchMeta::new(mancala::storage::MatchId::new());
    mancala::storage::atomic::write_new(&path, &mancala::storage::to_toml(&session, &meta))
        .unwrap();
    let (ann, bo) = (over.store(Side::South), over.store(Side::North));
    let expected = match ann.cmp(&bo) {
        std::cmp::Ordering::Greater => format!("-- round 1 is over: Ann wins {ann}-{bo} --"),
        std::cmp::Ordering::Less => format!("-- round 1 is over: Bo wins {bo}-{ann} --"),
        std::cmp::Ordering::Equal => format!("-- round 1 is over: a draw, {ann}-{bo} --"),
    };
    mancala(&config)
        .args(["replay", path.to_str().unwrap(), "--print"])
        .assert()
        .success()
        .stdout(predicate::str::contains(expected));
}

#[test]
fn replay_json_is_the_show_json_with_the_moves() {
    let config = tempfile::tempdir().unwrap();
    let path = saved_raja_pasu(config.path());
    let replayed = json_of(mancala(&config).args(["replay", path.to_str().unwrap(), "--json"]));
    let shown = json_of(mancala(&config).args(["show", "raja-pasu", "--moves", "1,1", "--json"]));
    for key in [
        "variant", "round", "status", "to_move", "south", "north", "winner",
    ] {
        assert_eq!(replayed[key], shown[key], "{key}");
    }
    assert_eq!(replayed["moves"].as_array().unwrap().len(), 2);
    assert_eq!(replayed["moves"][0]["pit"], 1);
    assert_eq!(replayed["moves"][0]["side"], "south");
}

#[test]
fn bad_save_files_fail_with_the_file_named() {
    let config = tempfile::tempdir().unwrap();
    mancala(&config)
        .args(["replay", "tests/saves/invalid/illegal-move.toml", "--print"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "illegal-move.toml: round 1, move 2 (move 2 of the match, pit 3) is illegal: pit 3 is empty",
        ));
    mancala(&config)
        .args(["replay", "no/such/file.toml", "--json"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "no/such/file.toml: no such file, nor a match id",
        ));
}

#[test]
fn resume_without_an_unfinished_match_says_so() {
    let config = tempfile::tempdir().unwrap();
    mancala(&config)
        .env("XDG_DATA_HOME", config.path().join("data"))
        .args(["resume"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("no match to resume"));
}

/// A data folder with a library: an unfinished Kalaha match, a finished one,
/// a named copy, a damaged file and one of a newer format.
struct Library {
    home: tempfile::TempDir,
    unfinished: mancala::storage::MatchId,
    finished: mancala::storage::MatchId,
}

impl Library {
    fn new() -> Library {
        use mancala::engine::{Pit, Side, Status};
        use mancala::session::Session;
        use mancala::storage::{MatchId, MatchMeta, atomic::write_new, to_toml};
        let home = tempfile::tempdir().unwrap();
        let library = mancala::storage::Library::at(&home.path().join("data/mancala"));
        let rules = std::sync::Arc::new(common::builtin("kalaha"));
        let mut open = Session::new(rules.clone(), ["Ann".into(), "Bo".into()], Side::South);
        open.play(Pit::new(3)).unwrap();
        open.play(Pit::new(1)).unwrap();
        let unfinished = MatchId::new();
        write_new(
            &library.path_of(&unfinished),
            &to_toml(&open, &MatchMeta::new(unfinished.clone())),
        )
        .unwrap();
        let mut over = Session::new(rules, ["Cy".into(), "Di".into()], Side::South);
        while !matches!(over.position().status(), Status::MatchOver { .. }) {
            let pit = over.position().legal_moves(over.rules())[0];
            over.play(pit).unwrap();
        }
        let finished = MatchId::new();
        let mut meta = MatchMeta::new(finished.clone());
        meta.title = Some("Cup final".into());
        write_new(&library.path_of(&finished), &to_toml(&over, &meta)).unwrap();
        write_new(
            &library.copies_dir().join("kept.toml"),
            &to_toml(&open, &MatchMeta::new(unfinished.clone())),
        )
        .unwrap();
        write_new(
            &library.matches_dir().join("broken.toml"),
            "format = 2\nvariant = ",
        )
        .unwrap();
        write_new(
            &library.matches_dir().join("future.toml"),
            "format = 9\nwhatever = true\n",
        )
        .unwrap();
        Library {
            home,
            unfinished,
            finished,
        }
    }

    fn mancala(&self) -> Command {
        let mut cmd = mancala(&self.home);
        cmd.env("XDG_DATA_HOME", self.home.path().join("data"));
        cmd
    }

    fn file(&self, name: &str) -> std::path::PathBuf {
        self.home.path().join("data/mancala/matches").join(name)
    }
}

#[test]
fn saves_lists_every_match_as_json() {
    let library = Library::new();
    let before = std::fs::read(library.file("future.toml")).unwrap();
    let output = library
        .mancala()
        .args(["saves", "--json"])
        .assert()
        .success();
    let list: Value = serde_json::from_slice(&output.get_output().stdout).unwrap();
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 5, "{list:?}");
    let find = |id: &str| {
        list.iter()
            .find(|m| m["id"] == id && m["copy"] == false)
            .unwrap_or_else(|| panic!("{id} not in {list:?}"))
    };
    let open = find(library.unfinished.as_str());
    assert_eq!(open["variant"], "kalaha");
    assert_eq!(
        (open["south"].as_str(), open["north"].as_str()),
        (Some("Ann"), Some("Bo"))
    );
    assert_eq!(open["status"], "ongoing");
    assert_eq!(
        (open["rounds"].as_u64(), open["moves"].as_u64()),
        (Some(1), Some(2))
    );
    assert!(
        open["file"]
            .as_str()
            .unwrap()
            .ends_with(&format!("{}.toml", library.unfinished))
    );
    assert!(open["started_at"].as_str().unwrap().ends_with('Z'));
    let over = find(library.finished.as_str());
    assert_eq!(over["status"], "match-over");
    assert_eq!(over["title"], "Cup final");
    assert!(over["winner"].is_string());
    let copy = list.iter().find(|m| m["copy"] == true).unwrap();
    assert!(copy["file"].as_str().unwrap().ends_with("saves/kept.toml"));
    let unreadable: Vec<&Value> = list.iter().filter(|m| m["error"].is_string()).collect();
    assert_eq!(unreadable.len(), 2);
    assert!(unreadable.iter().any(|m| {
        m["error"]
            .as_str()
            .unwrap()
            .contains("save format version 9")
    }));
    assert_eq!(std::fs::read(library.file("future.toml")).unwrap(), before);
}

#[test]
fn saves_lists_every_match_as_text() {
    let library = Library::new();
    library
        .mancala()
        .args(["saves"])
        .assert()
        .success()
        .stdout(predicate::str::contains(library.unfinished.as_str()))
        .stdout(predicate::str::contains("Ann v Bo"))
        .stdout(predicate::str::contains("in play"))
        .stdout(predicate::str::contains("Cup final: Cy v Di"))
        .stdout(predicate::str::contains("saves/kept.toml"))
        .stdout(predicate::str::contains("future.toml"))
        .stdout(predicate::str::contains("cannot be read"));
}

#[test]
fn a_match_is_replayed_by_its_id() {
    let library = Library::new();
    library
        .mancala()
        .args(["replay", library.unfinished.as_str(), "--print"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "round 1, move 2: Ann played pit 1",
        ));
    library
        .mancala()
        .args(["replay", "20991231-235959-999-ffff", "--print"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "no match 20991231-235959-999-ffff",
        ));
}

#[test]
fn a_finished_match_is_not_resumed() {
    let library = Library::new();
    library
        .mancala()
        .args(["resume", library.finished.as_str()])
        .assert()
        .failure()
        .stderr(predicate::str::contains("that match is over"));
    library
        .mancala()
        .args(["resume", "nonsense"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "nonsense: no such file, nor a match id",
        ));
}

#[test]
fn save_refuses_a_file_that_exists() {
    let config = tempfile::tempdir().unwrap();
    let mine = config.path().join("mine.toml");
    std::fs::write(&mine, "someone's notes").unwrap();
    mancala(&config)
        .args(["play", "kalaha", "--save", mine.to_str().unwrap()])
        .assert()
        .failure()
        .stderr(predicate::str::contains("that file exists already"));
    assert_eq!(std::fs::read_to_string(&mine).unwrap(), "someone's notes");
}

#[test]
fn older_saves_move_into_the_library_on_first_start() {
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("data/mancala");
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/saves/format-1");
    std::fs::create_dir_all(data.join("saves")).unwrap();
    std::fs::copy(fixtures.join("kalaha-3-1.toml"), data.join("autosave.toml")).unwrap();
    std::fs::copy(
        fixtures.join("raja-pasu-after-pit-1.toml"),
        data.join("saves/raja-pasu-20261129-210814-unfinished.toml"),
    )
    .unwrap();
    let output = mancala(&home)
        .env("XDG_DATA_HOME", home.path().join("data"))
        .args(["saves", "--json"])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "Moved 2 matches of an older version into the library",
        ));
    let list: Value = serde_json::from_slice(&output.get_output().stdout).unwrap();
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 2, "{list:?}");
    for entry in list {
        assert_eq!(entry["copy"], false);
        assert!(entry["id"].is_string());
        assert_eq!(entry["status"], "ongoing");
    }
    // The old files are kept, as they were, beside the library.
    let kept = data.join("format-1");
    assert_eq!(
        std::fs::read(kept.join("autosave.toml")).unwrap(),
        std::fs::read(fixtures.join("kalaha-3-1.toml")).unwrap()
    );
    assert!(
        kept.join("raja-pasu-20261129-210814-unfinished.toml")
            .is_file()
    );
    assert!(!data.join("autosave.toml").exists());
    // A second start finds nothing more to move.
    mancala(&home)
        .env("XDG_DATA_HOME", home.path().join("data"))
        .args(["saves"])
        .assert()
        .success()
        .stderr(predicate::str::is_empty());
}

#[test]
fn a_closed_pit_in_the_move_list_is_refused() {
    use mancala::engine::{Move, Pit, Position, Side, Status};
    let rules = common::builtin("raja-pasu");
    // Play round 1 with a fixed pattern of choices until one ends with a loser
    // who has closed pits next round.
    for pattern in 0..50usize {
        let mut position = Position::new(&rules, Side::South);
        let mut moves = Vec::new();
        let mut i = pattern;
        while position.status() == Status::Ongoing {
            let legal = position.legal_moves(&rules);
            i = (i * 7 + 3) % 101;
            let pit = legal[i % legal.len()];
            moves.push(pit);
            position = position.play(&rules, pit).unwrap();
        }
        let Ok(next) = position.next_round(&rules) else {
            continue;
        };
        let Some(starter) = next.to_move() else {
            continue;
        };
        let loser = starter.other();
        let Some(closed) = Pit::all(7).find(|&p| next.is_closed(loser, p)) else {
            continue;
        };
        // The starter plays a legal move that hands the turn to the loser.
        let Some(opening) = next
            .legal_moves(&rules)
            .into_iter()
            .find(|&p| next.play(&rules, p).unwrap().to_move() == Some(loser))
        else {
            continue;
        };
        moves.push(opening);
        moves.push(Move::sow(closed));
        let list: Vec<String> = moves.iter().map(Move::to_string).collect();
        let config = tempfile::tempdir().unwrap();
        mancala(&config)
            .args(["show", "raja-pasu", "--moves", &list.join(",")])
            .assert()
            .failure()
            .stderr(predicate::str::contains(format!(
                "move {} (pit {closed}) is illegal: pit {closed} is closed",
                moves.len()
            )));
        return;
    }
    panic!("no round ended with closed pits");
}

#[test]
fn solve_gives_the_value_and_best_moves() {
    let config = tempfile::tempdir().unwrap();
    let report = json_of(mancala(&config).args([
        "solve",
        "tests/rules/valid/kalah-3-3.toml",
        "--hash",
        "8",
        "--json",
    ]));
    assert_eq!(report["value"], 2);
    assert_eq!(report["value_for_south"], 2);
    assert_eq!(report["to_move"], "south");
    assert_eq!(report["best"], serde_json::json!([1, 2]));
    mancala(&config)
        .args(["solve", "tests/rules/valid/kalah-2-4.toml", "--hash", "8"])
        .assert()
        .success()
        .stdout(predicate::str::contains("value -10"));
}

#[test]
fn solve_shows_its_progress_on_standard_error() {
    let config = tempfile::tempdir().unwrap();
    let output = mancala(&config)
        .args([
            "solve",
            "tests/rules/valid/kalah-4-3.toml",
            "--endgame",
            "6",
        ])
        .assert()
        .success()
        .get_output()
        .clone();
    let progress = String::from_utf8(output.stderr).unwrap();
    assert!(
        progress.contains("building the endgame table: 3003 boards with up to 6 seeds"),
        "{progress}"
    );
    assert!(
        progress.lines().last().unwrap().starts_with("proven: +6 ("),
        "{progress}"
    );
    // C(14, 8) boards above: 8 pits, up to 6 seeds. With too little memory
    // for the table wanted, the solver says so: 1 MiB holds half a MiB of
    // boards, C(23, 8) = 490,314 (15 seeds); all 24 seeds would take C(32, 8)
    // = 10,518,300 boards, twice that in bytes is just over 20 MiB.
    let output = mancala(&config)
        .args([
            "solve",
            "tests/rules/valid/kalah-4-3.toml",
            "--endgame",
            "24",
            "--hash",
            "1",
        ])
        .assert()
        .success()
        .get_output()
        .clone();
    let progress = String::from_utf8(output.stderr).unwrap();
    assert!(
        progress.contains(
            "--hash 1 MiB holds the endgame table only up to 15 seeds, not the 24 it wants"
        ) && progress.contains("--hash 21 or more would hold it"),
        "{progress}"
    );
    // Rules the fast solver does not take get the general search, depth by
    // depth.
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string("tests/rules/valid/kalah-2-4.toml")
        .unwrap()
        .replace("[capture.across]", "");
    let file = dir.path().join("no-captures.toml");
    std::fs::write(&file, text).unwrap();
    let output = mancala(&config)
        .args(["solve", file.to_str().unwrap()])
        .assert()
        .success()
        .get_output()
        .clone();
    let progress = String::from_utf8(output.stderr).unwrap();
    assert!(progress.contains("is not Kalah-shaped"), "{progress}");
    assert!(progress.contains("4 moves ahead: "), "{progress}");
    let answer = String::from_utf8(output.stdout).unwrap();
    assert!(answer.contains("with perfect play"), "{answer}");
}

#[test]
fn solve_takes_the_endgame_reach_and_threads() {
    let config = tempfile::tempdir().unwrap();
    let report = json_of(mancala(&config).args([
        "solve",
        "tests/rules/valid/kalah-4-3.toml",
        "--endgame",
        "10",
        "--threads",
        "1",
        "--hash",
        "16",
        "--json",
    ]));
    assert_eq!(report["value"], 6);
    assert_eq!(report["endgame_seeds"], 10);
    // Every board of 8 pits with up to 10 seeds: C(18, 8).
    assert_eq!(report["endgame_boards"], 43_758);
    assert!(report["table_bytes"].as_u64().unwrap() <= 16 << 20);
    // After South's best move: pit 2's three seeds end in the store, so
    // South moves again and still wins by 6.
    let later = json_of(mancala(&config).args([
        "solve",
        "tests/rules/valid/kalah-4-3.toml",
        "--moves",
        "2",
        "--json",
    ]));
    assert_eq!(later["to_move"], "south");
    assert_eq!(later["value_for_south"], 6);
    mancala(&config)
        .args(["solve", "kalaha", "--endgame", "500"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("--endgame"));
    mancala(&config)
        .args(["solve", "kalaha", "--threads", "0"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("--threads"));
}

#[test]
fn play_refuses_an_unknown_computer_level() {
    let config = tempfile::tempdir().unwrap();
    mancala(&config)
        .args(["play", "kalaha", "--north", "computer:genius"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "--north: unknown level \"genius\"",
        ));
}

#[test]
fn a_closed_pipe_ends_a_command_quietly() {
    let config = tempfile::tempdir().unwrap();
    for args in [
        vec!["rules", "show", "kalaha"],
        vec!["rules", "list"],
        vec!["show", "raja-pasu", "--moves", "1"],
    ] {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_mancala"))
            .args(&args)
            .env("XDG_CONFIG_HOME", config.path())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // The reader goes before the command has written anything.
        drop(child.stdout.take());
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            output.status.success(),
            "{args:?}: {:?} {stderr}",
            output.status
        );
        assert!(stderr.is_empty(), "{args:?}: {stderr}");
    }
}

#[test]
fn text_from_files_never_reaches_the_terminal_raw() {
    let config = tempfile::tempdir().unwrap();
    let folder = config.path().join("mancala/rules");
    std::fs::create_dir_all(&folder).unwrap();
    let kalaha = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/kalaha.toml"),
    )
    .unwrap();
    // A valid rule file under a hostile name, and one with a hostile name inside.
    let own = kalaha.replace("id = \"kalaha\"", "id = \"own\"");
    std::fs::write(folder.join("own\u{1b}]0;pwned\u{7}.toml"), own).unwrap();
    let hostile = kalaha.replace(
        "name = \"Kalaha\"",
        "name = \"X\\u001b]0;pwned\\u0007\\u001b[2J\"",
    );
    let file = config.path().join("hostile.toml");
    std::fs::write(&file, hostile).unwrap();
    let raw = |output: &std::process::Output| {
        let all = [&output.stdout[..], &output.stderr[..]].concat();
        all.contains(&0x1b) || all.contains(&0x07)
    };
    let list = mancala(&config).args(["rules", "list"]).output().unwrap();
    assert!(list.status.success());
    assert!(!raw(&list), "{}", String::from_utf8_lossy(&list.stdout));
    assert!(String::from_utf8_lossy(&list.stdout).contains("own\\u{1b}]0;pwned\\u{7}.toml"));
    let check = mancala(&config)
        .args(["rules", "check", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!check.status.success());
    assert!(!raw(&check));
    assert!(
        String::from_utf8_lossy(&check.stderr)
            .contains("`name`: holds a control character (\\u{1b})")
    );
    // A save whose `winner` is hostile is refused without echoing it raw.
    let save = config.path().join("save.toml");
    let path = saved_raja_pasu(config.path());
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(
        &save,
        text.replace(
            "status = \"ongoing\"",
            "status = \"ongoing\"\nwinner = \"\\u001b[2J\"",
        ),
    )
    .unwrap();
    let replay = mancala(&config)
        .args(["replay", save.to_str().unwrap(), "--print"])
        .output()
        .unwrap();
    assert!(!replay.status.success());
    assert!(!raw(&replay), "{}", String::from_utf8_lossy(&replay.stderr));
}

#[test]
fn a_pipe_or_folder_given_as_a_file_is_refused_at_once() {
    let config = tempfile::tempdir().unwrap();
    let fifo = config.path().join("pipe.toml");
    nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).unwrap();
    let folder = config.path().join("folder.toml");
    std::fs::create_dir(&folder).unwrap();
    for path in [&fifo, &folder] {
        let path = path.to_str().unwrap();
        for args in [
            vec!["rules", "check", path],
            vec!["rules", "show", path],
            vec!["replay", path, "--print"],
            vec!["show", path],
        ] {
            mancala(&config)
                .args(&args)
                .timeout(std::time::Duration::from_secs(10))
                .assert()
                .failure()
                .stderr(predicate::str::contains("not a regular file"));
        }
    }
}

/// The machine's memory in MiB, from /proc/meminfo.
fn memory_mib() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

#[test]
fn solve_says_when_the_memory_asked_for_cannot_be_had() {
    // 64 GiB, more than this machine has (checked, so a larger one skips).
    let Some(memory) = memory_mib().filter(|&m| m < 65536 / 2) else {
        eprintln!("skipped: this machine might have 64 GiB to give");
        return;
    };
    let config = tempfile::tempdir().unwrap();
    mancala(&config)
        .args(["solve", "kalaha", "--hash", "65536"])
        .timeout(std::time::Duration::from_secs(30))
        .assert()
        .failure()
        .code(1)
        .stderr(predicate::str::contains(
            "--hash 65536: 65536 MiB of memory for the tables could not be had",
        ));
    assert!(memory > 0);
}

#[test]
fn a_round_limit_is_for_matches_of_rounds() {
    let config = tempfile::tempdir().unwrap();
    mancala(&config)
        .args(["play", "kalaha", "--rounds", "3"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "--rounds: Kalaha is one game, not a match of rounds",
        ));
    mancala(&config)
        .args(["play", "--rounds", "3"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("--rounds: name the rule set too"));
    mancala(&config)
        .args(["play", "raja-pasu", "--rounds", "0"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("--rounds"));
}

/// The text a command prints, after checking it succeeded.
fn stdout_of(cmd: &mut Command) -> String {
    String::from_utf8(cmd.assert().success().get_output().stdout.clone()).unwrap()
}

#[test]
fn completion_scripts_know_every_command_and_choice() {
    let config = tempfile::tempdir().unwrap();
    let bash = stdout_of(mancala(&config).args(["completions", "bash"]));
    assert!(bash.contains("complete -F _mancala"), "{bash}");
    for command in [
        "play",
        "resume",
        "replay",
        "saves",
        "rules",
        "perft",
        "completions",
    ] {
        assert!(bash.contains(&format!("mancala,{command})")), "{command}");
    }
    // --first offers the two sides; --rounds is known to play.
    assert!(bash.contains("\"south north\""));
    assert!(bash.contains("--rounds"));
    let zsh = stdout_of(mancala(&config).args(["completions", "zsh"]));
    assert!(zsh.starts_with("#compdef mancala"));
    // Rule-set ids: the built-in ones and the user's own files.
    let folder = config.path().join("mancala").join("rules");
    std::fs::create_dir_all(&folder).unwrap();
    let mine = std::fs::read_to_string("tests/rules/valid/kalah-3-3.toml").unwrap();
    std::fs::write(folder.join("mine.toml"), mine).unwrap();
    let bash = stdout_of(mancala(&config).args(["completions", "bash"]));
    for id in ["toguz-kumalak", "vai-lung-thlan", "kalah-3-3"] {
        assert!(bash.contains(id), "{id} not offered");
    }
    let fish = stdout_of(mancala(&config).args(["completions", "fish"]));
    assert!(fish.contains("complete -c mancala"));
    mancala(&config)
        .args(["completions", "tcsh"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("tcsh").and(predicate::str::contains("bash")));
}

#[test]
fn the_manual_has_a_page_for_the_game_and_for_each_command() {
    let config = tempfile::tempdir().unwrap();
    let main = stdout_of(mancala(&config).arg("man"));
    assert!(main.contains(".TH mancala 6"), "{main}");
    // The commands point to their own pages; where things are kept is said.
    assert!(main.contains("mancala\\-play(6)"));
    assert!(main.contains(".SH FILES") && main.contains("$XDG_DATA_HOME/mancala/matches"));
    assert!(main.contains("$XDG_CONFIG_HOME/mancala/settings.toml"));
    assert!(main.contains(".SH ENVIRONMENT") && main.contains("NO_COLOR"));

    let play = stdout_of(mancala(&config).args(["man", "play"]));
    assert!(play.contains(".TH mancala-play 6"), "{play}");
    assert!(play.contains("\\-\\-rounds"));
    let check = stdout_of(mancala(&config).args(["man", "rules", "check"]));
    assert!(check.contains("mancala\\-rules\\-check"));

    mancala(&config)
        .args(["man", "rules", "lint"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "no command \"lint\" in rules: the commands are list, show, check",
        ));
}

/// rules.md §5: South's pit 1 from the start of Raja Pasu, as one line.
const RAJA_PASU_AFTER_PIT_1: &str = "south: 3 1 0 0 0 14 0 store 15; \
     north: 14 2 14 14 1 14 2 store 4; round 1; north to move";

#[test]
fn show_prints_the_position_as_a_line_that_position_reads_back() {
    let config = tempfile::tempdir().unwrap();
    let shown = stdout_of(mancala(&config).args(["show", "raja-pasu", "--moves", "1"]));
    assert!(
        shown.contains(&format!("position: {RAJA_PASU_AFTER_PIT_1}")),
        "{shown}"
    );
    // Read back, then North plays on: the same as playing both moves.
    let from_line = json_of(mancala(&config).args([
        "show",
        "raja-pasu",
        "--position",
        RAJA_PASU_AFTER_PIT_1,
        "--moves",
        "2",
        "--json",
    ]));
    let from_start =
        json_of(mancala(&config).args(["show", "raja-pasu", "--moves", "1,2", "--json"]));
    assert_eq!(from_line, from_start);
}

#[test]
fn perft_and_solve_start_from_a_position_too() {
    let config = tempfile::tempdir().unwrap();
    let start = "south: 4 4 4 4 4 4 store 0; north: 4 4 4 4 4 4 store 0; round 1; south to move";
    // rules.md §5: 35 sequences of two plies from Kalaha's start.
    let perft =
        json_of(mancala(&config).args(["perft", "kalaha", "2", "--json", "--position", start]));
    assert_eq!(perft["nodes"], 35);
    // One seed each, South to move: South's pit 6 goes into the store and
    // South's row is empty, so North keeps its seed: 1-1, a margin of 0.
    let one = "south: 0 0 0 0 0 1 store 23; north: 0 0 0 0 0 1 store 23; round 1; south to move";
    let solved = json_of(mancala(&config).args(["solve", "kalaha", "--json", "--position", one]));
    assert_eq!(solved["value"], 0, "{solved}");
    assert_eq!(solved["best"], serde_json::json!([6]));
    // A line that is not a position names the argument and the part.
    mancala(&config)
        .args(["show", "kalaha", "--position", "south: 4 4 4 4 4 4 store 0"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "--position: a position has four parts",
        ));
    mancala(&config)
        .args(["show", "kalaha", "--position", start, "--first", "north"])
        .assert()
        .failure();
}

#[test]
fn move_prints_the_computers_choice_for_every_rule_set() {
    let config = tempfile::tempdir().unwrap();
    for id in ["kalaha", "raja-pasu", "sat-gharva", "oware"] {
        let json = json_of(mancala(&config).args(["move", id, "--level", "medium", "--json"]));
        let pit = json["pit"].as_u64().unwrap();
        let rules = common::builtin(id);
        assert!((1..=u64::from(rules.pits())).contains(&pit), "{id}: {json}");
        assert!(json["value"].is_i64(), "{id}: {json}");
        assert!(json["depth"].as_u64().unwrap() >= 1, "{id}: {json}");
    }
}

#[test]
fn move_answers_hand_worked_positions() {
    let config = tempfile::tempdir().unwrap();
    // Kalaha: South's only seed ends in its store and empties its row; North
    // adds its one seed: 24 all, as the exact solver says.
    let json = json_of(mancala(&config).args([
        "move",
        "kalaha",
        "--level",
        "strongest",
        "--json",
        "--position",
        "south: 0 0 0 0 0 1 store 23; north: 0 0 0 0 0 1 store 23; round 1; south to move",
    ]));
    assert_eq!(
        json,
        serde_json::json!({"pit": 6, "move": "6", "value": 0, "depth": null})
    );
    // Oware: North's row is empty and only pit 6 reaches it.
    let json = json_of(mancala(&config).args([
        "move",
        "oware",
        "--json",
        "--position",
        "south: 1 0 0 0 0 1 store 23; north: 0 0 0 0 0 0 store 23; round 1; south to move",
    ]));
    assert_eq!(json["pit"], 6);
    // In words too.
    mancala(&config)
        .args(["move", "oware", "--moves", "1,3,3"])
        .assert()
        .success()
        .stdout(
            predicate::str::is_match(r"^pit \d+ \(value [+-]\d+, searched \d+ moves ahead\)\n$")
                .unwrap(),
        );
    // Where the mover chooses the way, the words name it.
    mancala(&config)
        .args(["move", "kiuthi", "--level", "easy"])
        .assert()
        .success()
        .stdout(
            predicate::str::is_match(
                r"^pit \d (counter-)?clockwise \(value [+-]\d+, searched \d+ moves ahead\)\n$",
            )
            .unwrap(),
        );
}

#[test]
fn move_refuses_a_finished_match_and_unknown_levels() {
    let config = tempfile::tempdir().unwrap();
    mancala(&config)
        .args([
            "move",
            "oware",
            "--position",
            "south: 0 1 0 0 0 0 store 23; north: 0 0 0 0 0 1 store 23; round 1; north to move",
            "--moves",
            "6",
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains("the match is over"));
    mancala(&config)
        .args(["move", "kalaha", "--level", "grandmaster"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("easy, medium, hard, strongest"));
}

#[test]
fn show_tells_an_oware_game_ended_by_repetition() {
    let config = tempfile::tempdir().unwrap();
    // Two seeds chase each other six pits each: the twelfth move repeats
    // the position the line started from (docs/rules.md, Oware).
    let json = json_of(mancala(&config).args([
        "show",
        "oware",
        "--json",
        "--position",
        "south: 0 0 0 0 0 1 store 23; north: 0 0 0 0 0 1 store 23; round 1; south to move",
        "--moves",
        "6,6,1,1,2,2,3,3,4,4,5,5",
    ]));
    assert_eq!(json["status"], "match-over");
    assert_eq!(json["ending"], "repetition");
    assert_eq!(json["winner"], "draw");
    assert_eq!(json["south"]["store"], 24);
    // One move fewer: still going.
    let json = json_of(mancala(&config).args([
        "show",
        "oware",
        "--json",
        "--position",
        "south: 0 0 0 0 0 1 store 23; north: 0 0 0 0 0 1 store 23; round 1; south to move",
        "--moves",
        "6,6,1,1,2,2,3,3,4,4,5",
    ]));
    assert_eq!(json["status"], "ongoing");
    assert_eq!(json["ending"], serde_json::Value::Null);
}

/// Kiuthi on the command line: moves carry their way (`3cw`), the
/// computer's move in JSON says it, and the spec's shortest repetition
/// (§9.3) ends the game.
#[test]
fn moves_with_their_way_on_the_command_line() {
    let config = tempfile::tempdir().unwrap();
    let json = json_of(mancala(&config).args(["move", "kiuthi", "--json", "--moves", "1cw"]));
    let written = json["move"].as_str().unwrap();
    let direction = json["direction"].as_str().unwrap();
    assert!(written.ends_with("cw"), "{json}");
    assert!(
        ["clockwise", "counter-clockwise"].contains(&direction),
        "{json}"
    );
    assert_eq!(
        written.trim_end_matches(char::is_alphabetic),
        json["pit"].to_string()
    );
    let json =
        json_of(mancala(&config).args(["show", "kiuthi", "--json", "--moves", "2cw,7cw,3ccw,5cw"]));
    assert_eq!(json["ending"], "repetition", "{json}");
    // A pit without its way is refused, saying how to write one.
    mancala(&config)
        .args(["show", "kiuthi", "--moves", "2"])
        .assert()
        .failure()
        .stderr(predicates::str::contains("2cw"));
}

/// README's loop that installs every manual page names every command.
#[test]
fn the_readme_installs_a_manual_page_for_every_command() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let looped: Vec<&str> = readme
        .lines()
        .find_map(|line| line.strip_prefix("for c in \"\" "))
        .and_then(|rest| rest.strip_suffix("; do"))
        .expect("the loop over the manual pages")
        .split_whitespace()
        .collect();
    let config = tempfile::tempdir().unwrap();
    let help = mancala(&config).arg("--help").output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|line| !line.starts_with("Commands:"))
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|&command| command != "help")
        .collect();
    assert_eq!(looped, commands);
}
