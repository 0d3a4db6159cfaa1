//! `mancala import` and `mancala export`, and the other programs' notation
//! that `show`, `move` and `perft` read, as a user runs them.

use assert_cmd::Command;
use predicates::prelude::*;

/// The command with its own home and data folder.
fn mancala(home: &tempfile::TempDir) -> Command {
    let mut cmd = Command::cargo_bin("mancala").unwrap();
    cmd.env("XDG_CONFIG_HOME", home.path())
        .env("XDG_DATA_HOME", home.path())
        .env("HOME", home.path());
    cmd
}

fn match_files(home: &tempfile::TempDir) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(home.path().join("mancala/matches"))
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default()
}

const GAME: &str = "[Variant \"Oware Abapa\"]\n[Event \"Club night\"]\n[Site \"?\"]\n\
[Date \"2026.12.05\"]\n[Round \"?\"]\n[South \"Ann\"]\n[North \"Bo\"]\n[Result \"*\"]\n\n\
1. A b 2. C c 3. B+2\n";

#[test]
fn an_ogn_file_imported_exports_as_it_was() {
    let home = tempfile::tempdir().unwrap();
    let file = home.path().join("game.ogn");
    std::fs::write(&file, GAME).unwrap();
    mancala(&home)
        .args(["import"])
        .arg(&file)
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "Oware (Abapa), 5 moves: match ",
        ));
    let files = match_files(&home);
    assert_eq!(files.len(), 1);
    let id = files[0].file_stem().unwrap().to_str().unwrap().to_string();
    // Listed like any match, and written back byte for byte.
    mancala(&home)
        .arg("saves")
        .assert()
        .success()
        .stdout(predicate::str::contains("Club night: Ann v Bo"));
    mancala(&home)
        .args(["export", &id, "--to", "ogn"])
        .assert()
        .success()
        .stdout(GAME);
    mancala(&home)
        .args(["export", &id, "--to", "playstrategy"])
        .assert()
        .success()
        .stdout("4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S 1\na1e1 e2a2 c1e2 d2b1 b1e2\n");
    // --output writes a new file, and never over one.
    let out = home.path().join("out.ogn");
    mancala(&home)
        .args(["export", &id, "--to", "ogn", "--output"])
        .arg(&out)
        .assert()
        .success();
    assert_eq!(std::fs::read_to_string(&out).unwrap(), GAME);
    std::fs::write(&out, "mine").unwrap();
    mancala(&home)
        .args(["export", &id, "--to", "ogn", "--output"])
        .arg(&out)
        .assert()
        .failure()
        .stderr(predicate::str::contains("a file of that name exists"));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "mine");
}

#[test]
fn a_playstrategy_record_is_read_from_standard_input() {
    let home = tempfile::tempdir().unwrap();
    mancala(&home)
        .args(["import", "-"])
        .write_stdin("9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1\ni1b2\n")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("Toguz Kumalak, 1 move: match "));
    assert_eq!(match_files(&home).len(), 1);
}

#[test]
fn a_refused_record_names_the_file_line_and_column_and_adds_nothing() {
    let home = tempfile::tempdir().unwrap();
    let file = home.path().join("bad.ogn");
    std::fs::write(&file, "[Variant \"Oware Abapa\"]\n\n1. A b 2. C c 3. B+3\n").unwrap();
    mancala(&home)
        .arg("import")
        .arg(&file)
        .assert()
        .code(1)
        .stderr(format!(
            "mancala: {}: line 3, column 18: move 5 (B+3) takes 2 seeds, not 3\n",
            file.display()
        ));
    assert!(match_files(&home).is_empty());
}

#[test]
fn a_format_that_cannot_carry_the_game_says_what_it_carries() {
    let home = tempfile::tempdir().unwrap();
    let file = home.path().join("kalaha.toml");
    // A Kalaha match of one move, as the game writes it.
    let rules = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/kalaha.toml"),
    )
    .unwrap();
    let save = format!(
        "format = 2\napp-version = \"0.1.0\"\nvariant = \"kalaha\"\nstarted-at = \"2026-12-05T00:00:00Z\"\n\
         saved-at = \"2026-12-05T00:00:00Z\"\nsouth = \"Ann\"\nnorth = \"Bo\"\nfirst = \"south\"\n\
         status = \"ongoing\"\nrules = {}\n\n[[rounds]]\nstarter = \"south\"\nmoves = \"1\"\n",
        toml::Value::String(rules)
    );
    std::fs::write(&file, save).unwrap();
    mancala(&home)
        .arg("export")
        .arg(&file)
        .args(["--to", "playstrategy"])
        .assert()
        .code(1)
        .stderr("mancala: PlayStrategy carries Oware (Abapa), Toguz Kumalak and Bestemshe, not Kalaha\n");
}

#[test]
fn show_move_and_perft_read_other_programs_positions_and_moves() {
    let home = tempfile::tempdir().unwrap();
    let after =
        "position: south: 1 0 1 7 7 6 store 2; north: 6 0 0 6 6 6 store 0; round 1; north to move";
    for moves in [
        "A b C c B+2",
        "1. A b 2. C c 3. B+2",
        "AbCcB",
        "a1e1 e2a2 c1e2 d2b1 b1e2",
        "1,2,3,3,2",
    ] {
        mancala(&home)
            .args(["show", "oware", "--moves", moves])
            .assert()
            .success()
            .stdout(predicate::str::contains(after));
    }
    mancala(&home)
        .args([
            "show",
            "oware",
            "--position",
            "6S,6S,6S,2,6S/1S,1,1S,7S,7S,6S 2 0 N 3",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(after));
    mancala(&home)
        .args([
            "show",
            "oware",
            "--moves",
            "A b C c B+2",
            "--format",
            "playstrategy",
        ])
        .assert()
        .success()
        .stdout("6S,6S,6S,2,6S/1S,1,1S,7S,7S,6S 2 0 N 3\n");
    mancala(&home)
        .args(["show", "oware", "--moves", "A b C c B+2", "--format", "ogn"])
        .assert()
        .success()
        .stdout("1-0-1-7-7-6-6-0-0-6-6-6-2-0-N\n");
    mancala(&home)
        .args(["perft", "oware", "1", "--moves", "A b C c B+2", "--json"])
        .assert()
        .success()
        .stdout(predicate::str::contains("\"nodes\":"));
    mancala(&home)
        .args(["move", "oware", "--level", "easy", "--moves", "a1e1"])
        .assert()
        .success();
    // A wrong last square is refused with its column.
    mancala(&home)
        .args(["show", "oware", "--moves", "a1e1 e2b2"])
        .assert()
        .failure()
        .stderr("mancala: --moves: line 1, column 6: move 2 (e2b2): its last seed falls in a2, not b2\n");
}

#[test]
fn a_records_comments_come_with_its_moves_in_a_replay() {
    let home = tempfile::tempdir().unwrap();
    mancala(&home)
        .args(["import", "-"])
        .write_stdin("{Before it all} 1. A b 2. C {a good reply} c")
        .assert()
        .success();
    let id = match_files(&home)[0]
        .file_stem()
        .unwrap()
        .to_str()
        .unwrap()
        .to_string();
    mancala(&home)
        .args(["replay", &id, "--print"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "  {Before it all}\nround 1, move 1: South played pit 1\nround 1, move 2: North played pit 2\n\
             round 1, move 3: South played pit 3\n  {a good reply}\nround 1, move 4",
        ));
    // And go back out with them.
    mancala(&home)
        .args(["export", &id, "--to", "ogn"])
        .assert()
        .success()
        .stdout(predicate::str::ends_with(
            "\n\n{Before it all} 1. A b 2. C {a good reply} c\n",
        ));
}
