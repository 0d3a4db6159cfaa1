//! Endgame tables (src/ai/tables.rs) against an exhaustive search of the
//! game itself: every board of small tables, each searched from its own
//! start with the end by repetition judged by the rules engine's own
//! history (rules.md §6), must fall within the bounds the table gives, and
//! equal its value where the table calls it exact.

mod common;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use common::builtin;
use mancala::ai::{EndgameTable, Limits, Searcher, Unindexable, indexable, rules_key};
use mancala::engine::{GameState, Position, Rules, Side};

/// Oware (Abapa) on rows of `pits`, with `seeds` a pit (the table's game:
/// no end at more than half the seeds).
fn small_oware(pits: u8, seeds: u8) -> Rules {
    let text = builtin("oware").to_toml();
    let text = text
        .replace("pits = 6", &format!("pits = {pits}"))
        .replace("seeds-per-pit = 4", &format!("seeds-per-pit = {seeds}"))
        .replace("more-than-half = true", "more-than-half = false");
    Rules::from_toml(&text).unwrap()
}

/// The seeds the player to move gains on the other from `game` on, with
/// best play by both: every line searched to its end.
fn gain(game: &GameState, mut alpha: i32, beta: i32) -> i32 {
    let position = game.position();
    let mover = position.to_move().expect("an ongoing game");
    let margin = |p: &Position| i32::from(p.store(mover)) - i32::from(p.store(mover.other()));
    let mut best = i32::MIN;
    for mv in game.legal_moves() {
        let next = game.play(mv).unwrap();
        let after = next.position();
        let gained = margin(after) - margin(position);
        let value = match after.to_move() {
            None => gained,
            Some(side) if side == mover => gained + gain(&next, alpha - gained, beta - gained),
            Some(_) => gained - gain(&next, -(beta - gained), -(alpha - gained)),
        };
        best = best.max(value);
        alpha = alpha.max(value);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// Every way of putting up to `max` seeds in `pits` pits.
fn boards(pits: usize, max: u16) -> Vec<Vec<u16>> {
    let mut all = vec![vec![]];
    for _ in 0..pits {
        all = all
            .into_iter()
            .flat_map(|board: Vec<u16>| {
                let used: u16 = board.iter().sum();
                (0..=max - used).map(move |seeds| {
                    let mut longer = board.clone();
                    longer.push(seeds);
                    longer
                })
            })
            .collect();
    }
    all
}

/// South to move on `board` (South's row first), the rest of the seeds in
/// the stores.
fn position_of(rules: &Rules, board: &[u16]) -> Position {
    let pits = usize::from(rules.pits());
    let on_board: u16 = board.iter().sum();
    let stored = rules.total_seeds() - on_board;
    Position::from_rows(
        rules,
        &board[..pits],
        &board[pits..],
        [stored / 2, stored - stored / 2],
        Side::South,
    )
    .unwrap()
}

fn build(rules: &Rules, seeds: u8) -> EndgameTable {
    EndgameTable::build(rules, seeds, 2, &AtomicBool::new(false), &mut |_| {}).unwrap()
}

/// Checks every board of the table: returns how many were exact.
fn check_every_board(rules: &Rules, seeds: u8) -> (usize, usize) {
    let table = build(rules, seeds);
    let rules = Arc::new(rules.clone());
    let mut exact = 0;
    let all = boards(2 * usize::from(rules.pits()), u16::from(seeds));
    for board in &all {
        let position = position_of(&rules, board);
        if position.to_move().is_none() {
            continue;
        }
        let value = table.probe(&position).expect("every board is in the table");
        let n = i32::from(value.seeds);
        let truth = gain(&GameState::at(rules.clone(), position), -n - 1, n + 1);
        let (least, most) = value.gains();
        assert!(
            least <= truth && truth <= most,
            "{board:?}: best play gains {truth}, the table says {least}..={most}"
        );
        if value.is_exact() {
            exact += 1;
            assert_eq!(truth, least, "{board:?}");
        }
    }
    (exact, all.len())
}

#[test]
fn every_oware_board_of_a_small_table_is_within_what_it_proves() {
    // Three pits a row, up to 5 seeds: 462 boards, cycles and all.
    // Two pits a row, up to 6 seeds; three pits a row, up to 4.
    for (rules, seeds) in [(small_oware(2, 3), 6), (small_oware(3, 2), 4)] {
        let (exact, _) = check_every_board(&rules, seeds);
        assert!(exact > 0);
    }
}

/// The Oware board itself, up to 3 seeds: the first pit's seed cannot
/// catch up with the others before the other player's seeds come round.
#[test]
fn every_oware_board_of_six_pits_a_row_is_within_what_it_proves() {
    let rules = small_oware(6, 4);
    check_every_board(&rules, 3);
}

/// A search given the table never prefers a move the table proves worse
/// than another: over boards of up to 10 seeds, every capture (after which
/// the table's values hold) is bounded by it, and the move chosen is never
/// one whose best is below another's least.
#[test]
fn the_search_never_plays_a_move_the_table_proves_worse() {
    let rules = builtin("oware");
    let table = Arc::new(build(&rules, 10));
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = |below: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % below
    };
    let mut checked = 0;
    for _ in 0..300 {
        let mut board = [0u16; 12];
        for _ in 0..4 + next(7) {
            board[usize::try_from(next(12)).unwrap()] += 1;
        }
        let position = position_of(&rules, &board);
        let Some(mover) = position.to_move() else {
            continue;
        };
        // What the table proves of each move that captures.
        let margin = |p: &Position| i32::from(p.store(mover)) - i32::from(p.store(mover.other()));
        let proven: Vec<_> = position
            .legal_moves(&rules)
            .into_iter()
            .filter_map(|mv| {
                let child = position.play(&rules, mv).unwrap();
                if child.stored_seeds() == position.stored_seeds() {
                    return None;
                }
                let gained = margin(&child) - margin(&position);
                // Oware has no extra turns: the other player moves next.
                let (least, most) = if child.to_move().is_some() {
                    let (least, most) = table.probe(&child)?.gains();
                    (-most, -least)
                } else {
                    (0, 0)
                };
                Some((mv, gained + least, gained + most))
            })
            .collect();
        let mut searcher = Searcher::new(&rules, 4);
        searcher.set_endgame(Some(table.clone()));
        let report = searcher.search(&position, Limits::depth(8), false);
        let chosen = report.best.unwrap();
        if let Some(&(_, _, chosen_most)) = proven.iter().find(|p| p.0 == chosen) {
            let best_least = proven.iter().map(|p| p.1).max().unwrap();
            assert!(
                chosen_most >= best_least,
                "{board:?}: chose {chosen}, at most {chosen_most}, another makes sure of {best_least}"
            );
            checked += 1;
        }
    }
    assert!(checked > 20, "only {checked} positions had a proven choice");
}
#[test]
fn a_kalah_table_is_exact_everywhere_for_its_moves_never_go_round() {
    let text = builtin("kalaha")
        .to_toml()
        .replace("pits = 6", "pits = 3")
        .replace("seeds-per-pit = 4", "seeds-per-pit = 2");
    let rules = Rules::from_toml(&text).unwrap();
    let (exact, all) = check_every_board(&rules, 6);
    let over = boards(6, 6)
        .iter()
        .filter(|b| position_of(&rules, b).to_move().is_none())
        .count();
    assert_eq!(exact, all - over);
}

#[test]
fn only_rules_whose_positions_are_their_seeds_have_tables() {
    assert_eq!(indexable(&builtin("oware")), Ok(()));
    assert_eq!(indexable(&builtin("kalaha")), Ok(()));
    assert_eq!(
        indexable(&builtin("toguz-kumalak")),
        Err(Unindexable::OwnedPits)
    );
    assert_eq!(
        indexable(&builtin("bao-kiswahili")),
        Err(Unindexable::FourRows)
    );
}

#[test]
fn a_damaged_table_file_is_refused() {
    let rules = builtin("oware");
    let table = build(&rules, 6);
    let key = rules_key(&rules);
    let bytes = table.to_bytes(key);
    assert!(EndgameTable::from_bytes(&bytes, key, 6).is_ok());
    for at in [0, 9, 16, 17, 30, bytes.len() / 2, bytes.len() - 1] {
        let mut damaged = bytes.clone();
        damaged[at] ^= 0x20;
        assert!(
            EndgameTable::from_bytes(&damaged, key, 6).is_err(),
            "byte {at}"
        );
    }
    assert!(EndgameTable::from_bytes(&bytes[..bytes.len() - 1], key, 6).is_err());
    assert!(
        EndgameTable::from_bytes(&bytes, key ^ 1, 6).is_err(),
        "other rules"
    );
    assert!(EndgameTable::from_bytes(&[], key, 6).is_err());
}

/// `mancala tables` as a user runs it, its cache in a folder of its own.
fn mancala_tables(cache: &tempfile::TempDir, args: &[&str]) -> assert_cmd::assert::Assert {
    assert_cmd::Command::cargo_bin("mancala")
        .unwrap()
        .env("XDG_CACHE_HOME", cache.path())
        .env("HOME", cache.path())
        .arg("tables")
        .args(args)
        .assert()
}

#[test]
fn a_table_is_built_once_kept_and_built_again_when_damaged() {
    let cache = tempfile::tempdir().unwrap();
    let file = cache.path().join("mancala/tables/oware-8.table");
    let said = |assert: assert_cmd::assert::Assert| {
        String::from_utf8(assert.success().get_output().stdout.clone()).unwrap()
    };
    let first = said(mancala_tables(&cache, &["oware", "--seeds", "8"]));
    assert!(first.contains("built in"), "{first}");
    assert!(first.contains("125970 boards"), "{first}");
    assert!(file.exists());
    let again = said(mancala_tables(&cache, &["oware", "--seeds", "8"]));
    assert!(again.contains("already built"), "{again}");
    // One byte changed: not trusted, built again.
    let mut bytes = std::fs::read(&file).unwrap();
    bytes[1000] ^= 1;
    std::fs::write(&file, &bytes).unwrap();
    let mended = said(mancala_tables(&cache, &["oware", "--seeds", "8"]));
    assert!(mended.contains("in place of a damaged file"), "{mended}");
    let rules = builtin("oware");
    let read = EndgameTable::from_bytes(&std::fs::read(&file).unwrap(), rules_key(&rules), 6);
    assert!(read.is_ok());
    // Rules whose positions hold more than their seeds have none.
    let refused = mancala_tables(&cache, &["toguz-kumalak"]).failure();
    let error = String::from_utf8(refused.get_output().stderr.clone()).unwrap();
    assert!(
        error.contains("Toguz Kumalak has no endgame table: its positions hold owned pits"),
        "{error}"
    );
}

/// What `mancala engine oware` says to `script`, its cache in `cache`.
fn engine_says(cache: &tempfile::TempDir, script: &str) -> String {
    let output = assert_cmd::Command::cargo_bin("mancala")
        .unwrap()
        .env("XDG_CACHE_HOME", cache.path())
        .env("HOME", cache.path())
        .args(["engine", "oware"])
        .write_stdin(script)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(output).unwrap()
}

/// The engine plays with the table `mancala tables` built, and says so;
/// a damaged one it does not use.
#[test]
fn the_engine_finds_the_table_in_the_cache() {
    let cache = tempfile::tempdir().unwrap();
    mancala_tables(&cache, &["oware", "--seeds", "6"]).success();
    let said = engine_says(
        &cache,
        "uci\nposition fen south: 0 0 0 0 1 2 store 22; north: 0 0 1 0 0 1 store 22; \
         round 1; south to move\ngo depth 6\nquit\n",
    );
    assert!(
        said.contains("info string endgame table of boards with up to 6 seeds"),
        "{said}"
    );
    assert!(said.contains("bestmove "), "{said}");
    let file = cache.path().join("mancala/tables/oware-6.table");
    let mut bytes = std::fs::read(&file).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x80;
    std::fs::write(&file, &bytes).unwrap();
    let said = engine_says(&cache, "uci\nquit\n");
    assert!(said.contains("info string no endgame table"), "{said}");
    // ... and tells the driver why, and how to mend it.
    let why = "info string The endgame table oware-6.table is not used: it is a damaged file. \
               mancala tables oware builds it again.";
    assert!(said.contains(why), "{said}");
    // Nor one of another length, which is not even read.
    std::fs::write(&file, b"not a table").unwrap();
    let said = engine_says(&cache, "uci\nquit\n");
    assert!(said.contains("info string no endgame table"), "{said}");
    assert!(said.contains(why), "{said}");
    let mended = mancala_tables(&cache, &["oware", "--seeds", "6"]).success();
    let mended = String::from_utf8(mended.get_output().stdout.clone()).unwrap();
    assert!(mended.contains("in place of a damaged file"), "{mended}");
}

/// A table built for other rules (here by hand: another version's key) is
/// passed over for a smaller sound one, and `mancala move` at a level that
/// uses tables says so, once, on its error stream; the move is still given.
#[test]
fn a_table_passed_over_is_told_and_the_smaller_one_used() {
    let cache = tempfile::tempdir().unwrap();
    mancala_tables(&cache, &["oware", "--seeds", "4"]).success();
    mancala_tables(&cache, &["oware", "--seeds", "6"]).success();
    let folder = cache.path().join("mancala/tables");
    let rules = builtin("oware");
    let six = folder.join("oware-6.table");
    let table =
        EndgameTable::from_bytes(&std::fs::read(&six).unwrap(), rules_key(&rules), 6).unwrap();
    std::fs::write(&six, table.to_bytes(rules_key(&rules) ^ 1)).unwrap();

    let (used, passed) = mancala::storage::tables::largest(&folder, &rules);
    assert_eq!(used.map(|t| t.max_seeds()), Some(4));
    let passed = passed.expect("the 6-seed file passed over");
    assert_eq!(passed.path, six);
    assert_eq!(passed.damage, mancala::ai::Damaged::OtherRules);

    let move_at = |level: &str| {
        let done = assert_cmd::Command::cargo_bin("mancala")
            .unwrap()
            .env("XDG_CACHE_HOME", cache.path())
            .env("HOME", cache.path())
            .args(["move", "oware", "--level", level])
            .assert()
            .success();
        let output = done.get_output();
        (
            String::from_utf8(output.stdout.clone()).unwrap(),
            String::from_utf8(output.stderr.clone()).unwrap(),
        )
    };
    let (moved, error) = move_at("strongest");
    assert_eq!(
        error.trim_end(),
        "mancala: The endgame table oware-6.table is not used: it is one built for other \
         rules or by another version. mancala tables oware builds it again."
    );
    assert!(moved.starts_with("pit "), "{moved}");
    // A level that plays without tables is not told of them.
    assert_eq!(move_at("easy").1, "");
}

/// A four-row game has no table, and the refusal says the true reason (its
/// board), not one of Bao's alone (issue 60, item 15).
#[test]
fn a_four_row_game_is_refused_for_its_board() {
    let cache = tempfile::tempdir().unwrap();
    for id in ["igisoro", "bao-kujifunza"] {
        let output = mancala_tables(&cache, &[id]).failure().get_output().clone();
        let said = String::from_utf8(output.stderr).unwrap();
        assert!(said.contains("four rows"), "{said}");
        assert!(!said.contains("in hand"), "{said}");
    }
}

/// A build killed while writing its table leaves a temporary file; the
/// next `mancala tables` removes it once its writer is gone, and leaves one
/// made in the last seconds (its writer may be about to lock it).
#[test]
fn a_killed_builds_temporary_file_goes_with_the_next_build() {
    let cache = tempfile::tempdir().unwrap();
    let folder = cache.path().join("mancala/tables");
    std::fs::create_dir_all(&folder).unwrap();
    let made = |name: &str, ago: std::time::Duration| {
        let path = folder.join(name);
        std::fs::write(&path, "half a table").unwrap();
        let file = std::fs::File::options().write(true).open(&path).unwrap();
        file.set_modified(std::time::SystemTime::now() - ago)
            .unwrap();
        path
    };
    let left = made(
        ".oware-12.table.4242.0.tmp",
        std::time::Duration::from_mins(5),
    );
    let fresh = made(".oware-12.table.4243.0.tmp", std::time::Duration::ZERO);
    mancala_tables(&cache, &["oware", "--seeds", "4"]).success();
    assert!(!left.exists(), "its writer is gone");
    assert!(fresh.exists(), "its writer may not have locked it yet");
    assert!(folder.join("oware-4.table").exists());
}
