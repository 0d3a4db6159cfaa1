//! Reading the terminal so that the game's loop is never caught in a read:
//! input is read only when the terminal has some, a whole read at a time,
//! and handed to the [`Decoder`]; a sequence left unfinished is given up
//! after [`WAIT_FOR_REST`]. Signals (a resize, and those that end the game)
//! wake the wait at once through a pipe of their own, whichever thread
//! they reach.

use std::fs::File;
use std::io::{self, IsTerminal, Read};
use std::os::fd::AsFd;
use std::os::unix::net::UnixStream;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
use ratatui::crossterm::event::Event;

use super::decode::{Decoder, WAIT_FOR_REST};

/// What a wait for input gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Reading {
    /// Events (none, when the wait ran out or a signal cut it short).
    Events(Vec<Event>),
    /// The terminal is gone.
    HungUp,
}

pub struct Reader {
    input: File,
    /// Signals write a byte here.
    woken: UnixStream,
    resized: Arc<AtomicBool>,
    decoder: Decoder,
    /// Since when the decoder has held an unfinished sequence.
    waiting_since: Option<Instant>,
}

impl Reader {
    /// Reads standard input when it is the terminal (as raw mode is set on
    /// it), else the controlling terminal; `signals` wake its waits.
    ///
    /// # Errors
    /// When there is no terminal to read, or the signals cannot be watched.
    pub fn open(signals: &[i32]) -> io::Result<Reader> {
        let input = if io::stdin().is_terminal() {
            File::from(io::stdin().as_fd().try_clone_to_owned()?)
        } else {
            File::open("/dev/tty")?
        };
        let (woken, wake) = UnixStream::pair()?;
        woken.set_nonblocking(true)?;
        let resized = Arc::new(AtomicBool::new(false));
        signal_hook::flag::register(signal_hook::consts::SIGWINCH, resized.clone())?;
        for &signal in signals.iter().chain(&[signal_hook::consts::SIGWINCH]) {
            signal_hook::low_level::pipe::register(signal, wake.try_clone()?)?;
        }
        Ok(Reader {
            input,
            woken,
            resized,
            decoder: Decoder::new(),
            waiting_since: None,
        })
    }

    /// Waits up to `wait` for input, a resize or a signal, and gives what
    /// came: keys, clicks and resizes, or a hang-up.
    ///
    /// # Errors
    /// When the terminal cannot be polled or read.
    pub fn next(&mut self, wait: Duration) -> io::Result<Reading> {
        let wait = match self.waiting_since {
            Some(since) => wait.min(WAIT_FOR_REST.saturating_sub(since.elapsed())),
            None => wait,
        };
        let mut events = Vec::new();
        if !self.resized.load(Ordering::Relaxed) {
            let timeout = PollTimeout::try_from(wait).unwrap_or(PollTimeout::MAX);
            let mut fds = [
                PollFd::new(self.input.as_fd(), PollFlags::POLLIN),
                PollFd::new(self.woken.as_fd(), PollFlags::POLLIN),
            ];
            let ready = match poll(&mut fds, timeout) {
                Err(nix::errno::Errno::EINTR) => [PollFlags::empty(); 2],
                Err(error) => return Err(error.into()),
                Ok(_) => fds.map(|fd| fd.revents().unwrap_or(PollFlags::empty())),
            };
            if ready[1].contains(PollFlags::POLLIN) {
                self.drain_wakes();
            }
            if ready[0].contains(PollFlags::POLLIN) {
                let mut buffer = [0u8; 1024];
                match self.input.read(&mut buffer) {
                    Ok(0) => return Ok(Reading::HungUp),
                    Ok(n) => events.extend(self.decoder.feed(&buffer[..n])),
                    Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                    Err(error) if error.kind() == io::ErrorKind::WouldBlock => {}
                    Err(_) if super::super::hangup::hung_up(ready[0]) => {
                        return Ok(Reading::HungUp);
                    }
                    Err(error) => return Err(error),
                }
            } else if super::super::hangup::hung_up(ready[0]) {
                return Ok(Reading::HungUp);
            }
        }
        self.give_up_a_stale_wait(&mut events);
        if self.resized.swap(false, Ordering::Relaxed) {
            let (width, height) = ratatui::crossterm::terminal::size()?;
            events.push(Event::Resize(width, height));
        }
        Ok(Reading::Events(events))
    }

    /// An unfinished sequence that waited long enough is taken as keys.
    fn give_up_a_stale_wait(&mut self, events: &mut Vec<Event>) {
        if !self.decoder.is_waiting() {
            self.waiting_since = None;
            return;
        }
        let since = *self.waiting_since.get_or_insert_with(Instant::now);
        if since.elapsed() >= WAIT_FOR_REST {
            events.extend(self.decoder.give_up_waiting());
            self.waiting_since = None;
        }
    }

    fn drain_wakes(&mut self) {
        let mut buffer = [0u8; 64];
        while matches!(self.woken.read(&mut buffer), Ok(n) if n > 0) {}
    }
}
