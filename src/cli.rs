//! The command line: argument definitions and dispatch to each command.

/// `println!` for a command's output: when the reader has gone (`| head`), the
/// command ends quietly, as Unix tools do, instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::cli::output::line(format_args!($($arg)*))
    };
}

mod computer;
mod engine;
mod manual;
pub(crate) mod output;
mod perft;
mod play;
mod records;
mod replay;
mod rules;
mod saves;
mod show;
mod solve;
mod tables;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::ai::{Level, ThinkTime};
use crate::catalog::Catalog;
use crate::engine::{GameState, Position, Side, parse_moves};

/// Forty-eight traditional mancala games, from Kalaha and Oware to Toguz
/// Kumalak, Dakon, Kiuthi, Alemungula and Toguz Xorgol, and Igisoro and Bao
/// on four rows, for two players sharing one terminal or against the
/// computer.
///
/// With no command the game opens at its menu: play a match, with a friend at
/// the same keyboard or against the computer; continue one; watch a saved
/// match or play on from any of its moves; read the rules. Every match is
/// kept as it is played.
#[derive(Debug, Parser)]
#[command(name = "mancala", version)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Draw the game in plain ASCII (no box drawing, bullets or arrows); the
    /// default follows the settings, or the terminal.
    #[arg(long, global = true)]
    pub ascii: bool,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play a match at this terminal (with no rule set: choose one from a menu).
    Play(PlayArgs),
    /// Resume a saved match where it stopped (default: the unfinished one, or
    /// a list to choose from when there are several).
    Resume {
        /// A match id (see `mancala saves`) or a save file. A file from outside
        /// the library is played on as a new match; the file is not changed.
        file: Option<PathBuf>,
    },
    /// Watch a saved match, or print what each move did.
    Replay(ReplayArgs),
    /// List every saved match: the library and the named copies.
    Saves(SavesArgs),
    /// List, show and check rule sets.
    #[command(subcommand)]
    Rules(RulesCommand),
    /// Print the position after a list of moves.
    Show(ShowArgs),
    /// Count the move sequences of a given length (a correctness and speed check).
    Perft(PerftArgs),
    /// The value of a position with perfect play, and the best moves.
    Solve(SolveArgs),
    /// Build the endgame table of a rule set (Oware, the Kalah family: rules
    /// whose positions are their seeds alone) into the cache folder, where
    /// the strongest computer, hints and replays find it.
    Tables(TablesArgs),
    /// The move the computer would play in a position, for other programs
    /// (matches between engines).
    Move(MoveArgs),
    /// Run the computer as an engine another program drives: commands on
    /// standard input, answers on standard output, in the style of UCI
    /// (uci, isready, ucinewgame, position, go, stop, quit; see the README).
    Engine(EngineArgs),
    /// Bring in a game from another program: an OGN file of Aualé's, or a
    /// PlayStrategy position with the moves played from it, as a match of
    /// the library (to replay, analyse or play on).
    Import(ImportArgs),
    /// Write a match of the library for another program: Aualé's OGN
    /// (Oware) or PlayStrategy's position and moves (Oware, Toguz Kumalak,
    /// Bestemshe).
    Export(ExportArgs),
    /// Print a completion script for a shell (see the README for where it goes).
    Completions {
        /// The shell to complete in.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page of mancala, or of one of its commands, to read
    /// with `man -l` or to install.
    Man {
        /// The command whose page to print: `play`, or `rules check`.
        #[arg(value_name = "COMMAND")]
        command: Vec<String>,
    },
}

#[derive(Debug, Subcommand)]
pub enum RulesCommand {
    /// List every rule set: built-in ones and those in the user's rules
    /// folder; words, a region or a family list only the games they find.
    List {
        /// Words each of which begins a word of the game's name, id, place,
        /// region or families (`india`, `four rows`, `bao`).
        words: Vec<String>,
        /// Only games of a region: words of its name (`africa`, `south
        /// asia`); regions: West Africa, Central Africa, East Africa, North
        /// Africa, West Asia, Central Asia, South Asia, Southeast Asia, East
        /// Asia, Europe, The Caribbean, Worldwide.
        #[arg(long)]
        region: Option<String>,
        /// Only games of a family: two rows, four rows, rounds, one game,
        /// relay, kalah capture, captures by count, captures while sowing,
        /// leap capture, owned pits, chosen direction, seeds in hand.
        #[arg(long)]
        family: Option<String>,
    },
    /// Print a rule set's description and parameters.
    Show {
        /// A rule set id (see `mancala rules list`) or the path of a rule file.
        rules: String,
        /// Also print the rules in full: how every game goes, then this
        /// game's own section with its worked examples.
        #[arg(long)]
        full: bool,
        /// Print the rule file in today's keys instead (a file written with
        /// the keys of an older version comes out in new ones).
        #[arg(long, conflicts_with = "full")]
        toml: bool,
    },
    /// Check a rule set; exits with 0 when it is valid.
    Check {
        /// A rule set id (see `mancala rules list`) or the path of a rule file;
        /// an id whose file in the rules folder is broken gets that file's error.
        rules: String,
    },
}

/// A side of the board, for the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SideArg {
    South,
    North,
}

impl From<SideArg> for Side {
    fn from(side: SideArg) -> Side {
        match side {
            SideArg::South => Side::South,
            SideArg::North => Side::North,
        }
    }
}

/// A rule set and the moves played from its start.
#[derive(Debug, Args)]
pub struct LineArgs {
    /// A rule set id (see `mancala rules list`) or the path of a rule file.
    pub rules: String,
    /// Moves to play first, as pit numbers on the mover's own row: `3,1,4`;
    /// `swap` where the second player swaps (with the swap rule). Also as
    /// other programs write them where a move is a pit alone: Aualé's
    /// letters (`"A b C c B+2"`) or PlayStrategy's squares (`"a1e1 e2a2"`).
    #[arg(long, value_name = "PITS", default_value = "")]
    pub moves: String,
    /// Start from this position instead of the match's start, written as
    /// `show` prints it: "south: 4 4 4 4 4 4 store 0; north: 4 4 4 4 4 4
    /// store 0; round 1; south to move" (a closed pit is `x`), or as
    /// PlayStrategy writes it: "4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S 1".
    #[arg(long, value_name = "TEXT")]
    pub position: Option<String>,
    /// Who moves first (from the match's start).
    #[arg(long, value_enum, default_value_t = SideArg::South, conflicts_with = "position")]
    pub first: SideArg,
    /// Play the line with the swap rule (the default where the rule file
    /// says so: Dakon, Congkak).
    #[arg(long, conflicts_with = "no_swap")]
    pub swap: bool,
    /// Play the line without the swap rule.
    #[arg(long)]
    pub no_swap: bool,
}

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// A rule set id (see `mancala rules list`) or the path of a rule file.
    pub rules: Option<String>,
    /// South's name (the bottom row), or `computer:LEVEL` (easy, medium, hard,
    /// strongest, or seconds a move such as `computer:5s`) to play against
    /// the computer.
    #[arg(long, value_name = "NAME", default_value = "South")]
    pub south: String,
    /// North's name (the top row), or `computer:LEVEL`.
    #[arg(long, value_name = "NAME", default_value = "North")]
    pub north: String,
    /// Who moves first (default: as the rules say: South, drawn by lot, or an
    /// odd-or-even guess).
    #[arg(long, value_enum)]
    pub first: Option<SideArg>,
    /// End the match by itself after this round (rule sets played in rounds).
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u16).range(1..=999))]
    pub rounds: Option<u16>,
    /// Play with the swap rule: after the first player's first turn, the
    /// second may take that side (the default where the rule file says so:
    /// Dakon, Congkak).
    #[arg(long, conflicts_with = "no_swap")]
    pub swap: bool,
    /// Play without the swap rule.
    #[arg(long)]
    pub no_swap: bool,
    /// Milliseconds per dropped seed; 0 shows each move at once (default: as
    /// last set in the game, or 45).
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u64).range(0..=5000))]
    pub animation_ms: Option<u64>,
    /// Also keep the match this command begins in this file, after every
    /// move (a new file: one that exists is not replaced).
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// A match id (see `mancala saves`) or a save file.
    pub file: PathBuf,
    /// Print every move and what it did, then the final board, instead of
    /// opening the viewer.
    #[arg(long, conflicts_with = "json")]
    pub print: bool,
    /// Print the final position as JSON (as `show --json`), with every move.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct SavesArgs {
    /// Print a JSON array, one object a file.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    #[command(flatten)]
    pub line: LineArgs,
    /// Print one JSON object instead of a board.
    #[arg(long)]
    pub json: bool,
    /// Print the position alone, as another program writes it:
    /// PlayStrategy's position, or the value of Aualé's FEN tag.
    #[arg(long, value_enum, conflicts_with = "json")]
    pub format: Option<PositionFormat>,
}

/// How `show --format` writes a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PositionFormat {
    /// `6S,6S,6S,2,6S/1S,1,1S,7S,7S,6S 2 0 N 3`
    Playstrategy,
    /// `1-0-1-7-7-6-6-0-0-6-6-6-2-0-N`
    Ogn,
}

/// A format of another program's records, for the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RecordFormat {
    /// Aualé's game files (`.ogn`, Oware).
    Ogn,
    /// PlayStrategy's position and moves (Oware, Toguz Kumalak, Bestemshe).
    Playstrategy,
}

impl From<RecordFormat> for crate::records::Format {
    fn from(format: RecordFormat) -> Self {
        match format {
            RecordFormat::Ogn => crate::records::Format::Ogn,
            RecordFormat::Playstrategy => crate::records::Format::PlayStrategy,
        }
    }
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The file to read, or `-` for standard input.
    pub file: PathBuf,
    /// The format (default: told by the content: tags or numbered letters
    /// are OGN, a position of two rows parted by `/` is PlayStrategy's).
    #[arg(long, value_enum)]
    pub from: Option<RecordFormat>,
    /// The rule set (default: the OGN file's Variant, or the game
    /// PlayStrategy plays on a board of the position's size).
    #[arg(long, value_name = "RULES")]
    pub rules: Option<String>,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// A match id (see `mancala saves`) or a save file.
    pub file: PathBuf,
    /// The format to write.
    #[arg(long, value_enum)]
    pub to: RecordFormat,
    /// Write it to this new file (written whole at once; a file that
    /// exists is not replaced) instead of printing it.
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub line: LineArgs,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Memory for the solver's tables in MiB (transposition table and
    /// endgame table together).
    #[arg(long, value_name = "MIB", default_value_t = 256,
          value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub hash: u64,
    /// Largest seed count the endgame table covers (Kalah-shaped rules only;
    /// the memory bound may lower it).
    #[arg(long, value_name = "SEEDS",
          value_parser = clap::value_parser!(u32).range(0..=120))]
    pub endgame: Option<u32>,
    /// Threads to search with (default: every core).
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: Option<u64>,
}

#[derive(Debug, Args)]
pub struct MoveArgs {
    #[command(flatten)]
    pub line: LineArgs,
    /// How strongly the computer plays.
    #[arg(long, default_value = "hard", value_parser = level_parser())]
    pub level: Level,
    /// Think this many seconds (such as 2.5) at full strength, looking
    /// deeper and deeper until the time is up, instead of a level's budget.
    #[arg(long, value_name = "SECONDS", conflicts_with = "level")]
    pub time: Option<ThinkTime>,
    /// Seed for the easier levels' choice among good moves: the same seed
    /// gives the same move.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    /// Print `{"pit", "move", "value", "depth"}` as JSON (`move` as it is
    /// written, `3`, `3cw` or `f7.cw`; with `"direction"` where the mover
    /// chose the first lap's way).
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct TablesArgs {
    /// A rule set id (see `mancala rules list`) or the path of a rule file.
    pub rules: String,
    /// The most seeds on the board the table covers (20: a few minutes on
    /// two cores and about 4 GB of memory while it builds; each seed more
    /// takes about half as long again).
    #[arg(long, default_value_t = crate::storage::tables::DEFAULT_SEEDS,
          value_parser = clap::value_parser!(u8).range(0..=i64::from(crate::ai::MAX_TABLE_SEEDS)))]
    pub seeds: u8,
    /// Build it again even if a sound one is there.
    #[arg(long)]
    pub rebuild: bool,
    /// Worker threads (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: Option<u32>,
}

#[derive(Debug, Args)]
pub struct EngineArgs {
    /// A rule set id (see `mancala rules list`) or the path of a rule file.
    pub rules: String,
}

/// The levels by name, so help and completions list them.
fn level_parser() -> clap::builder::ValueParser {
    use clap::builder::TypedValueParser;
    clap::builder::ValueParser::new(
        clap::builder::PossibleValuesParser::new(Level::ALL.map(Level::name))
            .try_map(|name| name.parse::<Level>()),
    )
}

#[derive(Debug, Args)]
pub struct PerftArgs {
    #[command(flatten)]
    pub line: LineArgs,
    /// Plies to look ahead.
    #[arg(value_parser = clap::value_parser!(u32).range(0..=64))]
    pub depth: u32,
    /// Print `{"depth", "nodes", "moves", "seconds", "threads"}` as JSON
    /// (`moves`: every move played on the way, leaves and inner nodes).
    #[arg(long)]
    pub json: bool,
    /// Worker threads (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: Option<u32>,
}

/// Whether `bytes` of memory can be had: asked for once and given back, so
/// that a size the machine cannot give is an error before a long job
/// rather than an abort in its middle (`solve`, `tables`).
fn memory_can_be_had(bytes: usize) -> bool {
    let mut probe: Vec<u8> = Vec::new();
    probe.try_reserve_exact(bytes).is_ok()
}

/// A command's failure, printed as `mancala: <message>` with exit code 1.
#[derive(Debug)]
pub struct Failure(pub String);

impl<E: std::error::Error> From<E> for Failure {
    fn from(error: E) -> Self {
        Failure(error.to_string())
    }
}

/// Runs a parsed command line.
///
/// # Errors
/// A [`Failure`] to print when the command could not do its job.
pub fn run(cli: Cli) -> Result<ExitCode, Failure> {
    let catalog = Catalog::load();
    match cli.command {
        None => play::menu(&catalog, cli.ascii),
        Some(Command::Play(args)) => play::run(&catalog, &args, cli.ascii),
        Some(Command::Resume { file }) => play::resume(&catalog, file.as_deref(), cli.ascii),
        Some(Command::Replay(args)) => replay::run(&catalog, &args, cli.ascii),
        Some(Command::Saves(args)) => saves::run(&catalog, &args),
        Some(Command::Rules(command)) => rules::run(&catalog, command),
        Some(Command::Show(args)) => show::run(&catalog, &args),
        Some(Command::Perft(args)) => perft::run(&catalog, &args),
        Some(Command::Solve(args)) => solve::run(&catalog, &args),
        Some(Command::Move(args)) => computer::run(&catalog, &args),
        Some(Command::Tables(args)) => tables::run(&catalog, &args),
        Some(Command::Engine(args)) => engine::run(&catalog, &args),
        Some(Command::Import(args)) => records::import(&catalog, &args),
        Some(Command::Export(args)) => records::export(&catalog, &args),
        Some(Command::Completions { shell }) => {
            manual::completions(shell, &catalog);
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Man { command }) => {
            manual::page(&command, &catalog)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// The player's library, with older saves moved in and what a crash left
/// swept away; and a line saying what moved in, if anything did (printed,
/// or shown by the game).
fn library(catalog: &Catalog) -> Result<(crate::storage::Library, Option<String>), Failure> {
    let library = crate::storage::Library::of_user().ok_or_else(|| {
        Failure("no home folder to keep matches in: set HOME or XDG_DATA_HOME".into())
    })?;
    library.sweep();
    let note = library.migrate(catalog);
    Ok((library, note))
}

impl LineArgs {
    /// The rule set and the position after the moves, with the line that
    /// led there (for the end by repetition).
    fn resolve(&self, catalog: &Catalog) -> Result<GameState, Failure> {
        let entry = catalog.resolve(&self.rules)?;
        let start = match &self.position {
            Some(text) => match crate::records::position_from_text(&entry.rules, text) {
                Some(read) => read.map_err(|e| Failure(format!("--position: {e}")))?,
                None => Position::from_text(&entry.rules, text)
                    .map_err(|e| Failure(format!("--position: {e}")))?,
            },
            None => Position::new(&entry.rules, self.first.into()),
        };
        let swap = (entry.rules.plan().rounds.swap || self.swap) && !self.no_swap;
        let game = GameState::at(entry.rules, start).with_swap_rule(swap);
        if let Some(played) = crate::records::play_written(&game, &self.moves) {
            return played.map_err(|e| Failure(format!("--moves: {e}")));
        }
        let moves = parse_moves(&self.moves).map_err(|e| Failure(format!("--moves: {e}")))?;
        game.play_line(&moves)
            .map_err(|e| Failure(format!("--moves: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
