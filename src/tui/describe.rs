//! The terminal game's own sentences (what happens during an animation, a
//! hint, the lines of the menus); the words the command line shares with it
//! are in [`crate::words`].

use std::fmt::Write;

use crate::ai::Level;
use crate::engine::{Outcome, Pit, Position, Rules, Side};
use crate::session::Session;
use crate::words::{ending_reason, grand_slam, place_name, player_name, row_capture};

use super::anim::Flash;
use super::app::{MenuItem, Setup, StarterChoice};
use super::msg::HintReach;

/// The line under the menu's title.
pub const TAGLINE: &str =
    "Kalaha, Oware, Toguz Kumalak and more mancala games for two at one keyboard";

/// `" (F4 faster, F3 slower)"`: each key with what it does, only those
/// bound on the screen (`None` is left out; nothing bound, nothing said).
fn keys_note(pairs: &[(Option<String>, &str)]) -> String {
    let said: Vec<String> = pairs
        .iter()
        .filter_map(|(key, what)| key.as_ref().map(|key| format!("{key} {what}")))
        .collect();
    if said.is_empty() {
        String::new()
    } else {
        format!(" ({})", said.join(", "))
    }
}

/// The keys a setting's notice names, as the screen binds them.
pub struct SettingKeys {
    pub faster: Option<String>,
    pub slower: Option<String>,
    pub motion: Option<String>,
}

/// The notice after the speed changed.
#[must_use]
pub fn speed_set(speed_ms: u64, animated: bool, keys: &SettingKeys) -> String {
    if animated {
        let note = keys_note(&[
            (keys.faster.clone(), "faster"),
            (keys.slower.clone(), "slower"),
        ]);
        format!("Speed: {speed_ms} ms a seed{note}")
    } else {
        let note = keys_note(&[(keys.motion.clone(), "turns it on")]);
        format!("Speed: {speed_ms} ms a seed, once the animation is on{note}")
    }
}

/// The notice after the animation was turned on or off.
#[must_use]
pub fn motion_set(animated: bool, keys: &SettingKeys) -> String {
    let state = if animated {
        "on"
    } else {
        "off: moves appear at once"
    };
    let note = keys_note(&[(keys.motion.clone(), "to change")]);
    format!("Animation {state}{note}")
}

/// The notice after the look changed.
#[must_use]
pub fn look_set(look: crate::settings::Look, no_colour: bool) -> String {
    use crate::settings::Look;
    let name = match look {
        Look::Colour => "colour",
        Look::HighContrast => "high contrast",
        Look::Monochrome => "monochrome",
    };
    if no_colour {
        format!("Look: {name} (NO_COLOR is set: the screen stays monochrome)")
    } else {
        format!("Look: {name}")
    }
}

/// The footer's word for the speed keys: the pace, or that moves appear at
/// once.
#[must_use]
pub fn speed_word(speed_ms: u64, animated: bool) -> String {
    if animated {
        format!("speed ({speed_ms} ms)")
    } else {
        "speed (off)".to_string()
    }
}

/// A flash message during an animation.
#[must_use]
pub fn flash(session: &Session, flash: Flash) -> String {
    let name = |side: Side| player_name(session, side);
    match flash {
        Flash::Four { pit, owner } => {
            format!("Four in {} - {} takes them", place_name(pit), name(owner))
        }
        Flash::Relay { pit, count } => {
            format!("Relay: {count} seeds picked up from {}", place_name(pit))
        }
        Flash::Leap { pit, count, by } => format!(
            "Leap capture: {} takes {count} from {}",
            name(by),
            place_name(pit)
        ),
        Flash::Kalah {
            pit,
            opposite,
            count,
            by,
        } => format!(
            "Capture: {} takes {count} from {} and the seed in {}",
            name(by),
            place_name(opposite),
            place_name(pit)
        ),
        Flash::ExtraTurn { side } => format!("Last seed in the store - {} moves again", name(side)),
        Flash::RowCapture { by, chain } => {
            let what = row_capture(chain.taken());
            format!("{} {what}", name(by))
        }
        Flash::ToOwner { pit, owner } => format!(
            "{} is {}'s tuzdyk: the seed sown there goes to their store",
            place_name(pit),
            name(owner)
        ),
        Flash::PitOwned { pit, count, by } => crate::words::pit_owned(session, pit, count, by),
        Flash::Pass { side } => crate::words::pass(side),
        Flash::GrandSlam { by, spared } => {
            let why = grand_slam(by.other(), spared);
            format!("{} made {why}", name(by))
        }
        Flash::RoundEnd {
            took_remaining: Some(side),
            ..
        } => format!("No move left - {} takes the remaining seeds", name(side)),
        Flash::RoundEnd {
            took_remaining: None,
            ending,
        } => match ending_reason(ending) {
            Some(why) => format!("Game over: {why} - each player keeps the seeds on their row"),
            None => "A row is empty - each player keeps the seeds on their row".to_string(),
        },
    }
}

/// A hint: the best pit and every pit's value for the player to move.
#[must_use]
pub fn hint(session: &Session, mover: Side, values: &[(Pit, i32)], reach: HintReach) -> String {
    let Some(&(best, value)) = values.first() else {
        return "No hint: there is no move to weigh.".to_string();
    };
    let mut sorted = values.to_vec();
    sorted.sort_by_key(|&(pit, _)| pit);
    let all: Vec<String> = sorted
        .iter()
        .map(|(pit, v)| format!("{pit}:{v:+}"))
        .collect();
    let how = match reach {
        HintReach::Exact => "with perfect play".to_string(),
        HintReach::Plies(plies) => format!("looking {plies} moves ahead"),
    };
    format!(
        "Hint for {}: pit {best} ({} at the end, {how}).\nEvery pit: {}",
        session.display_name(mover),
        lead(value),
        all.join("  ")
    )
}

/// A lead in seeds as a player hears it: "8 seeds ahead", "8 behind",
/// "level".
#[must_use]
pub fn lead(value: i32) -> String {
    let seeds = |n: u32| {
        if n == 1 {
            "1 seed".to_string()
        } else {
            format!("{n} seeds")
        }
    };
    match value {
        0 => "level".to_string(),
        v if v > 0 => format!("{} ahead", seeds(v.unsigned_abs())),
        v => format!("{} behind", seeds(v.unsigned_abs())),
    }
}

/// The line under the board while the computer thinks: its name once (a
/// computer that kept the default name is named by its level already).
#[must_use]
pub fn thinking(session: &Session, side: Side) -> String {
    match session.computer(side) {
        Some(level) if session.name(side) != "Computer" => {
            format!(
                "{} (the computer, {level}) is thinking...",
                player_name(session, side)
            )
        }
        _ => format!("{} is thinking...", player_name(session, side)),
    }
}

/// A pit key pressed while the computer is to move.
#[must_use]
pub fn computer_to_move(session: &Session, side: Side) -> String {
    format!(
        "It is {}'s turn: wait for its move.",
        player_name(session, side)
    )
}

/// After a replayed move that lost a game its player could hold, by
/// verdicts that held at two depths.
pub const THREW_AWAY: &str = " - it threw the game away (?)";

/// The engine's value of the replayed position, and how far it looked.
#[must_use]
pub fn engine_value(judged: &super::msg::Judged) -> String {
    let reach = match judged.reach {
        HintReach::Exact => "exact".to_string(),
        HintReach::Plies(plies) => format!("{plies} moves"),
    };
    format!("engine: {:+} for South ({reach})", judged.value)
}

/// Beside a name being typed: how long a name may be, and when it is full.
#[must_use]
pub fn name_room(typed: usize) -> String {
    let most = crate::session::NAME_LENGTH;
    if typed >= most {
        format!("  {most} characters at most")
    } else {
        format!("  (up to {most} characters)")
    }
}

/// After a match was deleted from the list.
#[must_use]
pub fn deleted(to: &std::path::Path, undo: Option<&str>) -> String {
    match undo {
        Some(key) => format!("Deleted: moved to {} ({key} brings it back)", to.display()),
        None => format!("Deleted: moved to {}", to.display()),
    }
}

/// After deleting a match this run never wrote.
#[must_use]
pub fn deleted_unwritten() -> &'static str {
    "Deleted: it had never been written."
}

/// After a deleted match was brought back.
#[must_use]
pub fn restored(file: &str) -> String {
    format!("Brought back: {file} is in the list again.")
}

/// Undo asked for with nothing deleted in this visit.
#[must_use]
pub fn nothing_to_restore() -> &'static str {
    "Nothing to bring back: no match was deleted since the game started."
}

// -- Menus and setup --

#[must_use]
pub fn menu_label(item: MenuItem) -> &'static str {
    match item {
        MenuItem::Continue => "Continue",
        MenuItem::Play => "Play",
        MenuItem::Replay => "Replay",
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
        MenuItem::Rules => "read how each variant is played",
        MenuItem::Quit => "leave the game",
    }
}

/// How the first player is settled, in words, with the players' names.
#[must_use]
pub fn starter_label(choice: StarterChoice, setup: &Setup) -> String {
    match choice {
        StarterChoice::South => format!("{} starts (South)", setup.name(Side::South)),
        StarterChoice::North => format!("{} starts (North)", setup.name(Side::North)),
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

// -- The boxes over a screen --

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
pub const TITLE_FOR_THE_LIST: &str = "A title for the list (empty: none)";
pub const TITLE_LABEL: &str = "Title: ";

pub const QUIT: &str = "Quit?";
pub const UNWRITTEN: &str = "A match could not be written (see the top line).";
pub const QUITTING_LOSES: &str = "Quitting now loses what is not saved.";
pub const QUIT_SAVED: &str = "Quit mancala? The match is saved:";
pub const CONTINUE_RESUMES: &str = "Continue in the menu resumes it.";

// -- A match's results --

/// The line under the board while seeds move.
#[must_use]
pub fn lap_line(lap: u32, hand: u16) -> String {
    format!(
        "Lap {lap}  -  {hand} seed{} in hand",
        if hand == 1 { "" } else { "s" }
    )
}

/// The header's count of rounds won, South's first.
#[must_use]
pub fn rounds_won(session: &Session, wins: [usize; 2]) -> String {
    format!(
        "rounds won: {} {}  {} {} ",
        session.display_name(Side::South),
        wins[0],
        session.display_name(Side::North),
        wins[1]
    )
}

#[must_use]
pub fn took_remaining(session: &Session, taker: Side) -> String {
    format!(
        "{} took the remaining seeds and starts the next round.",
        session.display_name(taker)
    )
}

pub const NEXT_REFILL: &str = "Next round's refill:";

#[must_use]
pub fn round_over_title(round: u16) -> String {
    format!("Round {round} is over")
}

#[must_use]
pub fn over_title(many_rounds: bool) -> &'static str {
    if many_rounds {
        "The match is over"
    } else {
        "The game is over"
    }
}

/// "Ann (South) wins the round", "The game is a draw".
#[must_use]
pub fn outcome_text(session: &Session, outcome: Option<Outcome>, what: &str) -> String {
    match outcome {
        Some(Outcome::Win(side)) => format!("{} wins the {what}", player_name(session, side)),
        _ => format!("The {what} is a draw"),
    }
}

/// What the next round's refill will look like for one player.
#[must_use]
pub fn refill_line(
    session: &Session,
    rules: &Rules,
    now: &Position,
    next: &Position,
    side: Side,
) -> String {
    let pits = next.pit_count();
    let open = Pit::all(pits).filter(|&p| !next.is_closed(side, p)).count();
    let closed = usize::from(pits) - open;
    let full = u16::from(rules.seeds_per_pit());
    let partial = Pit::all(pits).find(|&p| !next.is_closed(side, p) && next.pit(side, p) != full);
    let mut text = format!(
        "{}: {open} pit{} open",
        session.display_name(side),
        if open == 1 { "" } else { "s" }
    );
    match closed {
        0 => {}
        1 => text.push_str(", pit 1 closed"),
        _ => {
            let _ = write!(text, ", pits 1-{closed} closed");
        }
    }
    if let Some(pit) = partial {
        let _ = write!(text, ", pit {pit} part-filled with {}", next.pit(side, pit));
    }
    let reopened: Vec<String> = Pit::all(pits)
        .filter(|&p| now.is_closed(side, p) && !next.is_closed(side, p))
        .map(|p| p.to_string())
        .collect();
    if !reopened.is_empty() {
        let _ = write!(text, ", reopens pit {}", reopened.join(", "));
    }
    if next.store(side) > 0 {
        let _ = write!(
            text,
            ", {} kept in the {}",
            next.store(side),
            crate::words::store_word(rules)
        );
    }
    text
}

/// How the match ended, when it was not simply played out: at the round
/// limit, by the players, or by an end of the rules where each keeps their row.
#[must_use]
pub fn how_it_ended(session: &Session) -> Option<String> {
    let position = session.position();
    if session.ended_at_round_limit() {
        return Some(format!(
            "Ended after round {}, as agreed.",
            position.round()
        ));
    }
    if session.ended_by_players() {
        let positions = session.positions();
        let midway = positions.len() >= 2
            && positions[positions.len() - 2].status() == crate::engine::Status::Ongoing;
        return Some(if midway {
            "Ended by the players midway, each row counted to its owner.".to_string()
        } else {
            "Ended by the players.".to_string()
        });
    }
    crate::words::ending_told(position)
}

// -- A match on screen, the odd-or-even guess, the viewer --

/// "Ann (South) to move".
#[must_use]
pub fn to_move(player: &str) -> String {
    format!("{player} to move")
}

/// How to play a pit, longest first, for the line to take the first that
/// fits: the numbers, the row's keys, the arrows with the key that sows, and
/// the mouse.
#[must_use]
pub fn how_to_move(pits: u8, row_keys: &str, sow: &str) -> [String; 3] {
    let numbers = if pits == 1 {
        "pit 1".to_string()
    } else {
        format!("pit 1-{pits}")
    };
    [
        format!("{numbers}, {row_keys}, arrows + {sow}, or click"),
        format!("{numbers}, {row_keys}"),
        numbers,
    ]
}

pub const ODD_EVEN_TITLE: &str = "Who starts? Odd or even";
pub const MARBLES_LABEL: &str = "Marbles: ";
pub const A_RIGHT_GUESS: &str = "A right guess starts the match; a wrong one lets North start.";

#[must_use]
pub fn hides_marbles(north: &str) -> String {
    format!("{north} (North) hides some marbles in a fist.")
}

#[must_use]
pub fn look_away(south: &str, north: &str) -> String {
    format!("{south} (South), look away while {north} types how many (1-99).")
}

#[must_use]
pub fn or_let_the_game_hide(key: &str) -> String {
    format!("Or just press {key} to let the game hide a number.")
}

#[must_use]
pub fn holds_marbles(north: &str) -> String {
    format!("{north} (North) holds the marbles.")
}

#[must_use]
pub fn odd_or_even(south: &str) -> String {
    format!("{south} (South): odd or even?")
}

fn parity(odd: bool) -> &'static str {
    if odd { "odd" } else { "even" }
}

#[must_use]
pub fn opens_the_fist(north: &str, marbles: u32) -> String {
    format!(
        "{north} opens the fist: {marbles} marbles, {}.",
        parity(marbles % 2 == 1)
    )
}

#[must_use]
pub fn guessed(south: &str, odd: bool) -> String {
    format!("{south} guessed {}.", parity(odd))
}

#[must_use]
pub fn starts(name: &str, side: Side) -> String {
    format!("{name} ({}) starts.", crate::words::side_title(side))
}

pub const CHART_COMING: &str = "The engine is valuing every move; a chart of the match follows.";

#[must_use]
pub fn replay_lap(shown: usize, total: usize, lap: u32) -> String {
    format!("Move {shown} of {total} - lap {lap}")
}

#[must_use]
pub fn replay_move(session: &Session, shown: usize, total: usize, side: Side, pit: Pit) -> String {
    format!(
        "Move {shown} of {total}: {} ({}) played pit {pit}",
        session.display_name(side),
        crate::words::side_title(side)
    )
}

#[must_use]
pub fn replay_step(shown: usize, total: usize) -> String {
    if shown == 0 {
        format!("The start - {total} steps in this match")
    } else {
        format!("Step {shown} of {total}")
    }
}

/// The screen shown while the terminal is too small.
#[must_use]
pub fn enlarge(width: u16, height: u16) -> String {
    format!("Please enlarge the terminal to {width}×{height}")
}

#[must_use]
pub fn size_now(width: u16, height: u16) -> String {
    format!("(it is {width}×{height} now)")
}

// -- Labels and headings --

pub const CHOOSE_A_GAME: &str = "Choose a game";
pub const RULES_TITLE: &str = "Rules";
pub const BUILT_IN: &str = "built-in";
pub const YOUR_RULE_FILE: &str = "your rule file";
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

// -- Lists --

/// The heading of the list of matches.
#[must_use]
pub fn library_title(continuing: bool, shown: usize, all: usize) -> String {
    if continuing {
        format!(" Unfinished matches ({shown})")
    } else if shown == all {
        format!(" Saved matches ({shown})")
    } else {
        format!(" Saved matches ({shown} of {all})")
    }
}

#[must_use]
pub fn order(oldest_first: bool) -> &'static str {
    if oldest_first {
        "oldest first "
    } else {
        "last played first "
    }
}

pub const FILTER_LABEL: &str = " Filter: ";

#[must_use]
pub fn filter_hint(key: &str) -> String {
    format!(" {key} filters by player, title or variant")
}

#[must_use]
pub fn nothing_fits(clear: &str) -> String {
    format!("No saved match fits the filter ({clear} clears it).")
}

pub const NO_UNFINISHED: &str = "No unfinished match.";
pub const NO_MATCHES: &str = "No saved matches yet.";
pub const EVERY_MATCH_SAVED: &str = "Every match is saved as it is played.";

#[must_use]
pub fn cannot_be_read(reason: &str) -> String {
    format!("Cannot be read: {reason}")
}

/// The menu's word on the user's rule files that cannot be played.
#[must_use]
pub fn broken_files(count: usize) -> String {
    if count == 1 {
        "One of your rule files cannot be played: Play or Rules shows why.".to_string()
    } else {
        format!("{count} of your rule files cannot be played: Play or Rules shows why.")
    }
}

pub const BROKEN_FILE: &str = "This rule file cannot be played:";

#[must_use]
pub fn fix_and_reload(reload: &str) -> String {
    format!(
        "Fix the file and press {reload} to read it again; the other rule sets can be played meanwhile."
    )
}

// -- Notices --

/// Enter on a rule file that cannot be played.
#[must_use]
pub fn broken_file_chosen(reload: &str) -> String {
    format!("This file cannot be played: fix it, then press {reload} to read it again.")
}

/// After the rule files were read again.
#[must_use]
pub fn rules_read_again(playable: usize, broken: usize) -> String {
    match broken {
        0 => format!("Read again: {playable} rule sets."),
        n => format!(
            "Read again: {playable} rule sets; {n} {} cannot be played.",
            if n == 1 { "file" } else { "files" }
        ),
    }
}

/// The first player drawn by lot, named with their side unless the name is
/// the side's.
#[must_use]
pub fn drawn_by_lot(name: &str, side: Side) -> String {
    let title = crate::words::side_title(side);
    if name == title {
        format!("Drawn by lot: {name} starts.")
    } else {
        format!("Drawn by lot: {name} ({title}) starts.")
    }
}

/// A match chosen in the list that another game plays.
pub const PLAYED_ELSEWHERE: &str =
    "That match is being played in another game; leave it there first.";

/// A match chosen for a title before it was ever written.
pub const NOT_WRITTEN_YET: &str = "That match is not written yet; it can be renamed once it is.";

/// A 1 typed on a board of ten pits or more.
#[must_use]
pub fn second_digit(pits: u8) -> String {
    format!("Pit 1_ : a second digit for pits 10-{pits}, or Enter for pit 1")
}

pub const NOTHING_TO_UNDO: &str = "Nothing to undo";
pub const NOTHING_TO_REDO: &str = "Nothing to redo";

/// After an undo: what was taken back, and the key that plays it again.
#[must_use]
pub fn undone(last: Option<(Side, Pit)>, back_to_a_person: bool, redo: &str) -> String {
    let what = match last {
        Some((side, pit)) if !back_to_a_person => {
            format!("Undid {}'s pit {pit}", crate::words::side_title(side))
        }
        Some((side, pit)) => format!(
            "Undid {}'s pit {pit} and the moves before it back to a person's turn",
            crate::words::side_title(side)
        ),
        None => "Undid the round's start".to_string(),
    };
    format!("{what} ({redo} plays it again)")
}

pub const PLAYERS_ENDED: &str = "The players ended the match.";
pub const LOOKING_FOR_A_HINT: &str = "Looking for the best move...";

/// Continue chosen on a finished match: how to watch it or play on.
#[must_use]
pub fn over_to_watch(watch: &str, play_on: &str) -> String {
    format!(
        "That match is over: {watch} watches it, and {play_on} in the viewer plays on from any move."
    )
}

/// A rematch begun: who starts, and why.
#[must_use]
pub fn rematch(first: Side, after_a_draw: bool) -> String {
    let why = if after_a_draw {
        "after a draw the other player"
    } else {
        "the loser"
    };
    format!(
        "Rematch: {} starts ({why}).",
        crate::words::side_title(first)
    )
}

/// The next round set up, and who starts it.
#[must_use]
pub fn next_round_begins(session: &Session, round: u16, starter: Side) -> String {
    format!(
        "Round {round}: {} ({}) took the remaining seeds and starts.",
        session.display_name(starter),
        crate::words::side_title(starter)
    )
}

/// A pit key of the row of the player not to move.
#[must_use]
pub fn not_your_row(session: &Session, mover: Side) -> String {
    format!(
        "That pit is on {}'s row - it is {} ({})'s turn.",
        crate::words::side_title(mover.other()),
        session.display_name(mover),
        crate::words::side_title(mover)
    )
}

/// A round's first digit typed in the viewer, where more rounds follow.
#[must_use]
pub fn another_round_digit(round: usize, last: usize) -> String {
    format!(
        "Round {round}: type another digit for rounds {}-{last}",
        round * 10
    )
}

/// A round number typed in the viewer that the match does not have.
#[must_use]
pub fn no_such_round(round: usize, rounds: usize) -> String {
    format!("There is no round {round}: this match has {rounds}.")
}

pub const NO_PLAY_ON_FROM_THE_END: &str =
    "The match is over here; step back to play on from an earlier move.";

/// A new match begun from a moment of a saved one.
#[must_use]
pub fn playing_on(point: &str, file: &str) -> String {
    format!("Playing on {point} of {file}: a new match (that file is not changed).")
}

/// The banner while a match cannot be written.
#[must_use]
pub fn save_failed(reason: &str) -> String {
    format!("Not saved: {reason}. Play goes on; the game keeps trying.")
}

/// The banner when another game or a change of folder took the match away.
#[must_use]
pub fn match_lost(reason: &str, save: &str) -> String {
    format!(
        "Not saved: {reason}. This game stops writing it; play goes on in memory ({save} saves a copy, and quitting keeps one)."
    )
}

#[must_use]
pub fn copy_saved(path: &std::path::Path) -> String {
    format!("Saved a copy as {}", path.display())
}

#[must_use]
pub fn copy_not_saved(reason: &str) -> String {
    format!("Not saved: {reason}")
}

pub const NAME_EMPTY: &str = "the name is empty";
pub const RESUMED: &str = "Resumed where you stopped.";
pub const RENAMED: &str = "Renamed.";

/// The line under the board while a move is sown.
#[must_use]
pub fn sowing(session: &Session, side: Side, pit: Pit) -> String {
    format!("{} sows pit {pit}...", player_name(session, side))
}

/// One line naming a listed match: title or players, variant and when it
/// was last played.
#[must_use]
pub fn listing_summary(app: &super::app::App, listing: &crate::storage::Listing) -> String {
    match &listing.header {
        Ok(header) => {
            format!(
                "{}, {}, {}",
                crate::words::who(header),
                app.variant_name(&header.variant),
                crate::storage::time::local_minutes(header.saved_at),
            )
        }
        Err(_) => listing.file_name(),
    }
}

/// The main menu's line beside Continue: which match, or how many.
#[must_use]
pub fn continue_hint(app: &super::app::App) -> String {
    use crate::words::who;
    let unfinished: Vec<_> = app.unfinished().collect();
    match unfinished.as_slice() {
        [one] => match &one.header {
            Ok(header) => format!("{} ({})", who(header), app.variant_name(&header.variant)),
            Err(_) => "resume the unfinished match".to_string(),
        },
        several => format!("choose one of {} unfinished matches", several.len()),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::ai::Level;
    use crate::engine::Rules;

    #[test]
    fn a_lead_is_said_as_ahead_behind_or_level() {
        assert_eq!(lead(8), "8 seeds ahead");
        assert_eq!(lead(-8), "8 seeds behind");
        assert_eq!(lead(-1), "1 seed behind");
        assert_eq!(lead(0), "level");
    }

    #[test]
    fn the_thinking_computer_is_named_once() {
        let rules = Arc::new(Rules::from_toml(include_str!("../../rules/kalaha.toml")).unwrap());
        let mut session = Session::new(
            rules,
            ["Me".to_string(), "Computer".to_string()],
            Side::South,
        );
        session.computer.north = Some(Level::Strongest);
        assert_eq!(
            thinking(&session, Side::North),
            "Computer (strongest) is thinking..."
        );
        let rules = session.rules().clone();
        let mut named = Session::new(rules, ["Me".to_string(), "Deep".to_string()], Side::South);
        named.computer.north = Some(Level::Hard);
        assert_eq!(
            thinking(&named, Side::North),
            "Deep (the computer, hard) is thinking..."
        );
    }
}
