//! The parts depend on each other one way only: the rules engine on nothing
//! of the program's (but the text helpers), the computer player on the
//! engine, the files, matches and words on those, and the terminal game and
//! the command line on everything. Read from the sources as the compiler
//! reads them: every `use` tree (grouped, renamed, relative to `self` or
//! `super`) and every path written out in the code, with comments and
//! strings left aside, so a dependency in the wrong direction fails here
//! before it settles in.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Every source file with its module path (`src/tui/update/game.rs` is
/// `tui::update::game`, `src/lib.rs` the crate itself).
fn sources() -> Vec<(Vec<String>, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    let mut folders = vec![root.clone()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files
        .into_iter()
        .filter(|path| !path.ends_with("main.rs"))
        .map(|path| {
            (
                module_of(&root, &path),
                std::fs::read_to_string(&path).unwrap(),
            )
        })
        .collect()
}

fn module_of(root: &Path, path: &Path) -> Vec<String> {
    let relative = path.strip_prefix(root).unwrap().with_extension("");
    let parts: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts == ["lib"] { Vec::new() } else { parts }
}

/// The code of `text` with comments, string and character literals blanked
/// out, and `#[cfg(test)]` modules (tests may use anything) cut off.
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod ") {
        Some(at) => &text[..at],
        None => text,
    };
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                i += 1;
            }
            i += 2;
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && !ident_before(&chars, i) {
            // A raw string: r"..." or r#"..."#.
            let mut hashes = 0;
            let mut j = i + 1;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) == Some(&'"') {
                j += 1;
                loop {
                    if j >= chars.len() {
                        break;
                    }
                    if chars[j] == '"' && (0..hashes).all(|h| chars.get(j + 1 + h) == Some(&'#')) {
                        j += 1 + hashes;
                        break;
                    }
                    j += 1;
                }
                out.push_str("\"\"");
                i = j;
            } else {
                out.push(c);
                i += 1;
            }
        } else if c == '"' {
            i = past_quoted(&chars, i, '"');
            out.push_str("\"\"");
        } else if c == '\'' && is_char_literal(&chars, i) {
            i = past_quoted(&chars, i, '\'');
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// The index just past the literal opened by the quote at `i`, its
/// backslash escapes skipped.
fn past_quoted(chars: &[char], mut i: usize, quote: char) -> usize {
    i += 1;
    while i < chars.len() && chars[i] != quote {
        if chars[i] == '\\' {
            i += 1;
        }
        i += 1;
    }
    i + 1
}

fn ident_before(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

/// A quote that opens a character literal rather than a lifetime.
fn is_char_literal(chars: &[char], i: usize) -> bool {
    matches!(
        (chars.get(i + 1), chars.get(i + 2)),
        (Some('\\'), _) | (Some(_), Some('\''))
    )
}

/// The paths a `use` tree names: `a::{b, c::{d as e}, self}` gives `a::b`,
/// `a::c::d` and `a`.
fn expand(tree: &str, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    if tree.is_empty() {
        return;
    }
    if let Some(open) = tree.find('{') {
        let head: Vec<String> = segments(&tree[..open]);
        let mut base = prefix.to_vec();
        base.extend(head);
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        for part in split_top(inner) {
            expand(part, &base, out);
        }
        return;
    }
    let path = tree.split(" as ").next().unwrap_or(tree);
    let mut full = prefix.to_vec();
    for segment in segments(path) {
        if segment != "self" || full.is_empty() {
            full.push(segment);
        }
    }
    out.push(full);
}

fn segments(path: &str) -> Vec<String> {
    path.split("::")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// `text` split at the commas that are not inside braces.
fn split_top(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

/// A path as the crate sees it from module `module`: `crate::x` and
/// `super::x` made absolute (`crate` left out), anything else (`std`,
/// `ratatui`) as written, with `extern:` before it.
fn resolve(module: &[String], path: &[String]) -> Vec<String> {
    let mut at: Vec<String> = module.to_vec();
    let mut rest = path;
    match path.first().map(String::as_str) {
        Some("crate") => {
            at.clear();
            rest = &path[1..];
        }
        Some("super") => {
            while rest.first().map(String::as_str) == Some("super") {
                at.pop();
                rest = &rest[1..];
            }
        }
        Some("self") => rest = &path[1..],
        Some(first) if module_has_child(module, first) => {}
        Some(_) => {
            return std::iter::once("extern:".to_string())
                .chain(path.iter().cloned())
                .collect();
        }
        None => return Vec::new(),
    }
    at.extend(rest.iter().cloned());
    at
}

/// Whether `name` is a module of the crate under `module` (a `use child::x`
/// inside its parent).
fn module_has_child(module: &[String], name: &str) -> bool {
    let mut path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for part in module {
        path.push(part);
    }
    path.join(format!("{name}.rs")).is_file() || path.join(name).is_dir()
}

/// Every dependency of every module: the absolute paths it names.
fn dependencies() -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let mut all = BTreeMap::new();
    for (module, text) in sources() {
        let code = code_of(&text);
        let mut named = Vec::new();
        // `use` trees, up to their `;`.
        let mut rest = code.as_str();
        while let Some(at) = find_word(rest, "use") {
            let after = &rest[at + 3..];
            let end = after.find(';').unwrap_or(after.len());
            expand(&after[..end], &[], &mut named);
            rest = &after[end..];
        }
        // Paths written out in the code: `crate::a::b`, `super::a`.
        for start in ["crate::", "super::", "self::"] {
            let mut from = 0;
            while let Some(found) = code[from..].find(start) {
                let at = from + found;
                from = at + start.len();
                if at > 0
                    && code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':')
                {
                    continue;
                }
                let path: String = code[at..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                    .collect();
                named.push(segments(&path));
            }
        }
        let deps = named
            .iter()
            .map(|path| resolve(&module, path))
            .filter(|p| !p.is_empty())
            .collect();
        all.insert(module, deps);
    }
    all
}

fn find_word(text: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(found) = text[from..].find(word) {
        let at = from + found;
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        let alone = |c: Option<char>| c.is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        if alone(before) && after.is_some_and(char::is_whitespace) {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// The part a module belongs to: its first segment (`tui`, `engine`).
fn part(module: &[String]) -> &str {
    module.first().map_or("", String::as_str)
}

/// The part of the terminal game a module or path of `tui/` belongs to: its
/// second segment (`update`, `view`, `keys`), except that a screen's folder
/// (`tui/screens/library/`) holds one file of each layer, which counts with
/// that layer: its state with the model (`app`), its `update` with
/// `update`, its `view` with `view`.
fn tui_part(path: &[String]) -> Option<String> {
    if path.first().map(String::as_str) != Some("tui") || path.len() < 2 {
        return None;
    }
    if path[1] == "screens" && path.len() >= 4 {
        return Some(match path[3].as_str() {
            "state" => "app".to_string(),
            layer => layer.to_string(),
        });
    }
    Some(path[1].clone())
}

/// Fails for every module of `part_name` that depends on a path starting with
/// any of `forbidden` (`["tui"]`, `["extern:", "ratatui"]`), except where
/// `allowed` names the module and the path.
fn assert_free_of(part_name: &str, forbidden: &[&[&str]], allowed: &[(&str, &[&str])]) {
    for (module, deps) in dependencies() {
        if !(part(&module) == part_name || module.join("/").starts_with(part_name)) {
            continue;
        }
        for dep in &deps {
            for bad in forbidden {
                let hit = bad.len() <= dep.len() && bad.iter().zip(dep).all(|(b, d)| b == d);
                let excused = allowed
                    .iter()
                    .any(|(m, p)| module.join("/") == *m && p.iter().zip(dep).all(|(a, d)| a == d));
                assert!(
                    !hit || excused,
                    "{} depends on {}",
                    module.join("::"),
                    dep.join("::")
                );
            }
        }
    }
}

const INTERFACES: [&[&str]; 5] = [
    &["extern:", "ratatui"],
    &["extern:", "crossterm"],
    &["extern:", "clap"],
    &["tui"],
    &["cli"],
];

#[test]
fn the_reader_follows_grouped_and_relative_imports() {
    let mut out = Vec::new();
    expand(
        "super::{app::{App, Screen}, keys, msg::Msg as M}",
        &[],
        &mut out,
    );
    let module: Vec<String> = ["tui", "update", "game"].map(String::from).to_vec();
    let resolved: Vec<String> = out.iter().map(|p| resolve(&module, p).join("::")).collect();
    assert_eq!(
        resolved,
        [
            "tui::update::app::App",
            "tui::update::app::Screen",
            "tui::update::keys",
            "tui::update::msg::Msg"
        ]
    );
    // Comments and strings are no code.
    let code = code_of("// use crate::tui;\nlet s = \"crate::cli\";\nuse crate::engine::Pit;");
    assert!(!code.contains("tui") && !code.contains("cli"), "{code}");
    assert!(code.contains("crate::engine::Pit"));
}

#[test]
fn the_engine_is_pure_rules() {
    let mut forbidden = INTERFACES.to_vec();
    forbidden.extend([
        &["extern:", "std", "fs"][..],
        &["extern:", "std", "time"],
        &["extern:", "std", "thread"],
        &["ai"],
        &["session"],
        &["storage"],
        &["settings"],
        &["catalog"],
        &["report"],
        &["words"],
        &["rulebook"],
    ]);
    // Perft's parallel driver is the one place with threads.
    assert_free_of(
        "engine",
        &forbidden,
        &[("engine/perft", &["extern:", "std", "thread"])],
    );
}

/// The engine's ground floor (sides, pits, places, directions, rows, the
/// board's limits) stands on nothing else of the engine, and the board's
/// shape, its counts and moves stand on it alone, never on the rules:
/// the rules read them, not the other way round.
#[test]
fn the_ground_floor_stands_on_nothing_and_the_board_not_on_the_rules() {
    let engine_beyond = |allowed: &[&str]| -> Vec<Vec<String>> {
        [
            "rules",
            "game",
            "sow",
            "capture",
            "mechanics",
            "moves",
            "shape",
            "board",
        ]
        .iter()
        .filter(|m| !allowed.contains(m))
        .map(|m| vec!["engine".to_string(), (*m).to_string()])
        .collect()
    };
    for (module, deps) in dependencies() {
        let name = module.join("/");
        let forbidden = if name.starts_with("engine/ground") {
            engine_beyond(&[])
        } else if ["engine/shape", "engine/board", "engine/moves"].contains(&name.as_str()) {
            engine_beyond(&["shape", "board", "moves"])
        } else {
            continue;
        };
        for dep in &deps {
            assert!(
                !forbidden.iter().any(|bad| dep.starts_with(bad)),
                "{} depends on {}",
                module.join("::"),
                dep.join("::")
            );
        }
    }
}

#[test]
fn the_computer_player_sees_only_the_rules() {
    let mut forbidden = INTERFACES.to_vec();
    forbidden.extend([
        &["extern:", "std", "fs"][..],
        &["session"],
        &["storage"],
        &["settings"],
        &["catalog"],
        &["report"],
        &["words"],
    ]);
    assert_free_of("ai", &forbidden, &[]);
}

#[test]
fn the_middle_layer_knows_nothing_of_the_interfaces_and_goes_one_way() {
    // Each part may use those before it, never one after: the texts and
    // rule files, the match, other programs' records of it, its files and
    // settings, then the words that
    // tell them all, then the reports.
    let order = [
        "text", "catalog", "rulebook", "session", "records", "storage", "settings", "words",
        "report",
    ];
    for (i, name) in order.iter().enumerate() {
        assert_free_of(name, &INTERFACES, &[]);
        let later: Vec<[&str; 1]> = order[i + 1..].iter().map(|n| [*n]).collect();
        let later: Vec<&[&str]> = later.iter().map(|p| &p[..]).collect();
        assert_free_of(name, &later, &[]);
    }
}

#[test]
fn handling_keys_and_clicks_never_asks_the_drawing() {
    // Screen areas come from `tui/layout.rs`, which both sides use; the
    // words come from `describe`, which draws nothing. A screen's own
    // `update` counts with `update`, its `view` with `view`.
    let drawing = Some("view".to_string());
    for (module, deps) in dependencies() {
        let handling = tui_part(&module).is_some_and(|p| {
            ["app", "update", "keys", "describe", "layout", "help_text"].contains(&p.as_str())
        });
        if !handling {
            continue;
        }
        for dep in &deps {
            assert!(
                tui_part(dep) != drawing,
                "{} depends on {}",
                module.join("::"),
                dep.join("::")
            );
        }
    }
}

/// Depth-first search for a back edge, naming the circle found.
fn visit(
    node: &str,
    edges: &BTreeMap<String, BTreeSet<String>>,
    path: &mut Vec<String>,
    done: &mut BTreeSet<String>,
) {
    if let Some(at) = path.iter().position(|n| n == node) {
        panic!(
            "a circle of imports in tui/: {} -> {node}",
            path[at..].join(" -> ")
        );
    }
    if done.contains(node) {
        return;
    }
    path.push(node.to_string());
    for next in edges.get(node).into_iter().flatten() {
        visit(next, edges, path, done);
    }
    path.pop();
    done.insert(node.to_string());
}

#[test]
fn the_terminal_games_parts_form_no_circle() {
    // Each module of `tui/` (its submodules counted with it) and the parts
    // of `tui/` it names: following them never comes back.
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, deps) in dependencies() {
        let Some(from) = tui_part(&module) else {
            continue;
        };
        let targets = edges.entry(from.clone()).or_default();
        for dep in deps {
            if let Some(to) = tui_part(&dep).filter(|to| *to != from) {
                targets.insert(to);
            }
        }
    }
    let mut done = BTreeSet::new();
    for node in edges.keys() {
        visit(node, &edges, &mut Vec::new(), &mut done);
    }
}
