//! Everything that can happen to the interface: keys, clicks, time, resizes,
//! and the answers of the effects (files read and written, searches done).

use std::path::PathBuf;

use crate::catalog::Entry;
use crate::engine::Move;
use crate::session::Session;
use crate::storage::{Listing, MatchMeta};

pub use super::judged::{HintReach, Judged};

use super::broken::BrokenRuleFile;

/// A key or click that stands for itself rather than for an intent: which
/// digit, letter or cell it was is what the screen it lands on reads. The key
/// table says in which contexts each is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// A digit key: a pit number for the player to move, an entry's number.
    Digit(u8),
    /// A key of one player's row (see the board widget's key rows).
    RowKey(char),
    /// A character typed into a text field.
    Char(char),
    /// A left click at a screen cell.
    Click { column: u16, row: u16 },
}

/// A message for [`super::update::update`], the only code that changes the
/// model. Three kinds, in this order: what a key of the key table means
/// (an intent, the same whichever key of the binding was pressed), raw
/// [`Input`], and what happened (answers of the effects, time, resizes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Msg {
    Up,
    Down,
    Left,
    Right,
    PageUp,
    PageDown,
    /// Enter or Space: choose, sow, go on.
    Confirm,
    /// Esc: go back or close.
    Back,
    /// Quit (asking first during a match).
    Quit,
    /// Quit at once: the terminal is too small to ask (the match is saved).
    QuitNow,
    /// Show the end of the move being sown.
    Skip,
    /// Hide or show a round's or match's result, to look at the board.
    ToggleBox,
    /// After a match: another with the same players and rules.
    Rematch,
    /// Read the rule files again, after fixing or adding one.
    ReloadRules,
    /// `?`: help for this screen and the variant's rules.
    Help,
    Backspace,
    /// Ctrl+U: empty the text field.
    ClearField,
    /// Tab: the next field.
    NextField,
    Undo,
    Redo,
    Faster,
    Slower,
    ToggleMotion,
    /// The next look: colour, high contrast, monochrome.
    NextLook,
    NextRound,
    /// Space while the round's loser chooses the pits to fill: the pit
    /// under the cursor filled, or left empty again.
    TogglePit,
    EndMatch,
    Yes,
    No,
    /// `s`: save the match under a name.
    Save,
    /// Home / `g`: the start (of a replay).
    Home,
    /// End / `G`: the end (of a replay).
    End,
    /// `p`: play on from the position a replay shows.
    PlayOn,
    /// In the list of matches, `/`: type to filter it.
    Filter,
    /// In the list, `c`: continue the chosen match.
    ContinueMatch,
    /// In the list, `d` or Delete: move the chosen file to the trash.
    Delete,
    /// In the list, `u`: bring back the match deleted last.
    UndoDelete,
    /// In the list, `r`: rename the chosen match (give it a title).
    Rename,
    /// In the list, `x`: write the chosen match for another program.
    Export,
    /// In the export box: this format.
    ExportAs(crate::records::Format),
    /// In the list, `o`: newest or oldest first.
    Order,
    /// `H`: a hint for the player to move.
    Hint,
    /// Tab: what the pit under the cursor would do, shown before it is
    /// played.
    Preview,
    /// `+`: at the nyumba, go on safari (§10.4).
    Safari,
    /// Ctrl+T: the board turned round (North's rows at the bottom), or back.
    TurnBoard,
    /// `l`: the moves so far, every turn told whole.
    Moves,
    /// The odd-or-even guess: odd.
    Odd,
    /// The odd-or-even guess: even.
    Even,
    /// The computer chose this move in the position with this key
    /// (`None`: it found no legal move).
    ComputerMove {
        key: u64,
        chosen: Option<Move>,
        /// What the computer expects of it: its final margin (below 0, the
        /// other side is ahead).
        value: i32,
        /// The moves it means to make after this one in the same turn.
        rest: Vec<Move>,
        /// What the player is told beside the move: that the computer
        /// plays without an endgame table it found damaged.
        warning: Option<String>,
    },
    /// The computer, the round's loser in the position with this key, chose
    /// these pits to fill (`None`: there was no choice to make).
    ComputerFill {
        key: u64,
        fill: Option<crate::engine::Fill>,
    },
    /// Every move's value (for the player to move) in the position with this
    /// key, best first, and how far the search that found them saw.
    HintReady {
        key: u64,
        values: Vec<(Move, i32)>,
        reach: HintReach,
    },
    /// The value for South of every position of the match started at
    /// `started_at` with `steps` actions.
    AnalysisReady {
        started_at: u64,
        steps: usize,
        values: Vec<Judged>,
    },
    /// The positions around the moves the quick pass found losing, valued
    /// again as hard as a hint (by index), which alone may mark a move.
    AnalysisConfirmed {
        started_at: u64,
        steps: usize,
        confirmed: Vec<(usize, Judged)>,
    },
    /// Everything this game has to write is on disk.
    Saved,
    /// A match could not be written; it is kept in memory and tried again.
    SaveFailed {
        reason: String,
    },
    /// The match's file is no longer this game's to write (another game took
    /// the match up, or its file or folder was replaced): its moves are kept
    /// in memory only, and a copy can be saved.
    MatchLost {
        reason: String,
    },
    /// A named copy was written.
    CopySaved {
        path: PathBuf,
    },
    /// A copy of that name exists already: ask before replacing it.
    CopyExists {
        name: String,
        path: PathBuf,
    },
    CopyNotSaved {
        reason: String,
    },
    /// The saved matches, newest first.
    MatchesListed(Vec<Listing>),
    /// A saved match, verified, for the replay viewer (to be shown from its
    /// start, or from its end).
    ReplayOpened {
        session: Box<Session>,
        path: PathBuf,
        meta: MatchMeta,
        at_end: bool,
    },
    /// A library match taken up again; this game now writes it.
    MatchResumed {
        session: Box<Session>,
        path: PathBuf,
    },
    /// Another running game plays that match.
    OpenElsewhere {
        path: PathBuf,
    },
    /// A file was moved to the trash folder beside it.
    Trashed {
        path: PathBuf,
        to: PathBuf,
    },
    /// A file deleted is back where it was.
    Restored {
        path: PathBuf,
    },
    /// A match's title was written.
    Retitled {
        path: PathBuf,
    },
    /// A record was brought in as the match in `path`; `told` says what
    /// it held.
    Imported {
        path: PathBuf,
        told: String,
    },
    /// The record at the path typed was refused, and why.
    ImportRefused {
        typed: String,
        reason: String,
    },
    /// A match was written for another program; `told` says where.
    Exported {
        told: String,
    },
    /// A file could not be opened, moved or changed; it is as it was.
    FileFailed {
        reason: String,
    },
    /// The rule sets as read again from the built-ins and the user's folder.
    RulesRead {
        variants: Vec<Entry>,
        broken: Vec<BrokenRuleFile>,
    },
    /// Something the player should know from the start (older saves moved in).
    Note(String),
    /// A key, typed or clicked, that stands for itself.
    Input(Input),
    /// Time passed while something moves on screen.
    Tick {
        ms: u64,
    },
    Resize {
        width: u16,
        height: u16,
    },
}
