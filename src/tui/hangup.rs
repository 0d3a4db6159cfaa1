//! A terminal that hangs up (its window closed, its tmux server killed)
//! leaves the game's input at end of file for good (crossterm's reader
//! would loop on reads of nothing without returning). The game's own reader
//! (`input/reader.rs`) sees the hang-up; a watchdog here ends the process
//! should the game be caught elsewhere all the same, and the last look
//! before leaving tells whether the terminal can still be given back.

use std::fs::File;
use std::io;
use std::os::fd::AsFd;
use std::time::Duration;

use nix::poll::{PollFd, PollFlags, PollTimeout, poll};

/// What the terminal has for the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// Something to read (or a signal cut the wait short).
    Ready,
    /// Nothing came within the wait.
    Quiet,
    /// The terminal is gone.
    HungUp,
}

/// The controlling terminal, opened a second time to watch it.
pub struct Tty(Option<File>);

/// How long the watchdog lets the game finish on its own after a hang-up.
const GRACE: Duration = Duration::from_secs(2);

impl Tty {
    /// `/dev/tty`; without one (no controlling terminal) nothing is watched.
    #[must_use]
    pub fn open() -> Tty {
        Tty(File::open("/dev/tty").ok())
    }

    /// Waits up to `wait` for input.
    ///
    /// # Errors
    /// When the terminal cannot be polled.
    pub fn wait(&self, wait: Duration) -> io::Result<Input> {
        let Some(file) = &self.0 else {
            return Ok(Input::Ready);
        };
        let timeout = PollTimeout::try_from(wait).unwrap_or(PollTimeout::MAX);
        let mut fds = [PollFd::new(file.as_fd(), PollFlags::POLLIN)];
        match poll(&mut fds, timeout) {
            Err(nix::errno::Errno::EINTR) => return Ok(Input::Ready),
            Err(error) => return Err(error.into()),
            Ok(_) => {}
        }
        let events = fds[0].revents().unwrap_or(PollFlags::empty());
        Ok(if hung_up(events) {
            Input::HungUp
        } else if events.contains(PollFlags::POLLIN) {
            Input::Ready
        } else {
            Input::Quiet
        })
    }

    /// Starts the watchdog: when the terminal hangs up it calls `hang_up`
    /// (which tells the game to end as SIGHUP ends it) and, if the game has
    /// not ended within [`GRACE`], ends the process with the shell's status
    /// for SIGHUP. Matches are written after every move, so nothing played
    /// is lost.
    pub fn watch(&self, hang_up: impl FnOnce() + Send + 'static) {
        let Some(file) = self.0.as_ref().and_then(|f| f.try_clone().ok()) else {
            return;
        };
        std::thread::spawn(move || {
            loop {
                // No events asked for: poll reports a hang-up regardless.
                let mut fds = [PollFd::new(file.as_fd(), PollFlags::empty())];
                match poll(&mut fds, PollTimeout::NONE) {
                    Err(nix::errno::Errno::EINTR) => continue,
                    Err(_) => return,
                    Ok(_) => {}
                }
                if hung_up(fds[0].revents().unwrap_or(PollFlags::empty())) {
                    break;
                }
            }
            hang_up();
            std::thread::sleep(GRACE);
            std::process::exit(128 + signal_hook::consts::SIGHUP);
        });
    }
}

/// Whether poll's answer says the terminal is gone.
pub(super) fn hung_up(events: PollFlags) -> bool {
    events.intersects(PollFlags::POLLHUP | PollFlags::POLLERR | PollFlags::POLLNVAL)
}
