//! End-to-end: the real binary in a real terminal (tmux), driven by keys, read
//! off the screen.

mod common;

use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

/// One tmux server of our own (its own socket), killed when dropped.
struct Tmux {
    socket: String,
    /// The folder holding `config/` and `data/`; removed with the first
    /// server that made it.
    root: std::path::PathBuf,
    owned: Option<tempfile::TempDir>,
}

impl Tmux {
    fn start(name: &str, command: &str) -> Tmux {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().to_path_buf();
        let mut tmux = Tmux::start_in(name, command, &root);
        tmux.owned = Some(dir);
        tmux
    }

    /// A second terminal on the same config and data folders.
    fn beside(&self, name: &str, command: &str) -> Tmux {
        Tmux::start_in(name, command, &self.root)
    }

    fn start_in(name: &str, command: &str, root: &std::path::Path) -> Tmux {
        let check = Command::new("tmux").arg("-V").output();
        assert!(
            check.is_ok_and(|o| o.status.success()),
            "tmux is needed for the end-to-end tests: install it (apt-get install tmux)"
        );
        let socket = format!("mancala-e2e-{name}-{}", std::process::id());
        // Our own config and data folders: no rule files or matches of the
        // machine's user leak in, and ours stay out of theirs.
        let full = format!(
            "env XDG_CONFIG_HOME={dir}/config XDG_DATA_HOME={dir}/data {command}",
            dir = root.display()
        );
        let status = Command::new("tmux")
            .args([
                "-L",
                &socket,
                "-f",
                "/dev/null",
                "new-session",
                "-d",
                "-s",
                "t",
                "-x",
                "100",
                "-y",
                "30",
                &full,
            ])
            .status()
            .unwrap();
        assert!(status.success());
        Tmux {
            socket,
            root: root.to_path_buf(),
            owned: None,
        }
    }

    fn send(&self, keys: &[&str]) {
        for key in keys {
            let status = Command::new("tmux")
                .args(["-L", &self.socket, "send-keys", "-t", "t", key])
                .status()
                .unwrap();
            assert!(status.success());
            // Let the game take each key before the next, as a person would.
            sleep(Duration::from_millis(60));
        }
    }

    fn screen(&self) -> String {
        let output = Command::new("tmux")
            .args(["-L", &self.socket, "capture-pane", "-p", "-t", "t"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&output.stdout).into_owned()
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
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .status();
        // The folders go with the terminal that made them.
        drop(self.owned.take());
    }
}

fn game(name: &str, variant: &str, extra: &str) -> Tmux {
    let binary = env!("CARGO_BIN_EXE_mancala");
    Tmux::start(
        name,
        &format!("{binary} play {variant} --south Ann --north Bo --first south {extra}"),
    )
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
    let tmux = game("raja", "raja-pasu", "--animation-ms 0");
    tmux.wait_for("Ann (South) to move");
    tmux.send(&["1"]);
    let screen = tmux.wait_for("Bo (North) to move");
    assert!(screen.contains("Ann played pit 1: 12 laps"), "{screen}");
    // North's row is drawn from its pit 7 at the left.
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
    let tmux = game("kalaha", "kalaha", "--animation-ms 0");
    tmux.wait_for("Ann (South) to move");
    tmux.send(&["c"]); // South's third key: pit 3, last seed in the store
    let screen = tmux.wait_for("moves again");
    assert!(screen.contains("Ann (South) to move"), "{screen}");
    tmux.send(&["Q"]); // North's key while South is to move
    tmux.wait_for("That pit is on North's row");
    tmux.send(&["z"]);
    let screen = tmux.wait_for("Bo (North) to move");
    assert_eq!(counts_on_screen(&screen)[1], [0, 5, 1, 6, 6, 5], "{screen}");
}

#[test]
fn sat_gharva_sows_clockwise() {
    let tmux = game("sat", "sat-gharva", "--animation-ms 0");
    tmux.wait_for("Ann (South) to move");
    tmux.send(&["1"]);
    let screen = tmux.wait_for("Bo (North) to move");
    let rows = counts_on_screen(&screen);
    assert_eq!(rows[0], [14, 14, 1, 0, 0, 13, 2], "{screen}");
    assert_eq!(rows[1], [0, 13, 0, 13, 3, 13, 3], "{screen}");
}

#[test]
fn sowing_is_animated_and_a_key_skips_to_the_end() {
    let tmux = game("anim", "raja-pasu", "--animation-ms 400");
    tmux.wait_for("Ann (South) to move");
    tmux.send(&["1"]);
    let screen = tmux.wait_for("seeds in hand");
    assert!(screen.contains("Ann (South) sows pit 1"), "{screen}");
    tmux.send(&["Space"]);
    tmux.wait_for("Bo (North) to move");
}

#[test]
fn the_menu_leads_to_a_game_and_quitting_restores_the_terminal() {
    let binary = env!("CARGO_BIN_EXE_mancala");
    let tmux = Tmux::start(
        "menu",
        &format!("sh -c '{binary}; echo mancala exited with $?; sleep 30'"),
    );
    tmux.wait_for("Play");
    tmux.send(&["Enter"]);
    tmux.wait_for("Choose a game");
    tmux.send(&["Enter", "Enter"]);
    tmux.wait_for("South to move");
    tmux.send(&["q"]);
    tmux.wait_for("Quit mancala?");
    tmux.send(&["y"]);
    let screen = tmux.wait_for("mancala exited with 0");
    // Back on the normal screen: the game's board is gone.
    assert!(!screen.contains("South to move"), "{screen}");
}

impl Tmux {
    /// The data folder the game saves into.
    fn data_dir(&self) -> std::path::PathBuf {
        self.root.join("data").join("mancala")
    }

    /// The match files of the library, oldest first.
    fn match_files(&self) -> Vec<std::path::PathBuf> {
        let Ok(listing) = std::fs::read_dir(self.data_dir().join("matches")) else {
            return Vec::new();
        };
        let mut files: Vec<_> = listing
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            .collect();
        files.sort();
        files
    }

    /// The process id of the program running in the pane.
    fn pane_pid(&self) -> u32 {
        let output = Command::new("tmux")
            .args([
                "-L",
                &self.socket,
                "display-message",
                "-p",
                "-t",
                "t",
                "#{pane_pid}",
            ])
            .output()
            .unwrap();
        String::from_utf8_lossy(&output.stdout)
            .trim()
            .parse()
            .unwrap()
    }

    /// Runs another command with the same folders, after the first has ended
    /// (a session whose program ended is gone, so a new one is made).
    fn respawn(&self, command: &str) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .status();
        let full = format!(
            "env XDG_CONFIG_HOME={dir}/config XDG_DATA_HOME={dir}/data {command}",
            dir = self.root.display()
        );
        // The old server may still be shutting down; try again briefly.
        for _ in 0..40 {
            let status = Command::new("tmux")
                .args(["-L", &self.socket, "-f", "/dev/null", "new-session", "-d"])
                .args(["-s", "t", "-x", "100", "-y", "30", &full])
                .status()
                .unwrap();
            if status.success() {
                return;
            }
            sleep(Duration::from_millis(50));
        }
        panic!("tmux would not start a new session");
    }
}

fn kill_9(tmux: &Tmux) {
    let pid = tmux.pane_pid();
    let status = Command::new("kill")
        .args(["-9", &pid.to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

#[test]
fn kill_9_in_the_middle_of_a_move_keeps_every_move() {
    let extra = tempfile::tempdir().unwrap();
    let mine = extra.path().join("mine.toml");
    let tmux = game(
        "kill",
        "kalaha",
        &format!("--animation-ms 300 --save {}", mine.display()),
    );
    tmux.wait_for("Ann (South) to move");
    tmux.send(&["3"]);
    // Said under the board once the seeds have moved (a key before that
    // would only skip to the end of the move).
    tmux.wait_for("Ann played pit 3 - moves again");
    tmux.send(&["1"]);
    tmux.wait_for("seeds in hand");
    kill_9(&tmux);
    // A move is written as it is played, before its seeds are shown moving.
    let files = tmux.match_files();
    assert_eq!(files.len(), 1, "{files:?}");
    assert_eq!(common::moves_in_save(&files[0]), [3, 1]);
    // `--save FILE` is kept up to date too.
    assert_eq!(common::moves_in_save(&mine), [3, 1]);
}

#[test]
fn play_quit_resume_and_replay() {
    let binary = env!("CARGO_BIN_EXE_mancala");
    let tmux = game("resume", "raja-pasu", "--animation-ms 0");
    tmux.wait_for("Ann (South) to move");
    tmux.send(&["1"]);
    tmux.wait_for("Bo (North) to move");
    tmux.send(&["q", "y"]);
    sleep(Duration::from_millis(300));

    tmux.respawn(&format!("{binary} resume"));
    let screen = tmux.wait_for("Resumed where you stopped");
    assert!(screen.contains("Bo (North) to move"), "{screen}");
    assert_eq!(
        counts_on_screen(&screen)[1],
        [3, 1, 0, 0, 0, 14, 0],
        "{screen}"
    );
    tmux.send(&["Escape"]);
    tmux.wait_for("Continue");

    // Replayed by its id.
    let file = tmux.match_files()[0].clone();
    let id = file.file_stem().unwrap().to_string_lossy().into_owned();
    tmux.respawn(&format!("{binary} replay {id}"));
    tmux.wait_for("The start - 1 steps");
    tmux.send(&["Right", "Space"]);
    let screen = tmux.wait_for("Move 1 of 1: Ann (South) played pit 1");
    assert_eq!(
        counts_on_screen(&screen)[0],
        [2, 14, 1, 14, 14, 2, 14],
        "{screen}"
    );
}

#[test]
fn two_games_at_once_in_one_data_folder_keep_all_their_moves() {
    let binary = env!("CARGO_BIN_EXE_mancala");
    let ann = game("two-a", "kalaha", "--animation-ms 0");
    let cy = ann.beside(
        "two-c",
        &format!("{binary} play kalaha --south Cy --north Di --first south --animation-ms 0"),
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
    let files = ann.match_files();
    assert_eq!(files.len(), 2, "{files:?}");
    let mut all: Vec<Vec<u8>> = files.iter().map(|f| common::moves_in_save(f)).collect();
    all.sort();
    assert_eq!(all, [vec![1, 2, 5], vec![3, 1, 2]]);
    // The second game sees the first's match as open elsewhere.
    cy.send(&["Escape", "3"]);
    let screen = cy.wait_for("open in another game");
    assert!(screen.contains("Ann v Bo"), "{screen}");
}

/// A rule set whose first move ends the game: one pit of one seed a side.
fn one_move_rules(tmux: &Tmux) {
    let folder = tmux.root.join("config/mancala/rules");
    std::fs::create_dir_all(&folder).unwrap();
    let kalaha = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/kalaha.toml"),
    )
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
    let binary = env!("CARGO_BIN_EXE_mancala");
    let tmux = Tmux::start("finished", "sleep 60");
    one_move_rules(&tmux);
    tmux.respawn(&format!(
        "{binary} play one-move --south Ann --north Bo --first south --animation-ms 0"
    ));
    tmux.wait_for("Ann (South) to move");
    tmux.send(&["1"]);
    tmux.wait_for("The game is over");
    let finished = tmux.match_files();
    assert_eq!(finished.len(), 1);
    let bytes = std::fs::read(&finished[0]).unwrap();
    // Enter: the menu; Play; Kalaha; Start; a move.
    tmux.send(&["Enter"]);
    tmux.wait_for("Play");
    tmux.send(&["1"]);
    tmux.wait_for("Choose a game");
    tmux.send(&["Enter", "Enter"]);
    tmux.wait_for("South to move");
    tmux.send(&["3"]);
    tmux.wait_for("moves again");
    sleep(Duration::from_millis(200));
    let files = tmux.match_files();
    assert_eq!(files.len(), 2, "{files:?}");
    assert_eq!(std::fs::read(&finished[0]).unwrap(), bytes);
    // Both are in the list.
    tmux.send(&["Escape", "3"]);
    let screen = tmux.wait_for("Saved matches (2)");
    assert!(
        screen.contains("One move") && screen.contains("draw"),
        "{screen}"
    );
}

#[test]
fn the_save_file_is_not_carried_into_the_next_match() {
    let extra = tempfile::tempdir().unwrap();
    let mine = extra.path().join("x.toml");
    let tmux = game(
        "carry",
        "kalaha",
        &format!("--animation-ms 0 --save {}", mine.display()),
    );
    tmux.wait_for("Ann (South) to move");
    tmux.send(&["3"]);
    tmux.wait_for("moves again");
    sleep(Duration::from_millis(200));
    let kept = std::fs::read(&mine).unwrap();
    // Esc; Play (Continue is first); Raja Pasu; Start; a move.
    tmux.send(&["Escape"]);
    tmux.wait_for("Continue");
    tmux.send(&["2"]);
    tmux.wait_for("Choose a game");
    tmux.send(&["Down", "Enter", "Enter"]);
    tmux.wait_for("to move");
    tmux.send(&["1"]);
    tmux.wait_for("played pit 1");
    sleep(Duration::from_millis(200));
    assert_eq!(std::fs::read(&mine).unwrap(), kept);
    assert_eq!(common::moves_in_save(&mine), [3]);
    assert_eq!(tmux.match_files().len(), 2);
}

#[test]
fn playing_on_leaves_the_source_byte_for_byte() {
    let binary = env!("CARGO_BIN_EXE_mancala");
    let tmux = game("branch", "kalaha", "--animation-ms 0");
    tmux.wait_for("Ann (South) to move");
    tmux.send(&["3", "1"]);
    tmux.wait_for("Bo (North) to move");
    tmux.send(&["2"]);
    tmux.wait_for("Ann (South) to move");
    tmux.send(&["q", "y"]);
    sleep(Duration::from_millis(300));
    let source = tmux.match_files()[0].clone();
    let bytes = std::fs::read(&source).unwrap();
    tmux.respawn(&format!("{binary} replay {}", source.display()));
    tmux.wait_for("The start - 3 steps");
    tmux.send(&["Right", "Space"]);
    tmux.wait_for("Move 1 of 3");
    tmux.send(&["p"]);
    tmux.wait_for("Playing on after move 1");
    tmux.send(&["6"]);
    tmux.wait_for("Bo (North) to move");
    sleep(Duration::from_millis(200));
    assert_eq!(std::fs::read(&source).unwrap(), bytes);
    let files = tmux.match_files();
    assert_eq!(files.len(), 2);
    let branch = files.iter().find(|f| **f != source).unwrap();
    assert_eq!(common::moves_in_save(branch), [3, 6]);
    let text = std::fs::read_to_string(branch).unwrap();
    assert!(text.contains("[branched-from]"), "{text}");
    assert!(text.contains(&source.display().to_string()), "{text}");
}

/// Whether this process runs as root (which writes into read-only folders).
fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// Makes the library's match folder unwritable, even for root (a link into
/// /sys, where nobody may make files), or the way it happens to people.
fn make_unwritable(matches: &std::path::Path) {
    if is_root() {
        std::os::unix::fs::symlink("/sys/kernel", matches).unwrap();
    } else {
        std::fs::create_dir_all(matches).unwrap();
        let status = Command::new("chmod").args(["555"]).arg(matches).status();
        assert!(status.unwrap().success());
    }
}

fn make_writable(matches: &std::path::Path) {
    if matches.is_symlink() {
        std::fs::remove_file(matches).unwrap();
    } else {
        let status = Command::new("chmod").args(["755"]).arg(matches).status();
        assert!(status.unwrap().success());
    }
}

#[test]
fn an_unwritable_folder_shows_a_banner_and_loses_nothing_once_fixed() {
    for (name, blocked) in [("ro", true), ("file", false)] {
        let binary = env!("CARGO_BIN_EXE_mancala");
        let tmux = Tmux::start(&format!("banner-{name}"), "sleep 60");
        let matches = tmux.data_dir().join("matches");
        std::fs::create_dir_all(tmux.data_dir()).unwrap();
        if blocked {
            make_unwritable(&matches);
        } else {
            std::fs::write(&matches, "a file in the folder's place").unwrap();
        }
        tmux.respawn(&format!(
            "{binary} play kalaha --south Ann --north Bo --first south --animation-ms 0"
        ));
        tmux.wait_for("Ann (South) to move");
        tmux.send(&["3"]);
        let screen = tmux.wait_for("Not saved");
        assert!(screen.contains("keeps trying"), "{screen}");
        tmux.send(&["1"]);
        tmux.wait_for("Bo (North) to move");
        assert!(tmux.screen().contains("Not saved"), "the banner stays");
        if blocked {
            make_writable(&matches);
        } else {
            std::fs::remove_file(&matches).unwrap();
        }
        // The game tries again on its own; the banner goes once it is written.
        let deadline = Instant::now() + Duration::from_secs(10);
        while tmux.screen().contains("Not saved") {
            assert!(Instant::now() < deadline, "{}", tmux.screen());
            sleep(Duration::from_millis(100));
        }
        tmux.send(&["2"]);
        tmux.wait_for("Ann (South) to move");
        sleep(Duration::from_millis(200));
        let files = tmux.match_files();
        assert_eq!(files.len(), 1, "{name}: {files:?}");
        assert_eq!(common::moves_in_save(&files[0]), [3, 1, 2], "{name}");
    }
}

#[test]
fn a_file_of_a_newer_format_is_left_byte_for_byte() {
    let binary = env!("CARGO_BIN_EXE_mancala");
    let tmux = Tmux::start("newer", "sleep 60");
    let matches = tmux.data_dir().join("matches");
    std::fs::create_dir_all(&matches).unwrap();
    let newer = matches.join("20270101-000000-000-abcd.toml");
    let text = "format = 3\nid = \"20270101-000000-000-abcd\"\nnew-key = [1, 2]\n";
    std::fs::write(&newer, text).unwrap();
    tmux.respawn(binary);
    tmux.wait_for("Replay");
    tmux.send(&["2"]);
    let screen = tmux.wait_for("cannot be read");
    assert!(screen.contains("format version 3"), "{screen}");
    tmux.send(&["Enter", "d", "r"]);
    sleep(Duration::from_millis(200));
    // A new match beside it.
    tmux.send(&["Escape"]);
    tmux.wait_for("Play");
    tmux.send(&["1"]);
    tmux.wait_for("Choose a game");
    tmux.send(&["Enter", "Enter"]);
    tmux.wait_for("South to move");
    tmux.send(&["3", "q", "y"]);
    sleep(Duration::from_millis(300));
    assert_eq!(std::fs::read_to_string(&newer).unwrap(), text);
    assert_eq!(tmux.match_files().len(), 2);
}
