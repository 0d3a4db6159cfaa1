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
            restore();
            Err(error)
        }
    }
}

/// Gives the terminal back; safe to call more than once.
pub fn restore() {
    // Errors are ignored: there is nothing better to do while leaving.
    let _ = execute!(stdout(), DisableMouseCapture, LeaveAlternateScreen);
    let _ = disable_raw_mode();
    let _ = execute!(stdout(), ratatui::crossterm::cursor::Show);
}

fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore();
    }
}
