//! Bao la Kiswahili (rules.md §10.4): its worked example, namua from the
//! hand, the nyumba (functional, taxed, given up, the safari) and takasia,
//! each on a hand-worked position, and nkkmd's counts without takasia.

use mancala::engine::{Move, PlayError, Position, Rules, Side, perft};

fn kiswahili() -> Rules {
    rules_with(|text| text)
}

/// The built-in rule file, changed by `edit` before it is read.
fn rules_with(edit: impl Fn(String) -> String) -> Rules {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/bao-kiswahili.toml");
    Rules::from_toml(&edit(std::fs::read_to_string(path).unwrap())).unwrap()
}

fn at(rules: &Rules, text: &str) -> Position {
    Position::from_text(rules, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn mv(written: &str) -> Move {
    written.parse().unwrap()
}

fn play(rules: &Rules, position: &Position, written: &str) -> Result<Position, PlayError> {
    position.play(rules, mv(written))
}

fn played(rules: &Rules, position: &Position, written: &str) -> String {
    play(rules, position, written)
        .unwrap_or_else(|e| panic!("{written}: {e}"))
        .to_text(rules)
}

fn legal(rules: &Rules, position: &Position) -> Vec<String> {
    position
        .legal_moves(rules)
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// §10.4's worked example: two takasa moves from the hand, then a capture
/// from the hand at the nyumba, its kichwa chosen.
#[test]
fn the_worked_example_of_section_10_4_plays_as_printed() {
    let rules = kiswahili();
    let start = Position::new(&rules, Side::South);
    assert_eq!(
        start.to_text(&rules),
        "south: front 0 0 0 0 6h 2 2 0 back 0 0 0 0 0 0 0 0 hand 22; \
         north: front 0 0 0 0 6h 2 2 0 back 0 0 0 0 0 0 0 0 hand 22; round 1; south to move"
    );
    // The functional nyumba is not played from the hand: f6 and f7, each way.
    assert_eq!(legal(&rules, &start), ["f6ccw", "f6cw", "f7ccw", "f7cw"]);
    assert_eq!(
        play(&rules, &start, "f5cw"),
        Err(PlayError::FunctionalNyumba(mv("f5cw")))
    );
    let one = play(&rules, &start, "f6cw").unwrap();
    let two = play(&rules, &one, "f7ccw").unwrap();
    // South's nyumba faces North's f4: a capture, compulsory.
    assert_eq!(legal(&rules, &two), ["f5ccw", "f5cw"]);
    assert_eq!(
        play(&rules, &two, "f7cw"),
        Err(PlayError::MustCapture(mv("f7cw")))
    );
    assert_eq!(
        played(&rules, &two, "f5cw"),
        "south: front 1 0 0 0 7h 0 3 1 back 0 0 0 0 0 0 0 1 hand 20; \
         north: front 0 0 0 0 7h 3 0 0 back 0 0 0 0 0 0 0 0 hand 21; round 1; north to move"
    );
}

/// At a kimbi the seeds taken go in from its own end: `f2cw` only.
#[test]
fn a_capture_from_the_hand_at_a_kimbi_goes_in_from_its_end() {
    let rules = kiswahili();
    let position = at(
        &rules,
        "south: front 0 1 0 0 6h 0 0 0 back 0 0 0 0 0 0 0 0 hand 20; \
         north: front 0 0 0 0 6h 0 3 0 back 0 0 0 0 0 0 0 0 hand 28; round 1; south to move",
    );
    assert_eq!(legal(&rules, &position), ["f2cw"]);
    assert_eq!(
        play(&rules, &position, "f2ccw"),
        Err(PlayError::KimbiWay(mv("f2ccw")))
    );
    // The seed makes f2 2; North's f7 (3) goes in from f1: f1, f2, f3.
    assert_eq!(
        played(&rules, &position, "f2cw"),
        "south: front 1 3 1 0 6h 0 0 0 back 0 0 0 0 0 0 0 0 hand 19; \
         north: front 0 0 0 0 6h 0 0 0 back 0 0 0 0 0 0 0 0 hand 28; round 1; north to move"
    );
}

/// At a central pit the mover names the kichwa; capturing the opponent's
/// nyumba takes it from them for good.
#[test]
fn a_capture_from_the_hand_at_the_centre_goes_in_from_either_end() {
    let rules = kiswahili();
    let position = at(
        &rules,
        "south: front 0 0 0 1 6h 0 0 0 back 0 0 0 0 0 0 0 0 hand 21; \
         north: front 0 0 0 0 6h 2 0 0 back 0 0 0 0 0 0 0 0 hand 28; round 1; south to move",
    );
    assert_eq!(legal(&rules, &position), ["f4ccw", "f4cw"]);
    // f4 2 takes North's nyumba (6): from f1 clockwise, f1 to f6, ending
    // in the empty f6.
    assert_eq!(
        played(&rules, &position, "f4cw"),
        "south: front 1 1 1 3 7h 1 0 0 back 0 0 0 0 0 0 0 0 hand 20; \
         north: front 0 0 0 0 0 2 0 0 back 0 0 0 0 0 0 0 0 hand 28; round 1; north to move"
    );
    // From f8 counter-clockwise: f8 to f3, ending in the empty f3.
    assert_eq!(
        played(&rules, &position, "f4ccw"),
        "south: front 0 0 1 3 7h 1 1 1 back 0 0 0 0 0 0 0 0 hand 20; \
         north: front 0 0 0 0 0 2 0 0 back 0 0 0 0 0 0 0 0 hand 28; round 1; north to move"
    );
}

/// A takasa from the hand while the nyumba is owned: any occupied front
/// pit, single seeds too, but not the functional nyumba; once it is given
/// up, a pit of two or more while there is one.
#[test]
fn a_takasa_from_the_hand_goes_where_the_nyumba_allows() {
    let rules = kiswahili();
    let owned = "south: front 1 0 3 0 6h 0 0 0 back 0 0 0 0 0 0 0 0 hand 20; \
                 north: front 0 0 0 0 6h 0 0 0 back 0 0 0 0 0 0 0 0 hand 28; round 1; south to move";
    assert_eq!(
        legal(&rules, &at(&rules, owned)),
        ["f1ccw", "f1cw", "f3ccw", "f3cw"]
    );
    let given_up = owned.replacen("6h", "6", 1);
    let position = at(&rules, &given_up);
    assert_eq!(legal(&rules, &position), ["f3ccw", "f3cw", "f5ccw", "f5cw"]);
    assert_eq!(
        play(&rules, &position, "f1cw"),
        Err(PlayError::NamuaSingle(mv("f1cw")))
    );
}

/// The owned nyumba alone in the front row is taxed: two seeds lifted, the
/// nyumba kept. An owned nyumba of fewer than six chosen is lifted whole
/// and given up.
#[test]
fn the_nyumba_is_taxed_when_alone_and_given_up_when_lifted() {
    let rules = kiswahili();
    let alone = at(
        &rules,
        "south: front 0 0 0 0 6h 0 0 0 back 0 0 0 0 0 0 0 0 hand 23; \
         north: front 0 0 0 0 6h 0 0 0 back 0 0 0 0 0 0 0 0 hand 29; round 1; south to move",
    );
    assert_eq!(legal(&rules, &alone), ["f5ccw", "f5cw"]);
    // 7 with the hand's seed; two sown clockwise into f6 and f7.
    assert_eq!(
        played(&rules, &alone, "f5cw"),
        "south: front 0 0 0 0 5h 1 1 0 back 0 0 0 0 0 0 0 0 hand 22; \
         north: front 0 0 0 0 6h 0 0 0 back 0 0 0 0 0 0 0 0 hand 29; round 1; north to move"
    );
    let small = at(
        &rules,
        "south: front 1 0 0 0 3h 0 0 0 back 0 0 0 0 0 0 0 0 hand 25; \
         north: front 0 0 0 0 6h 0 0 0 back 0 0 0 0 0 0 0 0 hand 29; round 1; south to move",
    );
    // 4 lifted: f6, f7, f8, b8; the nyumba is an ordinary pit from now on.
    assert_eq!(
        played(&rules, &small, "f5cw"),
        "south: front 1 0 0 0 0 1 1 1 back 0 0 0 0 0 0 0 1 hand 24; \
         north: front 0 0 0 0 6h 0 0 0 back 0 0 0 0 0 0 0 0 hand 29; round 1; north to move"
    );
}

/// A takasa lap from the hand ending in the functional nyumba ends the move
/// (with the lap's last seed in it, 7); in mtaji the same lap relays.
#[test]
fn the_functional_nyumba_ends_a_takasa_lap_from_the_hand() {
    let rules = kiswahili();
    let position = at(
        &rules,
        "south: front 0 0 1 0 6h 0 0 0 back 0 0 0 0 0 0 0 0 hand 22; \
         north: front 0 0 0 0 6h 0 0 0 back 0 0 0 0 0 0 0 0 hand 29; round 1; south to move",
    );
    assert_eq!(
        played(&rules, &position, "f3cw"),
        "south: front 0 0 0 1 7h 0 0 0 back 0 0 0 0 0 0 0 0 hand 21; \
         north: front 0 0 0 0 6h 0 0 0 back 0 0 0 0 0 0 0 0 hand 29; round 1; north to move"
    );
}

/// A capturing lap from the hand ending in the functional nyumba with
/// nothing across: stop (`f3cw`) or go on safari (`f3cw+`), which gives the
/// nyumba up. The `+` exists only where the nyumba is reached so.
#[test]
fn a_capture_ending_in_the_nyumba_may_go_on_safari() {
    let rules = kiswahili();
    let position = at(
        &rules,
        "south: front 0 0 1 0 6h 0 0 0 back 0 0 0 0 0 0 0 0 hand 23; \
         north: front 0 0 0 0 6h 5 0 0 back 0 0 0 0 0 0 0 0 hand 23; round 1; south to move",
    );
    assert_eq!(legal(&rules, &position), ["f3ccw", "f3cw", "f3cw+"]);
    // The 5 from North's f6 go in from f1: f1 to f5, the nyumba (7),
    // which faces North's empty f4.
    assert_eq!(
        played(&rules, &position, "f3cw"),
        "south: front 1 1 3 1 7h 0 0 0 back 0 0 0 0 0 0 0 0 hand 22; \
         north: front 0 0 0 0 6h 0 0 0 back 0 0 0 0 0 0 0 0 hand 23; round 1; north to move"
    );
    // On safari its 7 go on: f6, f7, f8, b8, b7, b6, b5.
    assert_eq!(
        played(&rules, &position, "f3cw+"),
        "south: front 1 1 3 1 0 1 1 1 back 0 0 0 0 1 1 1 1 hand 22; \
         north: front 0 0 0 0 6h 0 0 0 back 0 0 0 0 0 0 0 0 hand 23; round 1; north to move"
    );
    assert_eq!(
        play(&rules, &position, "f3ccw+"),
        Err(PlayError::NoSafari(mv("f3ccw+")))
    );
    assert_eq!(mv("f3cw+").to_string(), "f3cw+");
}

/// A standing block: the blocker must capture the blocked pit first where
/// a capture can, and that capture lifts the block.
#[test]
fn the_blocker_captures_the_blocked_pit_first() {
    let rules = kiswahili();
    let blocked = "south: front 0 3t 0 0 0 2 0 0 back 6 6 6 6 6 6 6 5; \
                   north: front 0 0 1 0 2 0 1 0 back 1 1 1 1 1 1 1 1; round 1; north to move";
    let free = blocked.replace("3t", "3");
    // North's f5 captures either way: clockwise its lap ends in f7, facing
    // South's f2; counter-clockwise in f3, facing South's f6.
    assert_eq!(legal(&rules, &at(&rules, &free)), ["f5ccw", "f5cw"]);
    let position = at(&rules, blocked);
    assert_eq!(legal(&rules, &position), ["f5cw"]);
    assert_eq!(
        play(&rules, &position, "f5ccw"),
        Err(PlayError::MustTakeBlocked(mv("f5ccw")))
    );
    // f7 takes South's f2 (3), a right kimbi: in from f8, f8 f7 f6; f6
    // faces South's empty f3: relay 2, f5 f4, empty. The block is gone.
    assert_eq!(
        played(&rules, &position, "f5cw"),
        "south: front 0 0 0 0 0 2 0 0 back 6 6 6 6 6 6 6 5; \
         north: front 0 0 1 1 1 0 3 1 back 1 1 1 1 1 1 1 1; round 1; south to move"
    );
}

/// On the turn right after a block (`T`) the blocked player may not start
/// a takasa from it; after that turn it stands (`t`), and lifting it ends
/// it.
#[test]
fn a_fresh_block_forbids_a_takasa_from_the_pit_once() {
    let rules = kiswahili();
    let fresh = at(
        &rules,
        "south: front 0 3T 0 0 0 2 0 0 back 1 1 1 1 1 1 1 1; \
         north: front 0 0 1 0 2 0 0 0 back 6 6 6 6 6 6 6 6; round 1; south to move",
    );
    assert_eq!(legal(&rules, &fresh), ["f6ccw", "f6cw"]);
    assert_eq!(
        play(&rules, &fresh, "f2cw"),
        Err(PlayError::Blocked(mv("f2cw")))
    );
    assert_eq!(
        played(&rules, &fresh, "f6cw"),
        "south: front 0 3t 0 0 0 0 1 1 back 1 1 1 1 1 1 1 1; \
         north: front 0 0 1 0 2 0 0 0 back 6 6 6 6 6 6 6 6; round 1; north to move"
    );
    let standing = at(
        &rules,
        "south: front 0 3t 0 0 0 2 0 0 back 1 1 1 1 1 1 1 1; \
         north: front 0 0 1 0 2 0 0 0 back 6 6 6 6 6 6 6 6; round 1; south to move",
    );
    assert_eq!(legal(&rules, &standing), ["f2ccw", "f2cw", "f6ccw", "f6cw"]);
    let lifted = play(&rules, &standing, "f2cw").unwrap();
    assert_eq!(lifted.blocked(), None);
}

/// A takasa lap of the blocked player ending in the blocked pit ends the
/// move there; without the block it would relay.
#[test]
fn a_takasa_lap_ending_in_the_blocked_pit_stops() {
    let rules = kiswahili();
    let blocked = "south: front 0 3t 0 2 0 0 0 0 back 1 1 1 1 1 1 1 1; \
                   north: front 0 0 1 0 2 0 0 0 back 6 6 6 6 6 6 6 6; round 1; south to move";
    assert_eq!(
        played(&rules, &at(&rules, blocked), "f4ccw"),
        "south: front 0 4t 1 0 0 0 0 0 back 1 1 1 1 1 1 1 1; \
         north: front 0 0 1 0 2 0 0 0 back 6 6 6 6 6 6 6 6; round 1; north to move"
    );
    // Unblocked, f2's 4 relay: f1, b1, b2, b3; b3's 2: b4, b5; b5's 2:
    // b6, b7; b7's 2: b8, f8, empty.
    let free = blocked.replace("3t", "3");
    assert_eq!(
        played(&rules, &at(&rules, &free), "f4ccw"),
        "south: front 1 0 1 0 0 0 0 1 back 2 2 0 2 0 2 0 2; \
         north: front 0 0 1 0 2 0 0 0 back 6 6 6 6 6 6 6 6; round 1; north to move"
    );
}

/// nkkmd's engine, which has no takasia, counts these from the position
/// after §10.4's line of 54 moves (the perft file has this reading's).
#[test]
fn without_takasia_the_counts_are_nkkmds() {
    let rules = rules_with(|text| text.replace("takasia = true", "takasia = false"));
    let position = at(
        &rules,
        "south: front 2 9 2 1 0 0 0 0 back 0 1 2 0 3 2 4 1; \
         north: front 0 4 7 0 7 1 1 1 back 6 1 0 1 0 2 6 0; round 1; south to move",
    );
    let counts: Vec<u64> = (1..=6).map(|d| perft(&rules, &position, d).nodes).collect();
    assert_eq!(counts, [2, 8, 26, 58, 177, 639]);
}

/// Each move from the hand plays one seed in: South's hand empties on its
/// 22nd move, North's on its 22nd, and mtaji follows.
#[test]
fn the_hand_empties_on_the_twenty_second_move() {
    let rules = kiswahili();
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    for _ in 0..20 {
        let mut position = Position::new(&rules, Side::South);
        let mut moves = [0u16; 2];
        while let Some(mover) = position.to_move() {
            let index = usize::from(mover == Side::North);
            assert_eq!(position.hand(mover), 22u16.saturating_sub(moves[index]));
            let legal = position.legal_moves(&rules);
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let pick = legal[usize::try_from(state % legal.len() as u64).unwrap()];
            position = position.play(&rules, pick).unwrap();
            moves[index] += 1;
            if moves[1] > 24 {
                break;
            }
        }
    }
}

/// A block set: after §10.4's line, South `f1cw` and North's takasa
/// `f2ccw`; both hands are empty, North's only capture on moving again
/// would be `b1cw` (its lap ending in `f7`, facing South's `f2`), South has
/// none, and `f2` is not South's only front pit of two or more (`f3` holds
/// 3): South's `f2` is blocked, `T` on South's turn.
#[test]
fn a_takasa_blocks_the_pit_every_capture_would_take_first() {
    let rules = kiswahili();
    let line = at(
        &rules,
        "south: front 1 10 3 1 0 0 0 0 back 0 1 2 0 3 2 4 1; \
         north: front 0 4 7 0 7 0 1 1 back 6 1 0 1 0 2 6 0; round 1; north to move",
    );
    let blocked = play(&rules, &line, "f2ccw").unwrap();
    assert_eq!(
        blocked.to_text(&rules),
        "south: front 1 10T 3 1 0 0 0 0 back 0 1 2 0 3 2 4 1; \
         north: front 1 0 7 0 7 0 1 1 back 7 2 1 1 0 2 6 0; round 1; south to move"
    );
    assert_eq!(
        blocked.blocked(),
        Some((Side::South, mancala::engine::Pit::new(2), true))
    );
    assert!(!legal(&rules, &blocked).iter().any(|m| m.starts_with("f2")));
}
