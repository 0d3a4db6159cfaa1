//! The sentences players read, said once for the terminal game and the
//! command line alike: names of sides, places and players, what a move did,
//! why a pit was refused, where a match stands, and what a rule set is.

use std::fmt::Write;

use crate::engine::{
    Ending, Move, Outcome, Pit, Place, PlayError, Position, RoundError, Rules, Side, Status, Stores,
};
use crate::session::Session;

/// Between the moves of one turn (after an extra turn), wherever a turn is
/// told.
pub const THEN: &str = "; then ";

/// Where a player finds every rule with worked examples.
pub const RULES_IN_FULL: &str =
    "How every game goes, each mechanic in full: mancala rules show ID --full";

/// `count` and its noun, the noun plural but for one: "1 node", "0 nodes".
#[must_use]
pub fn counted(count: impl Into<u64>, noun: &str) -> String {
    let count = count.into();
    let s = if count == 1 { "" } else { "s" };
    format!("{count} {noun}{s}")
}

/// Why a rule set has no endgame table, after "has no endgame table: ".
#[must_use]
pub fn unindexable(why: crate::ai::Unindexable) -> &'static str {
    use crate::ai::Unindexable;
    match why {
        Unindexable::FourRows => "its board has four rows, and the tables number positions of two",
        Unindexable::Rounds => "it is played in rounds, each starting from the last one's end",
        Unindexable::OwnedPits => "its positions hold owned pits beside the seeds",
        Unindexable::Turns => "its positions hold where the turn stands beside the seeds",
        Unindexable::NotBySeeds => "its games are won by moving last, not by seeds",
        Unindexable::RestToNoOne => "the seeds left at its end are scored by no one",
        Unindexable::TooManyPits => "its rows are longer than the tables number",
    }
}

/// A table file that is not used, as a phrase: after "in place of " when
/// `mancala tables` builds it again, or in the warning that play goes on
/// without it.
#[must_use]
pub fn unusable_table(damage: crate::ai::Damaged) -> &'static str {
    match damage {
        crate::ai::Damaged::OtherRules => "one built for other rules or by another version",
        _ => "a damaged file",
    }
}

/// Why the computer plays `rules` without the endgame table it found
/// (the file names the rule set), and the command that builds it again.
#[must_use]
pub fn table_passed_over(rules: &Rules, passed: &crate::storage::tables::PassedOver) -> String {
    let file = passed
        .path
        .file_name()
        .unwrap_or_default()
        .to_string_lossy();
    format!(
        "The endgame table {file} is not used: it is {}. mancala tables {} builds it again.",
        unusable_table(passed.damage),
        rules.id()
    )
}

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
    if rules.board().stores == Stores::Aside {
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

/// A place on the rules' board: as [`place_name`] says it, a four-row pit
/// by its row ("South f3", "North b6").
#[must_use]
pub fn place_on(rules: &crate::engine::Rules, place: Place) -> String {
    match place {
        Place::Pit(side, pit) if rules.rows() == 4 => {
            let (row, number) = rules.shape().named(pit);
            format!("{} {}", side_title(side), Move::in_row(row, number))
        }
        _ => place_name(place),
    }
}

/// "Ann (South)", or just "South" when the player kept the side's name.
#[must_use]
pub fn player_name(session: &Session, side: Side) -> String {
    let name = session.display_name(side);
    // A computer is named by its level already ("Computer (hard)").
    if session.computer(side).is_some() {
        name
    } else {
        named(&name, side)
    }
}

/// "Ann (South)", or just "South" for a player called by the side's name.
#[must_use]
pub fn named(name: &str, side: Side) -> String {
    if name == side_title(side) {
        name.to_string()
    } else {
        format!("{name} ({})", side_title(side))
    }
}

/// Why a choice was refused, addressed to the player who made it.
// One arm a refusal: the compiler keeps the list whole.
#[allow(clippy::too_many_lines)]
#[must_use]
pub fn refusal(error: PlayError, position: &Position) -> String {
    let pits = position.pit_count();
    // A pit as this board names it: `3`, or `f3`/`b3` on four rows.
    let named = |pit: Pit| position.move_at(pit);
    match error {
        PlayError::Empty(pit) => {
            format!(
                "Pit {} is empty - choose a pit with seeds in it.",
                named(pit)
            )
        }
        PlayError::TooFew { pit, needs } => format!(
            "Pit {} has too few seeds - a pit needs at least {needs} to be played.",
            named(pit)
        ),
        PlayError::NoDirection(pit) => format!(
            "Pit {}: choose which way to sow it, left or right.",
            named(pit)
        ),
        PlayError::DirectionFixed(pit) => format!(
            "Pit {}: these rules fix the direction - play the pit alone.",
            named(pit)
        ),
        PlayError::Owned(pit) => format!(
            "Pit {} is an owned pit - its seeds stay there and it is never played.",
            named(pit)
        ),
        PlayError::Closed(pit) => {
            format!(
                "Pit {} is closed this round - it is out of play.",
                named(pit)
            )
        }
        PlayError::Endless(pit) => format!(
            "Pit {} would start a turn that never ends (its laps repeat forever), so it cannot be played.",
            named(pit)
        ),
        PlayError::Restricted(pit, why) => why.said(pit),
        PlayError::DoesNotFeed(pit) => format!(
            "Pit {} leaves your opponent's row empty - while it is, a move must give \
             them seeds.",
            named(pit)
        ),
        PlayError::NoSuchPit { pit, .. } => format!("There is no pit {pit}: pits are 1 to {pits}."),
        PlayError::RoundOver => "The round is over.".to_string(),
        PlayError::MatchOver => "The match is over.".to_string(),
        PlayError::NoSwap => "There is no swap to make now: it is offered once, to the second \
             player, right after the first player's first turn."
            .to_string(),
        PlayError::NotOnBoard(played) => format!("There is no pit {played} on this board."),
        PlayError::WayNeeded(played) => format!(
            "Pit {}: it may be sown the other way here - choose which way with the arrows.",
            played.named_pit()
        ),
        PlayError::LaterWayNeeded(_) => {
            "The move meets another choice of way - choose it with the arrows.".to_string()
        }
        PlayError::NoWayHere(played) => format!(
            "Pit {}: it is sown the usual way here - play the pit alone.",
            played.named_pit()
        ),
        PlayError::TooManyWays(_) => {
            "The move names more choices of way than it meets.".to_string()
        }
        PlayError::MustCapture(played) => format!(
            "Pit {} captures nothing, and a capture is compulsory - play a move that captures.",
            played.named_pit()
        ),
        PlayError::FrontPitFirst(played) => format!(
            "Pit {} is in the back row - with no capture, play a front pit of 2 or more.",
            played.named_pit()
        ),
        PlayError::EmptiesFrontRow(played) => format!(
            "Pit {}: that way would empty your front row - sow it towards the centre.",
            played.named_pit()
        ),
        PlayError::MustTakeBlocked(played) => format!(
            "Pit {}: a block stands, so capture the blocked pit first where you can.",
            played.named_pit()
        ),
        PlayError::KimbiWay(played) => format!(
            "Pit {}: seeds captured at an end pair go in from that end - the other way.",
            played.named_pit()
        ),
        PlayError::FunctionalNyumba(played) => format!(
            "Pit {} is your functional nyumba - it is not played from the hand.",
            played.named_pit()
        ),
        PlayError::NamuaSingle(played) => format!(
            "Pit {} holds one seed - from the hand, play a pit of 2 or more.",
            played.named_pit()
        ),
        PlayError::Blocked(played) => format!(
            "Pit {} is blocked - it may not start a takasa on this turn.",
            played.named_pit()
        ),
        PlayError::NoSafari(played) => format!(
            "Pit {}: this move does not end in your nyumba, so there is no safari.",
            played.named_pit()
        ),
        PlayError::Fill(why) => fill_refusal(why),
        PlayError::Lost(pit) => format!(
            "Pit {} was won by your opponent for this round - only they play it.",
            named(pit)
        ),
        PlayError::NotWon(pit) => format!(
            "Pit {pit} would be a pit of your opponent's row that you won, and you have not won it."
        ),
    }
}

/// Why a choice of pits to fill cannot begin the next round.
#[must_use]
pub fn fill_refusal(why: RoundError) -> String {
    match why {
        RoundError::FillCount { needs, chosen } if chosen < needs => {
            format!("Choose {needs} pits to fill - {} more.", needs - chosen)
        }
        RoundError::FillCount { needs, .. } => {
            format!("Choose {needs} pits to fill - take one out first.")
        }
        other => format!("{}.", crate::text::capitalised(&other.to_string())),
    }
}

/// A move as a player says it: "pit 3", "pit 3 clockwise".
#[must_use]
pub fn move_said(played: Move) -> String {
    played.said()
}

/// "North 4 is South's own (a tuzdyk): every seed sown there goes to
/// South".
#[must_use]
pub fn owned_pit_said(owner: Side, pit: Pit) -> String {
    format!(
        "{} is {}'s own (a tuzdyk): every seed sown there goes to {}",
        place_name(Place::Pit(owner.other(), pit)),
        side_title(owner),
        side_title(owner)
    )
}

/// The legend of a text board's pits owned with their seeds.
pub const OWNED_WITH_SEEDS_SAID: &str =
    "2s: a pit South owns, holding 2 seeds (3n: North's, holding 3); they count as the owner's";

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
        Ending::LastSeeds => Some("too few seeds are left to play on"),
        Ending::CannotMove => Some("a player is left with no pit to play"),
        Ending::FrontRowEmpty => Some("a front row is empty"),
    }
}

/// For a result: why the round ended by the rules, and where the seeds
/// left on the board went ("Ended: a row is empty; Bo took the remaining
/// seeds.").
#[must_use]
pub fn ending_told(session: &Session, position: &Position) -> Option<String> {
    let taker = match position.status() {
        Status::Ongoing => return None,
        Status::RoundOver { took_remaining } | Status::MatchOver { took_remaining } => {
            took_remaining
        }
    };
    let ending = position.ending()?;
    let why = match ending {
        Ending::RowEmpty => "a row is empty",
        ending => ending_reason(ending)?,
    };
    // Where the player who cannot move lost, that is the whole story.
    if let Some(winner) = position.won_by_moving() {
        let loser = session.display_name(winner.other());
        let how = if position.ending() == Some(Ending::FrontRowEmpty) {
            format!(
                "{}, so {loser} loses",
                lost_because(&loser, Ending::FrontRowEmpty)
            )
        } else {
            format!("{loser} is left with no pit to play, and loses")
        };
        return Some(format!("Ended: {how}; the seeds stay where they lie."));
    }
    let rest = match taker {
        Some(side) => format!("{} took the remaining seeds", session.display_name(side)),
        None => session
            .rules()
            .plan()
            .goal
            .rest_told(ending, position.unscored(session.rules())),
    };
    Some(format!("Ended: {why}; {rest}."))
}

/// Why a player lost where who cannot move loses: "Bo's front row is
/// empty" (Bao, §10.2), else "Bo cannot move".
#[must_use]
pub fn lost_because(loser: &str, ending: Ending) -> String {
    if ending == Ending::FrontRowEmpty {
        format!("{loser}'s front row is empty")
    } else {
        format!("{loser} cannot move")
    }
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
    // Where the player who cannot move lost, no seeds are counted.
    if let Some(side) = position.won_by_moving() {
        return Some(format!(
            "the game is over: {} cannot move, and {} wins",
            session.display_name(side.other()),
            session.display_name(side)
        ));
    }
    let [first, second] = score_order(position.outcome());
    let score = format!("{}-{}", position.store(first), position.store(second));
    let what = match (position.status(), session.rules().plan().rounds.rounds) {
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
    // Where the player who cannot move lost, no seeds are counted.
    if let Some(side) = position.won_by_moving() {
        let _ = write!(
            line,
            " - {over}: {} wins ({} cannot move)",
            side_title(side),
            side_title(side.other())
        );
        return line;
    }
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

mod events;
mod lists;
mod rule_sheet;
mod turns;

pub use events::{
    event_told, fill_told, grand_slam, move_details, move_summary, pass, pit_owned, pits_named,
    row_capture, swap_told, to_owner,
};
pub use lists::{
    OPEN_ELSEWHERE, listing_result, listing_result_by_side, players, result, tally, who,
};
pub use rule_sheet::{SHEET_LABEL_WIDTH, board_size, reflow, rules_sheet, rules_summary};
pub use turns::{TurnTold, turns_told};

#[cfg(test)]
mod tests {
    use super::{move_summary, reflow, refusal, status_line};
    use crate::engine::Move;
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
        let said = move_summary(&session, Side::South, Move::sow(Pit::new(1)), &trace);
        // North's seed is left on its row, and goes to North's store.
        assert_eq!(
            said,
            "Ann played pit 1 - that ends the game: Bo adds the 1 seed left on their row"
        );
        // The result says why the game ended.
        assert_eq!(
            super::ending_told(&session, session.position()).as_deref(),
            Some("Ended: a row is empty; each kept their row.")
        );
    }

    /// Where who cannot move loses, the end names the loser and leaves the
    /// seeds where they lie (no row goes to anyone).
    #[test]
    fn a_game_lost_by_being_unable_to_move_says_who_could_not() {
        let rules = crate::catalog::Catalog::with_user_dir(None)
            .find("igisoro")
            .unwrap()
            .rules
            .clone();
        let session = Session::new(rules.clone(), ["Ann".into(), "Bo".into()], Side::South);
        // South's f3 ends in f1, facing North's only pit of two or more.
        let start = Position::from_text(
            &rules,
            "south: front 3 0 2 0 0 0 0 0 back 0 0 0 0 0 35 0 0; \
             north: front 1 1 1 1 1 1 1 5 back 1 1 1 1 1 1 1 5; round 1; south to move",
        )
        .unwrap();
        let won = start.play(&rules, "f3".parse::<Move>().unwrap()).unwrap();
        assert_eq!(
            super::ending_told(&session, &won).as_deref(),
            Some(
                "Ended: Bo is left with no pit to play, and loses; the seeds stay where they lie."
            )
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
        let said = move_summary(&session, Side::South, Move::sow(Pit::new(7)), &trace);
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
        move_summary(&session, Side::South, Move::sow(Pit::new(pit)), &trace)
    }

    #[test]
    fn a_chain_of_captures_is_told_pit_by_pit() {
        let said = said_of(
            "south: 2 0 0 1 0 4 store 14; north: 3 1 2 1 3 2 store 15; round 1; south to move",
            6,
        );
        assert_eq!(
            said,
            "Ann played pit 6 - captured 2 + 3 + 2 from North 4, North 3 and North 2"
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
            "Ann played pit 6 - captured 3 from North 1, \
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
        let moves: Vec<crate::engine::Step> = [6, 6, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
            .map(|n| Pit::new(n).into())
            .to_vec();
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
        let rules = Rules::from_toml(include_str!("../rules/oware.toml")).unwrap();
        let start = Position::new(&rules, Side::South);
        let said = refusal(PlayError::DoesNotFeed(Pit::new(2)), &start);
        assert!(
            said.contains("Pit 2 leaves your opponent's row empty"),
            "{said}"
        );
    }

    /// On four rows a refusal names the pit with its row: the side's pit 9
    /// is the first of the back row, b1; pit 8 the last of the front, f8.
    #[test]
    fn a_refusal_on_four_rows_names_the_row() {
        let rules = Rules::from_toml(include_str!("../rules/igisoro.toml")).unwrap();
        let start = Position::new(&rules, Side::South);
        let too_few = PlayError::TooFew {
            pit: Pit::new(9),
            needs: 2,
        };
        let said = refusal(too_few, &start);
        assert!(said.starts_with("Pit b1 has too few seeds"), "{said}");
        let said = refusal(PlayError::Empty(Pit::new(8)), &start);
        assert!(said.starts_with("Pit f8 is empty"), "{said}");
    }

    #[test]
    fn reflow_joins_paragraphs_and_keeps_list_items() {
        let text = "One two\nthree.\n\n- a b\n  c\n- d\n";
        assert_eq!(reflow(text), ["One two three.", "", "- a b c", "- d"]);
    }
}
