//! Records other programs read and write (rules.md §11): the example of
//! §11 in every form, read and written byte for byte; each refusal §11
//! names; round trips of random games of every rule set a format carries.

use std::sync::Arc;

use mancala::catalog::Catalog;
use mancala::engine::{Pit, Position, Rules, Side};
use mancala::records::{self, About, Format, Record, RecordError, ogn, playstrategy};
use mancala::session::Session;
use mancala::storage::load;

fn catalog() -> Catalog {
    Catalog::with_user_dir(None)
}

fn rules(id: &str) -> Arc<Rules> {
    catalog().find(id).unwrap().rules.clone()
}

fn read(text: &str) -> Result<Record, RecordError> {
    records::read(text, None, None, &catalog())
}

/// §11's position after the example, as §1 writes it.
const AFTER_THE_EXAMPLE: &str =
    "south: 1 0 1 7 7 6 store 2; north: 6 0 0 6 6 6 store 0; round 1; north to move";

/// The position a record ends on.
fn end_of(record: &Record) -> Position {
    *record.to_match(0).unwrap().position()
}

/// The example played from the start, South first: South 1, North 2,
/// South 3, North 3, South 2.
fn example_match() -> Session {
    let mut session = Session::begun_at(
        rules("oware"),
        ["Ann".to_string(), "Bo".to_string()],
        Side::South,
        1_796_428_800, // 2026-12-05
    );
    for pit in [1, 2, 3, 3, 2] {
        session.play(Pit::new(pit)).unwrap();
    }
    session
}

#[test]
fn the_example_reads_from_ogn_letters() {
    let record = read("1. A b 2. C c 3. B+2").unwrap();
    assert_eq!(record.rules.id(), "oware");
    assert_eq!(record.moves.len(), 5);
    assert_eq!(end_of(&record).to_text(&record.rules), AFTER_THE_EXAMPLE);
}

#[test]
fn the_example_writes_as_ogn_byte_for_byte() {
    let meta = About {
        title: Some("Club night".into()),
        ..About::default()
    };
    let text = records::write(Format::Ogn, &example_match(), &meta, &catalog()).unwrap();
    assert_eq!(
        text,
        "[Variant \"Oware Abapa\"]\n\
         [Event \"Club night\"]\n\
         [Site \"?\"]\n\
         [Date \"2026.12.05\"]\n\
         [Round \"?\"]\n\
         [South \"Ann\"]\n\
         [North \"Bo\"]\n\
         [Result \"*\"]\n\
         \n\
         1. A b 2. C c 3. B+2\n"
    );
    let record = read(&text).unwrap();
    assert_eq!(record.names[Side::South].as_deref(), Some("Ann"));
    assert_eq!(record.names[Side::North].as_deref(), Some("Bo"));
    assert_eq!(record.title.as_deref(), Some("Club night"));
    assert_eq!(record.played_on, Some(1_796_428_800));
}

#[test]
fn the_fen_tag_is_the_example_position() {
    let oware = rules("oware");
    let after = Position::from_text(&oware, AFTER_THE_EXAMPLE).unwrap();
    assert_eq!(ogn::fen(&after), "1-0-1-7-7-6-6-0-0-6-6-6-2-0-N");
    let record =
        read("[Variant \"Oware Abapa\"]\n[FEN \"1-0-1-7-7-6-6-0-0-6-6-6-2-0-N\"]\n\n1. a").unwrap();
    assert_eq!(record.start, after);
    assert_eq!(record.moves.len(), 1);
    // A match from there writes the tag, after the eight in their order.
    let mut session = Session::from_position(oware, ["A".to_string(), "B".to_string()], after, 0);
    session.play(Pit::new(1)).unwrap();
    let text = ogn::write(&session, &About::default());
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[7], "[Result \"*\"]");
    assert_eq!(lines[8], "[FEN \"1-0-1-7-7-6-6-0-0-6-6-6-2-0-N\"]");
    assert_eq!(lines[10], "1. a+2");
}

#[test]
fn a_match_north_began_has_the_fen_tag() {
    let session = Session::new(
        rules("oware"),
        ["A".to_string(), "B".to_string()],
        Side::North,
    );
    let text = ogn::write(&session, &About::default());
    assert!(
        text.contains("[FEN \"4-4-4-4-4-4-4-4-4-4-4-4-0-0-N\"]"),
        "{text}"
    );
    assert_eq!(read(&text).unwrap().start.to_move(), Some(Side::North));
}

#[test]
fn the_example_position_reads_and_writes_as_playstrategy() {
    let oware = rules("oware");
    let written = "6S,6S,6S,2,6S/1S,1,1S,7S,7S,6S 2 0 N 3";
    let (position, number) = playstrategy::read_position(written, 0, &oware).unwrap();
    assert_eq!(position.to_text(&oware), AFTER_THE_EXAMPLE);
    assert_eq!(number, 3);
    assert_eq!(playstrategy::position_text(&oware, &position, 3), written);
    let start = Position::new(&oware, Side::South);
    assert_eq!(
        playstrategy::position_text(&oware, &start, 1),
        "4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S 1"
    );
    for (id, line) in [
        (
            "toguz-kumalak",
            "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1",
        ),
        ("bestemshe", "5S,5S,5S,5S,5S/5S,5S,5S,5S,5S 0 0 S 1"),
    ] {
        let rules = rules(id);
        let start = Position::new(&rules, Side::South);
        assert_eq!(playstrategy::position_text(&rules, &start, 1), line, "{id}");
        assert_eq!(
            playstrategy::read_position(line, 0, &rules).unwrap().0,
            start
        );
    }
}

#[test]
fn the_example_moves_read_and_write_as_playstrategy() {
    let text = "4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S 1\na1e1 e2a2 c1e2 d2b1 b1e2\n";
    let record = read(text).unwrap();
    assert_eq!(record.rules.id(), "oware");
    assert_eq!(end_of(&record).to_text(&record.rules), AFTER_THE_EXAMPLE);
    let written = records::write(
        Format::PlayStrategy,
        &example_match(),
        &About::default(),
        &catalog(),
    )
    .unwrap();
    assert_eq!(written, text);
}

#[test]
fn the_toguz_kumalak_opener_is_i1b2() {
    let text = "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1\ni1b2";
    let record = read(text).unwrap();
    assert_eq!(record.rules.id(), "toguz-kumalak");
    let end = end_of(&record);
    // North's pit 8 held 10 and was taken (§7.6).
    assert_eq!(end.store(Side::South), 10);
    assert_eq!(end.pit(Side::North, Pit::new(8)), 0);
}

#[test]
fn a_tuzdyk_is_t_and_belongs_to_the_other_rows_player() {
    let toguz = rules("toguz-kumalak");
    // North's pit 3 (file g of rank 2) is South's tuzdyk.
    let line = "9S,9S,9S,9S,9S,9S,t,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 3 6 S 4";
    let (position, _) = playstrategy::read_position(line, 0, &toguz).unwrap();
    assert_eq!(
        position.owner_of(Side::North, Pit::new(3)),
        Some(Side::South)
    );
    assert_eq!(playstrategy::position_text(&toguz, &position, 4), line);
}

/// The message of the error reading `text`, with its place.
fn refusal(text: &str) -> String {
    read(text).unwrap_err().to_string()
}

#[test]
fn each_refusal_of_section_11_says_where_and_why() {
    let cases: [(&str, &str); 10] = [
        (
            "1. A b 2. C c 3. B+3",
            "line 1, column 18: move 5 (B+3) takes 2 seeds, not 3",
        ),
        ("1. A b 2. C c 3. B", ""),
        (
            "4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S 1\na1e1 e2b2",
            "line 2, column 6: move 2 (e2b2): its last seed falls in a2, not b2",
        ),
        (
            "[Variant \"Oware Abapa\"]\n[FEN \"4-4-4-4-4-4-4-4-4-4-4-N\"]\n",
            "line 2, column 7: the FEN should be 12 pit counts",
        ),
        (
            "[Variant \"Oware Abapa\"]\n[FEN \"4-4-4-4-4-4-4-4-4-4-4-5-0-0-S\"]\n",
            "line 2, column 7: the FEN: the position holds 49 seeds but the rules play with 48",
        ),
        (
            "[Variant \"Awari\"]\n1. A",
            "line 1, column 11: the variant \"Awari\" is not one this project plays",
        ),
        (
            // North's pit 9, the first of the top row, is never a tuzdyk.
            "t,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 3 6 S 4",
            "line 1, column 1: Toguz Kumalak: north's pit 9 is owned by the player across",
        ),
        (
            "4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,3S 0 0 S 1",
            "line 1, column 1: Oware (Abapa): the position holds 47 seeds",
        ),
        (
            "4S,4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S,4S 0 0 S 1",
            "line 1, column 1: no game PlayStrategy plays here has 7 pits a row: Oware (Abapa) (6 a row), Toguz Kumalak (9 a row), Bestemshe (5 a row)",
        ),
        (
            "4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S 1",
            "line 1, column 1: North's row (the top) has 5 pits, but Oware (Abapa) has 6",
        ),
    ];
    for (text, expected) in cases {
        if expected.is_empty() {
            assert!(read(text).is_ok(), "{text}: a capture without +n is read");
            continue;
        }
        let message = refusal(text);
        assert!(
            message.starts_with(expected),
            "{text}:\n  {message}\nnot\n  {expected}"
        );
    }
}

#[test]
fn a_tuzdyk_facing_the_other_is_refused() {
    // South's pit 3 is North's tuzdyk, North's pit 3 South's: §7.1 (c).
    let text = "9S,9S,9S,9S,9S,9S,t,9S,9S/9S,9S,t,9S,9S,9S,9S,9S,9S 6 6 S 4";
    let message = refusal(text);
    assert!(
        message.starts_with("line 1, column 19: Toguz Kumalak: north's pit 3"),
        "{message}"
    );
}

#[test]
fn a_record_going_on_past_the_end_is_refused_at_the_first_move_after_it() {
    let oware = rules("oware");
    // North's row is empty and South's one seed cannot reach it: the
    // game is over before anyone moves (§6).
    let position =
        Position::from_rows(&oware, &[1, 0, 0, 0, 0, 0], &[0; 6], [24, 23], Side::South).unwrap();
    assert_eq!(position.to_move(), None);
    let text = format!("[FEN \"{}\"]\n1. A", ogn::fen(&position));
    assert_eq!(
        refusal(&text),
        "line 2, column 4: move 1 comes after the end of the game (it was over before the first move)"
    );
    // And after a last move: South's 1 seed from pit 6 feeds North, who
    // sows it back to South's row... a capture of 2 ends it at 25.
    let position = Position::from_rows(
        &oware,
        &[0, 0, 0, 0, 0, 2],
        &[1, 0, 0, 0, 0, 0],
        [24, 21],
        Side::South,
    )
    .unwrap();
    let text = format!("[FEN \"{}\"]\n1. F b", ogn::fen(&position));
    let message = refusal(&text);
    assert!(
        message.starts_with(
            "line 2, column 6: move 2 comes after the end of the game (it ended with move 1)"
        ),
        "{message}"
    );
}

#[test]
fn a_result_must_be_what_the_moves_give() {
    let message = refusal("[Result \"20-10\"]\n1. A b 2. C c 3. B+2");
    assert!(
        message.starts_with("line 1, column 10: the result says 20-10"),
        "{message}"
    );
    // The players stopped: each row to its owner, 2 + 22 and 24.
    let record = read("[Result \"24-24\"]\n1. A b 2. C c 3. B+2").unwrap();
    assert!(record.ended_by_players);
}

#[test]
fn comments_are_kept_and_variations_skipped() {
    let record =
        read("{before} 1. A {a quiet start} b (1... c 2. D) 2. C c 3. B+2 {takes two}").unwrap();
    assert_eq!(record.moves.len(), 5);
    let notes: Vec<(usize, &str)> = record
        .notes
        .iter()
        .map(|n| (n.after_move, n.text.as_str()))
        .collect();
    assert_eq!(
        notes,
        [(0, "before"), (1, "a quiet start"), (5, "takes two")]
    );
}

#[test]
fn a_format_that_cannot_carry_a_game_says_which_it_carries() {
    let session = Session::new(
        rules("kalaha"),
        ["A".to_string(), "B".to_string()],
        Side::South,
    );
    let meta = About::default();
    let message = records::write(Format::PlayStrategy, &session, &meta, &catalog())
        .unwrap_err()
        .to_string();
    assert_eq!(
        message,
        "PlayStrategy carries Oware (Abapa), Toguz Kumalak and Bestemshe, not Kalaha"
    );
    let message = records::write(Format::Ogn, &session, &meta, &catalog())
        .unwrap_err()
        .to_string();
    assert_eq!(message, "Aualé's OGN carries Oware (Abapa), not Kalaha");
}

#[test]
fn formats_are_told_apart_by_their_content() {
    assert_eq!(
        Format::of_text("[Variant \"Oware Abapa\"]"),
        Some(Format::Ogn)
    );
    assert_eq!(Format::of_text("\n 1. A b"), Some(Format::Ogn));
    assert_eq!(
        Format::of_text("4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S 1"),
        Some(Format::PlayStrategy)
    );
    assert_eq!(Format::of_text("south: 4 4"), None);
    assert!(refusal("hello").starts_with("line 1, column 1: neither an OGN file"));
}

mod round_trips {
    use super::*;
    use mancala::engine::Move;
    use proptest::prelude::*;
    use proptest::test_runner::{Config, TestCaseError, TestRunner};

    /// A random legal game of `rules`: `opening` moves make its start (0:
    /// the usual one), `choices` pick the moves after it; some end with
    /// the players stopping.
    fn random_match(rules: &Arc<Rules>, opening: usize, choices: &[usize], stop: bool) -> Session {
        let mut session = Session::begun_at(
            rules.clone(),
            ["Ann \"the first\"".to_string(), "Bo".to_string()],
            if choices.first().is_some_and(|c| c % 2 == 1) {
                Side::North
            } else {
                Side::South
            },
            1_796_428_800,
        );
        let pick = |session: &mut Session, choice: usize| -> bool {
            let legal = session.game().legal_moves();
            if legal.is_empty() {
                return false;
            }
            session.play(legal[choice % legal.len()]).unwrap();
            true
        };
        for &choice in &choices[..opening.min(choices.len())] {
            if !pick(&mut session, choice) {
                break;
            }
        }
        // The position reached is the start of a match of its own.
        let start = *session.position();
        if start.to_move().is_none() {
            return session;
        }
        let mut session = Session::from_position(
            rules.clone(),
            ["Ann \"the first\"".to_string(), "Bo".to_string()],
            start,
            1_796_428_800,
        );
        for &choice in &choices[opening.min(choices.len())..] {
            if !pick(&mut session, choice) {
                break;
            }
        }
        if stop && session.position().to_move().is_some() {
            session.end_match().unwrap();
        }
        session
    }

    fn moves_of(session: &Session) -> Vec<Move> {
        session
            .actions()
            .iter()
            .filter_map(|a| match a {
                mancala::session::Action::Move(m) => Some(*m),
                _ => None,
            })
            .collect()
    }

    fn check(
        rules: &Arc<Rules>,
        opening: usize,
        choices: &[usize],
        stop: bool,
    ) -> Result<(), TestCaseError> {
        let original = random_match(rules, opening, choices, stop);
        let meta = About {
            title: Some("Round trip".into()),
            ..About::default()
        };
        for format in Format::ALL {
            if format.name_of(rules).is_none() || (format == Format::PlayStrategy && stop) {
                continue;
            }
            let text = records::write(format, &original, &meta, &catalog())
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            let record = records::read(&text, Some(format), None, &catalog())
                .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
            let back = record.to_match(0).map_err(TestCaseError::fail)?;
            prop_assert_eq!(back.rules().id(), rules.id());
            prop_assert_eq!(back.start(), original.start(), "{}", text);
            prop_assert_eq!(moves_of(&back), moves_of(&original), "{}", text);
            prop_assert_eq!(back.position(), original.position(), "{}", text);
            prop_assert_eq!(back.ended_by_players(), original.ended_by_players());
            if format == Format::Ogn {
                prop_assert_eq!(back.name(Side::South), original.name(Side::South));
                prop_assert_eq!(back.name(Side::North), original.name(Side::North));
                prop_assert_eq!(record.title.as_deref(), Some("Round trip"));
                prop_assert_eq!(back.started_at, original.started_at);
            }
        }
        // Every position of the game, written and read, is the same.
        for position in original.positions() {
            if position.to_move().is_none() {
                continue;
            }
            if Format::PlayStrategy.name_of(rules).is_some() {
                let line = playstrategy::position_text(rules, position, 7);
                let (read, number) = playstrategy::read_position(&line, 0, rules)
                    .map_err(|e| TestCaseError::fail(format!("{e}: {line}")))?;
                prop_assert_eq!(&read, position, "{}", line);
                prop_assert_eq!(number, 7);
            }
            if Format::Ogn.name_of(rules).is_some() {
                let text = format!("[FEN \"{}\"]\n", ogn::fen(position));
                let record = records::read(&text, Some(Format::Ogn), None, &catalog())
                    .map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
                prop_assert_eq!(&record.start, position, "{}", text);
            }
        }
        Ok(())
    }

    #[test]
    fn random_games_of_every_carried_rule_set_round_trip_in_both_formats() {
        for id in ["oware", "toguz-kumalak", "bestemshe"] {
            let rules = rules(id);
            let mut runner = TestRunner::new(Config {
                cases: 48,
                failure_persistence: None,
                ..Config::default()
            });
            let strategy = (
                0usize..40,
                proptest::collection::vec(any::<usize>(), 0..300),
                any::<bool>(),
            );
            runner
                .run(&strategy, |(opening, choices, stop)| {
                    check(&rules, opening, &choices, stop)
                })
                .unwrap_or_else(|e| panic!("{id}: {e}"));
        }
    }
}

mod fuzzed {
    use super::*;
    use mancala::storage::library::Library;
    use proptest::prelude::*;
    use proptest::test_runner::{Config, TestRunner};

    /// Records to start from: every form of §11's example and a few more.
    const BASES: [&str; 5] = [
        "[Variant \"Oware Abapa\"]\n[South \"Ann\"]\n[Result \"*\"]\n[FEN \"1-0-1-7-7-6-6-0-0-6-6-6-2-0-N\"]\n\n1. a {x} b (2. C) 2. C c 3. B+2\n",
        "1. A b 2. C c 3. B+2",
        "4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S 1\na1e1 e2a2 c1e2 d2b1 b1e2\n",
        "9S,9S,9S,9S,9S,9S,t,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 3 6 S 4\ni1b2",
        "5S,5S,5S,5S,5S/5S,5S,5S,5S,5S 0 0 S 1\n",
    ];

    /// Characters the edits put in: those the formats use, and worse.
    const ALPHABET: &[char] = &[
        '[', ']', '"', '\\', '{', '}', '(', ')', '+', '-', '/', ',', '.', ' ', '\n', 'A', 'f', 'g',
        'S', 'N', 't', '0', '1', '2', '9', '*', '\u{1b}', '\u{0}', 'é', '☺',
    ];

    fn edited(base: &str, edits: &[(usize, usize, usize)]) -> String {
        let mut chars: Vec<char> = base.chars().collect();
        for &(kind, at, with) in edits {
            let at = at % (chars.len() + 1);
            let c = ALPHABET[with % ALPHABET.len()];
            match kind % 3 {
                0 => chars.insert(at, c),
                1 if at < chars.len() => {
                    chars.remove(at);
                }
                _ if at < chars.len() => chars[at] = c,
                _ => {}
            }
        }
        chars.into_iter().collect()
    }

    #[test]
    fn edited_records_never_panic_and_a_refused_one_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let library = Library::at(dir.path());
        let catalog = catalog();
        let mut runner = TestRunner::new(Config {
            cases: 3000,
            failure_persistence: None,
            ..Config::default()
        });
        let strategy = (
            0..BASES.len(),
            proptest::collection::vec((any::<usize>(), any::<usize>(), any::<usize>()), 0..5),
        );
        let refused = std::cell::Cell::new(0);
        let taken = std::cell::Cell::new(0);
        runner
            .run(&strategy, |(base, edits)| {
                let text = edited(BASES[base], &edits);
                let before = std::fs::read_dir(library.matches_dir()).map_or(0, Iterator::count);
                match mancala::storage::records::import(&library, &text, None, None, &catalog) {
                    Ok((path, _, _)) => {
                        // What was taken is a match the library reads.
                        load(&path, &catalog).unwrap();
                        taken.set(taken.get() + 1);
                    }
                    Err(message) => {
                        // One line, no control character.
                        prop_assert!(!message.chars().any(char::is_control), "{:?}", message);
                        let after =
                            std::fs::read_dir(library.matches_dir()).map_or(0, Iterator::count);
                        prop_assert_eq!(before, after);
                        refused.set(refused.get() + 1);
                    }
                }
                Ok(())
            })
            .unwrap();
        // Both kinds were met.
        let (refused, taken) = (refused.get(), taken.get());
        assert!(
            refused > 100 && taken > 20,
            "{refused} refused, {taken} taken"
        );
    }
}
