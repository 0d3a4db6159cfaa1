//! The worked examples of `docs/rules.md`, played: every paragraph that
//! begins `*Worked example.*` and says "The position after it: `...`" is
//! checked against the engine (from the position it quotes first, or from
//! the start where it says so), so the rules as written and as played
//! cannot drift apart.

mod common;

use std::sync::Arc;

use mancala::engine::{Direction, GameState, Move, Pit, Position, Side};

/// A worked example: its section, where it starts (`None`: the game's
/// start, South first), the pits played and the position after them.
struct Example {
    section: String,
    start: Option<String>,
    pits: Vec<Move>,
    after: String,
}

/// The texts between backquotes, each with its line breaks made spaces.
fn quoted(paragraph: &str) -> Vec<String> {
    paragraph
        .split('`')
        .skip(1)
        .step_by(2)
        .map(|q| q.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

/// The move of each "plays pit N" in the paragraph, in order, with its
/// way where the paragraph names one ("plays pit 1 clockwise").
fn pits_played(paragraph: &str) -> Vec<Move> {
    paragraph
        .split("plays pit ")
        .skip(1)
        .map(|rest| {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            let pit = Pit::new(digits.parse().expect("a pit number after `plays pit`"));
            let after = &rest[digits.len()..];
            if after.starts_with(" counter-clockwise") {
                Move::sow_toward(pit, Direction::CounterClockwise)
            } else if after.starts_with(" clockwise") {
                Move::sow_toward(pit, Direction::Clockwise)
            } else {
                Move::sow(pit)
            }
        })
        .collect()
}

fn examples() -> Vec<Example> {
    let text = include_str!("../docs/rules.md");
    let mut found = Vec::new();
    for section in text.split("\n## ").skip(1) {
        let title = section.lines().next().unwrap_or_default().to_string();
        for paragraph in section.split("\n\n") {
            if !paragraph.starts_with("*Worked example.*") {
                continue;
            }
            // Line breaks are spaces, wherever the text was wrapped.
            let paragraph = paragraph.split_whitespace().collect::<Vec<_>>().join(" ");
            let paragraph = paragraph.as_str();
            // The position after the moves, where the paragraph gives it.
            let Some((before, after)) = paragraph.split_once("The position after it") else {
                continue;
            };
            let after = quoted(after)
                .first()
                .cloned()
                .expect("the position after it, quoted");
            let start = if before.contains("From the start") {
                None
            } else {
                quoted(before).into_iter().find(|q| q.starts_with("south:"))
            };
            found.push(Example {
                section: title.clone(),
                start,
                pits: pits_played(paragraph),
                after,
            });
        }
    }
    found
}

#[test]
fn every_worked_example_plays_as_the_rules_say() {
    let catalog = mancala::catalog::Catalog::with_user_dir(None);
    let examples = examples();
    for example in &examples {
        let entry = catalog
            .entries()
            .iter()
            .find(|e| example.section.ends_with(e.rules.name()))
            .or_else(|| {
                catalog
                    .entries()
                    .iter()
                    .find(|e| example.section.contains(&format!("{} (", e.rules.name())))
            })
            .unwrap_or_else(|| panic!("no rule set for section {}", example.section));
        let rules = entry.rules.clone();
        let start = match &example.start {
            Some(text) => Position::from_text(&rules, text)
                .unwrap_or_else(|e| panic!("{}: {e}", example.section)),
            None => Position::new(&rules, Side::South),
        };
        let mut game = GameState::at(Arc::clone(&rules), start);
        for &played in &example.pits {
            game = game
                .play(played)
                .unwrap_or_else(|e| panic!("{}: {played}: {e}", example.section));
        }
        assert_eq!(game.to_text(&rules), example.after, "{}", example.section);
    }
    // Each of the games of rules.md §8 and §9 has one at least.
    for id in [
        "congkak",
        "sungka",
        "pallanguzhi",
        "ali-guli-mane",
        "mangala",
        "ayo-olopon",
        "songo",
        "das-bohnenspiel",
        "endodoi",
        "bestemshe",
        "nam-nam",
        "gabata",
        "layli-goobalay",
    ] {
        let name = common::builtin(id).name().to_string();
        assert!(
            examples.iter().any(|e| e.section.ends_with(&name)),
            "{name} has no worked example"
        );
    }
}
