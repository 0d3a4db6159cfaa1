//! The mechanics of rules.md §13 on hand-worked positions: each worked out
//! on paper from the rules contract before the engine was asked, then the
//! engine's answer compared with it.

mod common;

use std::sync::Arc;

use common::{at, north, play, row_captures, south};
use mancala::engine::mechanics::playable::Restriction;
use mancala::engine::{
    Ending, Event, Move, Outcome, Pit, Place, PlayError, Rules, Side, StatusKind,
};

fn rules(id: &str) -> Arc<Rules> {
    Arc::new(common::builtin(id))
}

fn moves(game: &mancala::engine::GameState) -> Vec<String> {
    game.legal_moves().iter().map(ToString::to_string).collect()
}

/// Cow's start: pits 1 and 2 are one move each (clockwise), 4 and 5 one
/// each (counter-clockwise), the middle pit two: `3cw` and `3ccw`.
#[test]
fn the_middle_pit_is_two_moves_and_every_other_pit_one() {
    let cow = rules("cow");
    let game = at(
        &cow,
        "south: 5 5 5 5 5 store 0; north: 5 5 5 5 5 store 0; round 1; south to move",
    );
    assert_eq!(moves(&game), ["1", "2", "3ccw", "3cw", "4", "5"]);
}

/// Cow, South's middle pit both ways from the start. Clockwise its five
/// seeds go to South's 2 and 1, then round the end into North's 5, 4 and 3;
/// counter-clockwise to South's 4 and 5, then North's 1, 2 and 3. The last
/// seed makes North's 3 hold 6 either way: nothing is taken.
#[test]
fn a_middle_pit_is_sown_the_way_the_mover_chooses() {
    let cow = rules("cow");
    let game = at(
        &cow,
        "south: 5 5 5 5 5 store 0; north: 5 5 5 5 5 store 0; round 1; south to move",
    );
    let (cw, _) = play(&game, "3cw");
    assert_eq!(
        cw.position().to_text(&cow),
        "south: 6 6 0 5 5 store 0; north: 5 5 6 6 6 store 0; round 1 begun by south; north to move"
    );
    let (ccw, _) = play(&game, "3ccw");
    assert_eq!(
        ccw.position().to_text(&cow),
        "south: 5 5 0 6 6 store 0; north: 6 6 6 5 5 store 0; round 1 begun by south; north to move"
    );
    // The middle pit needs its way; another pit takes only its own.
    let refused = |text: &str| game.play(text.parse::<Move>().unwrap()).unwrap_err();
    assert_eq!(refused("3"), PlayError::NoDirection(Pit::new(3)));
    assert_eq!(refused("1ccw"), PlayError::DirectionFixed(Pit::new(1)));
    assert_eq!(refused("5cw"), PlayError::DirectionFixed(Pit::new(5)));
    // The pit's own way may be written, as other programs write a move.
    let (one, _) = play(&game, "1");
    let (one_cw, _) = play(&game, "1cw");
    assert_eq!(one.position(), one_cw.position());
}

/// Cow, South's pit 1 (3 seeds) sows clockwise: round the end into North's
/// 5 (3, now 4), 4 (1, now 2) and 3 (1, now 2). The last seed makes 2: taken,
/// and the chain runs back against the move's way, to North's 4 (2) and 5
/// (4), then to South's own row, where it stops: 8 seeds. (Along the board's
/// counter-clockwise order it would have taken North's 2 and stopped at
/// North's 1: 4 seeds.)
#[test]
fn a_chain_runs_back_against_a_clockwise_move() {
    let cow = rules("cow");
    let game = at(
        &cow,
        "south: 3 2 5 5 5 store 11; north: 1 2 1 1 3 store 11; round 1; south to move",
    );
    let (after, trace) = play(&game, "1");
    assert_eq!(
        row_captures(&trace),
        [(north(3), 2), (north(4), 2), (north(5), 4),]
    );
    assert_eq!(
        after.position().to_text(&cow),
        "south: 0 2 5 5 5 store 19; north: 1 2 0 0 0 store 11; round 1 begun by south; north to move"
    );
}

/// Goat: the counter-clockwise half's chain, mirrored. South's pit 3 (2
/// seeds) sows counter-clockwise into North's 1 (1, now 2) and 2 (1, now 2):
/// North's 2 is taken, then North's 1 behind it, then South's row stops it.
#[test]
fn a_chain_runs_back_against_a_counter_clockwise_move() {
    let goat = rules("goat");
    let game = at(
        &goat,
        "south: 1 1 2 store 4; north: 1 1 2 store 6; round 1; south to move",
    );
    let (after, trace) = play(&game, "3");
    assert_eq!(row_captures(&trace), [(north(2), 2), (north(1), 2),]);
    assert_eq!(
        after.position().to_text(&goat),
        "south: 1 1 0 store 8; north: 0 0 2 store 6; round 1 begun by south; north to move"
    );
}

/// Bakuk (§13.13): South's pit 1 from the start sows six seeds, the sixth
/// back into the pit emptied, which then holds 1: nothing is taken.
#[test]
fn bakuk_sows_back_into_the_pit_emptied() {
    let bakuk = rules("bakuk");
    let game = at(
        &bakuk,
        "south: 6 6 6 store 0; north: 6 6 6 store 0; round 1; south to move",
    );
    let (after, trace) = play(&game, "1");
    assert!(row_captures(&trace).is_empty());
    assert_eq!(
        after.position().to_text(&bakuk),
        "south: 1 7 7 store 0; north: 7 7 7 store 0; round 1; north to move"
    );
}

/// Bakuk: South to move with no seed on their row: the game is over, and
/// the 3 seeds on North's row go to no one. The stores stay 10 and 23, 3
/// seeds scored by no one, North the winner.
#[test]
fn the_rest_goes_to_no_one_when_the_mover_is_stuck() {
    let bakuk = rules("bakuk");
    let game = at(
        &bakuk,
        "south: 0 0 0 store 10; north: 1 2 0 store 23; round 1; south to move",
    );
    let position = game.position();
    assert_eq!(position.ending(), Some(Ending::NoMove));
    assert_eq!(position.status().kind(), StatusKind::MatchOver);
    assert_eq!(
        (position.store(Side::South), position.store(Side::North)),
        (10, 23)
    );
    assert_eq!(position.row_total(Side::North), 0);
    assert_eq!(position.unscored(&bakuk), 3);
    assert_eq!(position.outcome(), Some(Outcome::Win(Side::North)));
    assert_eq!(
        bakuk.plan().goal.rest_told(Ending::NoMove, 3),
        "the 3 seeds left went to no one"
    );
    let json = mancala::report::position_json(&bakuk, position);
    assert_eq!(json.unscored, Some(3));
    // Where each row goes to its owner, the same end gives North the 3.
    let owners = common::variant_of("bakuk", &[("rest-goes-to = \"nobody\"\n", "")]);
    let owners = at(
        &Arc::new(owners),
        "south: 0 0 0 store 10; north: 1 2 0 store 23; round 1; south to move",
    );
    assert_eq!(owners.position().store(Side::North), 26);
}

/// Hufesay: a repetition ends the game with the seeds left to no one
/// (here the lone capturing seed and another that walk for ever): the
/// stores stay as they were.
#[test]
fn a_repetition_leaves_the_rest_to_no_one() {
    let hufesay = rules("hufesay");
    let game = at(
        &hufesay,
        "south: 0 0 0 0 0 1 store 20; north: 0 0 0 0 0 1 store 26; round 1; south to move",
    );
    let ended = game.position().end_by_repetition(&hufesay, &mut Vec::new());
    assert_eq!(ended.ending(), Some(Ending::Repetition));
    assert_eq!(
        (ended.store(Side::South), ended.store(Side::North)),
        (20, 26)
    );
    assert_eq!(ended.unscored(&hufesay), 2);
}

fn leaps(trace: &[Event]) -> Vec<(Place, u16)> {
    trace
        .iter()
        .filter_map(|e| match *e {
            Event::LeapCapture { pit, count, .. } => Some((pit, count)),
            _ => None,
        })
        .collect()
}

/// Longbeu-a-cha: South's pit 1 (1 seed) drops into pit 2; the next pit,
/// 3, is empty: the turn ends and South leaps to pit 4 (2). Pit 5 is empty
/// and North's pit 1 holds 3: taken; North's 2 empty, North's 3 (1): taken;
/// North's 4 holds a seed where an empty pit is needed: the chain stops.
#[test]
fn leaps_go_on_in_a_chain_until_a_pit_with_seeds_stands_in_the_way() {
    let longbeu = rules("longbeu-a-cha");
    let game = at(
        &longbeu,
        "south: 1 0 0 2 0 store 20; north: 3 0 1 1 0 store 22; round 1; south to move",
    );
    let (after, trace) = play(&game, "1");
    assert_eq!(
        leaps(&trace),
        [(south(4), 2), (north(1), 3), (north(3), 1),]
    );
    assert_eq!(
        after.position().to_text(&longbeu),
        "south: 0 1 0 0 0 store 26; north: 0 0 0 1 0 store 22; round 1; north to move"
    );
}

/// Longbeu-a-cha: the same move with North's 4 empty and 2 seeds in North's
/// 5: the chain takes North's 5, comes round the board past South's empty
/// pit 1 to the seed just sown into South's pit 2, and stops at two empty
/// pits (South's 3, and 4, taken). North, with no seed left, cannot move:
/// the game is over, 29 to 21.
#[test]
fn a_chain_of_leaps_goes_round_the_board_and_stops_at_two_empty_pits() {
    let longbeu = rules("longbeu-a-cha");
    let game = at(
        &longbeu,
        "south: 1 0 0 2 0 store 20; north: 3 0 1 0 2 store 21; round 1; south to move",
    );
    let (after, trace) = play(&game, "1");
    assert_eq!(
        leaps(&trace),
        [
            (south(4), 2),
            (north(1), 3),
            (north(3), 1),
            (north(5), 2),
            (south(2), 1),
        ]
    );
    let position = after.position();
    assert_eq!(position.ending(), Some(Ending::NoMove));
    assert_eq!(
        (position.store(Side::South), position.store(Side::North)),
        (29, 21)
    );
}

/// Plays `moves` one after another from `game`.
fn play_all(game: &mancala::engine::GameState, moves: &[&str]) -> mancala::engine::GameState {
    moves
        .iter()
        .fold(game.clone(), |game, played| play(&game, played).0)
}

/// Toguz Xorgol (§13.13), North first, 1 4 8 1: South's last seed makes
/// North's pit 1 hold 3, but clockwise pit 1 is the last pit of North's row
/// in the sowing direction: no tuzdyk, and 3 is odd: nothing is taken.
#[test]
fn the_last_pit_barred_is_the_last_in_the_sowing_direction() {
    let xorgol = rules("toguz-xorgol");
    let start = at(
        &xorgol,
        "south: 9 9 9 9 9 9 9 9 9 store 0; north: 9 9 9 9 9 9 9 9 9 store 0; round 1; north to move",
    );
    let after = play_all(&start, &["1", "4", "8", "1"]);
    assert_eq!(
        after.position().to_text(&xorgol),
        "south: 1 1 11 1 10 10 10 11 11 store 10; north: 3 11 11 2 12 12 12 2 11 store 10; \
         round 1; north to move"
    );
    assert_eq!(after.position().owned_pit(Side::South), None);
}

/// Toguz Xorgol (§13.13), South first, 6 8 2 5 9 4: South's 9 makes North's
/// pit 8 South's tuzdyk; North's 4 ends in South's pit 2 (now 3), which
/// faces North's pit 8: not facing bars it, and 3 is odd, so nothing
/// happens. (Toguz Kumalak's same-number rule would allow it.)
#[test]
fn an_owned_pit_may_not_face_the_opponents() {
    let xorgol = rules("toguz-xorgol");
    let start = at(
        &xorgol,
        "south: 9 9 9 9 9 9 9 9 9 store 0; north: 9 9 9 9 9 9 9 9 9 store 0; round 1; south to move",
    );
    let after = play_all(&start, &["6", "8", "2", "5", "9", "4"]);
    assert_eq!(
        after.position().to_text(&xorgol),
        "south: 12 3 12 13 13 4 12 3 2 store 13; north: 12 13 13 1 1 11 2 o 12 store 10; \
         round 1; south to move"
    );
    assert_eq!(after.position().owned_pit(Side::South), Some(Pit::new(8)));
    assert_eq!(after.position().owned_pit(Side::North), None);
    // With the same-number rule instead, North's last move makes South's
    // pit 2 its tuzdyk.
    let same_number = Arc::new(common::variant_of(
        "toguz-xorgol",
        &[
            ("same-number-allowed = true", "same-number-allowed = false"),
            ("facing-allowed = false\n", ""),
        ],
    ));
    let start = at(
        &same_number,
        "south: 9 9 9 9 9 9 9 9 9 store 0; north: 9 9 9 9 9 9 9 9 9 store 0; round 1; south to move",
    );
    let after = play_all(&start, &["6", "8", "2", "5", "9", "4"]);
    assert_eq!(after.position().owned_pit(Side::North), Some(Pit::new(2)));
    assert_eq!(after.position().store(Side::North), 13);
}

/// Ot-tjin (§13.13), South's pit 1 from the start: six laps (3 seeds, then
/// 4 five times), the last seed falling into South's empty pit 4: no fish.
#[test]
fn ot_tjin_relays_until_an_empty_pit() {
    let ot_tjin = rules("ot-tjin");
    let game = at(
        &ot_tjin,
        "south: 3 3 3 3 3 3 3 3 3 3 store 0; north: 3 3 3 3 3 3 3 3 3 3 store 0; round 1; \
         south to move",
    );
    let (after, trace) = play(&game, "1");
    assert_eq!(common::laps(&trace), 6);
    assert!(row_captures(&trace).is_empty());
    assert_eq!(
        after.position().to_text(&ot_tjin),
        "south: 1 5 5 1 4 4 4 0 4 4 store 0; north: 4 0 4 4 4 0 4 4 4 0 store 0; round 1; \
         north to move"
    );
}

/// Ot-tjin: South's pit 1 (2 seeds) ends its lap in pit 3, which held 1:
/// 2 is no fish, so the 2 are taken up; the second lap's last seed makes
/// pit 5 hold 3: a fish, taken, and the turn ends there.
#[test]
fn a_capture_by_count_ends_a_relay() {
    let ot_tjin = rules("ot-tjin");
    let game = at(
        &ot_tjin,
        "south: 2 0 1 0 2 0 0 0 0 0 store 27; north: 0 0 0 0 0 0 0 0 0 1 store 27; round 1; \
         south to move",
    );
    let (after, trace) = play(&game, "1");
    assert_eq!(common::laps(&trace), 2);
    assert_eq!(row_captures(&trace), [(south(5), 3)]);
    assert_eq!(
        after.position().to_text(&ot_tjin),
        "south: 0 1 0 1 0 0 0 0 0 0 store 30; north: 0 0 0 0 0 0 0 0 0 1 store 27; round 1; \
         north to move"
    );
}

/// Djenon Aboure (§13.13), South's pit 1 from the start: four laps, from
/// South's pit 1, South's pit 4, North's pit 2 and North's pit 6, each
/// dropping its first seed back into its own pit; the last lap's last seed
/// makes South's pit 4 hold 2: taken, and South's pit 3 (6) stops the
/// chain. Sown each lap from the next place instead, nothing is taken.
#[test]
fn every_lap_sows_back_into_its_own_pit_and_a_count_ends_the_relay() {
    let djenon = rules("djenon-aboure");
    let start = "south: 4 4 4 4 4 4 store 0; north: 4 4 4 4 4 4 store 0; round 1; south to move";
    let game = at(&djenon, start);
    let (after, trace) = play(&game, "1");
    assert_eq!(common::laps(&trace), 4);
    assert_eq!(row_captures(&trace), [(south(4), 2)]);
    assert_eq!(
        after.position().to_text(&djenon),
        "south: 2 6 6 0 5 5 store 2; north: 5 1 5 5 5 1 store 0; round 1 begun by south; \
         north to move"
    );
    let next_place = Arc::new(common::variant_of(
        "djenon-aboure",
        &[(
            "first-seed = \"origin-every-lap\"",
            "first-seed = \"next-place\"",
        )],
    ));
    let (after, trace) = play(&at(&next_place, start), "1");
    assert!(row_captures(&trace).is_empty());
    assert_eq!(
        after.position().to_text(&next_place),
        "south: 2 7 1 6 1 6 store 0; north: 6 6 0 1 6 6 store 0; round 1 begun by south; \
         north to move"
    );
}

/// Dabuda's start: pits 1 to 6 sow their 4 seeds into occupied pits of
/// South's own row, so only 7 to 10, which reach North's row, may move.
#[test]
fn a_move_must_reach_the_opponent_or_an_empty_pit() {
    let dabuda = rules("dabuda");
    let start = at(
        &dabuda,
        "south: 4 4 4 4 4 4 4 4 4 4 store 0; north: 4 4 4 4 4 4 4 4 4 4 store 0; round 1; \
         south to move",
    );
    assert_eq!(moves(&start), ["7", "8", "9", "10"]);
    let refused = start.play(Move::sow(Pit::new(1))).unwrap_err();
    assert_eq!(
        refused,
        PlayError::Restricted(Pit::new(1), Restriction::ReachesNothing)
    );
    assert_eq!(
        mancala::words::refusal(refused, start.position()),
        "Pit 1 sows neither onto your opponent's row nor into an empty pit of yours - play a \
         pit that does."
    );
    // South's pit 1 (2 seeds) ends in pit 3, empty before the move: it may
    // be played, and captures North's pit 8 with the capturing seed. Pit 4
    // ends in pit 8, which holds seeds: refused.
    let game = at(
        &dabuda,
        "south: 2 0 0 4 4 4 4 4 4 4 store 5; north: 4 4 4 4 4 4 4 4 4 4 store 5; round 1; \
         south to move",
    );
    assert!(moves(&game).contains(&"1".to_string()));
    assert!(!moves(&game).contains(&"4".to_string()));
    let (after, _) = play(&game, "1");
    assert_eq!(
        after.position().to_text(&dabuda),
        "south: 0 1 0 4 4 4 4 4 4 4 store 10; north: 4 4 4 4 4 4 4 0 4 4 store 5; round 1; \
         north to move"
    );
}

/// Alemungula (§13.13), South first, 1 5 1: South's pit 1 (5 seeds)
/// clockwise onto North's row; North's 5 (6 seeds) counter-clockwise, the
/// first into South's pit 1; South's pit 1, the lone seed, round the end
/// into North's empty pit 5. North may play 1, 2, 3cw, 3ccw and 4, not 5;
/// the bar is written with the position and read back.
#[test]
fn a_lone_seed_may_not_go_straight_back_round_the_end() {
    let alemungula = rules("alemungula");
    let start = at(
        &alemungula,
        "south: 5 5 5 5 5 store 0; north: 5 5 5 5 5 store 0; round 1; south to move",
    );
    let after = play_all(&start, &["1", "5", "1"]);
    let text = "south: 0 6 6 6 6 store 0; north: 7 6 6 6 1 store 0; round 1; north to move, \
                pit 5 barred";
    assert_eq!(after.position().to_text(&alemungula), text);
    assert_eq!(moves(&after), ["1", "2", "3ccw", "3cw", "4"]);
    let refused = after.play(Move::sow(Pit::new(5))).unwrap_err();
    assert_eq!(
        refused,
        PlayError::Restricted(Pit::new(5), Restriction::LoneSeedBack)
    );
    let again = mancala::engine::Position::from_text(&alemungula, text).unwrap();
    assert_eq!(&again, after.position());
    let json = mancala::report::position_json(&alemungula, after.position());
    assert_eq!(json.barred, Some(Some(5)));
    // The bar lapses with the next move: after North's 1 and South's 2,
    // North's lone seed in pit 5 may be played.
    let later = play_all(&after, &["1", "2"]);
    assert_eq!(later.position().barred_pit(), None);
    assert!(moves(&later).contains(&"5".to_string()));
    // A position may not bar a pit that no lone seed could have reached.
    assert!(
        mancala::engine::Position::from_text(
            &alemungula,
            "south: 0 6 6 6 6 store 0; north: 7 6 6 6 1 store 0; round 1; north to move, pit 3 \
             barred"
        )
        .is_err()
    );
}

/// Al-manqala: North's row is empty and none of South's single seeds can
/// reach it: South cannot feed North and passes, North cannot move either,
/// and every seed left (South's 3) goes to North, the unfed player: 50 to
/// 48, North's game. (Oware's famine would give them to South.)
#[test]
fn the_rest_goes_to_the_unfed_player() {
    let al_manqala = rules("al-manqala");
    let game = at(
        &al_manqala,
        "south: 1 1 1 0 0 0 0 store 48; north: 0 0 0 0 0 0 0 store 47; round 1; south to move",
    );
    let position = game.position();
    assert_eq!(position.ending(), Some(Ending::NeitherCanMove));
    assert!(matches!(
        position.status(),
        mancala::engine::Status::MatchOver {
            took_remaining: Some(Side::North)
        }
    ));
    assert_eq!(
        (position.store(Side::South), position.store(Side::North)),
        (48, 50)
    );
    assert_eq!(position.outcome(), Some(Outcome::Win(Side::North)));
}

/// Al-manqala: an end by repetition with 5 seeds left halves them, 2 to
/// each player and the odd one to no one.
#[test]
fn a_repetition_end_divides_the_rest() {
    let al_manqala = rules("al-manqala");
    let game = at(
        &al_manqala,
        "south: 1 0 2 0 0 0 0 store 40; north: 0 0 1 0 1 0 0 store 53; round 1; south to move",
    );
    let ended = game
        .position()
        .end_by_repetition(&al_manqala, &mut Vec::new());
    assert_eq!(ended.ending(), Some(Ending::Repetition));
    assert_eq!(
        (ended.store(Side::South), ended.store(Side::North)),
        (42, 55)
    );
    assert_eq!(ended.unscored(&al_manqala), 1);
    assert_eq!(
        al_manqala.plan().goal.rest_told(Ending::Repetition, 1),
        "the seeds left were shared between them, 1 to no one"
    );
}
