//! Each event of a move told once: what it says while it is on screen
//! ([`event_told`]), and the clause it adds to the line that sums up a
//! whole move ([`move_details`]).

use std::fmt::Write;

use super::{ending_reason, move_said, place_name, place_on, player_name, side_title};
use crate::engine::{BySide, Event, Fill, Move, Place, Side};
use crate::session::Session;

/// One line on what a whole move did.
#[must_use]
pub fn move_summary(session: &Session, mover: Side, played: Move, trace: &[Event]) -> String {
    format!(
        "{} played {}",
        session.display_name(mover),
        move_details(session, played, trace)
    )
}

/// What a move did, after "Ann played ": "pit 3: 2 laps - fours: 4 to Ann".
#[must_use]
pub fn move_details(session: &Session, played: Move, trace: &[Event]) -> String {
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
            Event::SowingCapture { owner, count, .. } => fours[owner] += count,
            Event::LeapCapture { .. }
            | Event::KalahCapture { .. }
            | Event::PairCapture { .. }
            | Event::FrontCapture { .. } => {
                notes.extend(capture_note(session, event));
            }
            Event::AnotherMove { .. } if !round_ends => {
                notes.push("moves again for the capture".to_string());
            }
            Event::RowCapture { pit, count, .. } => chain.push((pit, count)),
            Event::GrandSlam { by, spared } => notes.push(grand_slam(by.other(), spared)),
            Event::PitOwned { pit, count, by } => notes.push(pit_owned(session, pit, count, by)),
            Event::PitKept { .. } | Event::PairOwned { .. } | Event::FromOwnedPit { .. } => {
                notes.extend(event_told(session, event, &[]));
            }
            Event::DropToOwner { owner, .. } => to_owners[owner] += 1,
            Event::ExtraTurn { .. } if !round_ends => notes.push("moves again".to_string()),
            Event::OwnRowOnly { .. } if !round_ends => {
                notes.push("stayed on their own row, so moves again".to_string());
            }
            Event::Pass { side } => {
                // An extra turn with nothing to play is passed at once.
                if notes.last().is_some_and(|n| n == "moves again") {
                    notes.pop();
                }
                notes.push(pass(session, side));
            }
            Event::NyumbaGivenUp { side } => notes.push(nyumba_given_up(session, side)),
            Event::Block {
                pit: Some(pit),
                fresh: true,
            } => notes.push(blocked(session, pit)),
            Event::Barred { pit: Some(pit) } => notes.push(barred(session, pit)),
            Event::RoundEnd {
                ending,
                took_remaining,
                swept,
                winner,
            } => notes.push(round_end_note(
                session,
                ending,
                took_remaining,
                swept,
                winner,
            )),
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
    let mut text = move_said(played);
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

/// What a capture of the pair across took and where it went: "7 from
/// North f2 and North b2, sown on from South f2".
fn pair_taken(session: &Session, event: &Event) -> Option<String> {
    let Event::PairCapture {
        front,
        back,
        count,
        to,
        ..
    } = *event
    else {
        return None;
    };
    let place = |place| place_on(session.rules(), place);
    Some(format!(
        "{count} from {} and {}, sown on from {}",
        place(front),
        place(back),
        place(to)
    ))
}

/// "North's nyumba is given up" (§10.4): lifted whole or captured, an
/// ordinary pit from now on.
fn nyumba_given_up(session: &Session, side: Side) -> String {
    format!("{}'s nyumba is given up", session.display_name(side))
}

/// "takasia: South f2 is blocked" (§10.4).
fn blocked(session: &Session, pit: Place) -> String {
    format!("takasia: {} is blocked", place_on(session.rules(), pit))
}

/// A lone seed come round the end of the board, which may not go straight
/// back (§13.6).
fn barred(session: &Session, pit: Place) -> String {
    format!(
        "{}'s lone seed may not go straight back next move",
        place_on(session.rules(), pit)
    )
}

/// What a capture of the front pit across took and where it goes: "3 from
/// North f6, sown in from South f1", or "..., kept in hand" where it won.
fn front_taken(session: &Session, event: &Event) -> Option<String> {
    let Event::FrontCapture {
        across,
        count,
        kichwa,
        ..
    } = *event
    else {
        return None;
    };
    let place = |place| place_on(session.rules(), place);
    Some(match kichwa {
        Some(kichwa) => format!(
            "{count} from {}, sown in from {}",
            place(across),
            place(kichwa)
        ),
        None => format!("{count} from {}, kept in hand", place(across)),
    })
}

/// A move's summary clause for a leap, a Kalah capture or the pair across.
fn capture_note(session: &Session, event: &Event) -> Option<String> {
    Some(match *event {
        Event::LeapCapture {
            pit,
            count,
            by,
            across: false,
        } => format!(
            "{} leapt to {} for {count}",
            session.display_name(by),
            place_on(session.rules(), pit)
        ),
        Event::LeapCapture {
            pit,
            count,
            across: true,
            ..
        } => format!(
            "and took {count} from {} across",
            place_on(session.rules(), pit)
        ),
        Event::PairCapture { .. } => format!("captured {}", pair_taken(session, event)?),
        Event::FrontCapture { .. } => format!("captured {}", front_taken(session, event)?),
        Event::KalahCapture {
            opposite, count: 0, ..
        } => format!(
            "captured its last seed ({} is empty)",
            place_on(session.rules(), opposite)
        ),
        Event::KalahCapture {
            opposite,
            count,
            seed_taken,
            ..
        } => format!(
            "captured {count} from {}{}",
            place_on(session.rules(), opposite),
            if seed_taken {
                " and the capturing seed"
            } else {
                ""
            }
        ),
        _ => return None,
    })
}

/// A move's summary clause for the round's end it brought.
fn round_end_note(
    session: &Session,
    ending: crate::engine::Ending,
    took_remaining: Option<Side>,
    swept: BySide<u16>,
    winner: Option<Side>,
) -> String {
    // A game won by leaving the other unable to move counts no seeds.
    if let Some(winner) = winner {
        let loser = session.display_name(winner.other());
        return format!(
            "that ends the game: {}, and {} wins",
            super::lost_because(&loser, ending),
            session.display_name(winner)
        );
    }
    let ends = match session.rules().plan().rounds.rounds {
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
    note
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

/// "captured 3 + 2 from North 4 and North 3": a chain of captures by
/// count, each pit with its count, in the order taken, each pit named as
/// every pit is ("South 1, North 6 and North 5" where it crosses rows).
#[must_use]
pub fn row_capture(taken: &[(Place, u16)]) -> String {
    let counts: Vec<String> = taken.iter().map(|(_, count)| count.to_string()).collect();
    let pits: Vec<String> = taken.iter().map(|(place, _)| place_name(*place)).collect();
    let pits = match pits.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => pits.concat(),
    };
    format!("captured {} from {pits}", counts.join(" + "))
}

/// "North 4 is now Ann's tuzdyk: its 3 seeds and all sown there later are
/// Ann's".
#[must_use]
pub fn pit_owned(session: &Session, pit: Place, count: u16, by: Side) -> String {
    let name = session.display_name(by);
    format!(
        "{} is now {name}'s tuzdyk: its {count} seeds and all sown there later are theirs",
        place_on(session.rules(), pit)
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

/// "Bo swaps: Bo now plays South, and Ann answers as North": `swapper` is
/// the side the player who swapped now plays.
#[must_use]
pub fn swap_told(session: &Session, swapper: Side) -> String {
    format!(
        "{} swaps: {} now plays {}, and {} answers as {}",
        session.display_name(swapper),
        session.display_name(swapper),
        side_title(swapper),
        session.display_name(swapper.other()),
        side_title(swapper.other())
    )
}

/// "pit 3", "pits 1, 2 and 6": the pits of a loser's choice.
#[must_use]
pub fn pits_named(fill: Fill) -> String {
    let pits: Vec<String> = fill.pits().map(|pit| pit.to_string()).collect();
    match &pits[..] {
        [] => "no pit".to_string(),
        [only] => format!("pit {only}"),
        [rest @ .., last] => format!("pits {} and {last}", rest.join(", ")),
    }
}

/// "Bo fills pits 1, 2, 5 and 6 for round 2": the round's loser's choice.
#[must_use]
pub fn fill_told(session: &Session, chooser: Side, fill: Fill, round: u16) -> String {
    format!(
        "{} fills {} for round {round}",
        session.display_name(chooser),
        pits_named(fill)
    )
}

/// "Ann cannot move: Bo plays again".
#[must_use]
pub fn pass(session: &Session, side: Side) -> String {
    format!(
        "{} cannot move: {} plays again",
        session.display_name(side),
        session.display_name(side.other())
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

/// What the events of pits owned with their seeds say.
fn owned_pit_told(session: &Session, event: &Event) -> Option<String> {
    // Said with the possessive, so the plain name (no side after it).
    let name = |side: Side| session.display_name(side);
    Some(match *event {
        Event::PitKept { pit, by } => format!(
            "{} is now {}'s own: the seeds in it stay, counted as theirs",
            place_on(session.rules(), pit),
            name(by)
        ),
        Event::PairOwned { pit, across, by } => format!(
            "{} and {} are now {}'s own, 2 seeds each",
            place_on(session.rules(), pit),
            place_on(session.rules(), across),
            name(by)
        ),
        Event::FromOwnedPit { pit, count, by } => format!(
            "{} takes {count} from {}, an owned pit of the opponent's",
            name(by),
            place_on(session.rules(), pit)
        ),
        _ => return None,
    })
}

/// What an event of a move says while it is on screen (`None` for the
/// steps the board shows by itself: a pick-up, a drop, a lap's end).
/// `chain` is the captures by count of the move so far, this one included.
#[must_use]
pub fn event_told(session: &Session, event: &Event, chain: &[(Place, u16)]) -> Option<String> {
    let name = |side: Side| player_name(session, side);
    let place = |at: Place| place_on(session.rules(), at);
    Some(match *event {
        Event::SowingCapture { pit, count, owner } => format!(
            "{} in {} - {} takes them",
            group_of(count),
            place(pit),
            name(owner)
        ),
        Event::PairCapture { by, .. } => {
            format!(
                "Capture: {} takes {}",
                name(by),
                pair_taken(session, event)?
            )
        }
        Event::FrontCapture { by, .. } => {
            format!(
                "Capture: {} takes {}",
                name(by),
                front_taken(session, event)?
            )
        }
        Event::RelayTakeUp { pit, count, .. } => {
            format!("Relay: {count} seeds picked up from {}", place(pit))
        }
        Event::FromHand { pit, by } => {
            format!("{} puts a seed from the hand into {}", name(by), place(pit))
        }
        Event::NyumbaGivenUp { side } => nyumba_given_up(session, side),
        Event::Block {
            pit: Some(pit),
            fresh: true,
        } => blocked(session, pit),
        Event::Block { pit: None, .. } => "The block is lifted".to_string(),
        Event::Barred { pit: Some(pit) } => barred(session, pit),
        Event::LeapCapture {
            pit,
            count,
            by,
            across,
        } => format!(
            "{}: {} takes {count} from {}",
            if across {
                "And the pit across"
            } else {
                "Leap capture"
            },
            name(by),
            place(pit)
        ),
        Event::KalahCapture {
            pit,
            opposite,
            count,
            by,
            seed_taken,
        } => {
            let seed = if seed_taken {
                format!(" and the seed in {}", place(pit))
            } else {
                String::new()
            };
            format!(
                "Capture: {} takes {count} from {}{seed}",
                name(by),
                place(opposite)
            )
        }
        Event::AnotherMove { side } => format!("A capture - {} moves once more", name(side)),
        Event::OwnRowOnly { side } => format!(
            "The turn stayed on {}'s row - no capture, {} moves again",
            name(side),
            name(side)
        ),
        Event::ExtraTurn { side } => format!("Last seed in the store - {} moves again", name(side)),
        Event::RowCapture { by, .. } => format!("{} {}", name(by), row_capture(chain)),
        Event::DropToOwner { pit, owner, .. } => format!(
            "{} is {}'s tuzdyk: the seed sown there goes to their store",
            place(pit),
            name(owner)
        ),
        Event::PitOwned { pit, count, by } => pit_owned(session, pit, count, by),
        Event::PitKept { .. } | Event::PairOwned { .. } | Event::FromOwnedPit { .. } => {
            owned_pit_told(session, event)?
        }
        Event::Pass { side } => pass(session, side),
        Event::GrandSlam { by, spared } => {
            format!("{} made {}", name(by), grand_slam(by.other(), spared))
        }
        Event::RoundEnd { .. } => round_end_told(session, event)?,
        // A block that stands on after the turn it was set is not news.
        // A bar lifted by the move after it is not news either.
        Event::TakeUp { .. }
        | Event::Drop { .. }
        | Event::LapEnd { .. }
        | Event::Block { .. }
        | Event::Barred { pit: None } => {
            return None;
        }
    })
}

/// What the end of a round says while it is on screen.
fn round_end_told(session: &Session, event: &Event) -> Option<String> {
    let name = |side: Side| player_name(session, side);
    Some(match *event {
        Event::RoundEnd {
            winner: Some(winner),
            ending,
            ..
        } => format!(
            "{} - {} wins",
            super::lost_because(&name(winner.other()), ending),
            name(winner)
        ),
        Event::RoundEnd {
            took_remaining: Some(side),
            ending: crate::engine::Ending::RowEmpty,
            ..
        } => format!(
            "{}'s row is empty - they take the seeds left on the other row",
            name(side)
        ),
        Event::RoundEnd {
            took_remaining: Some(side),
            ..
        } => format!("No move left - {} takes the remaining seeds", name(side)),
        Event::RoundEnd {
            took_remaining: None,
            ending,
            ..
        } => match ending_reason(ending) {
            Some(why) => format!("Game over: {why} - each player keeps the seeds on their row"),
            None => "A row is empty - each player keeps the seeds on their row".to_string(),
        },
        _ => return None,
    })
}

/// "Four", "Five": a group of seeds taken while sowing, by its count.
fn group_of(count: u16) -> String {
    match count {
        4 => "Four".to_string(),
        n => format!("{n} seeds"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Pit, Position, Rules};

    fn session_at(rules_text: &str, position: &str) -> (Session, Position) {
        let rules = std::sync::Arc::new(Rules::from_toml(rules_text).unwrap());
        let session = Session::new(rules.clone(), ["Ann".into(), "Bo".into()], Side::South);
        (session, Position::from_text(&rules, position).unwrap())
    }

    /// A Kalah capture says what was across and that the capturing seed
    /// went too, not one sum that matches no pit.
    #[test]
    fn a_capture_says_what_was_across_and_the_capturing_seed() {
        let (session, start) = session_at(
            include_str!("../../rules/kalaha.toml"),
            "south: 1 0 3 4 4 4 store 6; north: 4 4 4 4 4 4 store 2; round 1; south to move",
        );
        let mut trace = Vec::new();
        start
            .play_traced(session.rules(), Pit::new(1), &mut trace)
            .unwrap();
        let said = move_summary(&session, Side::South, Move::sow(Pit::new(1)), &trace);
        assert_eq!(
            said,
            "Ann played pit 1 - captured 4 from North 5 and the capturing seed"
        );
        let capture = trace
            .iter()
            .find(|e| matches!(e, Event::KalahCapture { .. }))
            .unwrap();
        assert_eq!(
            event_told(&session, capture, &[]).unwrap(),
            "Capture: Ann (South) takes 4 from North 5 and the seed in South 2"
        );
    }

    /// A Bao capture from the hand that empties the opponent's front row:
    /// the nyumba taken with it, and the game won for that reason.
    #[test]
    fn a_bao_win_says_the_front_row_is_empty() {
        let (session, start) = session_at(
            include_str!("../../rules/bao-kiswahili.toml"),
            "south: front 0 0 0 1 6h 0 0 0 back 0 0 0 0 0 0 0 0 hand 21; \
             north: front 0 0 0 0 6h 0 0 0 back 0 0 0 0 0 0 0 0 hand 30; round 1; south to move",
        );
        let played: Move = "f4cw".parse().unwrap();
        let mut trace = Vec::new();
        start
            .play_traced(session.rules(), played, &mut trace)
            .unwrap();
        let said = move_summary(&session, Side::South, played, &trace);
        assert!(said.contains("Bo's nyumba is given up"), "{said}");
        assert!(
            said.ends_with("that ends the game: Bo's front row is empty, and Ann wins"),
            "{said}"
        );
    }

    #[test]
    fn a_pass_names_the_players() {
        let rules =
            std::sync::Arc::new(Rules::from_toml(include_str!("../../rules/dakon.toml")).unwrap());
        let session = Session::new(rules, ["Ann".into(), "Bo".into()], Side::South);
        assert_eq!(
            pass(&session, Side::North),
            "Bo cannot move: Ann plays again"
        );
    }

    /// The steps the board shows by itself say nothing.
    #[test]
    fn sowing_alone_says_nothing() {
        let (session, start) = session_at(
            include_str!("../../rules/kalaha.toml"),
            "south: 4 4 4 4 4 4 store 0; north: 4 4 4 4 4 4 store 0; round 1; south to move",
        );
        let mut trace = Vec::new();
        start
            .play_traced(session.rules(), Pit::new(1), &mut trace)
            .unwrap();
        assert!(trace.iter().all(|e| event_told(&session, e, &[]).is_none()));
    }
}
