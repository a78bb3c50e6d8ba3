//! The `schofield` command line: parses arguments, calls the library,
//! prints. Bad input ends with a one-line error and exit status 2.

use clap::{Parser, Subcommand};
use schofield::dictionary::Analysis;
use schofield::output::{self, Format};
use schofield::puzzle::EIGHT;
use schofield::solve::PathReport;
use schofield::solve::Solution;
use std::process::ExitCode;

/// Schofield's complete solution of the eight-puzzle, computed exactly.
#[derive(Parser)]
#[command(name = "schofield", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print Schofield's move-count table: positions, classes and extended
    /// classes at each minimum number of moves.
    Counts {
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Solve one position: minimum moves, starting twists, a specimen
    /// minimal path, tile moves, classes.
    Solve {
        /// The puzzle: a grid (025/1_3/746), a code number (102536) or cycle
        /// notation on squares ((132)(67)).
        position: String,
        /// List every minimal path.
        #[arg(long)]
        all: bool,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Rewrite the generated tables (tables/ by default) from the code.
    Regenerate {
        /// The folder to write into.
        #[arg(long, default_value = "tables")]
        dir: std::path::PathBuf,
    },
    /// Follow a path of twists (e.g. WXYZADY): its moves, elisions, inverse,
    /// the position it reaches and its tile moves.
    Path {
        /// The twists, e.g. WXYZADY.
        path: String,
        /// The position to start from (default: the target).
        #[arg(long)]
        from: Option<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
}

fn run(cli: Cli) -> Result<String, Box<dyn std::error::Error>> {
    match cli.command {
        Command::Counts { format } => {
            let a = Analysis::new(&EIGHT);
            Ok(output::render_counts(&a.move_counts(), format)?)
        }
        Command::Solve {
            position,
            all,
            format,
        } => {
            let p = EIGHT.parse_position(&position)?;
            let a = Analysis::new(&EIGHT);
            Ok(output::render_solution(
                &Solution::new(&a, &p, all),
                format,
            )?)
        }
        Command::Regenerate { dir } => {
            let mut report = String::new();
            for (name, text) in schofield::tables::generated() {
                let path = dir.join(&name);
                schofield::files::write_atomically(&path, text.as_bytes())
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                report += &format!("wrote {}\n", path.display());
            }
            Ok(report)
        }
        Command::Path { path, from, format } => {
            let path = EIGHT.parse_path(&path)?;
            let start = match from {
                Some(s) => EIGHT.parse_position(&s)?,
                None => schofield::position::Position::target(),
            };
            Ok(output::render_path(
                &PathReport::new(&EIGHT, &start, &path),
                format,
            )?)
        }
    }
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
