//! `mancala engine`, driven as another program drives it: a script of
//! commands on standard input, the answers read back line by line.

use assert_cmd::Command;

/// The answers to `script` under `rules` (the engine run with an empty
/// config folder; it must end well).
fn session(rules: &str, script: &str) -> Vec<String> {
    session_bytes(rules, script.as_bytes())
}

/// [`session`] for input that need not be text.
fn session_bytes(rules: &str, script: &[u8]) -> Vec<String> {
    let config = tempfile::tempdir().unwrap();
    let output = Command::cargo_bin("mancala")
        .unwrap()
        .env("XDG_CONFIG_HOME", config.path())
        .env("XDG_CACHE_HOME", config.path())
        .env("HOME", config.path())
        .args(["engine", rules])
        .write_stdin(script)
        .timeout(std::time::Duration::from_mins(1))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(output)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn bestmoves(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .collect()
}

fn errors(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info string error: "))
        .collect()
}

/// §11's example position, as §1 writes it.
const AFTER_THE_EXAMPLE: &str =
    "south: 1 0 1 7 7 6 store 2; north: 6 0 0 6 6 6 store 0; round 1; north to move";

#[test]
fn uci_and_isready_are_answered_as_the_protocol_says() {
    let lines = session("oware", "uci\nisready\nquit\n");
    assert!(lines[0].starts_with("id name mancala "), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("option name Hash ")));
    assert!(lines.iter().any(|l| l.starts_with("option name Notation ")));
    let ok = lines.iter().position(|l| l == "uciok").unwrap();
    assert_eq!(lines[ok - 1], "info string no endgame table");
    assert_eq!(lines[ok + 1], "readyok");
    assert_eq!(lines.len(), ok + 2, "nothing after quit: {lines:?}");
    // A game whose moves are more than a pit has no letters to choose.
    let bao = session("bao-kiswahili", "uci\n");
    assert!(!bao.iter().any(|l| l.contains("Notation")), "{bao:?}");
}

/// §11.1's example (South 1, North 2, South 3, North 3, South 2) reaches
/// §11's position whether written as letters, as one word or several,
/// or as the project's pit numbers.
#[test]
fn moves_read_as_letters_or_as_pit_numbers() {
    for moves in ["AbCcB", "A b C c B", "Ab CcB", "1 2 3 3 2"] {
        let lines = session("oware", &format!("position startpos moves {moves}\nshow\n"));
        assert_eq!(
            lines,
            [format!("info string position {AFTER_THE_EXAMPLE}")],
            "{moves}"
        );
    }
    // The same position given whole.
    let lines = session(
        "oware",
        &format!("position fen {AFTER_THE_EXAMPLE}\nshow\n"),
    );
    assert_eq!(lines, [format!("info string position {AFTER_THE_EXAMPLE}")]);
}

/// The answer comes in the driver's notation: letters after letters (North
/// to move: a small letter), numbers after numbers; and each `info` line
/// gives the depth it reached, up to the depth asked for.
#[test]
fn go_depth_answers_in_the_drivers_notation_with_a_line_for_each_depth() {
    let lines = session("oware", "position startpos moves AbCcB\ngo depth 5\n");
    for depth in 1..=5 {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("info depth {depth} score "))),
            "depth {depth}: {lines:?}"
        );
    }
    let answer = bestmoves(&lines);
    assert_eq!(answer.len(), 1, "{lines:?}");
    assert!(
        answer[0].len() == 1 && ('a'..='f').contains(&answer[0].chars().next().unwrap()),
        "North's letter: {answer:?}"
    );
    // The answer is a legal move: played on, it is taken.
    let after = session(
        "oware",
        &format!("position startpos moves AbCcB{}\nshow\n", answer[0]),
    );
    assert!(errors(&after).is_empty(), "{after:?}");

    let numbers = session("oware", "position startpos moves 1 2 3 3 2\ngo depth 5\n");
    let answer = bestmoves(&numbers);
    assert!(
        answer[0].parse::<u8>().is_ok_and(|n| (1..=6).contains(&n)),
        "{answer:?}"
    );
    // Letters asked for, whatever the driver wrote.
    let letters = session(
        "oware",
        "setoption name Notation value letters\nposition startpos\ngo depth 3\n",
    );
    assert!(
        ('A'..='F').contains(&bestmoves(&letters)[0].chars().next().unwrap()),
        "{letters:?}"
    );
}

/// A bad command gets one line saying what is wrong, and the engine goes
/// on; a refused position leaves the one before it in place.
#[test]
fn a_bad_command_gets_a_one_line_error_and_changes_nothing() {
    let script = "position startpos moves A\n\
                  frobnicate now\n\
                  position startpos moves A A\n\
                  position fen south: 1 2 3\n\
                  go depth x\n\
                  go sideways 3\n\
                  setoption name Hash value 0\n\
                  setoption name Colour value red\n\
                  show\n\
                  isready\n";
    let lines = session("oware", script);
    let errors = errors(&lines);
    assert_eq!(errors.len(), 7, "{lines:?}");
    assert!(
        errors[0].contains("unknown command \"frobnicate\""),
        "{errors:?}"
    );
    assert!(errors[1].contains("move 2") && errors[1].contains("north is to move"));
    assert!(errors[2].contains("position"), "{errors:?}");
    assert!(errors[3].contains("go depth \"x\""), "{errors:?}");
    assert!(errors[4].contains("go sideways"), "{errors:?}");
    assert!(errors[5].contains("Hash"), "{errors:?}");
    assert!(errors[6].contains("no option \"colour\""), "{errors:?}");
    assert!(lines.iter().any(|l| l.ends_with("north to move")));
    assert_eq!(lines.last().unwrap(), "readyok");
    assert!(bestmoves(&lines).is_empty());
    // An illegal move names itself and why.
    let lines = session("oware", "position startpos moves 1 9\n");
    assert!(errors_of(&lines).contains("move 2"), "{lines:?}");
}

fn errors_of(lines: &[String]) -> String {
    errors(lines)
        .into_iter()
        .cloned()
        .collect::<Vec<_>>()
        .join("\n")
}

/// `go infinite` thinks until `stop`, then answers once; meanwhile other
/// commands are refused but `isready` is answered.
#[test]
fn stop_ends_an_infinite_search_with_an_answer() {
    let lines = session(
        "kalaha",
        "position startpos\ngo infinite\nisready\nposition startpos moves 3\nstop\nshow\n",
    );
    assert!(lines.contains(&"readyok".to_string()), "{lines:?}");
    assert!(errors_of(&lines).contains("send stop first"), "{lines:?}");
    assert_eq!(bestmoves(&lines).len(), 1, "{lines:?}");
    let answer = lines
        .iter()
        .position(|l| l.starts_with("bestmove"))
        .unwrap();
    let shown = lines
        .iter()
        .position(|l| l.contains("position south"))
        .unwrap();
    assert!(answer < shown, "the answer comes when stopped: {lines:?}");
    assert!(
        lines[shown].ends_with("south to move"),
        "the refused moves changed nothing"
    );
}

/// `quit` during a search ends the engine at once (no waiting for an
/// infinite search); the end of the input lets a bounded search answer.
#[test]
fn quit_ends_even_an_infinite_search_and_the_input_ending_lets_a_search_answer() {
    let lines = session("oware", "position startpos\ngo infinite\nquit\n");
    assert!(bestmoves(&lines).len() <= 1, "{lines:?}");
    let lines = session("oware", "position startpos\ngo depth 4\n");
    assert_eq!(bestmoves(&lines).len(), 1, "{lines:?}");
}

#[test]
fn a_game_over_has_no_move_to_answer() {
    // South's last seed makes North's pit 1 two, taken: 26 seeds, a win.
    let before = "south: 0 0 0 0 0 1 store 24; north: 1 0 0 0 0 1 store 21; round 1; south to move";
    let lines = session(
        "oware",
        &format!("position fen {before} moves F\ngo depth 3\n"),
    );
    assert_eq!(bestmoves(&lines), ["(none)"], "{lines:?}");
}

/// `go movetime` and a clock both answer; four-row moves are read and
/// written as the project writes them.
#[test]
fn timed_goes_answer_and_four_row_moves_go_both_ways() {
    let lines = session(
        "oware",
        "position startpos\ngo movetime 200\ngo wtime 2000 btime 2000 winc 100 binc 100\n",
    );
    assert_eq!(bestmoves(&lines).len(), 2, "{lines:?}");
    let lines = session(
        "bao-kujifunza",
        "position startpos moves f6ccw\ngo depth 2\n",
    );
    let answer = bestmoves(&lines)[0].to_string();
    assert!(
        answer.starts_with('f') || answer.starts_with('b'),
        "{answer}"
    );
    let after = session(
        "bao-kujifunza",
        &format!("position startpos moves f6ccw {answer}\nshow\n"),
    );
    assert!(errors(&after).is_empty(), "{after:?}");
    assert!(after[0].ends_with("south to move"), "{after:?}");
}

/// `move --time`: the answer comes, with the depth the search reached.
#[test]
fn move_with_a_time_answers_with_its_depth() {
    let config = tempfile::tempdir().unwrap();
    let output = Command::cargo_bin("mancala")
        .unwrap()
        .env("XDG_CONFIG_HOME", config.path())
        .env("HOME", config.path())
        .args(["move", "oware", "--time", "0.3", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let json: serde_json::Value = serde_json::from_slice(&output).unwrap();
    assert!(json["depth"].as_u64().is_some_and(|d| d >= 4), "{json}");
    assert!(json["pit"].as_u64().is_some_and(|p| (1..=6).contains(&p)));
}

/// A whole game driven through the protocol, as another program drives
/// it: each answer played on, with the letters of §11.1, until the engine
/// has no move; the line it played is a legal game to its end.
#[test]
fn a_whole_game_is_driven_through_the_protocol() {
    let mut moves = String::new();
    for _ in 0..400 {
        let lines = session(
            "oware",
            &format!("position startpos moves {moves}\ngo depth 3\n"),
        );
        assert!(errors(&lines).is_empty(), "{lines:?}");
        match bestmoves(&lines)[..] {
            ["(none)"] => {
                let end = session("oware", &format!("position startpos moves {moves}\nshow\n"));
                assert!(end[0].ends_with("match over"), "{end:?}");
                return;
            }
            [answer] => moves.push_str(answer),
            _ => panic!("one answer: {lines:?}"),
        }
        if moves.len() == 1 {
            // Letters from the second move on: the engine answers in them.
            assert!(moves.chars().all(|c| c.is_ascii_digit()), "{moves}");
            let first = moves.parse::<u8>().unwrap();
            moves = char::from(b'A' + first - 1).to_string();
        }
    }
    panic!("no end in 400 moves: {moves}");
}

/// While a command waits for a long search (`show` after `go depth 60` or
/// a search of every node there is), `stop`, `isready` and `quit` are still
/// read and done: the search answers, then what waited, then `readyok`,
/// and the engine ends.
#[test]
fn the_engine_keeps_listening_while_a_command_waits_for_the_search() {
    for go in ["go depth 60", "go nodes 18446744073709551615"] {
        let lines = session("oware", &format!("{go}\nshow\nstop\nisready\nquit\n"));
        let at = |start: &str| lines.iter().position(|l| l.starts_with(start));
        let (answer, shown, ready) = (
            at("bestmove").expect("an answer"),
            at("info string position").expect("show answered"),
            at("readyok").expect("isready answered"),
        );
        assert!(answer < shown && shown < ready, "{go}: {lines:?}");
        assert_eq!(bestmoves(&lines).len(), 1, "{go}: {lines:?}");
    }
}

/// A line that is not UTF-8 text (a lone 0xFF byte, `go depth` and 0x80)
/// gets one error line each; the engine reads on.
#[test]
fn a_line_that_is_not_text_is_told_and_the_engine_reads_on() {
    let lines = session_bytes(
        "kalaha",
        &b"\xff\ngo depth \x80\nisready\nposition startpos moves 3\nshow\nquit\n"[..],
    );
    let refused = errors(&lines);
    assert_eq!(refused.len(), 2, "{lines:?}");
    assert!(refused.iter().all(|l| l.contains("not UTF-8")), "{lines:?}");
    assert!(lines.contains(&"readyok".to_string()), "{lines:?}");
    assert!(
        // Pit 3's four seeds go to pits 4 to 6 and the store: South again.
        lines.iter().any(|l| l.ends_with(
            "south: 4 4 0 5 5 5 store 1; north: 4 4 4 4 4 4 store 0; round 1; south to move"
        )),
        "the moves after were played: {lines:?}"
    );
}

/// An `info` line's expected line is the one found at its depth: after a
/// deeper search has filled the table, `go depth 1` gives one move, not
/// the earlier search's line (issue: a 15-move line at depth 1).
#[test]
fn a_lines_length_is_its_depths_after_a_deeper_search() {
    let lines = session(
        "kalaha",
        "position startpos\ngo depth 12\nposition startpos moves 1\ngo depth 1\n",
    );
    let last = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth 1 "))
        .expect("the second search's line");
    let pv = last.split(" pv ").nth(1).unwrap();
    assert_eq!(pv.split_whitespace().count(), 1, "{lines:?}");
    assert_eq!(bestmoves(&lines).len(), 2, "{lines:?}");
}
