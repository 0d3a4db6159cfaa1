//! `mancala import FILE|-` and `mancala export ID --to FORMAT`: games
//! carried to and from other programs (rules.md §11).

use std::io::Read;
use std::path::Path;
use std::process::ExitCode;

use super::{ExportArgs, Failure, ImportArgs, library};
use crate::catalog::{Catalog, read_bounded};
use crate::records::Format;

use crate::storage::records::MAX_RECORD_BYTES;

/// The text of `file`, or of standard input for `-`.
fn read_input(file: &Path) -> Result<String, Failure> {
    if file != Path::new("-") {
        return Ok(read_bounded(file, MAX_RECORD_BYTES)?);
    }
    let mut bytes = Vec::new();
    std::io::stdin()
        .take(MAX_RECORD_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Failure(format!("standard input: {e}")))?;
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        return Err(Failure(format!(
            "standard input: larger than {MAX_RECORD_BYTES} bytes, which no game record is"
        )));
    }
    String::from_utf8(bytes).map_err(|_| Failure("standard input: not UTF-8 text".into()))
}

pub fn import(catalog: &Catalog, args: &ImportArgs) -> Result<ExitCode, Failure> {
    let text = read_input(&args.file)?;
    let rules = match &args.rules {
        Some(id) => Some(catalog.resolve(id)?.rules),
        None => None,
    };
    let (library, note) = library(catalog)?;
    if let Some(note) = note {
        eprintln!("{note}");
    }
    let (path, name, moves) = crate::storage::records::import(
        &library,
        &text,
        args.from.map(Format::from),
        rules.as_ref(),
        catalog,
    )
    .map_err(|e| Failure(format!("{}: {e}", args.file.display())))?;
    let id = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let moves = crate::words::counted(moves as u64, "move");
    say!("{name}, {moves}: match {id} ({})", path.display());
    say!("`mancala replay {id}` watches it; `mancala resume {id}` plays on.");
    Ok(ExitCode::SUCCESS)
}

pub fn export(catalog: &Catalog, args: &ExportArgs) -> Result<ExitCode, Failure> {
    let path = if args.file.exists() {
        args.file.clone()
    } else {
        let (library, _) = library(catalog)?;
        library.resolve(&args.file).map_err(Failure)?
    };
    let text = crate::storage::records::export(&path, args.to.into(), catalog).map_err(Failure)?;
    match &args.output {
        Some(output) => {
            crate::storage::atomic::write_new(output, &text).map_err(|e| {
                if e.kind() == std::io::ErrorKind::AlreadyExists {
                    Failure(format!(
                        "{}: a file of that name exists (choose another name: it is not replaced)",
                        output.display()
                    ))
                } else {
                    Failure(format!("{}: cannot write: {e}", output.display()))
                }
            })?;
            eprintln!("written to {}", output.display());
        }
        None => say!("{}", text.trim_end_matches('\n')),
    }
    Ok(ExitCode::SUCCESS)
}
