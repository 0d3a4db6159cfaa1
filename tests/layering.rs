//! The parts depend on each other one way only: the rules engine on nothing
//! of the program's (but the text helpers), the computer player on the
//! engine, the files and matches on both, and the terminal game and the
//! command line on everything. Read from the sources, so a `use` in the wrong
//! direction fails here before it settles in.

use std::path::{Path, PathBuf};

fn sources(part: &str) -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    let single = root.join(format!("{part}.rs"));
    if single.is_file() {
        files.push(single);
    }
    let mut folders = vec![root.join(part)];
    while let Some(folder) = folders.pop() {
        let Ok(listing) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in listing {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    assert!(!files.is_empty(), "no sources for {part}");
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            (path, text)
        })
        .collect()
}

/// Fails for every file of `part` that names one of `forbidden`.
fn assert_free_of(part: &str, forbidden: &[&str], except: &[(&str, &str)]) {
    for (path, text) in sources(part) {
        for word in forbidden {
            let allowed = except
                .iter()
                .any(|(file, w)| w == word && path.ends_with(file));
            assert!(
                allowed || !text.contains(word),
                "{} uses {word}",
                path.display()
            );
        }
    }
}

const INTERFACES: [&str; 5] = ["ratatui", "crossterm", "clap", "crate::tui", "crate::cli"];

#[test]
fn the_engine_is_pure_rules() {
    let mut forbidden = INTERFACES.to_vec();
    forbidden.extend([
        "std::fs",
        "std::time",
        "Instant",
        "crate::ai",
        "crate::session",
        "crate::storage",
        "crate::settings",
        "crate::catalog",
        "crate::report",
        "std::thread",
    ]);
    // Perft's parallel driver is the one place with threads.
    assert_free_of("engine", &forbidden, &[("engine/perft.rs", "std::thread")]);
}

#[test]
fn the_computer_player_sees_only_the_rules() {
    let mut forbidden = INTERFACES.to_vec();
    forbidden.extend([
        "std::fs",
        "crate::session",
        "crate::storage",
        "crate::settings",
        "crate::catalog",
        "crate::report",
    ]);
    assert_free_of("ai", &forbidden, &[]);
}

#[test]
fn matches_files_and_settings_know_nothing_of_the_interfaces() {
    for part in [
        "session", "storage", "settings", "catalog", "report", "text",
    ] {
        assert_free_of(part, &INTERFACES, &[]);
    }
}

#[test]
fn handling_keys_and_clicks_never_asks_the_drawing() {
    // Screen areas come from `tui/layout.rs`, which both sides use; the
    // words come from `describe`, which draws nothing.
    for part in ["tui/update", "tui/keys", "tui/describe", "tui/layout"] {
        assert_free_of(part, &["view::", "super::view", "tui::view"], &[]);
    }
}
