//! Bao la kujifunza (rules.md §10.2-§10.3): its worked example, and each
//! mechanic of the capture of the front pit across on a hand-worked
//! position.

use mancala::engine::{Ending, Move, Outcome, PlayError, Position, Rules, Side, Status};

fn bao() -> Rules {
    mancala::catalog::load_file(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/bao-kujifunza.toml"),
    )
    .unwrap()
}

fn at(rules: &Rules, text: &str) -> Position {
    Position::from_text(rules, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play(rules: &Rules, position: &Position, written: &str) -> Result<Position, PlayError> {
    position.play(rules, written.parse::<Move>().unwrap())
}

fn legal(rules: &Rules, position: &Position) -> Vec<String> {
    position
        .legal_moves(rules)
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// §10.3's worked example: four captures, at a central pit (in from `f1`,
/// the move going clockwise), at each kimbi, and relays between them.
#[test]
fn the_worked_example_of_section_10_3_plays_as_printed() {
    let rules = bao();
    let start = Position::new(&rules, Side::South);
    assert_eq!(
        start.to_text(&rules),
        "south: front 2 2 2 2 2 2 2 2 back 2 2 2 2 2 2 2 2; \
         north: front 2 2 2 2 2 2 2 2 back 2 2 2 2 2 2 2 2; round 1; south to move"
    );
    // Every front pit's first lap ends in an occupied front pit facing
    // seeds one way (captures are compulsory): 16 moves, front pits only.
    let moves = legal(&rules, &start);
    assert_eq!(moves.len(), 16, "{moves:?}");
    let after = play(&rules, &start, "f1cw").unwrap();
    assert_eq!(
        after.to_text(&rules),
        "south: front 3 1 0 4 4 4 1 5 back 3 3 0 3 3 0 3 3; \
         north: front 0 0 2 2 2 0 0 2 back 2 2 2 2 2 2 2 2; round 1; north to move"
    );
    let mut trace = Vec::new();
    start
        .play_traced(&rules, "f1cw".parse::<Move>().unwrap(), &mut trace)
        .unwrap();
    let captures = trace
        .iter()
        .filter(|e| matches!(e, mancala::engine::Event::FrontCapture { .. }))
        .count();
    assert_eq!(captures, 4, "four captures of 2, 8 seeds");
}

/// A move that could capture must: a takasa is refused while a capture
/// exists, with the reason.
#[test]
fn a_capture_is_compulsory() {
    let rules = bao();
    let start = Position::new(&rules, Side::South);
    // f1ccw sows into b1 and b2: no capture, while f1cw captures.
    assert_eq!(
        play(&rules, &start, "f1ccw"),
        Err(PlayError::MustCapture("f1ccw".parse().unwrap()))
    );
}

/// With no capture: a takasa from the front row; a back pit only when
/// every front pit holds 0 or 1; single seeds never.
#[test]
fn a_takasa_starts_in_the_front_row_while_it_can() {
    let rules = bao();
    // No lap of South's ends in an occupied front pit: f4 sown either way
    // ends in an empty pit, and the back pits' laps too.
    let text = "south: front 0 0 0 2 0 0 0 0 back 2 0 0 0 0 0 0 2; \
                north: front 1 0 0 0 0 0 0 0 back 7 7 7 7 7 7 7 8; round 1; south to move";
    let position = at(&rules, text);
    assert_eq!(legal(&rules, &position), ["f4ccw", "f4cw"]);
    assert_eq!(
        play(&rules, &position, "b1cw"),
        Err(PlayError::FrontPitFirst("b1cw".parse().unwrap()))
    );
    // Every front pit at 0 or 1: the back pits of 2 may be played, the
    // single seed may not.
    let text = "south: front 0 0 0 1 0 0 0 0 back 2 0 0 0 0 0 0 2; \
                north: front 2 0 0 0 0 0 0 0 back 7 7 7 7 7 7 7 8; round 1; south to move";
    let position = at(&rules, text);
    assert_eq!(legal(&rules, &position), ["b1ccw", "b1cw", "b8ccw", "b8cw"]);
    assert!(matches!(
        play(&rules, &position, "f4cw"),
        Err(PlayError::TooFew { .. })
    ));
}

/// A takasa from a lone end pit goes towards the centre: the other way
/// would empty the front row at once.
#[test]
fn a_takasa_never_empties_the_front_row() {
    let rules = bao();
    let text = "south: front 3 0 0 0 0 0 0 0 back 0 0 0 0 0 0 0 0; \
                north: front 0 0 0 0 0 0 0 1 back 8 8 8 8 8 8 6 6; round 1; south to move";
    let position = at(&rules, text);
    // f1cw: f2 1, f3 1, f4 1; f1ccw would take f1's 3 to the back row.
    assert_eq!(legal(&rules, &position), ["f1cw"]);
    assert_eq!(
        play(&rules, &position, "f1ccw"),
        Err(PlayError::EmptiesFrontRow("f1ccw".parse().unwrap()))
    );
}

/// A pit of 16 seeds or more never starts a capture, even where its first
/// lap ends in an occupied front pit facing seeds: its move is a takasa.
#[test]
fn a_pit_of_seventeen_captures_nothing() {
    let rules = bao();
    // f2's 17 clockwise: f3 to f8 (6), b8 to b1 (8), f1, f2 (emptied, now
    // 1), and the 17th in f3, which holds 1 from the first round: an
    // occupied front pit, facing North's f6 (1).
    let text = "south: front 0 17 0 0 0 0 0 0 back 0 0 0 0 0 0 0 0; \
                north: front 0 0 0 0 0 1 0 0 back 0 0 0 0 0 0 0 46; round 1; south to move";
    let position = at(&rules, text);
    let mut trace = Vec::new();
    let after = position
        .play_traced(&rules, "f2cw".parse::<Move>().unwrap(), &mut trace)
        .unwrap();
    assert!(
        !trace
            .iter()
            .any(|e| matches!(e, mancala::engine::Event::FrontCapture { .. })),
        "a takasa captures nothing"
    );
    assert_eq!(after.pit(Side::North, mancala::engine::Pit::new(6)), 1);
    // Where the rules let a pit of 17 capture, the same move takes North's
    // only front seed and wins.
    let more =
        Rules::from_toml(&rules.text().replace("most-seeds = 15", "most-seeds = 20")).unwrap();
    let won = play(&more, &at(&more, text), "f2cw").unwrap();
    assert_eq!(won.outcome(), Some(Outcome::Win(Side::South)));
}

/// A capture that empties the opponent's front row wins at once; the seeds
/// not yet sown stay in the winner's hand, which the position writes.
#[test]
fn a_capture_that_empties_the_front_row_wins_in_the_middle_of_the_move() {
    let rules = bao();
    // South f4 (2) clockwise: f5 1, f6 2 (it held 1), facing North's f3,
    // the only seeds of North's front row (3): taken, and North's front
    // row is empty.
    let text = "south: front 0 0 0 2 0 1 0 0 back 0 0 0 0 0 0 0 0; \
                north: front 0 0 3 0 0 0 0 0 back 9 9 9 9 9 9 2 2; round 1; south to move";
    let position = at(&rules, text);
    let won = play(&rules, &position, "f4cw").unwrap();
    assert_eq!(won.outcome(), Some(Outcome::Win(Side::South)));
    assert_eq!(won.ending(), Some(Ending::FrontRowEmpty));
    assert!(matches!(won.status(), Status::MatchOver { .. }));
    let written = "south: front 0 0 0 0 1 2 0 0 back 0 0 0 0 0 0 0 0 hand 3; \
                   north: front 0 0 0 0 0 0 0 0 back 9 9 9 9 9 9 2 2; round 1; match over";
    assert_eq!(won.to_text(&rules), written);
    // Seeds in hand read back as written.
    let in_hand = written.replace("match over", "north to move");
    assert_eq!(at(&rules, &in_hand).to_text(&rules), in_hand);
}

/// A player whose own front row is empty at the end of their move loses.
#[test]
fn a_move_that_empties_its_own_front_row_loses() {
    let rules = bao();
    // South's only front seeds are f8's 2, a lone end pit: it may go only
    // towards the centre (f7 1, f6 1).
    let text = "south: front 0 0 0 0 0 0 0 2 back 0 0 0 0 0 0 0 0; \
                north: front 0 0 0 0 0 0 0 1 back 8 8 8 8 8 8 8 5; round 1; south to move";
    let position = at(&rules, text);
    assert_eq!(legal(&rules, &position), ["f8ccw"]);
    // Where the rules allow the outward way, f8cw sows into b8 and b7 and
    // empties South's front row: South loses at the end of the move.
    let outward = Rules::from_toml(
        &rules
            .text()
            .replace("outward-takasa = false", "outward-takasa = true"),
    )
    .unwrap();
    let lost = play(&outward, &at(&outward, text), "f8cw").unwrap();
    assert_eq!(lost.outcome(), Some(Outcome::Win(Side::North)));
    assert_eq!(lost.ending(), Some(Ending::FrontRowEmpty));
}
