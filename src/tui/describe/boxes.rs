//! The boxes over a screen: questions, the copy and the title.

pub const SAVE_A_COPY: &str = "Save a copy";
pub const NAME_LABEL: &str = "Name: ";

/// Where a copy goes.
#[must_use]
pub fn copy_where(folder: &str) -> String {
    format!("A copy of the match as it stands, in {folder}/")
}

pub const REPLACE: &str = "Replace?";
pub const REPLACE_IT: &str = "Replace it with this match as it stands?";

#[must_use]
pub fn copy_exists(name: &str) -> String {
    format!("A copy named {name}.toml exists already.")
}

pub const OPEN_ELSEWHERE: &str = "Open in another game";
pub const PLAYED_ELSEWHERE_BOX: &str = "This match is being played in another game.";
pub const WATCH_INSTEAD: &str = "Watch it read-only instead?";

pub const SWAP_TITLE: &str = "Swap? (the swap rule)";

/// The swap's question in two halves, one line where it fits, two so that
/// no name is broken: "Bo: play on as North, or swap and take South,",
/// "the side Ann has just played?".
#[must_use]
pub fn swap_offer(session: &crate::session::Session, second: crate::engine::Side) -> [String; 2] {
    let side = |s| crate::words::side_title(s);
    [
        format!(
            "{}: play on as {}, or swap and take {},",
            session.display_name(second),
            side(second),
            side(second.other())
        ),
        format!(
            "the side {} has just played?",
            session.display_name(second.other())
        ),
    ]
}

pub const END_THE_MATCH: &str = "End the match?";
pub const END_MIDWAY: &str = "End the match here, in the middle of the round?";

/// How a match ended midway is counted, in the rule set's word for a store.
#[must_use]
pub fn rows_counted(store: &str) -> String {
    format!("Each player adds the seeds on their row to their {store}:")
}

pub const DELETE: &str = "Delete?";
pub const TO_THE_TRASH: &str = "The file moves to the trash folder beside it;";

/// How a deleted match comes back.
#[must_use]
pub fn undo_delete(key: &str) -> String {
    format!("{key} in the list brings it back.")
}

pub const RENAME: &str = "Rename the match";

pub const IMPORT: &str = "Import a game";
pub const IMPORT_WHAT: &str =
    "The file of a game: Aualé's OGN, or a PlayStrategy position and its moves.";
pub const PATH_LABEL: &str = "File: ";

pub const EXPORT: &str = "Export the match";

/// Where an exported match goes.
#[must_use]
pub fn export_where(folder: &str) -> String {
    format!("Written to {folder}, as:")
}
pub const TITLE_FOR_THE_LIST: &str = "A title for the list (empty: none)";
pub const TITLE_LABEL: &str = "Title: ";

pub const QUIT: &str = "Quit?";
pub const UNWRITTEN: &str = "A match could not be written (see the top line).";
pub const QUITTING_LOSES: &str = "Quitting now loses what is not saved.";
pub const QUIT_SAVED: &str = "Quit mancala? The match is saved:";
pub const CONTINUE_RESUMES: &str = "Continue in the menu resumes it.";
