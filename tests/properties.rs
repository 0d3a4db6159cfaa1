//! Properties of random playouts of every built-in variant.

mod common;

use mancala::engine::{
    Event, GameState, Move, Pit, PlayError, Position, Rules, Side, Status,
    mechanics::playable::Restriction, perft,
};
use proptest::prelude::*;

const VARIANTS: [&str; 16] = [
    "kalaha",
    "raja-pasu",
    "sat-gharva",
    "oware",
    // §13: the way fixed by the pit, the lone-seed bar, the rest to no one,
    // to the unfed player and divided, each lap from its own pit, leaps in
    // a chain, a tuzdyk, the move that must reach.
    "bakuk",
    "hufesay",
    "cow",
    "alemungula",
    "djenon-aboure",
    "toguz-xorgol",
    "longbeu-a-cha",
    "dabuda",
    "al-manqala",
    "obridjie",
    "ot-tjin",
    "goat",
];
/// Random rounds end within a few dozen moves; one that goes on past this is
/// taken for a round that never ends.
const ROUND_MOVE_LIMIT: usize = 1_000;
/// A Sat-gharva match can last thousands of moves (the loser's partial pit
/// keeps them in it); a playout stops checking after this many.
const PLAYOUT_MOVES: usize = 600;

fn board_is_cleared(position: &Position) -> bool {
    Side::BOTH
        .iter()
        .all(|&side| position.row(side).iter().all(|&c| c == 0))
}

/// A pit refused for the reason that holds.
fn refused_for_its_reason(
    rules: &Rules,
    position: &Position,
    legal: &[Move],
    pit: Pit,
    reason: PlayError,
) {
    let mover = position.to_move().unwrap();
    match reason {
        PlayError::Empty(_) => assert_eq!(position.pit(mover, pit), 0),
        PlayError::Closed(_) => assert!(position.is_closed(mover, pit)),
        PlayError::DoesNotFeed(_) => {
            assert!(rules.plan().playable.must_feed);
            assert_eq!(position.row_total(mover.other()), 0);
        }
        PlayError::Endless(_) => assert!(rules.plan().relay.is_on()),
        PlayError::Owned(_) => {
            assert!(rules.plan().owned_pits.is_some());
            assert!(position.owned_places(mover.other()).next().is_some());
        }
        PlayError::TooFew { needs, .. } => {
            assert!(needs > 1);
            assert!(position.pit(mover, pit) < needs);
        }
        // The pit is legal, sown one way or the other.
        PlayError::NoDirection(_) => assert!(
            legal
                .iter()
                .any(|m| m.pit() == pit && m.direction().is_some())
        ),
        PlayError::Restricted(_, why) => {
            let playable = rules.plan().playable;
            assert!(match why {
                Restriction::ReachesNothing => playable.asks_reach(),
                Restriction::LoneSeedBack => !playable.lone_seed_back,
            });
        }
        other => panic!("pit {pit}: {other}"),
    }
}

/// Plays a match (or its first `PLAYOUT_MOVES` moves) choosing moves by
/// `choices`, checking invariants at every step.
fn random_match(rules: &Rules, first: Side, choices: &[usize]) {
    let total = u32::from(rules.total_seeds());
    let mut position = Position::new(rules, first);
    let mut state = GameState::at(std::sync::Arc::new(rules.clone()), position);
    let mut played = 0;
    let mut in_round = 0;
    let mut choice = choices.iter().cycle();
    loop {
        // Seeds leave the board only at the end, where the rules leave the
        // rest to no one (or halve it, an odd seed to no one).
        let over = position.to_move().is_none();
        if !over || rules.plan().goal.scores_every_seed() {
            assert_eq!(position.total_seeds(), total, "seeds not conserved");
        }
        match position.status() {
            Status::MatchOver { .. } => {
                assert!(board_is_cleared(&position));
                assert!(position.outcome().is_some());
                return;
            }
            Status::RoundOver { took_remaining } => {
                assert!(board_is_cleared(&position));
                assert!(took_remaining.is_some(), "rounds follow only `stuck` ends");
                for pit in Pit::all(rules.pits()) {
                    assert_eq!(position.play(rules, pit), Err(PlayError::RoundOver));
                }
                state = state.next_round().expect("another round");
                position = *state.position();
                in_round = 0;
                continue;
            }
            Status::Ongoing => {}
        }
        let legal = position.legal_moves(rules);
        assert!(
            !legal.is_empty(),
            "a player to move always has a legal move"
        );
        // Perft counts the last ply without playing it: the same moves.
        assert_eq!(perft(rules, &position, 1).nodes, legal.len() as u64);
        for pit in Pit::all(rules.pits()) {
            let mut trace = Vec::new();
            match position.play_traced(rules, pit, &mut trace) {
                Ok(next) => {
                    assert!(legal.contains(&Move::sow(pit)));
                    if next.to_move().is_some() || rules.plan().goal.scores_every_seed() {
                        assert_eq!(next.total_seeds(), total);
                    }
                    assert!(matches!(trace.first(), Some(Event::TakeUp { .. })));
                    assert_eq!(
                        position.play(rules, pit),
                        Ok(next),
                        "traced and fast paths differ"
                    );
                }
                Err(reason) => {
                    assert!(!legal.contains(&Move::sow(pit)), "pit {pit}: {reason}");
                    assert!(trace.is_empty());
                    refused_for_its_reason(rules, &position, &legal, pit, reason);
                }
            }
        }
        let pit = legal[choice.next().unwrap() % legal.len()];
        state = state.play(pit).unwrap();
        position = *state.position();
        // Under feeding the game never goes on with the player to move
        // holding nothing (the no-move end, feeding and the grand slam; where
        // players pass, the unfed one passes and the other moves again).
        if rules.plan().playable.must_feed
            && let Some(next) = position.to_move()
        {
            assert!(position.row_total(next) > 0);
        }
        played += 1;
        in_round += 1;
        assert!(in_round < ROUND_MOVE_LIMIT, "the round does not end");
        if played == PLAYOUT_MOVES {
            return;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_matches_keep_the_rules(
        variant in 0..VARIANTS.len(),
        north_first in any::<bool>(),
        choices in proptest::collection::vec(any::<usize>(), 1..64),
    ) {
        let rules = common::builtin(VARIANTS[variant]);
        let first = if north_first { Side::North } else { Side::South };
        random_match(&rules, first, &choices);
    }
}
