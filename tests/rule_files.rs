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
    assert!(readme.contains("(docs/rules.md)"));
    assert!(
        !readme.contains("../shared"),
        "README links outside the repository"
    );
}
