//! The menu, the setup screen and the headings and labels of every screen.

use crate::ai::Level;
use crate::engine::Side;

use crate::tui::app::{MenuItem, Setup, StarterChoice};

/// The line under the menu's title.
pub const TAGLINE: &str =
    "Kalaha, Oware, Toguz Kumalak and more mancala games for two at one keyboard";

#[must_use]
pub fn menu_label(item: MenuItem) -> &'static str {
    match item {
        MenuItem::Continue => "Continue",
        MenuItem::Play => "Play",
        MenuItem::Replay => "Replay",
        MenuItem::Import => "Import",
        MenuItem::Rules => "Rules",
        MenuItem::Quit => "Quit",
    }
}

#[must_use]
pub fn menu_hint(item: MenuItem) -> &'static str {
    match item {
        MenuItem::Continue => "resume an unfinished match",
        MenuItem::Play => "with a friend or against the computer",
        MenuItem::Replay => "watch a saved match, or play on from it",
        MenuItem::Import => "a game from Aualé (.ogn) or PlayStrategy",
        MenuItem::Rules => "read how each variant is played",
        MenuItem::Quit => "leave the game",
    }
}

/// How the first player is settled, in words, with the players' names.
#[must_use]
pub fn starter_label(choice: StarterChoice, setup: &Setup) -> String {
    match choice {
        StarterChoice::South => {
            format!(
                "{} starts",
                crate::words::named(&setup.name(Side::South), Side::South)
            )
        }
        StarterChoice::North => {
            format!(
                "{} starts",
                crate::words::named(&setup.name(Side::North), Side::North)
            )
        }
        StarterChoice::Random => "Drawn by lot".to_string(),
        StarterChoice::OddEven => "Odd-or-even guess".to_string(),
    }
}

/// "no limit" or "up to 5 rounds".
#[must_use]
pub fn round_limit_label(limit: Option<u16>) -> String {
    match limit {
        None => "no limit".to_string(),
        Some(1) => "1 round".to_string(),
        Some(n) => format!("up to {n} rounds"),
    }
}

/// "person" or "computer (hard)".
#[must_use]
pub fn seat_label(seat: Option<Level>) -> String {
    seat.map_or_else(
        || "person".to_string(),
        |level| format!("computer ({level})"),
    )
}

pub const CHOOSE_A_GAME: &str = "Choose a game";
pub const RULES_TITLE: &str = "Rules";
pub const YOUR_RULE_FILE: &str = "your rule file";
pub const FIND_LABEL: &str = "Find: ";
pub const FIND_HINT: &str = "a name, place or kind";
pub const NO_GAME_FOUND: &str = "No game has that in its name, place or kind (\"four rows\", \
     \"rounds\"): Backspace or Esc to search again.";
/// The mark of a game played lately, at the top of the list.
pub const LATELY_WORD: &str = "lately";
pub const PLAYED_IN_LABEL: &str = "Where   ";
pub const ROUNDS_WORD: &str = "rounds";

/// "↓ 10 more", "↑ 2 more": games of the list out of sight.
#[must_use]
pub fn more_games(count: usize, above: bool) -> String {
    let arrow = if above { '↑' } else { '↓' };
    format!("{arrow} {count} more")
}

/// A board as the list of games shows it: "2×7×7" (rows, pits a row,
/// seeds a pit), "4×8×…" where the start is listed pit by pit (the pane
/// beside the list gives it whole).
#[must_use]
pub fn board_in_short(rows: u8, pits: u8, seeds: Option<u8>) -> String {
    match seeds {
        Some(seeds) => format!("{rows}×{pits}×{seeds}"),
        None => format!("{rows}×{pits}×…"),
    }
}

/// The second line of a game in the list: "lately · rounds · Malaysia".
#[must_use]
pub fn game_line(lately: bool, rounds: bool, played_in: Option<&str>, yours: bool) -> String {
    let mut parts = Vec::new();
    if lately {
        parts.push(LATELY_WORD);
    }
    if rounds {
        parts.push(ROUNDS_WORD);
    }
    if yours {
        parts.push(YOUR_RULE_FILE);
    }
    if let Some(place) = played_in {
        parts.push(place);
    }
    parts.join(" · ")
}
pub const CANNOT_BE_PLAYED: &str = "cannot be played";
pub const FILE_LABEL: &str = "File    ";
pub const BOARD_LABEL: &str = "Board   ";
pub const PLAY_LABEL: &str = "Play    ";
pub const IN_FULL: &str = "In full, with worked examples";

#[must_use]
pub fn new_match(rules: &str) -> String {
    format!("New match: {rules}")
}

pub const SOUTH_FIELD: &str = "South (bottom row)  ";
pub const NORTH_FIELD: &str = "North (top row)     ";
pub const PLAYED_BY: &str = "   played by        ";
pub const WHO_STARTS: &str = "Who starts          ";
pub const ROUNDS_FIELD: &str = "Rounds              ";
pub const SWAP_FIELD: &str = "Swap rule           ";

/// The swap rule's choice, and what it means, briefly, where it is on.
#[must_use]
pub fn swap_rule_label(on: bool) -> (&'static str, Option<&'static str>) {
    if on {
        (
            "on",
            Some("after the first turn, the other player may take that side"),
        )
    } else {
        ("off", None)
    }
}
pub const START_THE_MATCH: &str = "  Start the match  ";

pub const PLAYERS_COLUMN: &str = "players or title";
pub const VARIANT_COLUMN: &str = "variant";
pub const PLAYED_COLUMN: &str = "last played";
pub const ROUNDS_COLUMN: &str = " rounds";
pub const RESULT_COLUMN: &str = "result";
pub const FILE_COLUMN: &str = " file";

/// The chart's word beside a side: whose lead its half shows.
pub const AHEAD: &str = "ahead";

/// A closed pit's word, as wide as the pit allows.
#[must_use]
pub fn closed_word(width: u16) -> &'static str {
    if width >= 6 { "closed" } else { "shut" }
}

#[must_use]
pub fn how_played(rules: &str) -> String {
    format!("How {rules} is played")
}

pub const NO_DATA_FOLDER: &str = "there is no data folder to save in";

#[must_use]
pub fn settings_not_saved(error: &str) -> String {
    format!("Settings not saved: {error}")
}
