//! `regenerate`: rewrite the generated tables.

use super::common::{self, Outcome};
use clap::Args;
use std::path::PathBuf;

/// Rewrite the generated tables (tables/ by default) from the code.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  schofield regenerate\n  schofield regenerate --dir /tmp/tables"
)]
pub struct RegenerateArgs {
    /// The folder to write into.
    #[arg(long, default_value = "tables")]
    dir: PathBuf,
}

/// `regenerate`.
pub fn run(args: RegenerateArgs) -> Outcome {
    let dir = &args.dir;
    if !dir.is_dir() {
        return Err(format!(
            "cannot write {}: no such folder (run from the repository, or pass --dir to an existing folder)",
            dir.display()
        )
        .into());
    }
    let mut report = String::new();
    for (name, text) in
        schofield::render::generated::generated(&schofield::generated::Sources::compute())
    {
        let path = dir.join(&name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        common::write_file(&path, &text)?;
        report += &format!("wrote {}\n", path.display());
    }
    Ok(report)
}
