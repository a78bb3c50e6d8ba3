//! `explore`: writes the explorer, a static site.

use super::common::{self, Outcome};
use clap::Args;
use std::path::PathBuf;

/// Write the explorer: a static site (index.html, its script and its data)
/// to play the eight- and five-puzzle, read every position's figures, step
/// through its minimal paths and browse the classes. It works from
/// file://, with no server and no network.
#[derive(Args)]
#[command(
    after_help = "Open DIR/index.html in a browser; index.html#102536 (or #025/1_3/746, #five:023) opens at a position, and index.html?play=WXY#012345 presses those twist buttons in turn.\n\nExamples:\n  schofield explore --output site"
)]
pub struct ExploreArgs {
    /// The folder to write the site into (created if it does not exist;
    /// the site's four files in it are replaced).
    #[arg(long)]
    output: PathBuf,
}

/// `explore`.
pub fn run(args: ExploreArgs) -> Outcome {
    let dir = &args.output;
    match std::fs::metadata(dir) {
        Ok(m) if !m.is_dir() => {
            return Err(format!(
                "--output {} is not a folder; name a folder for the site (it is created if missing)",
                dir.display()
            )
            .into());
        }
        Ok(_) => {}
        Err(_) => std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create the folder {}: {e}", dir.display()))?,
    }
    common::check_writable(&dir.join("index.html"))
        .map_err(|e| format!("cannot write into {}: {e}", dir.display()))?;
    let files = schofield::render::explore::site();
    let mut bytes = 0;
    for (name, text) in &files {
        common::write_file(&dir.join(name), text)?;
        bytes += text.len();
    }
    Ok(format!(
        "wrote the explorer to {} ({} files, {:.1} MB): open {}/index.html, or index.html#102536 at a position\n",
        dir.display(),
        files.len(),
        bytes as f64 / 1e6,
        dir.display()
    ))
}
