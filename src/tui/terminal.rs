//! Taking over the terminal and giving it back on every way out: normal exit,
//! errors (the guard's `Drop`) and panics (a hook run before the message).

use std::io::{self, Stdout, stdout};

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};

pub type Tui = Terminal<CrosstermBackend<Stdout>>;

/// Restores the terminal when dropped.
pub struct TerminalGuard {
    pub terminal: Tui,
}

/// Raw mode, the alternate screen and mouse reports, undone however we leave.
///
/// # Errors
/// When the terminal cannot be set up; it is restored before returning.
pub fn enter() -> io::Result<TerminalGuard> {
    install_panic_hook();
    let setup = || -> io::Result<Tui> {
        enable_raw_mode()?;
        execute!(stdout(), EnterAlternateScreen, EnableMouseCapture)?;
        Terminal::new(CrosstermBackend::new(stdout()))
    };
    match setup() {
        Ok(terminal) => Ok(TerminalGuard { terminal }),
        Err(error) => {
            let _ = restore();
            Err(error)
        }
    }
}

/// Gives the terminal back; safe to call more than once. Returns whether the
/// terminal took it (it cannot when it has hung up).
#[must_use]
pub fn restore() -> bool {
    // Each step is tried whatever the one before did: there is nothing
    // better to do while leaving.
    let screen = execute!(stdout(), DisableMouseCapture, LeaveAlternateScreen).is_ok();
    let raw = disable_raw_mode().is_ok();
    let cursor = execute!(stdout(), ratatui::crossterm::cursor::Show).is_ok();
    screen && raw && cursor
}

/// Sends what would still be written to a terminal that has gone (ratatui's
/// own cursor restore, a last message) nowhere, so that no write fails: a
/// failed write to standard error would end the game in a panic.
fn silence_output() {
    #[cfg(unix)]
    if let Ok(null) = std::fs::OpenOptions::new().write(true).open("/dev/null") {
        use std::os::fd::AsRawFd;
        for fd in [1, 2] {
            let _ = nix::unistd::dup2(null.as_raw_fd(), fd);
        }
    }
}

fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if !restore() {
            silence_output();
        }
        previous(info);
    }));
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        if !restore() {
            silence_output();
        }
    }
}
