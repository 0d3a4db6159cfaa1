//! Finding a game among many: each word typed begins a word of the game's
//! name, id, place, region or families ("ayo", "sri lan", "africa", "four
//! rows", "rounds"), letters with accents matching their plain forms. The
//! list of games and `mancala rules list` find the same games.

use crate::engine::{Relay, Rounds, Rules};

/// What a game shares with others: its board and the mechanics it plays
/// (`rules list --family`), worked out from its rules, never from its name.
pub const FAMILIES: [&str; 12] = [
    "two rows",
    "four rows",
    "rounds",
    "one game",
    "relay",
    "kalah capture",
    "captures by count",
    "captures while sowing",
    "leap capture",
    "owned pits",
    "chosen direction",
    "seeds in hand",
];

/// The families that say the board and the kind of match, which the list
/// of games shows otherwise (its board, "rounds").
pub const BOARD_AND_MATCH: [&str; 4] = ["two rows", "four rows", "rounds", "one game"];

/// The families of [`FAMILIES`] a rule set belongs to.
#[must_use]
pub fn families(rules: &Rules) -> Vec<&'static str> {
    let plan = rules.plan();
    let is = [
        rules.rows() == 2,
        rules.rows() == 4,
        plan.rounds.rounds == Rounds::Many,
        plan.rounds.rounds == Rounds::Single,
        plan.relay != Relay::Off,
        plan.across.is_some(),
        plan.by_count.is_some(),
        plan.while_sowing.is_some(),
        plan.leap.is_some(),
        plan.owned_pits.is_some(),
        plan.ways.chosen(),
        rules.board().in_hand > 0,
    ];
    FAMILIES
        .iter()
        .zip(is)
        .filter(|(_, is)| *is)
        .map(|(family, _)| *family)
        .collect()
}

/// What was typed to find a game, as words.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Search {
    words: Vec<String>,
}

/// `text` as plain lowercase words (accents and other scripts made plain).
fn words(text: &str) -> Vec<String> {
    deunicode::deunicode(text)
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

impl Search {
    #[must_use]
    pub fn new(typed: &str) -> Search {
        Search {
            words: words(typed),
        }
    }

    /// Nothing was typed: every game is found.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// Whether each word typed begins a word of `text`.
    #[must_use]
    pub fn finds(&self, text: &str) -> bool {
        let have = words(text);
        self.words
            .iter()
            .all(|w| have.iter().any(|h| h.starts_with(w.as_str())))
    }

    /// Whether each word typed is a whole word of `text` ("south asia" is
    /// not Southeast Asia).
    #[must_use]
    pub fn names(&self, text: &str) -> bool {
        let have = words(text);
        self.words.iter().all(|w| have.contains(w))
    }

    /// Whether it finds the rule set: by its name, id, place, region or
    /// families.
    #[must_use]
    pub fn finds_rules(&self, rules: &Rules) -> bool {
        self.finds(&searched_text(rules))
    }

    /// How well `name` answers: 0 where it begins with what was typed, 1
    /// where it holds it, 2 otherwise (found by id, place or family).
    #[must_use]
    pub fn rank(&self, name: &str) -> u8 {
        let typed = self.words.join(" ");
        let name = words(name).join(" ");
        if name.starts_with(&typed) {
            0
        } else if name.contains(&typed) {
            1
        } else {
            2
        }
    }
}

/// Everything a search looks in for one rule set.
fn searched_text(rules: &Rules) -> String {
    format!(
        "{} {} {} {} {}",
        rules.name(),
        rules.id(),
        rules.played_in().unwrap_or_default(),
        rules.region().map_or("", |r| r.name()),
        families(rules).join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    fn found(typed: &str) -> Vec<String> {
        let search = Search::new(typed);
        Catalog::with_user_dir(None)
            .entries()
            .iter()
            .filter(|e| search.finds_rules(&e.rules))
            .map(|e| e.rules.id().to_string())
            .collect()
    }

    /// The issue's own examples: a name, a country, a board and a kind of
    /// match each find what a player means by them.
    #[test]
    fn names_places_boards_and_matches_find_their_games() {
        assert_eq!(found("bao"), ["bao-kujifunza", "bao-kiswahili"]);
        let india = found("india");
        for id in ["sat-gharva", "pallanguzhi", "ali-guli-mane", "pandi"] {
            assert!(india.contains(&id.to_string()), "{india:?}");
        }
        assert!(!india.contains(&"oware".to_string()));
        assert_eq!(
            found("four rows"),
            ["igisoro", "bao-kujifunza", "bao-kiswahili"]
        );
        let rounds = found("rounds");
        assert!(rounds.contains(&"erherhe".to_string()), "{rounds:?}");
        assert!(!rounds.contains(&"oware".to_string()), "{rounds:?}");
        let africa = found("africa");
        for id in ["oware", "bao-kiswahili", "tihbat", "songo"] {
            assert!(africa.contains(&id.to_string()), "{africa:?}");
        }
        assert!(found("east asia").contains(&"toguz-xorgol".to_string()));
        assert!(found("nothing like this").is_empty());
    }

    #[test]
    fn families_are_read_from_the_rules() {
        let catalog = Catalog::with_user_dir(None);
        let of = |id: &str| families(&catalog.find(id).unwrap().rules);
        assert_eq!(of("kalaha"), ["two rows", "one game", "kalah capture"]);
        assert!(of("bao-kiswahili").contains(&"seeds in hand"));
        assert!(of("dakon").contains(&"relay"));
        assert!(of("erherhe").contains(&"captures by count"));
        // Every built-in game is on one board and plays one kind of match.
        for entry in catalog.entries() {
            let families = families(&entry.rules);
            let boards = families.iter().filter(|f| f.ends_with("rows")).count();
            assert_eq!(boards, 1, "{}", entry.rules.id());
        }
    }
}
