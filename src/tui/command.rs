//! What `update` asks the runner to do: input and output, searches, and
//! settings. Each command carries what it needs, so the effects never read
//! the model; their answers come back as messages.

use std::path::PathBuf;
use std::sync::Arc;

use crate::ai::Level;
use crate::engine::{History, Position, Rules, Side};
use crate::session::Session;
use crate::storage::BranchPoint;

use crate::settings::Setting;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A new match begins: it gets an id and, from its first write, a file of
    /// its own (and the `--save` file, if this is the match that command began).
    BeginMatch,
    /// A new match played on from a replay begins.
    BeginBranch(BranchPoint),
    /// The match in play leaves the screen: its file is released (another
    /// game may take it up), once it is written.
    CloseMatch,
    /// Write the match in play, as it now stands.
    SaveMatch(Box<Session>),
    /// Write a named copy of the match in play; `replace` once the player
    /// agreed to replace a copy of that name.
    SaveCopy {
        session: Box<Session>,
        name: String,
        replace: bool,
    },
    /// Read the list of saved matches.
    ListMatches,
    /// Open this file in the replay viewer, at its start or its end.
    OpenReplay { path: PathBuf, at_end: bool },
    /// Take this library match up again, if no other game plays it.
    ResumeMatch(PathBuf),
    /// Move this file to the trash folder beside it.
    Trash(PathBuf),
    /// Move a file back from the trash (`from`) to where it was (`to`).
    Restore { from: PathBuf, to: PathBuf },
    /// Bring in the record at this path (as typed) as a new match.
    Import(String),
    /// Write the match in this file for another program, in the exports
    /// folder.
    Export {
        path: PathBuf,
        format: crate::records::Format,
    },
    /// Give the match in this file a title (or none).
    SetTitle {
        path: PathBuf,
        title: Option<String>,
    },
    /// Let the computer choose a move at `level`.
    Think {
        /// The match on screen and the computer's side in it: a seat's
        /// computer keeps what it worked out through the match.
        seat: (u64, Side),
        rules: Arc<Rules>,
        position: Position,
        /// The match's positions since its last capture, for the end by
        /// repetition.
        past: History,
        level: Level,
        seed: u64,
    },
    /// Let the computer, the round's loser, choose the pits to fill for
    /// the next round (rules.md §12).
    ChooseFill {
        rules: Arc<Rules>,
        position: Position,
        level: Level,
    },
    /// Search every move of the player to move, for a hint.
    Hint {
        rules: Arc<Rules>,
        past: History,
        position: Position,
    },
    /// Value every position of a match, for the replay viewer.
    Analyse(Box<Session>),
    /// Value again, as hard as a hint, the moves the quick values (these)
    /// found losing.
    Confirm(Box<Session>, Vec<crate::tui::msg::Judged>),
    /// Change a setting.
    Set(Setting),
    /// Read the rule sets again (after the player fixed or added a file).
    ReadRules,
}
