//! The sentences players read, said once for the terminal game and the
//! command line alike: names of sides, places and players, what a move did,
//! why a pit was refused, where a match stands, and what a rule set is.

use std::fmt::Write;

use crate::engine::{
    BySide, CountRow, Ending, Event, FirstPlayer, GrandSlam, NextStarter, Outcome, Pit, Place,
    PlayError, Position, Relay, RoundEnd, Rounds, Rules, Side, Status, StatusKind, Stores,
};
use crate::session::Session;
use crate::storage::Header;
use crate::storage::library::{Listing, Shelf};

/// Where a player finds every rule with worked examples.
pub const RULES_IN_FULL: &str =
    "How every game goes, each mechanic in full: mancala rules show ID --full";

/// A side's name as it starts a sentence.
#[must_use]
pub fn side_title(side: Side) -> &'static str {
    match side {
        Side::South => "South",
        Side::North => "North",
    }
}

/// The rule set's word for where a player's seeds are kept: a store at the
/// end of the board, or a pile beside it (said the same way everywhere).
#[must_use]
pub fn store_word(rules: &Rules) -> &'static str {
    if rules.stores() == Stores::Aside {
        "pile"
    } else {
        "store"
    }
}

/// "North 5", "South's store".
#[must_use]
pub fn place_name(place: Place) -> String {
    match place {
        Place::Pit(side, pit) => format!("{} {pit}", side_title(side)),
        Place::Store(side) => format!("{}'s store", side_title(side)),
    }
}

/// "Ann (South)", or just "South" when the player kept the side's name.
#[must_use]
pub fn player_name(session: &Session, side: Side) -> String {
    let name = session.display_name(side);
    // A computer is named by its level already ("Computer (hard)").
    if name == side_title(side) || session.computer(side).is_some() {
        name
    } else {
        format!("{name} ({})", side_title(side))
    }
}

/// Why a choice was refused, addressed to the player who made it.
#[must_use]
pub fn refusal(error: PlayError, pits: u8) -> String {
    match error {
        PlayError::Empty(pit) => format!("Pit {pit} is empty - choose a pit with seeds in it."),
        PlayError::Closed(pit) => format!("Pit {pit} is closed this round - it is out of play."),
        PlayError::Endless(pit) => format!(
            "Pit {pit} would start a turn that never ends (its laps repeat forever), so it cannot be played."
        ),
        PlayError::DoesNotFeed(pit) => format!(
            "Pit {pit} leaves your opponent's row empty - while it is, a move must give \
             them seeds."
        ),
        PlayError::NoSuchPit { pit, .. } => format!("There is no pit {pit}: pits are 1 to {pits}."),
        PlayError::RoundOver => "The round is over.".to_string(),
        PlayError::MatchOver => "The match is over.".to_string(),
    }
}

/// One line on what a whole move did.
#[must_use]
pub fn move_summary(session: &Session, mover: Side, pit: Pit, trace: &[Event]) -> String {
    format!(
        "{} played {}",
        session.display_name(mover),
        move_details(session, pit, trace)
    )
}

/// What a move did, after "Ann played ": "pit 3: 2 laps - fours: 4 to Ann".
#[must_use]
pub fn move_details(session: &Session, pit: Pit, trace: &[Event]) -> String {
    let mut laps = 0;
    let mut fours = BySide::new(0u16, 0);
    let mut notes = Vec::new();
    // A move's captures by count: one chain, place by place.
    let mut chain: Vec<(Place, u16)> = Vec::new();
    let mut to_owners = BySide::new(0u16, 0);
    // A last seed in the store that ends the round gives no move after it.
    let round_ends = trace.iter().any(|e| matches!(e, Event::RoundEnd { .. }));
    for event in trace {
        match *event {
            Event::LapEnd { lap, .. } => laps = lap,
            Event::FourCapture { owner, .. } => fours[owner] += 4,
            Event::LeapCapture { pit, count, by } => notes.push(format!(
                "{} leapt to {} for {count}",
                session.display_name(by),
                place_name(pit)
            )),
            Event::KalahCapture {
                opposite, count: 0, ..
            } => notes.push(format!(
                "captured its last seed ({} is empty)",
                place_name(opposite)
            )),
            Event::KalahCapture {
                opposite, count, ..
            } => notes.push(format!(
                "captured {} from {}",
                count + 1,
                place_name(opposite)
            )),
            Event::RowCapture { pit, count, .. } => chain.push((pit, count)),
            Event::GrandSlam { by, spared } => notes.push(grand_slam(by.other(), spared)),
            Event::PitOwned { pit, count, by } => notes.push(pit_owned(session, pit, count, by)),
            Event::DropToOwner { owner, .. } => to_owners[owner] += 1,
            Event::ExtraTurn { .. } if !round_ends => notes.push("moves again".to_string()),
            Event::Pass { side } => {
                // An extra turn with nothing to play is passed at once.
                if notes.last().is_some_and(|n| n == "moves again") {
                    notes.pop();
                }
                notes.push(pass(side));
            }
            Event::RoundEnd {
                ending,
                took_remaining,
                swept,
            } => {
                let ends = match session.rules().rounds() {
                    crate::engine::Rounds::Single => "that ends the game",
                    crate::engine::Rounds::Many => "that ends the round",
                };
                let why = ending_reason(ending).filter(|_| took_remaining.is_none());
                let mut note = match why {
                    Some(why) => format!("{ends} ({why})"),
                    None => ends.to_string(),
                };
                if let Some(left) = seeds_left(session, took_remaining, swept) {
                    let _ = write!(note, ": {left}");
                }
                notes.push(note);
            }
            _ => {}
        }
    }
    if !chain.is_empty() {
        // Before the round's end, which comes last.
        let at = notes.len() - usize::from(round_ends);
        notes.insert(at, row_capture(&chain));
    }
    for side in Side::BOTH {
        let seeds = to_owners[side];
        if seeds > 0 {
            let at = notes.len() - usize::from(round_ends);
            notes.insert(at, to_owner(session, side, seeds));
        }
    }
    let mut text = format!("pit {pit}");
    if laps > 1 {
        let _ = write!(text, ": {laps} laps");
    }
    let fours: Vec<String> = Side::BOTH
        .iter()
        .filter(|&&side| fours[side] > 0)
        .map(|&side| format!("{} to {}", fours[side], session.display_name(side)))
        .collect();
    if !fours.is_empty() {
        let at = notes.len() - usize::from(round_ends);
        notes.insert(at, format!("fours: {}", fours.join(", ")));
    }
    if !notes.is_empty() {
        text.push_str(" - ");
        text.push_str(&notes.join(", "));
    }
    text
}

/// Who took the seeds left on the board when a round ended, with the counts:
/// "Bo takes the 5 seeds left", "Ann adds the 3 on her row, Bo 2"; `None`
/// when none were left.
fn seeds_left(
    session: &Session,
    took_remaining: Option<Side>,
    swept: BySide<u16>,
) -> Option<String> {
    let name = |side: Side| session.display_name(side);
    let seeds = |n: u16| {
        if n == 1 {
            "1 seed".to_string()
        } else {
            format!("{n} seeds")
        }
    };
    if let Some(taker) = took_remaining {
        let total = swept.south + swept.north;
        return (total > 0).then(|| format!("{} takes the {} left", name(taker), seeds(total)));
    }
    match Side::BOTH.map(|side| (side, swept[side])) {
        [(_, 0), (_, 0)] => None,
        [(side, n), (_, 0)] | [(_, 0), (side, n)] => Some(format!(
            "{} adds the {} left on their row",
            name(side),
            seeds(n)
        )),
        [(first, a), (second, b)] => Some(format!(
            "each adds the seeds left on their row ({} {a}, {} {b})",
            name(first),
            name(second)
        )),
    }
}

/// "captured 3 + 2 from North's pits 4 and 3": a chain of captures by
/// count, each pit with its count, in the order taken; a chain that crosses
/// rows names each row's pits ("from South's pit 1 and North's pits 6 and 5").
#[must_use]
pub fn row_capture(taken: &[(Place, u16)]) -> String {
    let counts: Vec<String> = taken.iter().map(|(_, count)| count.to_string()).collect();
    // Runs of pits on one row, in the order taken.
    let mut runs: Vec<(Side, Vec<String>)> = Vec::new();
    for (place, _) in taken {
        let Place::Pit(row, pit) = *place else {
            continue;
        };
        match runs.last_mut() {
            Some((side, pits)) if *side == row => pits.push(pit.to_string()),
            _ => runs.push((row, vec![pit.to_string()])),
        }
    }
    let runs: Vec<String> = runs
        .iter()
        .map(|(row, pits)| {
            let pits = match pits.split_last() {
                Some((last, rest)) if !rest.is_empty() => {
                    format!("pits {} and {last}", rest.join(", "))
                }
                _ => format!("pit {}", pits.join("")),
            };
            format!("{}'s {pits}", side_title(*row))
        })
        .collect();
    format!(
        "captured {} from {}",
        counts.join(" + "),
        runs.join(" and ")
    )
}

/// "North 4 is now Ann's tuzdyk: its 3 seeds and all sown there later are
/// Ann's".
#[must_use]
pub fn pit_owned(session: &Session, pit: Place, count: u16, by: Side) -> String {
    let name = session.display_name(by);
    format!(
        "{} is now {name}'s tuzdyk: its {count} seeds and all sown there later are theirs",
        place_name(pit)
    )
}

/// "North's pit 4 is South's own (a tuzdyk): every seed sown there goes to
/// South".
#[must_use]
pub fn owned_pit_said(owner: Side, pit: Pit) -> String {
    format!(
        "{}'s pit {pit} is {}'s own (a tuzdyk): every seed sown there goes to {}",
        side_title(owner.other()),
        side_title(owner),
        side_title(owner)
    )
}

/// "2 seeds into Ann's tuzdyk".
#[must_use]
pub fn to_owner(session: &Session, owner: Side, seeds: u16) -> String {
    let s = if seeds == 1 { "" } else { "s" };
    format!(
        "{seeds} seed{s} into {}'s tuzdyk",
        session.display_name(owner)
    )
}

/// "South cannot move: North plays again".
#[must_use]
pub fn pass(side: Side) -> String {
    format!(
        "{} cannot move: {} plays again",
        side_title(side),
        side_title(side.other())
    )
}

/// Why a move that would take a whole row captured nothing.
#[must_use]
pub fn grand_slam(row: Side, spared: u16) -> String {
    format!(
        "a grand slam: it would take all {spared} seeds on {}'s row, so it captures nothing",
        side_title(row)
    )
}

/// Why a round ended, for endings the rule set adds to the usual ones
/// (`None` for an empty row or the players' agreement, said elsewhere).
#[must_use]
pub fn ending_reason(ending: Ending) -> Option<&'static str> {
    match ending {
        Ending::RowEmpty | Ending::Agreed => None,
        Ending::NoMove => Some("no legal move is left"),
        Ending::NeitherCanMove => Some("neither player can move"),
        Ending::MoreThanHalf => Some("a player has more than half the seeds"),
        Ending::Repetition => Some("the position repeats one since the last capture"),
    }
}

/// For a result: why the round ended, when it ended with each player
/// keeping their row for a reason of the rules (not when someone took the
/// remaining seeds, which is said with the result).
#[must_use]
pub fn ending_told(position: &Position) -> Option<String> {
    let kept_rows = matches!(
        position.status(),
        Status::RoundOver {
            took_remaining: None
        } | Status::MatchOver {
            took_remaining: None
        }
    );
    let why = ending_reason(position.ending()?).filter(|_| kept_rows)?;
    Some(format!("Ended: {why}; each kept their row."))
}

/// The two sides in the order a score is said: the winner first (South
/// first in a draw or while play goes on).
#[must_use]
pub fn score_order(outcome: Option<Outcome>) -> [Side; 2] {
    match outcome {
        Some(Outcome::Win(side)) => [side, side.other()],
        _ => Side::BOTH,
    }
}

/// What a finished round or match came to, with player names and the
/// winner's score first: "round 2 is over: Ann wins it 53-45", "the match is
/// over: a draw, 24-24". `None` while play goes on.
#[must_use]
pub fn result_sentence(session: &Session, position: &Position) -> Option<String> {
    let [first, second] = score_order(position.outcome());
    let score = format!("{}-{}", position.store(first), position.store(second));
    let what = match (position.status(), session.rules().rounds()) {
        (Status::Ongoing, _) => return None,
        (Status::RoundOver { .. }, _) => format!("round {} is over", position.round()),
        (Status::MatchOver { .. }, crate::engine::Rounds::Single) => "the game is over".to_string(),
        (Status::MatchOver { .. }, crate::engine::Rounds::Many) => "the match is over".to_string(),
    };
    Some(match position.outcome() {
        Some(Outcome::Win(side)) => format!("{what}: {} wins {score}", session.display_name(side)),
        _ => format!("{what}: a draw, {score}"),
    })
}

/// One line saying where the match stands.
#[must_use]
pub fn status_line(rules: &Rules, position: &Position) -> String {
    let mut line = format!("{} - round {}", rules.name(), position.round());
    let over = match position.status() {
        Status::Ongoing => {
            if let Some(side) = position.to_move() {
                let _ = write!(line, " - {} to move", side_title(side));
            }
            return line;
        }
        Status::RoundOver { .. } => "round over",
        Status::MatchOver { .. } => "match over",
    };
    let [first, second] = score_order(position.outcome());
    let score = format!("{}-{}", position.store(first), position.store(second));
    let _ = match position.outcome() {
        Some(Outcome::Win(side)) => {
            write!(line, " - {over}: {} wins {score}", side_title(side))
        }
        _ => write!(line, " - {over}: a draw {score}"),
    };
    if let Status::RoundOver {
        took_remaining: Some(taker),
    }
    | Status::MatchOver {
        took_remaining: Some(taker),
    } = position.status()
    {
        let _ = write!(line, "; {} took the remaining seeds", side_title(taker));
    } else if let Some(why) = position.ending().and_then(ending_reason) {
        let _ = write!(line, "; {why}, each player keeping their row");
    }
    line
}

/// "2 rows of 6 pits, 4 seeds each (48 in all)".
#[must_use]
pub fn board_size(rules: &Rules) -> String {
    format!(
        "2 rows of {} pits, {} seeds each ({} in all)",
        rules.pits(),
        rules.seeds_per_pit(),
        rules.total_seeds()
    )
}

/// The mechanics in one line, for menus and `rules list`.
#[must_use]
pub fn rules_summary(rules: &Rules) -> String {
    let mut parts: Vec<&str> = vec![rules.direction().word()];
    if rules.from_origin() {
        parts.push("sown from the origin");
    }
    match rules.relay_kind() {
        Relay::Off => {}
        Relay::NextPit => parts.push("relay sowing"),
        Relay::LandingPit => parts.push("relay from the landing pit"),
    }
    if rules.skip_origin() {
        parts.push("origin skipped");
    }
    if rules.skip_lap_start() {
        parts.push("each lap's start skipped");
    }
    if rules.four_capture() {
        parts.push("fours to the row's owner");
    }
    if rules.leap_capture() {
        parts.push("leap capture");
    }
    if rules.kalah_capture() {
        parts.push(if rules.kalah_empty() {
            "Kalah capture (also across an empty pit)"
        } else {
            "Kalah capture"
        });
    }
    let counts = count_captures(rules);
    if !counts.is_empty() {
        parts.push(&counts);
    }
    if rules.owned_pits().is_some() {
        parts.push("owned pits (tuzdyk)");
    }
    if rules.round_end() == RoundEnd::Pass {
        parts.push("a player who cannot move passes");
    }
    if rules.must_feed() {
        parts.push("must feed");
    }
    if rules.extra_turn() {
        parts.push("extra turn in own store");
    }
    parts.push(match rules.rounds() {
        Rounds::Single => "one game",
        Rounds::Many => "match of rounds",
    });
    if rules.partial_pit() {
        parts.push("loser's partial pit");
    }
    parts.join(", ")
}

/// "captures 2s and 3s on the opponent's row" (empty without such captures).
fn count_captures(rules: &Rules) -> String {
    let row = match rules.count_row() {
        CountRow::Opponent => "the opponent's row",
        CountRow::Either => "either row",
    };
    let counts = counts_said(rules);
    if counts.is_empty() {
        String::new()
    } else {
        format!("captures {counts} on {row}")
    }
}

/// The capturing counts as a player reads them: "2s and 3s", "1s", "even
/// counts".
fn counts_said(rules: &Rules) -> String {
    let counts = rules.capture_counts();
    let evens: Vec<u16> = (1..=rules.total_seeds() / 2).map(|c| 2 * c).collect();
    if counts.len() > 2 && counts == evens {
        return "even counts".to_string();
    }
    let counts: Vec<String> = counts.iter().map(|c| format!("{c}s")).collect();
    match counts.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

fn yes_no(flag: bool) -> &'static str {
    if flag { "yes" } else { "no" }
}

/// The sheet's line on captures by count.
fn count_captures_said(rules: &Rules) -> String {
    if !rules.count_captures() {
        return "no".to_string();
    }
    let chain = if rules.chain_captures() {
        ", chained backwards"
    } else {
        ""
    };
    let slam = match rules.grand_slam() {
        GrandSlam::CapturesAll => "",
        GrandSlam::CapturesNothing => "; a grand slam (the whole row) captures nothing",
    };
    let row = match rules.count_row() {
        CountRow::Opponent => "the opponent's row",
        CountRow::Either => "either row",
    };
    format!("{} on {row}{chain}{slam}", counts_said(rules))
}

/// The sheet's line on owned pits.
fn owned_pits_said(rules: &Rules) -> String {
    let Some(owned) = rules.owned_pits() else {
        return "no".to_string();
    };
    let mut text = format!(
        "a last seed making {} on the opponent's row makes the pit the mover's, one each",
        owned.count
    );
    if !owned.last_pit_allowed {
        text.push_str("; not the opponent's last pit");
    }
    if !owned.same_number_allowed {
        text.push_str("; not the number across from the opponent's own");
    }
    text
}

/// The description followed by every parameter, one a line.
#[must_use]
pub fn rules_sheet(rules: &Rules) -> String {
    let mut out = format!(
        "{} ({})\n\n{}\n\n",
        rules.name(),
        rules.id(),
        rules.description()
    );
    let stores = match rules.stores() {
        Stores::Sown => "sown (own store only)",
        Stores::NotSown => "on the board, not sown",
        Stores::Aside => "none: captures are kept aside",
    };
    let round_end = match rules.round_end() {
        RoundEnd::SideEmpty => "side-empty (each player keeps their row)",
        RoundEnd::Stuck => "stuck (the other player takes the remaining seeds)",
        RoundEnd::NoMove => "no-move (each player keeps their row)",
        RoundEnd::Pass => "pass (a player who cannot move passes; over when neither can)",
    };
    let row_captures = count_captures_said(rules);
    let owned = owned_pits_said(rules);
    let mut other_ends = Vec::new();
    if rules.more_than_half_ends() {
        other_ends.push("more than half the seeds in store");
    }
    if rules.repetition_ends() {
        other_ends.push("a position repeated since the last capture");
    }
    let other_ends = if other_ends.is_empty() {
        "no".to_string()
    } else {
        other_ends.join("; ")
    };
    let rounds = match (rules.rounds(), rules.next_starter()) {
        (Rounds::Single, _) => "one game",
        (Rounds::Many, NextStarter::TookRemaining) => {
            "a match of rounds; who took the remaining seeds starts the next"
        }
        (Rounds::Many, NextStarter::Winner) => {
            "a match of rounds; the winner starts the next (after a draw, the other player)"
        }
    };
    let relay = match rules.relay_kind() {
        Relay::Off => "no",
        Relay::NextPit => "from the pit after the last seed's",
        Relay::LandingPit => "from the last seed's pit, if it held seeds",
    };
    let first = match rules.first_player() {
        FirstPlayer::Chosen => "chosen",
        FirstPlayer::Drawn => "chosen or drawn",
        FirstPlayer::OddEven => "odd-or-even guess",
    };
    let rows = [
        ("board", board_size(rules)),
        ("stores", stores.to_string()),
        ("direction", rules.direction().to_string()),
        ("from origin", yes_no(rules.from_origin()).to_string()),
        ("skip origin", yes_no(rules.skip_origin()).to_string()),
        ("relay", relay.to_string()),
        ("skip lap start", yes_no(rules.skip_lap_start()).to_string()),
        ("extra turn", yes_no(rules.extra_turn()).to_string()),
        ("four-capture", yes_no(rules.four_capture()).to_string()),
        ("leap capture", yes_no(rules.leap_capture()).to_string()),
        (
            "Kalah capture",
            match (rules.kalah_capture(), rules.kalah_empty()) {
                (false, _) => "no",
                (true, false) => "yes (the pit across must hold seeds)",
                (true, true) => "yes (also across an empty pit)",
            }
            .to_string(),
        ),
        ("row captures", row_captures),
        ("owned pits", owned),
        ("must feed", yes_no(rules.must_feed()).to_string()),
        ("round end", round_end.to_string()),
        ("also ends at", other_ends),
        ("rounds", rounds.to_string()),
        ("partial pit", yes_no(rules.partial_pit()).to_string()),
        ("first player", first.to_string()),
    ];
    for (label, value) in rows {
        let _ = writeln!(out, "{:<15}{value}", format!("{label}:"));
    }
    for source in rules.sources() {
        let _ = writeln!(out, "{:<15}{source}", "source:");
    }
    let _ = writeln!(out, "\n{RULES_IN_FULL}");
    out
}

/// Joins a rule file's hard-wrapped lines into paragraphs (and `- ` list
/// items), so the terminal can wrap them at its own width.
#[must_use]
pub fn reflow(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut open = false;
    for line in text.lines() {
        let line = line.trim_end();
        if line.trim().is_empty() {
            out.push(String::new());
            open = false;
        } else if open && !line.trim_start().starts_with("- ") {
            if let Some(last) = out.last_mut() {
                last.push(' ');
                last.push_str(line.trim());
            }
        } else {
            out.push(line.trim().to_string());
            open = true;
        }
    }
    out
}

// -- Saved matches, as lists, the viewer and `mancala saves` name them --

/// "Ann v Bo", "Me v Computer (hard)".
#[must_use]
pub fn players(header: &Header) -> String {
    let name = |side: Side| crate::session::shown_name(&header.names[side], header.computer[side]);
    format!("{} v {}", name(Side::South), name(Side::North))
}

/// The match as a list names it: "cup final: Ann v Bo", or the players alone
/// when it has no title.
#[must_use]
pub fn who(header: &Header) -> String {
    match &header.title {
        Some(title) => format!("{title}: {}", players(header)),
        None => players(header),
    }
}

/// Where the match stands: "in play", "round 3 over", "Ann won", "draw".
#[must_use]
pub fn result(header: &Header) -> String {
    let name = |side: Side| header.names[side].clone();
    match (header.status, header.winner) {
        (StatusKind::Ongoing, _) => "in play".to_string(),
        (StatusKind::RoundOver, _) => format!("round {} over", header.rounds),
        (StatusKind::MatchOver, Some(Outcome::Win(side))) => format!("{} won", name(side)),
        (StatusKind::MatchOver, _) => "draw".to_string(),
    }
}

/// The same with the winner named by side ("South won"), for a narrow list
/// whose players column already says who sat where.
#[must_use]
pub fn listing_result_by_side(listing: &Listing, header: &Header) -> String {
    let by_side = match (header.status, header.winner) {
        (StatusKind::MatchOver, Some(Outcome::Win(side))) => {
            format!("{} won", crate::words::side_title(side))
        }
        _ => result(header),
    };
    match listing.shelf {
        Shelf::Copies => format!("copy: {by_side}"),
        _ => by_side,
    }
}

/// The result column's words for a match another game plays, longest first,
/// for a column to take the first that fits.
pub const OPEN_ELSEWHERE: [&str; 3] = ["open in another game", "open elsewhere", "in use"];

/// The result column of a list: as [`result`], or what keeps the file from
/// being used.
#[must_use]
pub fn listing_result(listing: &Listing) -> String {
    match &listing.header {
        Err(_) => "cannot be read".to_string(),
        Ok(_) if listing.open_elsewhere => OPEN_ELSEWHERE[0].to_string(),
        Ok(header) if listing.not_saved => format!("{} (not saved)", result(header)),
        // A copy is a match as it stood when saved, not one being played.
        Ok(header) if listing.shelf == Shelf::Copies => format!("copy: {}", result(header)),
        Ok(header) => result(header),
    }
}

/// "Ann 3, Bo 2, 1 draw": a pair's tally, the players in `names` order.
#[must_use]
pub fn tally(tally: &crate::settings::Tally, names: &[String; 2]) -> String {
    let [first, second] = names.clone().map(|name| tally.wins_of(&name));
    let mut text = format!("{} {first}, {} {second}", names[0], names[1]);
    if tally.draws > 0 {
        let s = if tally.draws == 1 { "" } else { "s" };
        let _ = write!(text, ", {} draw{s}", tally.draws);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::{move_summary, reflow, refusal, status_line};
    use crate::engine::{Pit, PlayError, Position, Rules, Side};
    use crate::session::Session;

    #[test]
    fn a_move_that_ends_the_game_does_not_move_again() {
        // One pit of one seed a side: South's seed ends in its store (an
        // extra turn by the rules) and empties its row, which ends the game.
        let kalaha = crate::catalog::Catalog::with_user_dir(None)
            .find("kalaha")
            .unwrap()
            .rules
            .text()
            .replace("pits = 6", "pits = 1")
            .replace("seeds-per-pit = 4", "seeds-per-pit = 1");
        let rules = std::sync::Arc::new(Rules::from_toml(&kalaha).unwrap());
        let mut session = Session::new(rules, ["Ann".into(), "Bo".into()], Side::South);
        let trace = session.play(Pit::new(1)).unwrap();
        let said = move_summary(&session, Side::South, Pit::new(1), &trace);
        // North's seed is left on its row, and goes to North's store.
        assert_eq!(
            said,
            "Ann played pit 1 - that ends the game: Bo adds the 1 seed left on their row"
        );
    }

    #[test]
    fn a_round_end_says_who_took_the_seeds_left() {
        // docs/rules.md's Sat-gharva example: North is left stuck, and South
        // takes the 4 seeds still on the board.
        let rules = crate::catalog::Catalog::with_user_dir(None)
            .find("sat-gharva")
            .unwrap()
            .rules
            .clone();
        let session = Session::new(rules.clone(), ["Ann".into(), "Bo".into()], Side::South);
        let start = Position::from_text(
            &rules,
            "south: 0 3 0 3 0 0 2 store 40; north: 0 0 0 0 0 5 0 store 45; round 1; south to move",
        )
        .unwrap();
        let mut trace = Vec::new();
        start.play_traced(&rules, Pit::new(7), &mut trace).unwrap();
        let said = move_summary(&session, Side::South, Pit::new(7), &trace);
        assert_eq!(
            said,
            "Ann played pit 7: 2 laps - Ann leapt to North 6 for 5, fours: 4 to Ann, \
             that ends the round: Ann takes the 4 seeds left"
        );
    }

    fn oware() -> (std::sync::Arc<Rules>, Session) {
        let rules = crate::catalog::Catalog::with_user_dir(None)
            .find("oware")
            .unwrap()
            .rules
            .clone();
        let session = Session::new(rules.clone(), ["Ann".into(), "Bo".into()], Side::South);
        (rules, session)
    }

    /// What the report says of South's `pit` from the position `text`.
    fn said_of(text: &str, pit: u8) -> String {
        let (rules, session) = oware();
        let start = Position::from_text(&rules, text).unwrap();
        let mut trace = Vec::new();
        start
            .play_traced(&rules, Pit::new(pit), &mut trace)
            .unwrap();
        move_summary(&session, Side::South, Pit::new(pit), &trace)
    }

    #[test]
    fn a_chain_of_captures_is_told_pit_by_pit() {
        let said = said_of(
            "south: 2 0 0 1 0 4 store 14; north: 3 1 2 1 3 2 store 15; round 1; south to move",
            6,
        );
        assert_eq!(
            said,
            "Ann played pit 6 - captured 2 + 3 + 2 from North's pits 4, 3 and 2"
        );
    }

    #[test]
    fn a_grand_slam_says_why_nothing_was_captured() {
        let said = said_of(
            "south: 3 0 0 0 0 2 store 20; north: 1 2 0 0 0 0 store 20; round 1; south to move",
            6,
        );
        assert_eq!(
            said,
            "Ann played pit 6 - a grand slam: it would take all 5 seeds on North's row, \
             so it captures nothing"
        );
    }

    #[test]
    fn each_end_of_oware_is_named() {
        // A capture to 25: the end at more than half the seeds.
        let said = said_of(
            "south: 1 0 0 0 0 1 store 22; north: 2 0 0 0 1 0 store 21; round 1; south to move",
            6,
        );
        assert_eq!(
            said,
            "Ann played pit 6 - captured 3 from North's pit 1, \
             that ends the game (a player has more than half the seeds): \
             each adds the seeds left on their row (Ann 1, Bo 1)"
        );
        // The two seeds round the board: the twelfth move repeats the start.
        let (rules, _) = oware();
        let start = Position::from_text(
            &rules,
            "south: 0 0 0 0 0 1 store 23; north: 0 0 0 0 0 1 store 23; round 1; south to move",
        )
        .unwrap();
        let moves: Vec<Pit> = [6, 6, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5].map(Pit::new).to_vec();
        let end = crate::engine::play_line_from(&rules, start, &moves).unwrap();
        assert_eq!(
            status_line(&rules, &end),
            "Oware (Abapa) - round 1 - match over: a draw 24-24; the position repeats \
             one since the last capture, each player keeping their row"
        );
        // No move that feeds: each keeps their row.
        let stuck = Position::from_text(
            &rules,
            "south: 0 1 0 0 0 0 store 23; north: 0 0 0 0 0 1 store 23; round 1; north to move",
        )
        .unwrap()
        .play(&rules, Pit::new(6))
        .unwrap();
        assert_eq!(
            status_line(&rules, &stuck),
            "Oware (Abapa) - round 1 - match over: South wins 25-23; no legal move is \
             left, each player keeping their row"
        );
    }

    #[test]
    fn a_pit_that_does_not_feed_is_refused_with_the_reason() {
        let said = refusal(PlayError::DoesNotFeed(Pit::new(2)), 6);
        assert!(said.contains("leaves your opponent's row empty"), "{said}");
    }

    #[test]
    fn reflow_joins_paragraphs_and_keeps_list_items() {
        let text = "One two\nthree.\n\n- a b\n  c\n- d\n";
        assert_eq!(reflow(text), ["One two three.", "", "- a b c", "- d"]);
    }
}
