//! Player-facing sentences: why a pit cannot be played, what a move did, what
//! is happening during an animation.

use std::fmt::Write;

use crate::engine::{Event, Place, PlayError, Side};
use crate::session::Session;

use super::anim::Flash;
use super::msg::HintReach;

/// "North 5", "South's store".
#[must_use]
pub fn place_name(place: Place) -> String {
    match place {
        Place::Pit(side, pit) => format!("{} {pit}", side_title(side)),
        Place::Store(side) => format!("{}'s store", side_title(side)),
    }
}

#[must_use]
pub fn side_title(side: Side) -> &'static str {
    match side {
        Side::South => "South",
        Side::North => "North",
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
        PlayError::NoSuchPit { pit, .. } => format!("There is no pit {pit}: pits are 1 to {pits}."),
        PlayError::RoundOver => "The round is over.".to_string(),
        PlayError::MatchOver => "The match is over.".to_string(),
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
        Flash::RoundEnd {
            took_remaining: Some(side),
        } => format!("No move left - {} takes the remaining seeds", name(side)),
        Flash::RoundEnd {
            took_remaining: None,
        } => "A row is empty - each player keeps the seeds on their row".to_string(),
    }
}

/// One line on what a whole move did.
#[must_use]
pub fn move_summary(session: &Session, mover: Side, pit: u8, trace: &[Event]) -> String {
    format!(
        "{} played {}",
        session.display_name(mover),
        move_details(session, pit, trace)
    )
}

/// What a move did, after "Ann played ": "pit 3: 2 laps - fours: 4 to Ann".
#[must_use]
pub fn move_details(session: &Session, pit: u8, trace: &[Event]) -> String {
    let mut laps = 0;
    let mut fours = [0u16; 2];
    let mut notes = Vec::new();
    // A last seed in the store that ends the round gives no move after it.
    let round_ends = trace.iter().any(|e| matches!(e, Event::RoundEnd { .. }));
    for event in trace {
        match *event {
            Event::LapEnd { lap, .. } => laps = lap,
            Event::FourCapture { owner, .. } => fours[owner.index()] += 4,
            Event::LeapCapture { pit, count, by } => notes.push(format!(
                "{} leapt to {} for {count}",
                session.display_name(by),
                place_name(pit)
            )),
            Event::KalahCapture {
                opposite, count, ..
            } => notes.push(format!(
                "captured {} from {}",
                count + 1,
                place_name(opposite)
            )),
            Event::ExtraTurn { .. } if !round_ends => notes.push("moves again".to_string()),
            Event::RoundEnd { .. } => notes.push(match session.rules().rounds() {
                crate::engine::Rounds::Single => "that ends the game".to_string(),
                crate::engine::Rounds::Many => "that ends the round".to_string(),
            }),
            _ => {}
        }
    }
    let mut text = format!("pit {pit}");
    if laps > 1 {
        let _ = write!(text, ": {laps} laps");
    }
    let fours: Vec<String> = Side::BOTH
        .iter()
        .filter(|side| fours[side.index()] > 0)
        .map(|&side| format!("{} to {}", fours[side.index()], session.display_name(side)))
        .collect();
    if !fours.is_empty() {
        notes.push(format!("fours: {}", fours.join(", ")));
    }
    if !notes.is_empty() {
        text.push_str(" - ");
        text.push_str(&notes.join(", "));
    }
    text
}

/// A hint: the best pit and every pit's value for the player to move.
#[must_use]
pub fn hint(session: &Session, mover: Side, values: &[(u8, i32)], reach: HintReach) -> String {
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
        "Hint for {}: pit {best} ({value:+} seeds ahead at the end, {how}).\nEvery pit: {}",
        session.display_name(mover),
        all.join("  ")
    )
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

/// One line naming a listed match: title or players, variant and when it
/// was last played.
#[must_use]
pub fn listing_summary(app: &super::app::App, listing: &crate::storage::Listing) -> String {
    use crate::report::library::players;
    match &listing.header {
        Ok(header) => {
            let who = header
                .title
                .as_ref()
                .map_or_else(|| players(header), |t| format!("{t} ({})", players(header)));
            format!(
                "{who}, {}, {}",
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
    use crate::report::library::players;
    let unfinished: Vec<_> = app.unfinished().collect();
    match unfinished.as_slice() {
        [one] => match &one.header {
            Ok(header) => format!(
                "{} ({})",
                header.title.clone().unwrap_or_else(|| players(header)),
                app.variant_name(&header.variant)
            ),
            Err(_) => "resume the unfinished match".to_string(),
        },
        several => format!("choose one of {} unfinished matches", several.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::{move_summary, reflow};
    use crate::engine::{Rules, Side};
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
        let trace = session.play(1).unwrap();
        let said = move_summary(&session, Side::South, 1, &trace);
        assert_eq!(said, "Ann played pit 1 - that ends the game");
    }

    #[test]
    fn reflow_joins_paragraphs_and_keeps_list_items() {
        let text = "One two\nthree.\n\n- a b\n  c\n- d\n";
        assert_eq!(reflow(text), ["One two three.", "", "- a b c", "- d"]);
    }
}
