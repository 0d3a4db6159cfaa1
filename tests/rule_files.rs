//! Rule files are untrusted input: each invalid fixture must be refused with
//! the message in its first line (`# expect: ...`), naming line, column and key.

use std::path::Path;

use mancala::catalog::{LoadError, MAX_RULES_FILE_BYTES, load_file};

fn fixtures(folder: &str) -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_invalid_fixture_gives_its_message() {
    let files = fixtures("tests/rules/invalid");
    assert!(files.len() >= 10, "fixtures missing");
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let expected = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("# expect: "))
            .unwrap_or_else(|| panic!("{}: no `# expect:` line", file.display()));
        let error = load_file(&file).expect_err(&file.display().to_string());
        assert!(matches!(error, LoadError::Invalid { .. }));
        let message = error.to_string();
        assert_eq!(message, format!("{}: {expected}", file.display()));
        assert!(message.contains("line ") && message.contains(", column "));
    }
}

#[test]
fn every_valid_fixture_loads() {
    for file in fixtures("tests/rules/valid") {
        load_file(&file).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn files_over_the_size_bound_are_refused_unread() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.toml");
    let padding = "#".repeat(usize::try_from(MAX_RULES_FILE_BYTES).unwrap() + 10);
    std::fs::write(&path, padding).unwrap();
    let message = load_file(&path).unwrap_err().to_string();
    assert!(
        message.contains("huge.toml") && message.contains("larger than"),
        "{message}"
    );
}

#[test]
fn binary_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("binary.toml");
    std::fs::write(&path, [0xff, 0xfe, 0x00, 0x41]).unwrap();
    let message = load_file(&path).unwrap_err().to_string();
    assert!(
        message.contains("binary.toml") && message.contains("not UTF-8"),
        "{message}"
    );
}

#[test]
fn missing_files_name_the_path() {
    let message = load_file(Path::new("no/such/rules.toml"))
        .unwrap_err()
        .to_string();
    assert!(
        message.starts_with("no/such/rules.toml: cannot read"),
        "{message}"
    );
}

#[test]
fn the_rules_in_full_and_their_sources_are_in_the_repository() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let rules = std::fs::read_to_string(root.join("docs/rules.md")).unwrap();
    let catalog = mancala::catalog::Catalog::with_user_dir(None);
    for entry in catalog.entries() {
        // A section for each built-in rule set, and no source that a clone
        // of the repository lacks.
        let name = entry.rules.name();
        assert!(
            rules
                .lines()
                .any(|l| l.starts_with("## ") && l.contains(name)),
            "no section for {name}"
        );
        for source in entry.rules.sources() {
            assert!(!source.contains("shared/"), "{name}: {source}");
        }
    }
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    // The opening paragraphs of both name every game built in.
    let opening = |text: &str| {
        let first = text.split("\n\n").nth(1).unwrap_or_default();
        first
            .replace('*', "")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (readme_opening, rules_opening) = (opening(&readme), opening(&rules));
    for entry in catalog.entries() {
        let name = entry.rules.name();
        assert!(
            readme_opening.contains(name),
            "README's opening lacks {name}"
        );
        assert!(
            rules_opening.contains(name),
            "rules.md's opening lacks {name}"
        );
    }
    assert!(readme.contains("(docs/rules.md)"));
    assert!(
        !readme.contains("../shared"),
        "README links outside the repository"
    );
}

/// The rule files as the first version of the rule language wrote them (the
/// built-in files and the valid fixtures before their keys were renamed):
/// each still loads, says it uses old keys, and plays exactly as the same
/// file in today's keys.
#[test]
fn files_in_the_old_keys_play_as_the_same_files_in_todays() {
    let old_files = fixtures("tests/rules/old-keys");
    assert_eq!(old_files.len(), 21, "the first eight games and 13 fixtures");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for old_file in old_files {
        let old = load_file(&old_file).unwrap_or_else(|e| panic!("{e}"));
        let name = old_file.file_name().unwrap();
        let today_file = [
            root.join("rules").join(name),
            root.join("tests/rules/valid").join(name),
        ]
        .into_iter()
        .find(|path| path.exists())
        .unwrap_or_else(|| panic!("{old_file:?} has no file in today's keys"));
        let today = load_file(&today_file).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            old.uses_old_keys() && !today.uses_old_keys(),
            "{old_file:?}"
        );
        assert_eq!(
            (old.board(), old.plan()),
            (today.board(), today.plan()),
            "{old_file:?}"
        );
        assert_eq!(old.to_toml(), today.to_toml(), "{old_file:?}");
        assert_eq!(
            (old.id(), old.name(), old.description(), old.sources()),
            (
                today.id(),
                today.name(),
                today.description(),
                today.sources()
            )
        );
    }
}

/// Every rule file that loads is written back in today's keys as a file
/// that loads to the same game, and writing that again changes nothing.
#[test]
fn every_rule_set_is_written_back_in_todays_keys() {
    let files = fixtures("tests/rules/valid")
        .into_iter()
        .chain(fixtures("tests/rules/old-keys"))
        .chain(fixtures("rules"));
    let mut count = 0;
    for file in files {
        let rules = load_file(&file).unwrap_or_else(|e| panic!("{e}"));
        let written = rules.to_toml();
        let again = mancala::engine::Rules::from_toml(&written)
            .unwrap_or_else(|e| panic!("{file:?}: {e}\n{written}"));
        assert!(!again.uses_old_keys(), "{file:?}");
        assert_eq!(
            (again.board(), again.plan()),
            (rules.board(), rules.plan()),
            "{file:?}"
        );
        assert_eq!(again.to_toml(), written, "{file:?}");
        count += 1;
    }
    assert!(count >= 42, "{count}");
}

/// A rule file saved with Windows line endings is the same file: it loads,
/// plays the same rules, and its mistakes are named at the same line and
/// column.
#[test]
fn windows_line_endings_read_as_the_same_file() {
    let dir = tempfile::tempdir().unwrap();
    let unix = std::fs::read_to_string("rules/dakon.toml").unwrap();
    let windows = dir.path().join("dakon.toml");
    std::fs::write(&windows, unix.replace('\n', "\r\n")).unwrap();
    let rules = load_file(&windows).unwrap();
    let original = load_file(Path::new("rules/dakon.toml")).unwrap();
    assert_eq!(
        (rules.board(), rules.plan()),
        (original.board(), original.plan())
    );
    assert_eq!(rules.description(), original.description());
    // A mistake on line 3 is on line 3 either way.
    let broken = "id = \"x\"\r\nname = \"X\"\r\npits = [\r\n";
    let file = dir.path().join("broken.toml");
    std::fs::write(&file, broken).unwrap();
    let message = load_file(&file).unwrap_err().to_string();
    std::fs::write(&file, broken.replace("\r\n", "\n")).unwrap();
    let same = load_file(&file).unwrap_err().to_string();
    assert_eq!(message, same);
    assert!(message.contains("line "), "{message}");
}
