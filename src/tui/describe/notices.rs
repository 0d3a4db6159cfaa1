//! What the game says of what just happened: a setting changed, a move
//! animated, a hint, an undo, a file written or not, a pit refused.

use crate::engine::Foretold;
use crate::engine::{Fill, FillChoice, Move, Rules, Side};
use crate::session::Session;
use crate::words::{move_said, player_name};

use crate::tui::msg::HintReach;

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

/// A saved copy opened at its end, in the viewer.
#[must_use]
pub fn copy_plays_on(play_on: &str) -> String {
    format!("A copy is kept as it was saved: {play_on} plays on from here as a new match.")
}

/// The number of the pit a hint named, marked on the board: ">3<".
#[must_use]
pub fn hinted_pit(pit: &str) -> String {
    format!(">{pit}<")
}

/// After the board was turned round or back, and for which seating that is
/// remembered.
#[must_use]
pub fn board_turned(turned: bool, seated: crate::settings::Seated) -> String {
    use crate::settings::Seated;
    let how = if turned {
        "Board turned: North's rows at the bottom"
    } else {
        "Board turned back: South's rows at the bottom"
    };
    let when = match seated {
        Seated::South => "South plays the computer",
        Seated::North => "North plays the computer",
        Seated::Both => "two players share the keyboard",
    };
    format!("{how}, from now on whenever {when}.")
}

/// A Bao pit's name as the board writes it, with the marks of the position
/// text: `f5h` the nyumba still owned, `f2t` a pit blocked (`f2T` by the
/// move just played).
#[must_use]
pub fn bao_pit_name(name: &str, nyumba: bool, block: Option<bool>) -> String {
    let house = if nyumba { "h" } else { "" };
    let blocked = match block {
        Some(true) => "T",
        Some(false) => "t",
        None => "",
    };
    format!("{name}{house}{blocked}")
}

/// A pit's number where a move previewed would leave its last seed: `*3*`.
#[must_use]
pub fn previewed_pit(pit: &str) -> String {
    format!("*{pit}*")
}

/// What a move would do, told before it is played from its trace: "If
/// played, pit 3: 2 laps - captured 5 from North 1; the last seed falls in
/// South 6."
#[must_use]
pub fn preview(
    session: &Session,
    played: Move,
    trace: &[crate::engine::Event],
    last: Option<crate::engine::Place>,
) -> String {
    let details = crate::words::move_details(session, played, trace);
    match last {
        Some(place) => format!(
            "If played, {details}; the last seed falls in {}.",
            crate::words::place_on(session.rules(), place)
        ),
        None => format!("If played, {details}."),
    }
}

/// The number of a pit whose way to sow is being chosen: `←3→`.
#[must_use]
pub fn pit_being_aimed(pit: &str) -> String {
    format!("←{pit}→")
}

/// The number of a pit whose way is fixed, with an arrow the way it sows
/// on screen: `←1`, `5→`.
#[must_use]
pub fn pit_sowing(pit: &str, rightward: bool) -> String {
    if rightward {
        format!("{pit}→")
    } else {
        format!("←{pit}")
    }
}

/// The number of a pit that may not be played this move (a lone seed just
/// sown round the end of the board): `5✗`.
#[must_use]
pub fn barred_pit(pit: &str) -> String {
    format!("{pit}✗")
}

/// What the line under the board says while a pit waits for its next way:
/// the ways chosen so far, the pit whose lap the next way sows where that
/// is a later lap, the arrow for each way, and the way it is (the words the
/// moves are told in).
#[must_use]
pub fn choose_the_way(
    pit: &str,
    made: &[crate::engine::Direction],
    turning_at: Option<&str>,
    left: crate::engine::Direction,
    right: crate::engine::Direction,
) -> String {
    let arrows = format!("← {left} or → {right}");
    let Some(at) = turning_at else {
        return format!("Pit {pit}: {arrows} (Esc: another pit)");
    };
    let so_far: String = made
        .iter()
        .map(|way| format!(", {way}"))
        .collect::<Vec<_>>()
        .concat();
    let back = if made.is_empty() {
        "another pit"
    } else {
        "back"
    };
    format!("Pit {pit}{so_far}; the lap from {at} may turn: {arrows} (Esc: {back})")
}

/// The question when a Bao capture from the hand ends in the nyumba: what
/// the move did so far, and the two answers.
#[must_use]
pub fn stop_or_safari(
    session: &Session,
    stop: Move,
    trace: &[crate::engine::Event],
    last: Option<crate::engine::Place>,
) -> String {
    let details = crate::words::move_details(session, stop, trace);
    let at = last.map_or_else(
        || "the nyumba".to_string(),
        |place| crate::words::place_on(session.rules(), place),
    );
    format!(
        "{details}; it ends in the nyumba, {at}: Enter stops there, + goes on safari \
         (lifts it and sows on, giving it up); Esc: back"
    )
}

/// The line under the board while a capture from the hand waits for its
/// kichwa (§10.4): each arrow with the way the seeds taken go and the end
/// they go in from.
#[must_use]
pub fn choose_the_kichwa(
    pit: &str,
    [left, right]: [(crate::engine::Direction, String); 2],
) -> String {
    format!(
        "Pit {pit} captures: the seeds taken go in ← {} from {}, or → {} from {} \
         (Esc: another pit)",
        left.0, left.1, right.0, right.1
    )
}

/// Said when an arrow names a way that is no legal move there.
pub const NO_SUCH_WAY: &str =
    "That way is no legal move here (its laps would never end) - choose the other.";

/// The notice after the replay viewer's animation was turned on or off.
#[must_use]
pub fn viewer_motion_set(animated: bool, keys: &SettingKeys) -> String {
    let (state, effect) = if animated {
        ("on", "")
    } else {
        ("off", ": moves appear at once")
    };
    let note = keys_note(&[(keys.motion.clone(), "to change")]);
    format!("Animation {state} in this replay{effect}; matches keep their setting{note}")
}

/// The notice after the look changed.
#[must_use]
pub fn look_set(look: crate::settings::Look) -> String {
    use crate::settings::Look;
    let name = match look {
        Look::Colour => "colour",
        Look::HighContrast => "high contrast",
        Look::Monochrome => "monochrome",
    };
    format!("Look: {name}")
}

/// The look key pressed under `NO_COLOR`.
pub const NO_COLOUR_LOOK: &str =
    "NO_COLOR is set: the screen stays monochrome (the look changes when it is not set)";

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

/// A hint: the best pit and every pit's value for the player to move.
#[must_use]
pub fn hint(session: &Session, mover: Side, values: &[(Move, i32)], reach: HintReach) -> String {
    let Some(&(best, value)) = values.first() else {
        return "No hint: there is no move to weigh.".to_string();
    };
    let rules = session.rules();
    let mut sorted = values.to_vec();
    sorted.sort_by_key(|&(mv, _)| mv);
    let all: Vec<String> = sorted
        .iter()
        .map(|&(mv, v)| format!("{mv}:{}", value_short(rules, v)))
        .collect();
    let how = match reach {
        HintReach::Exact => "with perfect play".to_string(),
        HintReach::Plies(plies) => format!("looking {plies} moves ahead"),
    };
    format!(
        "Hint for {}: {} ({}, {how}).\nEvery pit: {}",
        session.display_name(mover),
        move_said(best),
        outlook(rules, value),
        all.join("  ")
    )
}

/// What a searched value promises the player it is for: "8 seeds ahead at
/// the end", or, where who cannot move loses, "a win", "a loss" or "8
/// seeds ahead on the rows" (the seeds each side has in play).
#[must_use]
pub fn outlook(rules: &Rules, value: i32) -> String {
    match rules.plan().goal.foretold(value) {
        Foretold::Win => "a win".to_string(),
        Foretold::Loss => "a loss".to_string(),
        Foretold::InPlay(seeds) => format!("{} on the rows", lead(seeds)),
        Foretold::Lead(seeds) => format!("{} at the end", lead(seeds)),
    }
}

/// A value in a list of them: `+3`, or `win` and `loss`.
fn value_short(rules: &Rules, value: i32) -> String {
    match rules.plan().goal.foretold(value) {
        Foretold::Win => "win".to_string(),
        Foretold::Loss => "loss".to_string(),
        Foretold::InPlay(seeds) | Foretold::Lead(seeds) => format!("{seeds:+}"),
    }
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

/// After a move thrown away, what the same search found instead and what
/// it would have kept for the mover: "; pit 5 was better: +3", "...: a
/// draw", "...: a win".
#[must_use]
pub fn better_move(rules: &Rules, best: Move, value: i32) -> String {
    let kept = match rules.plan().goal.foretold(value) {
        Foretold::Win => "a win".to_string(),
        Foretold::Loss => "a loss".to_string(),
        Foretold::Lead(0) => "a draw".to_string(),
        Foretold::InPlay(seeds) | Foretold::Lead(seeds) => format!("{seeds:+}"),
    };
    format!("; {} was better: {kept}", move_said(best))
}

/// The engine's value of the replayed position, and how far it looked.
#[must_use]
pub fn engine_value(rules: &Rules, judged: &crate::tui::msg::Judged) -> String {
    let reach = match judged.reach {
        HintReach::Exact => "exact".to_string(),
        HintReach::Plies(plies) => format!("{plies} moves"),
    };
    let value = match rules.plan().goal.foretold(judged.value) {
        Foretold::Win => "South wins".to_string(),
        Foretold::Loss => "North wins".to_string(),
        Foretold::InPlay(seeds) | Foretold::Lead(seeds) => format!("{seeds:+} for South"),
    };
    format!("engine: {value} ({reach})")
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
pub const DELETED_UNWRITTEN: &str = "Deleted: it had never been written.";

/// After a deleted match was brought back.
#[must_use]
pub fn restored(file: &str) -> String {
    format!("Brought back: {file} is in the list again.")
}

/// Undo asked for with nothing deleted in this visit.
pub const NOTHING_TO_RESTORE: &str =
    "Nothing to bring back: no match was deleted since the game started.";

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
/// A match not yet written cannot be `done` (renamed, exported) yet.
#[must_use]
pub fn not_written_yet(done: &str) -> String {
    format!("That match is not written yet; it can be {done} once it is.")
}

/// A record brought in: what it held, and where the match is listed.
#[must_use]
pub fn imported(game: &str, moves: usize) -> String {
    let moves = crate::words::counted(moves as u64, "move");
    format!("{game}, {moves}: brought in as a match of the library (listed under Replay).")
}

/// A match written for another program, and where.
#[must_use]
pub fn exported(format: &str, path: &std::path::Path) -> String {
    format!("Written as {format}: {}", path.display())
}

/// A 1 typed on a board of ten pits or more.
#[must_use]
pub fn second_digit(pits: u8) -> String {
    format!("Pit 1_ : a second digit for pits 10-{pits}, or Enter for pit 1")
}

pub const NOTHING_TO_UNDO: &str = "Nothing to undo";
pub const NOTHING_TO_REDO: &str = "Nothing to redo";

/// After an undo: what was taken back, and the key that plays it again.
#[must_use]
pub fn undone(
    session: &Session,
    last: Option<(Side, Move)>,
    back_to_a_person: bool,
    redo: &str,
) -> String {
    let what = match last {
        Some((side, played)) if !back_to_a_person => format!(
            "Undid {}'s {}",
            session.display_name(side),
            move_said(played)
        ),
        Some((side, played)) => format!(
            "Undid {}'s {} and the moves before it back to a person's turn",
            session.display_name(side),
            move_said(played)
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
pub fn rematch(session: &Session, first: Side, after_a_draw: bool) -> String {
    let why = if after_a_draw {
        "after a draw the other player"
    } else {
        "the loser"
    };
    format!("Rematch: {} starts ({why}).", session.display_name(first))
}

/// The next round set up, and who starts it.
#[must_use]
pub fn next_round_begins(session: &Session, round: u16, starter: Side) -> String {
    format!(
        "Round {round} begins: {} to move.",
        player_name(session, starter)
    )
}

/// The round's loser choosing the pits to fill, with what is chosen so far:
/// "Bo (North) lost the round: choose 4 pits to fill for round 2 (pits 3,
/// 4, 5 and 6 chosen) - their keys fill or empty a pit, Enter begins the
/// round, Esc goes back."
#[must_use]
pub fn choose_pits_to_fill(
    session: &Session,
    chooser: FillChoice,
    fill: Fill,
    round: u16,
) -> String {
    let chosen = match fill.count() {
        0 => "none chosen yet".to_string(),
        _ => format!("{} chosen", crate::words::pits_named(fill)),
    };
    format!(
        "{} lost the round: choose {} pits to fill for round {round} ({chosen}) - their keys \
         fill or empty a pit, Enter begins the round, Esc goes back.",
        player_name(session, chooser.side),
        chooser.count
    )
}

/// A pit key of the winner's row while the loser chooses pits to fill.
#[must_use]
pub fn not_the_losers_row(session: &Session, chooser: Side) -> String {
    format!(
        "Only {}'s pits are chosen: the other row is filled in full.",
        player_name(session, chooser)
    )
}

/// One pit more than the loser can fill.
#[must_use]
pub fn too_many_pits(needs: u8) -> String {
    format!("Only {needs} pits can be filled - empty one of them first.")
}

/// The computer, the round's loser, choosing the pits to fill.
#[must_use]
pub fn computer_filling(session: &Session, chooser: Side) -> String {
    format!(
        "{} lost the round and is choosing the pits to fill...",
        player_name(session, chooser)
    )
}

/// A pit key of the row of the player not to move.
#[must_use]
pub fn not_your_row(session: &Session, mover: Side) -> String {
    format!(
        "That pit is on {}'s row - it is {}'s turn.",
        crate::words::side_title(mover.other()),
        player_name(session, mover)
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
pub fn sowing(session: &Session, side: Side, played: Move) -> String {
    format!(
        "{} sows {}...",
        player_name(session, side),
        move_said(played)
    )
}

/// One line naming a listed match: title or players, variant and when it
/// was last played.
#[must_use]
pub fn listing_summary(app: &crate::tui::app::App, listing: &crate::storage::Listing) -> String {
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
pub fn continue_hint(app: &crate::tui::app::App) -> String {
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
