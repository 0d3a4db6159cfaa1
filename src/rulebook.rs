//! The full rules (`docs/rules.md`), compiled into the binary so that someone
//! with only the program can read them: the sections every game shares, and
//! each built-in game's own section with its worked examples.

use std::fmt::Write;

use crate::engine::Rules;

/// `docs/rules.md` as it was when the program was built.
const TEXT: &str = include_str!("../docs/rules.md");

/// The numbered sections, each as its heading (without `## `) and body.
fn sections() -> impl Iterator<Item = (&'static str, &'static str)> {
    TEXT.split("\n## ").skip(1).map(|section| {
        let (heading, body) = section.split_once('\n').unwrap_or((section, ""));
        (heading.trim(), body.trim())
    })
}

/// Whether a heading ("5. Kalaha", "8. Oware (Abapa)") is the one of the
/// game called `name`.
fn is_game(heading: &str, name: &str) -> bool {
    heading
        .split_once(". ")
        .is_some_and(|(_, title)| title == name || title.starts_with(&format!("{name} (")))
}

/// The sections that hold for every game: the board, a turn, the end of a
/// round and matches of rounds.
const SHARED: [&str; 4] = ["1.", "2.", "3.", "4."];

/// Markdown's marks taken out, for a terminal: emphasis goes; code (a
/// position, a key, a line of a rule file) is kept as written, in quotes
/// unless it has quotes of its own.
fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    // Between backticks (odd parts) is code.
    for (index, part) in text.split('`').enumerate() {
        if index % 2 == 0 {
            out.push_str(&part.replace("**", "").replace('*', ""));
        } else if part.contains('"') {
            out.push_str(part);
        } else {
            let _ = write!(out, "\"{part}\"");
        }
    }
    out
}

/// The game's own section, as plain text (a rule file of the player's own
/// has none).
#[must_use]
pub fn game_section(rules: &Rules) -> Option<String> {
    sections()
        .find(|(heading, _)| is_game(heading, rules.name()))
        .map(|(_, body)| plain(body))
}

/// Everything a player of `rules` may want to read: how every game goes
/// (each mechanic with the key that turns it on), then the game's section.
#[must_use]
pub fn in_full(rules: &Rules) -> String {
    let mut text = String::new();
    for (heading, body) in sections() {
        let shared = SHARED.iter().any(|n| heading.starts_with(n));
        if shared || is_game(heading, rules.name()) {
            let _ = write!(text, "{}\n\n{}\n\n", plain(heading), plain(body));
        }
    }
    text.trim_end().to_string() + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    #[test]
    fn every_built_in_game_has_its_section() {
        for entry in Catalog::with_user_dir(None).entries() {
            let section = game_section(&entry.rules);
            let section = section.unwrap_or_else(|| panic!("{}: no section", entry.rules.id()));
            assert!(section.len() > 300, "{}: {section}", entry.rules.id());
            assert!(!section.contains('`') && !section.contains("**"));
            assert!(!section.contains("\"\""), "{}: {section}", entry.rules.id());
        }
    }

    #[test]
    fn code_is_kept_as_written_and_quoted_once() {
        assert_eq!(
            plain("Where stores are sown (`board.stores = \"sown\"`), **the** *mover*"),
            "Where stores are sown (board.stores = \"sown\"), the mover"
        );
        assert_eq!(
            plain("marked `◆` (`*` in ASCII)"),
            "marked \"◆\" (\"*\" in ASCII)"
        );
    }

    /// The facts the shared sections give about the built-in games are the
    /// built-in rule files' own.
    #[test]
    fn what_the_text_says_of_the_built_in_games_is_so() {
        let catalog = Catalog::with_user_dir(None);
        let built_in: Vec<&Rules> = catalog
            .entries()
            .iter()
            .filter(|e| e.origin == crate::catalog::Origin::BuiltIn)
            .map(|e| &*e.rules)
            .collect();
        let fewest = built_in.iter().map(|r| r.pits()).min().unwrap();
        let most = built_in.iter().map(|r| r.pits()).max().unwrap();
        let said = format!("the built-in boards have {fewest} to {most} pits a row");
        assert!(TEXT.contains(&said), "§1 should say: {said}");
        // §4 names every game played in rounds, and no other.
        let (_, rounds) = sections().find(|(h, _)| h.starts_with("4.")).unwrap();
        let first = rounds
            .split(" are played as matches")
            .next()
            .unwrap()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        // A name as the list gives it: not the start of a longer one
        // ("Nam-nam" in "Nam-nam (match)").
        let names = |name: &str| {
            first
                .match_indices(name)
                .any(|(at, _)| !first[at + name.len()..].starts_with(" ("))
        };
        for rules in &built_in {
            let many = rules.plan().rounds.rounds == crate::engine::Rounds::Many;
            assert_eq!(
                names(rules.name()),
                many,
                "§4 and {}'s rule file disagree",
                rules.name()
            );
        }
    }

    #[test]
    fn in_full_is_the_shared_sections_then_the_game() {
        let catalog = Catalog::with_user_dir(None);
        let oware = &catalog.find("oware").unwrap().rules;
        let text = in_full(oware);
        let at = |words: &str| text.find(words).unwrap_or_else(|| panic!("{words}"));
        assert!(at("1. The board") < at("2. A turn"));
        assert!(at("4. Matches of rounds") < at("8. Oware (Abapa)"));
        assert!(!text.contains("5. Kalaha"));
        assert!(!text.contains("24. Where the rules come from"));
    }
}
