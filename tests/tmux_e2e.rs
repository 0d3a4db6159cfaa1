//! End-to-end: the real binary in a real terminal (tmux), driven by keys, read
//! off the screen.

mod common;

use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

/// One tmux server of our own (its own socket), killed when dropped.
struct Tmux {
    socket: String,
    config: tempfile::TempDir,
}

impl Tmux {
    fn start(name: &str, command: &str) -> Tmux {
        let check = Command::new("tmux").arg("-V").output();
        assert!(
            check.is_ok_and(|o| o.status.success()),
            "tmux is needed for the end-to-end tests: install it (apt-get install tmux)"
        );
        let config = tempfile::tempdir().unwrap();
        let socket = format!("mancala-e2e-{name}-{}", std::process::id());
        // Our own config and data folders: no rule files, saves or autosave
        // of the machine's user leak in, and ours stay out of theirs.
        let full = format!(
            "env XDG_CONFIG_HOME={dir}/config XDG_DATA_HOME={dir}/data {command}",
            dir = config.path().display()
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
        Tmux { socket, config }
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
        let _ = &self.config;
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
        self.config.path().join("data").join("mancala")
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
            dir = self.config.path().display()
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

#[test]
fn the_autosave_survives_a_killed_process() {
    let extra = tempfile::tempdir().unwrap();
    let mine = extra.path().join("mine.toml");
    let tmux = game(
        "kill",
        "kalaha",
        &format!("--animation-ms 0 --save {}", mine.display()),
    );
    tmux.wait_for("Ann (South) to move");
    tmux.send(&["3", "1"]);
    tmux.wait_for("Bo (North) to move");
    tmux.send(&["2"]);
    tmux.wait_for("Ann (South) to move");
    let pid = tmux.pane_pid();
    let status = Command::new("kill")
        .args(["-9", &pid.to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let autosave = tmux.data_dir().join("autosave.toml");
    assert_eq!(common::moves_in_save(&autosave), [3, 1, 2]);
    // `--save FILE` is kept up to date too.
    assert_eq!(common::moves_in_save(&mine), [3, 1, 2]);
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

    let autosave = tmux.data_dir().join("autosave.toml");
    tmux.respawn(&format!("{binary} replay {}", autosave.display()));
    tmux.wait_for("The start - 1 steps");
    tmux.send(&["Right", "Space"]);
    let screen = tmux.wait_for("Move 1 of 1: Ann (South) played pit 1");
    assert_eq!(
        counts_on_screen(&screen)[0],
        [2, 14, 1, 14, 14, 2, 14],
        "{screen}"
    );
}
