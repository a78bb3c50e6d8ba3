//! Pieces every command shares: the `--format` flag, the result type,
//! the sink, batches, numbers and output files, each in its own file.

mod batch;
mod files;
mod format;
mod numbers;
mod output;

pub use batch::*;
pub use files::*;
pub use format::*;
pub use numbers::*;
pub use output::*;

/// What a command returns: the text for standard output, or the error to
/// report on one line.
pub type Outcome = Result<String, Box<dyn std::error::Error>>;
