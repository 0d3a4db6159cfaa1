//! End-to-end: the real binary in a pseudo-terminal, driven by keys, read off
//! the screen as a terminal emulator (vt100) draws it, its modes included
//! (alternate screen, cursor, mouse reports, raw mode). Needs nothing but
//! cargo.

mod common;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::thread::sleep;
use std::time::{Duration, Instant};

use nix::sys::signal::Signal;
use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

/// A config and a data folder of our own: no rule files or matches of the
/// machine's user leak in, and ours stay out of theirs.
struct Folders {
    dir: tempfile::TempDir,
}

impl Folders {
    fn new() -> Folders {
        Folders {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    /// The data folder the game keeps matches in.
    fn data(&self) -> PathBuf {
        self.dir.path().join("data").join("mancala")
    }

    /// The match files of the library, oldest first.
    fn match_files(&self) -> Vec<PathBuf> {
        let Ok(listing) = std::fs::read_dir(self.data().join("matches")) else {
            return Vec::new();
        };
        let mut files: Vec<_> = listing
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            .collect();
        files.sort();
        files
    }
}

/// The game running in a terminal of its own.
struct Term {
    screen: Arc<Mutex<vt100::Parser>>,
    /// Every byte the game wrote, as written.
    raw: Arc<Mutex<Vec<u8>>>,
    /// Our ends of the terminal; gone once we hang up.
    keys: Option<Box<dyn Write + Send>>,
    master: Option<Box<dyn MasterPty + Send>>,
    child: Box<dyn Child + Send + Sync>,
    /// Tells the reader to let go of its end at the next output.
    stop_reading: Arc<std::sync::atomic::AtomicBool>,
    reader: Option<std::thread::JoinHandle<()>>,
}

impl Term {
    /// `mancala ARGS` in a 100x30 terminal, with `folders`.
    fn run(folders: &Folders, args: &[&str]) -> Term {
        Term::run_with(folders, args, &[])
    }

    /// The same, with these environment variables set too.
    fn run_with(folders: &Folders, args: &[&str], env: &[(&str, &str)]) -> Term {
        let (cols, rows) = (100, 30);
        let pty = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .unwrap();
        let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_mancala"));
        command.args(args);
        command.env("TERM", "xterm-256color");
        // A UTF-8 terminal, whatever the machine's own locale.
        command.env("LANG", "C.UTF-8");
        command.env_remove("LC_ALL");
        command.env_remove("LC_CTYPE");
        command.env("XDG_CONFIG_HOME", folders.dir.path().join("config"));
        command.env("XDG_DATA_HOME", folders.dir.path().join("data"));
        command.env_remove("NO_COLOR");
        for (name, value) in env {
            command.env(name, value);
        }
        let child = pty.slave.spawn_command(command).unwrap();
        // Only the child holds the terminal's other end: its exit ends reading.
        drop(pty.slave);
        let size = |n: u16| std::num::NonZeroU16::new(n).unwrap();
        let screen = Arc::new(Mutex::new(vt100::Parser::new(size(rows), size(cols), 0)));
        let mut output = pty.master.try_clone_reader().unwrap();
        let drawn = screen.clone();
        let raw = Arc::new(Mutex::new(Vec::new()));
        let kept = raw.clone();
        let stop_reading = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let stop = stop_reading.clone();
        let reader = std::thread::spawn(move || {
            let mut buffer = [0u8; 8192];
            while let Ok(n) = output.read(&mut buffer) {
                if n == 0 || stop.load(std::sync::atomic::Ordering::Relaxed) {
                    break;
                }
                drawn.lock().unwrap().process(&buffer[..n]);
                kept.lock().unwrap().extend_from_slice(&buffer[..n]);
            }
        });
        let keys = pty.master.take_writer().unwrap();
        Term {
            screen,
            raw,
            keys: Some(keys),
            master: Some(pty.master),
            child,
            stop_reading,
            reader: Some(reader),
        }
    }

    /// Sends bytes as they are (for those that are no UTF-8 text).
    fn send_bytes(&mut self, bytes: &[u8]) {
        let keys = self.keys.as_mut().expect("the terminal is open");
        keys.write_all(bytes).unwrap();
        keys.flush().unwrap();
        sleep(Duration::from_millis(60));
    }

    /// Types keys: names (`Enter`, `Escape`, arrows, `Space`) or text.
    fn send(&mut self, keys: &[&str]) {
        for key in keys {
            let bytes: &[u8] = match *key {
                "Enter" => b"\r",
                "Escape" => b"\x1b",
                "Space" => b" ",
                "Up" => b"\x1b[A",
                "Down" => b"\x1b[B",
                "Right" => b"\x1b[C",
                "Left" => b"\x1b[D",
                "Ctrl+C" => b"\x03",
                "Tab" => b"\t",
                "F1" => b"\x1bOP",
                "F4" => b"\x1bOS",
                "Backspace" => b"\x7f",
                "Ctrl+R" => b"\x12",
                text => text.as_bytes(),
            };
            let keys = self.keys.as_mut().expect("the terminal is open");
            keys.write_all(bytes).unwrap();
            keys.flush().unwrap();
            // Let the game take each key before the next, as a person would
            // (and so Escape is not read as Alt with the next key).
            sleep(Duration::from_millis(60));
        }
    }

    fn screen(&self) -> String {
        self.screen.lock().unwrap().screen().contents()
    }

    /// Waits until the screen shows `text` and has stopped changing (a frame
    /// may be caught half drawn), and returns it.
    fn wait_for(&self, text: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                sleep(Duration::from_millis(80));
                let again = self.screen();
                if again == screen {
                    return screen;
                }
                continue;
            }
            assert!(
                Instant::now() < deadline,
                "never saw {text:?}; the screen was:\n{screen}"
            );
            sleep(Duration::from_millis(50));
        }
    }

    /// Resizes the terminal, as a person dragging its window would.
    /// The screen is held while both change, so no frame the game draws for
    /// the new size is read at the old one (which would leave it torn).
    fn resize(&self, cols: u16, rows: u16) {
        let size = |n: u16| std::num::NonZeroU16::new(n).unwrap();
        let mut screen = self.screen.lock().unwrap();
        screen.set_size(size(rows), size(cols));
        self.master
            .as_ref()
            .expect("the terminal is open")
            .resize(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .unwrap();
    }

    /// Closes every end of the terminal but the game's, as closing its
    /// window does: the reader lets go at the next output (help, asked for).
    fn hang_up(&mut self) {
        self.stop_reading
            .store(true, std::sync::atomic::Ordering::Relaxed);
        self.send(&["F1"]);
        if let Some(reader) = self.reader.take() {
            reader.join().unwrap();
        }
        self.keys = None;
        self.master = None;
    }

    fn pid(&self) -> nix::unistd::Pid {
        let pid = self.child.process_id().expect("a running game");
        nix::unistd::Pid::from_raw(i32::try_from(pid).unwrap())
    }

    fn signal(&self, signal: Signal) {
        nix::sys::signal::kill(self.pid(), signal).unwrap();
    }

    /// The exit status, once the game has ended (within 15 s).
    fn exit_code(&mut self) -> u32 {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                // Let the last output reach the screen.
                sleep(Duration::from_millis(100));
                return status.exit_code();
            }
            assert!(Instant::now() < deadline, "the game did not end");
            sleep(Duration::from_millis(20));
        }
    }

    /// Whether the terminal is as the game found it: the normal screen, the
    /// cursor shown, no mouse reports, and line editing with echo (not raw).
    fn is_given_back(&self) -> bool {
        let parser = self.screen.lock().unwrap();
        let screen = parser.screen();
        let cooked = self
            .master
            .as_ref()
            .and_then(|m| m.get_termios())
            .is_some_and(|t| {
                use nix::sys::termios::LocalFlags;
                t.local_flags
                    .contains(LocalFlags::ICANON | LocalFlags::ECHO)
            });
        !screen.alternate_screen()
            && !screen.hide_cursor()
            && screen.mouse_protocol_mode() == vt100::MouseProtocolMode::None
            && cooked
    }
}

impl Drop for Term {
    fn drop(&mut self) {
        if self.child.try_wait().ok().flatten().is_none() {
            let _ = nix::sys::signal::kill(self.pid(), Signal::SIGKILL);
            let _ = self.child.wait();
        }
    }
}

/// Ann (South, first) against Bo under `variant`.
fn game(folders: &Folders, variant: &str, extra: &[&str]) -> Term {
    let mut args = vec![
        "play", variant, "--south", "Ann", "--north", "Bo", "--first", "south",
    ];
    args.extend(extra);
    Term::run(folders, &args)
}

/// The counts drawn on the board's pit lines, top row then bottom row.
fn counts_on_screen(screen: &str) -> Vec<Vec<u32>> {
    // The last move's pit has a double border; read it like the others.
    let screen = screen.replace('║', "│");
    screen
        .lines()
        .filter(|line| line.matches("││").count() >= 4)
        .filter(|line| !line.contains('•') && !line.contains("pile") && !line.contains("store"))
        .map(|line| {
            line.split('│')
                .filter_map(|cell| cell.trim().parse::<u32>().ok())
                .collect::<Vec<_>>()
        })
        .filter(|row: &Vec<u32>| !row.is_empty())
        .collect()
}

#[test]
fn raja_pasu_plays_the_spec_move() {
    let folders = Folders::new();
    let mut term = game(&folders, "raja-pasu", &["--animation-ms", "0"]);
    term.wait_for("Ann (South) to move");
    term.send(&["1"]);
    let screen = term.wait_for("Bo (North) to move");
    assert!(screen.contains("Ann played pit 1: 12 laps"), "{screen}");
    // rules.md §5: South 3,1,0,0,0,14,0 (store 15); North 14,2,14,14,1,14,2
    // (store 4). North's row is drawn from its pit 7 at the left.
    let rows = counts_on_screen(&screen);
    assert_eq!(rows[0], [2, 14, 1, 14, 14, 2, 14], "{screen}");
    assert_eq!(rows[1], [3, 1, 0, 0, 0, 14, 0], "{screen}");
    assert!(
        screen.contains("pile 15") && screen.contains("pile 4"),
        "{screen}"
    );
}

#[test]
fn kalaha_extra_turn_and_row_keys() {
    let folders = Folders::new();
    let mut term = game(&folders, "kalaha", &["--animation-ms", "0"]);
    term.wait_for("Ann (South) to move");
    term.send(&["c"]); // South's third key: pit 3, last seed in the store
    let screen = term.wait_for("moves again");
    assert!(screen.contains("Ann (South) to move"), "{screen}");
    term.send(&["q"]); // North's key while South is to move
    term.wait_for("That pit is on North's row");
    term.send(&["z"]);
    let screen = term.wait_for("Bo (North) to move");
    // Pit 3's four seeds went to 4, 5, 6 and the store; pit 1's four to 2-5.
    assert_eq!(counts_on_screen(&screen)[1], [0, 5, 1, 6, 6, 5], "{screen}");
}

/// Sat-gharva worked without the engine (rules.md §4): 14 pits in a ring
/// (South's pits 1-7 at 0-6, North's at 7-13), sown clockwise (down the
/// ring), the turn's origin skipped, relays, fours to the row's owner and the
/// leap capture. The rows after the turn and the stores.
fn naive_sat_gharva_turn(mut ring: [u32; 14], origin: usize) -> ([u32; 14], [u32; 2]) {
    let owner = |pit: usize| usize::from(pit >= 7);
    let next = |pit: usize| (pit + 13) % 14;
    let mut stores = [0, 0];
    let mut take = origin;
    loop {
        let mut hand = ring[take];
        ring[take] = 0;
        let mut at = take;
        while hand > 0 {
            at = next(at);
            if at == origin {
                continue;
            }
            ring[at] += 1;
            hand -= 1;
            if ring[at] == 4 {
                stores[owner(at)] += 4;
                ring[at] = 0;
            }
        }
        let after = next(at);
        if ring[after] == 0 {
            let beyond = next(after);
            stores[0] += ring[beyond]; // South moves: the leap is South's
            ring[beyond] = 0;
            return (ring, stores);
        }
        take = after;
    }
}

#[test]
fn sat_gharva_sows_clockwise() {
    let (ring, stores) = naive_sat_gharva_turn([7; 14], 0);
    let folders = Folders::new();
    let mut term = game(&folders, "sat-gharva", &["--animation-ms", "0"]);
    term.wait_for("Ann (South) to move");
    term.send(&["1"]);
    let screen = term.wait_for("Bo (North) to move");
    let rows = counts_on_screen(&screen);
    let north: Vec<u32> = ring[7..].iter().rev().copied().collect();
    assert_eq!(rows[0], north, "{screen}");
    assert_eq!(rows[1], ring[..7], "{screen}");
    let store = |side: &str, seeds: u32| format!("{side}), top row - store {seeds}");
    assert!(screen.contains(&store("Bo (North", stores[1])), "{screen}");
}

#[test]
fn sowing_is_animated_and_a_key_skips_to_the_end() {
    let folders = Folders::new();
    let mut term = game(&folders, "raja-pasu", &["--animation-ms", "400"]);
    term.wait_for("Ann (South) to move");
    term.send(&["1"]);
    let screen = term.wait_for("seeds in hand");
    assert!(screen.contains("Ann (South) sows pit 1"), "{screen}");
    term.send(&["Space"]);
    term.wait_for("Bo (North) to move");
}

#[test]
fn the_menu_leads_to_a_game_and_quitting_restores_the_terminal() {
    let folders = Folders::new();
    let mut term = Term::run(&folders, &[]);
    term.wait_for("Play");
    assert!(!term.is_given_back(), "the game has the terminal");
    term.send(&["Enter"]);
    term.wait_for("Choose a game");
    term.send(&["Enter", "Enter"]);
    term.wait_for("South to move");
    term.send(&["Ctrl+C"]);
    term.wait_for("Quit mancala?");
    term.send(&["y"]);
    assert_eq!(term.exit_code(), 0);
    assert!(term.is_given_back());
    // Back on the normal screen: the game's board is gone.
    assert!(
        !term.screen().contains("South to move"),
        "{}",
        term.screen()
    );
}

#[test]
fn a_signal_writes_the_match_and_gives_the_terminal_back() {
    for (signal, code) in [
        (Signal::SIGTERM, 143),
        (Signal::SIGHUP, 129),
        (Signal::SIGINT, 130),
    ] {
        let folders = Folders::new();
        let mut term = game(&folders, "kalaha", &["--animation-ms", "0"]);
        term.wait_for("Ann (South) to move");
        term.send(&["3", "1"]);
        term.wait_for("Bo (North) to move");
        term.signal(signal);
        assert_eq!(term.exit_code(), code, "{signal}");
        assert!(term.is_given_back(), "{signal}");
        let files = folders.match_files();
        assert_eq!(files.len(), 1, "{signal}");
        assert_eq!(common::moves_in_save(&files[0]), [3, 1], "{signal}");
        assert!(
            !std::fs::read_dir(folders.data().join("matches"))
                .unwrap()
                .any(|e| e.unwrap().file_name().to_string_lossy().ends_with(".lock")),
            "{signal}: the lock is let go"
        );
    }
}

#[test]
fn kill_9_in_the_middle_of_a_move_keeps_every_move() {
    let folders = Folders::new();
    let extra = tempfile::tempdir().unwrap();
    let mine = extra.path().join("mine.toml");
    let mine_arg = mine.to_str().unwrap();
    let mut term = game(
        &folders,
        "kalaha",
        &["--animation-ms", "300", "--save", mine_arg],
    );
    term.wait_for("Ann (South) to move");
    term.send(&["3"]);
    // Said under the board once the seeds have moved (a key before that
    // would only skip to the end of the move).
    term.wait_for("Ann played pit 3 - moves again");
    term.send(&["1"]);
    term.wait_for("seeds in hand");
    term.signal(Signal::SIGKILL);
    term.exit_code();
    // A move is written as it is played, before its seeds are shown moving.
    let files = folders.match_files();
    assert_eq!(files.len(), 1, "{files:?}");
    assert_eq!(common::moves_in_save(&files[0]), [3, 1]);
    // `--save FILE` is kept up to date too.
    assert_eq!(common::moves_in_save(&mine), [3, 1]);
}

#[test]
fn play_quit_resume_and_replay() {
    let folders = Folders::new();
    let mut term = game(&folders, "raja-pasu", &["--animation-ms", "0"]);
    term.wait_for("Ann (South) to move");
    term.send(&["1"]);
    term.wait_for("Bo (North) to move");
    term.send(&["Ctrl+C", "y"]);
    assert_eq!(term.exit_code(), 0);

    let mut term = Term::run(&folders, &["resume"]);
    let screen = term.wait_for("Resumed where you stopped");
    assert!(screen.contains("Bo (North) to move"), "{screen}");
    assert_eq!(
        counts_on_screen(&screen)[1],
        [3, 1, 0, 0, 0, 14, 0],
        "{screen}"
    );
    term.send(&["Escape"]);
    term.wait_for("Continue");
    drop(term);

    // Replayed by its id.
    let file = folders.match_files()[0].clone();
    let id = file.file_stem().unwrap().to_string_lossy().into_owned();
    let mut term = Term::run(&folders, &["replay", &id]);
    term.wait_for("The start - 1 steps");
    term.send(&["Right", "Space"]);
    let screen = term.wait_for("Move 1 of 1: Ann (South) played pit 1");
    assert_eq!(
        counts_on_screen(&screen)[0],
        [2, 14, 1, 14, 14, 2, 14],
        "{screen}"
    );
}

#[test]
fn two_games_at_once_in_one_data_folder_keep_all_their_moves() {
    let folders = Folders::new();
    let mut ann = game(&folders, "kalaha", &["--animation-ms", "0"]);
    let mut cy = Term::run(
        &folders,
        &[
            "play",
            "kalaha",
            "--south",
            "Cy",
            "--north",
            "Di",
            "--first",
            "south",
            "--animation-ms",
            "0",
        ],
    );
    ann.wait_for("Ann (South) to move");
    cy.wait_for("Cy (South) to move");
    // Turn about, as two people in two terminals would.
    ann.send(&["3"]);
    cy.send(&["1"]);
    ann.wait_for("moves again");
    cy.wait_for("Di (North) to move");
    ann.send(&["1"]);
    cy.send(&["2"]);
    ann.wait_for("Bo (North) to move");
    cy.wait_for("Cy (South) to move");
    ann.send(&["2"]);
    cy.send(&["5"]);
    ann.wait_for("Ann (South) to move");
    sleep(Duration::from_millis(300));
    let files = folders.match_files();
    assert_eq!(files.len(), 2, "{files:?}");
    let mut all: Vec<Vec<u8>> = files.iter().map(|f| common::moves_in_save(f)).collect();
    all.sort();
    assert_eq!(all, [vec![1, 2, 5], vec![3, 1, 2]]);
    // The second game sees the first's match as open elsewhere.
    cy.send(&["Escape"]);
    cy.wait_for("Continue");
    cy.send(&["2"]);
    let screen = cy.wait_for("open in another game");
    assert!(screen.contains("Ann v Bo"), "{screen}");
}

/// A rule set whose first move ends the game: one pit of one seed a side.
fn one_move_rules(folders: &Folders) {
    let folder = folders.dir.path().join("config/mancala/rules");
    std::fs::create_dir_all(&folder).unwrap();
    let kalaha =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/kalaha.toml"))
            .unwrap();
    let text = kalaha
        .replace("id = \"kalaha\"", "id = \"one-move\"")
        .replace("name = \"Kalaha\"", "name = \"One move\"")
        .replace("pits = 6", "pits = 1")
        .replace("seeds-per-pit = 4", "seeds-per-pit = 1");
    std::fs::write(folder.join("one-move.toml"), text).unwrap();
}

#[test]
fn a_finished_one_move_match_survives_the_next_match() {
    let folders = Folders::new();
    one_move_rules(&folders);
    let mut term = game(&folders, "one-move", &["--animation-ms", "0"]);
    term.wait_for("Ann (South) to move");
    term.send(&["1"]);
    term.wait_for("The game is over");
    let finished = folders.match_files();
    assert_eq!(finished.len(), 1);
    let bytes = std::fs::read(&finished[0]).unwrap();
    // Enter: the menu; Play; Kalaha (second: the game played lately heads
    // the list); Start; a move.
    term.send(&["Enter"]);
    term.wait_for("Play");
    term.send(&["1"]);
    term.wait_for("Choose a game");
    term.send(&["2", "Enter", "Enter"]);
    term.wait_for("(South) to move");
    term.send(&["3"]);
    term.wait_for("moves again");
    sleep(Duration::from_millis(200));
    let files = folders.match_files();
    assert_eq!(files.len(), 2, "{files:?}");
    assert_eq!(std::fs::read(&finished[0]).unwrap(), bytes);
    // Both are in the list.
    term.send(&["Escape"]);
    term.wait_for("Continue");
    term.send(&["2"]);
    let screen = term.wait_for("Saved matches (2)");
    assert!(
        screen.contains("One move") && screen.contains("draw"),
        "{screen}"
    );
}

#[test]
fn the_save_file_is_not_carried_into_the_next_match() {
    let folders = Folders::new();
    let extra = tempfile::tempdir().unwrap();
    let mine = extra.path().join("x.toml");
    let mine_arg = mine.to_str().unwrap();
    let mut term = game(
        &folders,
        "kalaha",
        &["--animation-ms", "0", "--save", mine_arg],
    );
    term.wait_for("Ann (South) to move");
    term.send(&["3"]);
    term.wait_for("moves again");
    sleep(Duration::from_millis(200));
    let kept = std::fs::read(&mine).unwrap();
    // Esc; Play (1, with Continue above it as 0); Raja Pasu; Start; a move.
    term.send(&["Escape"]);
    term.wait_for("Continue");
    term.send(&["1"]);
    term.wait_for("Choose a game");
    term.send(&["Down", "Enter", "Enter"]);
    term.wait_for("to move");
    term.send(&["1"]);
    term.wait_for("played pit 1");
    sleep(Duration::from_millis(200));
    assert_eq!(std::fs::read(&mine).unwrap(), kept);
    assert_eq!(common::moves_in_save(&mine), [3]);
    assert_eq!(folders.match_files().len(), 2);
}

#[test]
fn playing_on_leaves_the_source_byte_for_byte() {
    let folders = Folders::new();
    let mut term = game(&folders, "kalaha", &["--animation-ms", "0"]);
    term.wait_for("Ann (South) to move");
    term.send(&["3", "1"]);
    term.wait_for("Bo (North) to move");
    term.send(&["2"]);
    term.wait_for("Ann (South) to move");
    term.send(&["Ctrl+C", "y"]);
    term.exit_code();
    let source = folders.match_files()[0].clone();
    let bytes = std::fs::read(&source).unwrap();
    let mut term = Term::run(&folders, &["replay", source.to_str().unwrap()]);
    term.wait_for("The start - 3 steps");
    term.send(&["Right", "Space"]);
    term.wait_for("Move 1 of 3");
    term.send(&["p"]);
    term.wait_for("Playing on after move 1");
    term.send(&["6"]);
    term.wait_for("Bo (North) to move");
    sleep(Duration::from_millis(200));
    assert_eq!(std::fs::read(&source).unwrap(), bytes);
    let files = folders.match_files();
    assert_eq!(files.len(), 2);
    let branch = files.iter().find(|f| **f != source).unwrap();
    assert_eq!(common::moves_in_save(branch), [3, 6]);
    let text = std::fs::read_to_string(branch).unwrap();
    assert!(text.contains("[branched-from]"), "{text}");
    assert!(text.contains(&source.display().to_string()), "{text}");
}

/// Makes the library's match folder unwritable, even for root (a link into
/// /sys, where nobody may make files), or the way it happens to people.
fn make_unwritable(matches: &Path) {
    if nix::unistd::geteuid().is_root() {
        std::os::unix::fs::symlink("/sys/kernel", matches).unwrap();
    } else {
        use std::os::unix::fs::PermissionsExt;
        std::fs::create_dir_all(matches).unwrap();
        std::fs::set_permissions(matches, std::fs::Permissions::from_mode(0o555)).unwrap();
    }
}

fn make_writable(matches: &Path) {
    if matches.is_symlink() {
        std::fs::remove_file(matches).unwrap();
    } else {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(matches, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
}

#[test]
fn an_unwritable_folder_shows_a_banner_and_loses_nothing_once_fixed() {
    for (name, read_only) in [("read-only", true), ("a file", false)] {
        let folders = Folders::new();
        let matches = folders.data().join("matches");
        std::fs::create_dir_all(folders.data()).unwrap();
        if read_only {
            make_unwritable(&matches);
        } else {
            std::fs::write(&matches, "a file in the folder's place").unwrap();
        }
        let mut term = game(&folders, "kalaha", &["--animation-ms", "0"]);
        term.wait_for("Ann (South) to move");
        term.send(&["3"]);
        let screen = term.wait_for("Not saved");
        assert!(screen.contains("keeps trying"), "{name}: {screen}");
        term.send(&["1"]);
        term.wait_for("Bo (North) to move");
        assert!(
            term.screen().contains("Not saved"),
            "{name}: the banner stays"
        );
        if read_only {
            make_writable(&matches);
        } else {
            std::fs::remove_file(&matches).unwrap();
        }
        // The game tries again on its own; the banner goes once it is written.
        let deadline = Instant::now() + Duration::from_secs(10);
        while term.screen().contains("Not saved") {
            assert!(Instant::now() < deadline, "{name}: {}", term.screen());
            sleep(Duration::from_millis(100));
        }
        term.send(&["2"]);
        term.wait_for("Ann (South) to move");
        sleep(Duration::from_millis(200));
        let files = folders.match_files();
        assert_eq!(files.len(), 1, "{name}: {files:?}");
        assert_eq!(common::moves_in_save(&files[0]), [3, 1, 2], "{name}");
    }
}

#[test]
fn a_file_of_a_newer_format_is_left_byte_for_byte() {
    let folders = Folders::new();
    let matches = folders.data().join("matches");
    std::fs::create_dir_all(&matches).unwrap();
    let newer = matches.join("20270101-000000-000-abcd.toml");
    let text = "format = 4\nid = \"20270101-000000-000-abcd\"\nnew-key = [1, 2]\n";
    std::fs::write(&newer, text).unwrap();
    let mut term = Term::run(&folders, &[]);
    term.wait_for("Replay");
    term.send(&["2"]);
    let screen = term.wait_for("cannot be read");
    assert!(screen.contains("format version 4"), "{screen}");
    term.send(&["Enter", "d", "r"]);
    sleep(Duration::from_millis(200));
    // A new match beside it.
    term.send(&["Escape"]);
    term.wait_for("Play");
    term.send(&["1"]);
    term.wait_for("Choose a game");
    term.send(&["Enter", "Enter"]);
    term.wait_for("South to move");
    term.send(&["3", "Ctrl+C", "y"]);
    term.exit_code();
    assert_eq!(std::fs::read_to_string(&newer).unwrap(), text);
    assert_eq!(folders.match_files().len(), 2);
}

/// Usage errors quote the arguments; what they quote must not act on the
/// terminal (clap's plain rendering drops escape sequences; anything else
/// left is escaped).
#[test]
fn hostile_arguments_never_reach_the_terminal_raw() {
    let folders = Folders::new();
    let hostile = "X\u{1b}]0;pwned\u{7}\u{1b}[2J";
    for args in [vec![hostile], vec!["play", "kalaha", "--first", hostile]] {
        let mut term = Term::run(&folders, &args);
        assert_eq!(term.exit_code(), 2, "{args:?}: a usage error");
        let screen = term.screen();
        assert!(screen.contains("error:"), "{screen}");
        let raw = term.raw.lock().unwrap();
        let sent = |bytes: &[u8]| raw.windows(bytes.len()).any(|w| w == bytes);
        assert!(!sent(b"\x1b]0;pwned") && !sent(b"\x1b[2J"), "{args:?}");
    }
}

#[test]
fn settings_survive_a_restart() {
    let folders = Folders::new();
    let mut term = game(&folders, "raja-pasu", &[]);
    term.wait_for("speed (45 ms)");
    term.send(&["F4"]); // faster
    term.wait_for("speed (30 ms)");
    term.send(&["Ctrl+C", "y"]);
    assert_eq!(term.exit_code(), 0);
    let written = folders.dir.path().join("config/mancala/settings.toml");
    assert!(written.is_file());
    // The menu again: Play opens on Raja Pasu, the names are offered.
    let mut term = Term::run(&folders, &[]);
    term.wait_for("Play");
    term.send(&["1"]);
    term.wait_for("Choose a game");
    term.send(&["Enter"]);
    let screen = term.wait_for("New match: Raja Pasu");
    assert!(screen.contains("Ann") && screen.contains("Bo"), "{screen}");
    term.send(&["Tab", "Tab", "Tab", "Tab", "Right", "Right", "Enter"]);
    let screen = term.wait_for("to move");
    assert!(screen.contains("speed (30 ms)"), "{screen}");
}

#[test]
fn a_damaged_settings_file_is_kept_and_reported() {
    let folders = Folders::new();
    let folder = folders.dir.path().join("config/mancala");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("settings.toml"), "speed-ms = \"fast\"\n").unwrap();
    let mut term = Term::run(&folders, &[]);
    let screen = term.wait_for("Settings not read");
    assert!(screen.contains("Play"), "{screen}");
    term.send(&["q"]);
    assert_eq!(term.exit_code(), 0);
    assert_eq!(
        std::fs::read_to_string(folder.join("settings.toml.damaged-1")).unwrap(),
        "speed-ms = \"fast\"\n"
    );
}

#[test]
fn ascii_is_chosen_by_flag_or_by_the_terminal() {
    let folders = Folders::new();
    let shows_only_ascii = |term: &Term| {
        let screen = term.wait_for("to move");
        assert!(screen.is_ascii(), "{screen}");
        assert!(screen.contains("+--") && screen.contains('|'), "{screen}");
    };
    let mut term = Term::run(&folders, &["--ascii", "play", "kalaha", "--first", "south"]);
    shows_only_ascii(&term);
    term.send(&["Ctrl+C", "y"]);
    term.exit_code();
    let mut term = Term::run_with(
        &folders,
        &["play", "kalaha", "--first", "south"],
        &[("TERM", "linux")],
    );
    shows_only_ascii(&term);
    term.send(&["Ctrl+C", "y"]);
    term.exit_code();
}

#[test]
fn north_plays_with_the_unshifted_top_row() {
    let folders = Folders::new();
    let mut term = game(&folders, "kalaha", &["--animation-ms", "0"]);
    term.wait_for("Ann (South) to move");
    term.send(&["x"]); // South's pit 2: its four seeds to pits 3-6
    term.wait_for("Bo (North) to move");
    // The key above North's pit 5 as drawn (pit 6 is at the left, under q).
    term.send(&["w"]);
    let screen = term.wait_for("Ann (South) to move");
    assert!(screen.contains("Bo played pit 5"), "{screen}");
    // North's pit 5 sowed its four seeds into pit 6, the store and South's
    // pits 1 and 2. North's row is drawn from pit 6 at the left.
    let rows = counts_on_screen(&screen);
    assert_eq!(rows[0], [5, 0, 4, 4, 4, 4], "{screen}");
    assert_eq!(rows[1], [5, 1, 5, 5, 5, 5], "{screen}");
}

#[test]
fn keys_while_too_small_do_nothing_but_quit() {
    let folders = Folders::new();
    let mut term = game(&folders, "kalaha", &["--animation-ms", "0"]);
    term.wait_for("Ann (South) to move");
    term.resize(50, 12);
    term.wait_for("enlarge");
    // A pit, a digit, Enter, Escape, Tab, undo: nothing happens behind the
    // notice.
    term.send(&["z", "3", "Enter", "Escape", "Tab", "Backspace"]);
    term.resize(100, 30);
    let screen = term.wait_for("Ann (South) to move");
    assert!(
        !screen.contains("Quit?") && !screen.contains("played"),
        "{screen}"
    );
    assert_eq!(counts_on_screen(&screen)[1], [4, 4, 4, 4, 4, 4], "{screen}");
    assert!(folders.match_files().is_empty(), "no move was played");
    // Quitting does act: at once, the terminal given back.
    term.resize(50, 12);
    term.wait_for("enlarge");
    term.send(&["q"]);
    assert_eq!(term.exit_code(), 0);
    assert!(term.is_given_back());
}

#[test]
fn a_rematch_keeps_the_names_and_counts_the_tally() {
    let folders = Folders::new();
    one_move_rules(&folders);
    let mut term = game(&folders, "one-move", &["--animation-ms", "0"]);
    term.wait_for("Ann (South) to move");
    // South's one seed goes to South's store; South's row is empty, so the
    // game ends and North's seed goes to North's store: 1-1, a draw.
    term.send(&["1"]);
    let first = term.wait_for("so far");
    assert!(
        first.contains("One move so far: Ann 0, Bo 0, 1 draw"),
        "{first}"
    );
    // After a draw the rematch is opened by the other player: Bo, who plays
    // the mirror image, another draw.
    term.send(&["Ctrl+R"]);
    let screen = term.wait_for("Bo (North) to move");
    assert!(screen.contains("Rematch: Bo starts"), "{screen}");
    assert!(screen.contains("Ann (South)"), "{screen}");
    term.send(&["1"]);
    let second = term.wait_for("so far");
    assert!(
        second.contains("One move so far: Ann 0, Bo 0, 2 draws"),
        "{second}"
    );
    term.send(&["Enter", "q"]);
    assert_eq!(term.exit_code(), 0);
    // The tally is kept for the next time these two play.
    let settings =
        std::fs::read_to_string(folders.dir.path().join("config/mancala/settings.toml")).unwrap();
    assert!(settings.contains("draws = 2"), "{settings}");
}

#[test]
fn closing_the_terminal_ends_the_game_and_keeps_the_match() {
    let folders = Folders::new();
    let mut term = game(&folders, "kalaha", &["--animation-ms", "0"]);
    term.wait_for("Ann (South) to move");
    term.send(&["c"]); // pit 3: into the store, moves again
    term.wait_for("moves again");
    term.hang_up();
    // Ended as SIGHUP ends it (128 + 1), the move kept.
    assert_eq!(term.exit_code(), 129);
    let files = folders.match_files();
    assert_eq!(files.len(), 1);
    assert_eq!(common::moves_in_save(&files[0]), [3]);
}

// ---- A half-sent sequence holds nothing up ---------------------------------

/// `Esc [`: Alt+[, or the start of any sequence whose rest never comes.
const HALF_A_SEQUENCE: &str = "\x1b[";

#[test]
fn a_half_sent_sequence_does_not_keep_a_signal_waiting() {
    let folders = Folders::new();
    let mut term = game(&folders, "kalaha", &["--animation-ms", "0"]);
    term.wait_for("Ann (South) to move");
    term.send(&["3", "1"]);
    term.wait_for("Bo (North) to move");
    term.send(&[HALF_A_SEQUENCE]);
    let sent = Instant::now();
    term.signal(Signal::SIGTERM);
    let deadline = Instant::now() + Duration::from_secs(1);
    while term.child.try_wait().unwrap().is_none() {
        assert!(Instant::now() < deadline, "still running 1 s after SIGTERM");
        sleep(Duration::from_millis(10));
    }
    assert!(sent.elapsed() < Duration::from_secs(1));
    assert_eq!(term.exit_code(), 143);
    assert_eq!(common::moves_in_save(&folders.match_files()[0]), [3, 1]);
}

#[test]
fn a_half_sent_sequence_does_not_keep_a_resize_waiting() {
    let folders = Folders::new();
    let mut term = game(&folders, "kalaha", &["--animation-ms", "0"]);
    term.wait_for("Ann (South) to move");
    term.send(&[HALF_A_SEQUENCE]);
    term.resize(50, 12);
    term.wait_for("enlarge");
    term.resize(100, 30);
    term.wait_for("Ann (South) to move");
}

#[test]
fn the_key_after_a_half_sent_sequence_is_not_lost() {
    let folders = Folders::new();
    let mut term = game(&folders, "kalaha", &["--animation-ms", "0"]);
    term.wait_for("Ann (South) to move");
    // Sent together, as a fast typist's Alt+[ and 3 would be.
    term.send(&["\x1b[3"]);
    let screen = term.wait_for("moves again");
    assert!(screen.contains("Ann played pit 3"), "{screen}");
    // Alt+O, and a byte of another character set: then a key still plays.
    term.send(&["\x1bO"]);
    term.send_bytes(b"\xe9");
    term.send(&["1"]);
    term.wait_for("Bo (North) to move");
    term.send(&["q"]);
    term.wait_for("Ann (South) to move");
    assert_eq!(common::moves_in_save(&folders.match_files()[0]), [3, 1, 6]);
}
