//! Standard output for commands. A closed pipe (the reader stopped reading)
//! is not an error worth a message: the command has said all anyone wants.

use std::fmt::Arguments;
use std::io::{ErrorKind, Write};

/// Writes one line; on a closed pipe the process ends quietly with status 0.
pub fn line(args: Arguments) {
    let mut out = std::io::stdout().lock();
    let written = out.write_fmt(args).and_then(|()| out.write_all(b"\n"));
    match written.and_then(|()| out.flush()) {
        Ok(()) => {}
        Err(error) if error.kind() == ErrorKind::BrokenPipe => std::process::exit(0),
        Err(error) => {
            eprintln!("mancala: cannot write the output: {error}");
            std::process::exit(1);
        }
    }
}
