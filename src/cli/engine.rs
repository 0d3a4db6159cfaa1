//! `mancala engine`: the computer as a process another program drives, one
//! command a line on standard input, answers on standard output, in the
//! style of chess's UCI that other mancala engines speak too. The engine
//! keeps its search table from one move of a game to the next, and
//! searches in a thread of its own so that `stop`, `isready` and `quit`
//! are answered while it thinks.
//!
//! Moves are written as the project writes them (`3`, `3cw`, `f4cw+`,
//! `swap`); where a move is a pit alone (Oware, Kalah...) also as Aualé's
//! letters, capitals for South and small letters for North, one word or
//! several (`position startpos moves DdEa`).

use std::collections::VecDeque;
use std::io::{BufRead, Read};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::{EngineArgs, Failure};
use crate::ai::{
    Computer, Dice, Level, Limits, Report, Searcher, WIN, choose_fill, takes_the_swap,
};
use crate::catalog::Catalog;
use crate::engine::{
    GameState, Move, Position, Rules, Side, Step, have_letters, letters_moves, move_letter,
};

/// The table's size unless the driver sets `Hash`.
const DEFAULT_HASH_MIB: usize = 64;
const MAX_HASH_MIB: usize = 4096;
/// The most moves an `info` line's expected line shows.
const LINE_LENGTH: usize = 24;
/// A bare `go` thinks as the strongest level does.
const PLAIN_GO: Level = Level::Strongest;
/// Kept back from the clock of `go wtime ...` for the answer to travel.
const CLOCK_MARGIN: Duration = Duration::from_millis(50);

/// How moves are written in the answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Notation {
    /// Letters once the driver's last `position` used them, else numbers.
    Auto,
    Mancala,
    Letters,
}

/// A search running in its thread; it gives the computer back.
struct Running {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<Computer>,
    /// It runs until `stop`.
    infinite: bool,
}

/// The engine between commands.
struct Engine {
    rules: Arc<Rules>,
    game: GameState,
    /// `None` while a search has it.
    computer: Option<Computer>,
    running: Option<Running>,
    hash_mib: usize,
    notation: Notation,
    /// The driver's last `position` wrote its moves as letters.
    driver_letters: bool,
}

pub fn run(catalog: &Catalog, args: &EngineArgs) -> Result<ExitCode, Failure> {
    let rules = catalog.resolve(&args.rules)?.rules;
    // The endgame table is read before the first command, not on the
    // first move's clock.
    let _ = crate::storage::tables::shared_for_play(&rules);
    let mut engine = Engine::new(rules);
    // Input is read in a thread of its own, so that `stop`, `isready` and
    // `quit` are seen while a command waits for the search; commands that
    // wait are queued and done in order once it has answered.
    let (send, lines) = mpsc::channel();
    std::thread::spawn(move || read_input(&send));
    let mut waiting: VecDeque<String> = VecDeque::new();
    loop {
        while engine.search_done() {
            let Some(line) = waiting.pop_front() else {
                break;
            };
            if !engine.command(&line) {
                return Ok(ExitCode::SUCCESS);
            }
        }
        // Nothing waiting: sleep until a line comes; else look now and
        // then whether the search has answered.
        let input = if waiting.is_empty() {
            lines.recv().unwrap_or(Input::End)
        } else {
            match lines.recv_timeout(POLL) {
                Ok(input) => input,
                Err(mpsc::RecvTimeoutError::Timeout) => continue,
                Err(mpsc::RecvTimeoutError::Disconnected) => Input::End,
            }
        };
        match input {
            // `quit`, `isready` and `stop` are done at once, whatever waits.
            Input::Line(line) if immediate(&line) || waiting.is_empty() && !engine.waits(&line) => {
                if !engine.command(&line) {
                    return Ok(ExitCode::SUCCESS);
                }
            }
            Input::Line(line) => waiting.push_back(line),
            Input::NotText => refuse("a line that is not UTF-8 text: ignored"),
            Input::End => {
                // The input has ended: what waits is done in turn, and a
                // search with an end is let finish and answer.
                for line in waiting {
                    if !engine.command(&line) {
                        return Ok(ExitCode::SUCCESS);
                    }
                }
                engine.finish(false);
                return Ok(ExitCode::SUCCESS);
            }
        }
    }
}

/// Whether `line` is done at once, even while other commands wait for the
/// search: `quit`, `isready` (answered while thinking, as UCI has it),
/// `stop`, and an empty line.
fn immediate(line: &str) -> bool {
    matches!(
        line.split_whitespace().next(),
        None | Some("quit" | "isready" | "stop")
    )
}

/// How often the engine looks whether the search has answered while
/// commands wait for it.
const POLL: Duration = Duration::from_millis(5);

/// The longest line read; the rest of a longer one is dropped with it.
const MAX_LINE_BYTES: u64 = 1 << 20;

/// A line of input, as the reading thread hands it on.
enum Input {
    Line(String),
    /// A line that is not UTF-8 text: told, and otherwise ignored.
    NotText,
    End,
}

/// Reads standard input line by line until it ends (or cannot be read).
fn read_input(send: &mpsc::Sender<Input>) {
    let stdin = std::io::stdin();
    let mut stdin = stdin.lock();
    loop {
        let mut bytes = Vec::new();
        let read = (&mut stdin)
            .take(MAX_LINE_BYTES)
            .read_until(b'\n', &mut bytes);
        let input = match read {
            Ok(0) | Err(_) => Input::End,
            Ok(_) => {
                // A line cut at the bound: the rest of it is skipped.
                if bytes.last() != Some(&b'\n') && skip_line(&mut stdin).is_err() {
                    return;
                }
                while matches!(bytes.last(), Some(b'\n' | b'\r')) {
                    bytes.pop();
                }
                String::from_utf8(bytes).map_or(Input::NotText, Input::Line)
            }
        };
        let ended = matches!(input, Input::End);
        if send.send(input).is_err() || ended {
            return;
        }
    }
}

/// Reads to the end of the current line.
fn skip_line(input: &mut impl BufRead) -> std::io::Result<()> {
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok(());
        }
        if let Some(at) = buffer.iter().position(|&b| b == b'\n') {
            input.consume(at + 1);
            return Ok(());
        }
        let all = buffer.len();
        input.consume(all);
    }
}

/// One line telling the driver what was wrong with its command.
fn refuse(message: &str) {
    say!("info string error: {message}");
}

impl Engine {
    fn new(rules: Arc<Rules>) -> Engine {
        let game = start_of(&rules, None);
        Engine {
            rules,
            game,
            computer: Some(Computer::with_table_mib(PLAIN_GO, DEFAULT_HASH_MIB)),
            running: None,
            hash_mib: DEFAULT_HASH_MIB,
            notation: Notation::Auto,
            driver_letters: false,
        }
    }

    /// Whether no search runs, or the one running has answered.
    fn search_done(&self) -> bool {
        self.running
            .as_ref()
            .is_none_or(|running| running.thread.is_finished())
    }

    /// Whether `line` must wait for the search running: every command but
    /// the [`immediate`] ones, and those refused at once during an
    /// infinite search.
    fn waits(&self, line: &str) -> bool {
        !immediate(line)
            && !self.search_done()
            && !self.running.as_ref().is_some_and(|r| r.infinite)
    }

    /// Does what `line` asks; `false` when the engine is to quit.
    fn command(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&name, rest)) = words.split_first() else {
            return true;
        };
        match name {
            "quit" => {
                self.finish(true);
                return false;
            }
            "isready" => say!("readyok"),
            "stop" => self.finish(true),
            // Other commands wait for the answer (a driver that pipes a
            // whole script gets each answer in turn), unless it never comes.
            _ if self.running.as_ref().is_some_and(|r| r.infinite) => {
                refuse(&format!("{name:?} during go infinite: send stop first"));
            }
            _ => self.after_search(name, rest),
        }
        true
    }

    /// A command that waits for the search running, if one is.
    fn after_search(&mut self, name: &str, rest: &[&str]) {
        self.finish(false);
        match name {
            "uci" => self.introduce(),
            "ucinewgame" => {
                if let Some(computer) = &mut self.computer {
                    computer.forget();
                }
                self.game = start_of(&self.rules, None);
            }
            "setoption" => self.set_option(rest),
            "show" => say!(
                "info string position {}",
                self.game.position().to_text(&self.rules)
            ),
            "position" => self.set_position(rest),
            "go" => self.go(rest),
            _ => refuse(&format!(
                "unknown command {:?}: expected uci, isready, ucinewgame, setoption, \
                 position, go, stop, show or quit",
                name.chars().take(40).collect::<String>()
            )),
        }
    }

    fn introduce(&self) {
        say!(
            "id name mancala {} ({})",
            env!("CARGO_PKG_VERSION"),
            self.rules.name()
        );
        say!("id author the mancala developers");
        say!("option name Hash type spin default {DEFAULT_HASH_MIB} min 1 max {MAX_HASH_MIB}");
        if have_letters(&self.rules) {
            say!("option name Notation type combo default auto var auto var mancala var letters");
        }
        // Which endgame table it plays with (built by `mancala tables`).
        match crate::storage::tables::shared_for_play(&self.rules) {
            Some(table) => say!(
                "info string endgame table of boards with up to {} seeds",
                table.max_seeds()
            ),
            None => say!("info string no endgame table"),
        }
        if let Some(passed) = crate::storage::tables::passed_over_once(&self.rules) {
            say!(
                "info string {}",
                crate::words::table_passed_over(&self.rules, &passed)
            );
        }
        say!("uciok");
    }

    /// `setoption name NAME value VALUE`.
    fn set_option(&mut self, words: &[&str]) {
        let ["name", name, "value", value] = words else {
            refuse("expected setoption name NAME value VALUE");
            return;
        };
        let (name, value) = (name.to_ascii_lowercase(), *value);
        match name.as_str() {
            "hash" => match value.parse::<usize>() {
                Ok(mib) if (1..=MAX_HASH_MIB).contains(&mib) => {
                    self.hash_mib = mib;
                    self.computer = Some(Computer::with_table_mib(PLAIN_GO, mib));
                }
                _ => refuse(&format!(
                    "Hash {value:?}: expected megabytes from 1 to {MAX_HASH_MIB}"
                )),
            },
            "notation" if have_letters(&self.rules) => {
                self.notation = match value.to_ascii_lowercase().as_str() {
                    "auto" => Notation::Auto,
                    "mancala" => Notation::Mancala,
                    "letters" => Notation::Letters,
                    _ => {
                        refuse(&format!(
                            "Notation {value:?}: expected auto, mancala or letters"
                        ));
                        return;
                    }
                };
            }
            _ => refuse(&format!("no option {name:?}")),
        }
    }

    /// `position startpos [moves ...]` or `position fen TEXT [moves ...]`,
    /// TEXT written as `mancala show` prints a position.
    fn set_position(&mut self, words: &[&str]) {
        let (start, moves) = match words.iter().position(|&w| w == "moves") {
            Some(at) => (&words[..at], &words[at + 1..]),
            None => (words, &[][..]),
        };
        let start = match start {
            ["startpos"] => None,
            ["fen", text @ ..] if !text.is_empty() => {
                match Position::from_text(&self.rules, &text.join(" ")) {
                    Ok(position) => Some(position),
                    Err(error) => {
                        refuse(&format!("position: {error}"));
                        return;
                    }
                }
            }
            _ => {
                refuse("expected position startpos or position fen TEXT, then moves ...");
                return;
            }
        };
        match play_moves(start_of(&self.rules, start), moves) {
            Ok((game, letters)) => {
                self.game = game;
                self.driver_letters = letters;
            }
            Err(error) => refuse(&error),
        }
    }

    /// `go` with its limits: the search runs in its thread, which answers.
    fn go(&mut self, words: &[&str]) {
        let asked = match GoLimits::read(words) {
            Ok(asked) => asked,
            Err(error) => {
                refuse(&error);
                return;
            }
        };
        // Where the round's loser chooses the pits to fill, that choice is
        // the step asked for (§12), answered as `bestmove fill:1+2+6`.
        if let Some(chooser) = self.game.position().fill_choice(self.game.rules()) {
            let limits = asked.limits(chooser.side, Arc::new(AtomicBool::new(false)));
            let deadline = limits
                .deadline
                .unwrap_or_else(|| Instant::now() + PLAIN_GO.time_cap());
            let fill = choose_fill(self.game.rules(), self.game.position(), PLAIN_GO, deadline);
            match fill {
                Some(fill) => say!("bestmove {fill}"),
                None => say!("bestmove (none)"),
            }
            return;
        }
        // After a round, the move asked for is the next round's first.
        let game = self.game.next_round().unwrap_or_else(|_| self.game.clone());
        let Some(mover) = game.position().to_move() else {
            say!("info string the game is over");
            say!("bestmove (none)");
            return;
        };
        let Some(mut computer) = self.computer.take() else {
            return;
        };
        let stop = Arc::new(AtomicBool::new(false));
        let limits = asked.limits(mover, stop.clone());
        let letters = self.answers_in_letters();
        let infinite = asked.infinite;
        let flag = stop.clone();
        let thread = std::thread::spawn(move || {
            let started = Instant::now();
            let rules = game.rules().clone();
            let position = *game.position();
            let mut show = |report: &Report, searcher: &Searcher| {
                let Some(best) = report.best else {
                    return;
                };
                // The line found at this depth: no longer than its plies
                // (the table may hold more from an earlier, deeper search),
                // unless the value is exact.
                let length = if report.exact {
                    LINE_LENGTH
                } else {
                    LINE_LENGTH.min(usize::try_from(report.depth).unwrap_or(LINE_LENGTH).max(1))
                };
                let line = searcher.expected_line(&position, best, length);
                say!(
                    "info depth {} score {} nodes {} time {} pv {}",
                    report.depth,
                    score(report.value),
                    report.nodes,
                    started.elapsed().as_millis(),
                    written_line(&rules, &position, &line, letters)
                );
            };
            if let Some(passed) = crate::storage::tables::equip(&mut computer, &rules) {
                say!(
                    "info string {}",
                    crate::words::table_passed_over(&rules, &passed)
                );
            }
            let choice = computer.choose_within(
                &rules,
                &position,
                game.history(),
                &mut Dice::new(1),
                limits,
                &mut show,
            );
            // An infinite search answers only when told to stop.
            while infinite && !flag.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(2));
            }
            let answer = match choice {
                Some(choice) if game.can_swap() && takes_the_swap(choice.value) => {
                    "swap".to_string()
                }
                Some(choice) => written(&rules, mover, choice.chosen, letters),
                None => "(none)".to_string(),
            };
            say!("bestmove {answer}");
            computer
        });
        self.running = Some(Running {
            stop,
            thread,
            infinite,
        });
    }

    fn answers_in_letters(&self) -> bool {
        have_letters(&self.rules)
            && match self.notation {
                Notation::Auto => self.driver_letters,
                Notation::Mancala => false,
                Notation::Letters => true,
            }
    }

    /// Waits for the search, if one runs (stopping it first where `stop`,
    /// or where it would never end by itself), and takes the computer back.
    fn finish(&mut self, stop: bool) {
        let Some(running) = self.running.take() else {
            return;
        };
        if stop || running.infinite {
            running.stop.store(true, Ordering::Relaxed);
        }
        self.computer = Some(
            running
                .thread
                .join()
                .unwrap_or_else(|_| Computer::with_table_mib(PLAIN_GO, self.hash_mib)),
        );
    }
}

/// The limits a `go` asked for.
#[derive(Debug, Default)]
struct GoLimits {
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime: Option<Duration>,
    /// Each side's time left and increment (`wtime`/`winc` are South's).
    clock: [Option<Duration>; 2],
    increment: [Duration; 2],
    moves_to_go: Option<u32>,
    infinite: bool,
}

impl GoLimits {
    fn read(words: &[&str]) -> Result<GoLimits, String> {
        let mut asked = GoLimits::default();
        let mut words = words.iter();
        while let Some(&word) = words.next() {
            if word == "infinite" {
                asked.infinite = true;
                continue;
            }
            let Some(value) = words.next() else {
                return Err(format!("go {word}: a number must follow"));
            };
            let number = value
                .parse::<u64>()
                .map_err(|_| format!("go {word} {value:?}: expected a whole number"))?;
            let ms = Duration::from_millis(number);
            match word {
                "depth" => asked.depth = Some(u32::try_from(number.clamp(1, 64)).unwrap_or(64)),
                "nodes" => asked.nodes = Some(number),
                "movetime" => asked.movetime = Some(ms),
                "wtime" => asked.clock[0] = Some(ms),
                "btime" => asked.clock[1] = Some(ms),
                "winc" => asked.increment[0] = ms,
                "binc" => asked.increment[1] = ms,
                "movestogo" => asked.moves_to_go = Some(u32::try_from(number).unwrap_or(u32::MAX)),
                _ => {
                    return Err(format!(
                        "go {word}: expected depth, nodes, movetime, wtime, btime, winc, \
                         binc, movestogo or infinite"
                    ));
                }
            }
        }
        Ok(asked)
    }

    /// The search's limits for `mover` (South plays `w`).
    fn limits(&self, mover: Side, stop: Arc<AtomicBool>) -> Limits {
        let seat = usize::from(mover == Side::North);
        let from_clock = self.clock[seat].map(|left| {
            // A share of what is left, never more than is left.
            let share = left / self.moves_to_go.unwrap_or(20).max(1) + self.increment[seat] * 3 / 4;
            share
                .min(left.saturating_sub(CLOCK_MARGIN))
                .max(Duration::from_millis(1))
        });
        let time = self.movetime.or(from_clock);
        let bare = self.depth.is_none() && self.nodes.is_none() && time.is_none() && !self.infinite;
        let now = Instant::now();
        Limits {
            max_nodes: if bare { PLAIN_GO.nodes() } else { self.nodes },
            deadline: if bare {
                Some(now + PLAIN_GO.time_cap())
            } else {
                time.map(|t| now + t)
            },
            stop: Some(stop),
            ..Limits::depth(self.depth.unwrap_or(64))
        }
    }
}

/// The start: `position`, or the rule set's with South to move; the swap
/// rule where the rule file plays it.
fn start_of(rules: &Arc<Rules>, position: Option<Position>) -> GameState {
    let position = position.unwrap_or_else(|| Position::new(rules, Side::South));
    GameState::at(rules.clone(), position).with_swap_rule(rules.plan().rounds.swap)
}

/// `game` after `words` (moves as the project writes them, or words of
/// letters), and whether any were letters; else what is wrong with the
/// first that cannot be played.
fn play_moves(mut game: GameState, words: &[&str]) -> Result<(GameState, bool), String> {
    let rules = game.rules().clone();
    let mut letters = false;
    let mut count = 0;
    for word in words {
        let steps: Vec<(Step, Option<Side>)> = if let Some(moves) = letters_moves(&rules, word) {
            letters = true;
            moves
                .into_iter()
                .map(|(side, mv)| (Step::Move(mv), Some(side)))
                .collect()
        } else {
            let step = word
                .parse::<Step>()
                .map_err(|e| format!("move {}: {e}", count + 1))?;
            vec![(step, None)]
        };
        for (step, side) in steps {
            count += 1;
            if let Some(side) = side {
                // Where a round is over, the next begins first.
                let to_move = game.next_round().map_or_else(
                    |_| game.position().to_move(),
                    |next| next.position().to_move(),
                );
                if to_move != Some(side) {
                    let whose = to_move.map_or("nobody".to_string(), |s| s.name().to_string());
                    return Err(format!(
                        "move {count}: {word:?} has a move of {} but {whose} is to move",
                        side.name()
                    ));
                }
            }
            game = game
                .play_line(&[step])
                .map_err(|e| format!("move {count} ({step}): {}", e.reason))?;
        }
    }
    Ok((game, letters))
}

/// A value as the `info` line gives it: the seeds the mover ends ahead by
/// (as far as the search saw), or `win`/`loss` where who cannot move loses
/// and the search saw the end.
fn score(value: i32) -> String {
    // A won game's value is WIN, and a little more the sooner it comes.
    if value >= WIN - 100 {
        "win".to_string()
    } else if value <= 100 - WIN {
        "loss".to_string()
    } else {
        value.to_string()
    }
}

/// `mv`, played by `side`, in the answers' notation.
fn written(rules: &Rules, side: Side, mv: Move, letters: bool) -> String {
    letters
        .then(|| move_letter(rules, side, mv))
        .flatten()
        .map_or_else(|| mv.to_string(), String::from)
}

/// A line of moves from `position`, each written as `written` does.
fn written_line(rules: &Rules, position: &Position, line: &[Move], letters: bool) -> String {
    let mut at = *position;
    let mut words = Vec::new();
    for &mv in line {
        let Some(side) = at.to_move() else {
            break;
        };
        words.push(written(rules, side, mv, letters));
        match at.play(rules, mv) {
            Ok(next) => at = next,
            Err(_) => break,
        }
    }
    words.join(" ")
}
