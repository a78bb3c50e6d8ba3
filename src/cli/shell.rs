//! `completions` and `man`: the shell's completion script and the manual
//! pages, both generated from the same clap description as the parser, so
//! they never fall out of step with the flags.

use super::common::Outcome;
use clap::Args;
use clap_complete::Shell;
use std::path::PathBuf;

/// Print the completion script for a shell: `schofield completions bash >
/// ~/.local/share/bash-completion/completions/schofield` (zsh: into a
/// folder on $fpath as `_schofield`; fish: into
/// ~/.config/fish/completions/schofield.fish). Without a shell, list the
/// shells.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  schofield completions bash\n  schofield completions zsh\n  schofield completions"
)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish or powershell.
    shell: Option<Shell>,
}

/// `completions`.
pub fn completions(args: CompletionsArgs, mut command: clap::Command) -> Outcome {
    let Some(shell) = args.shell else {
        return Ok("bash\nzsh\nfish\nelvish\npowershell\n\nschofield completions SHELL prints the script for one of these shells; see schofield completions --help for where to put it.\n".to_string());
    };
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut command, "schofield", &mut out);
    Ok(String::from_utf8(out)?)
}

/// Print the manual page (roff) of the whole program, or with `--dir`
/// write a page for every command, nested ones included
/// (`schofield-lookup-solve.1`): `schofield man > schofield.1; man
/// ./schofield.1`, or `schofield man --dir ~/.local/share/man/man1`.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  schofield man > schofield.1\n  schofield man --dir ~/.local/share/man/man1"
)]
pub struct ManArgs {
    /// Write one page for every command into this folder (created if
    /// missing): schofield.1, schofield-solve.1, schofield-lookup-build.1, …
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// `man`: the program's page, or every command's page into a folder.
pub fn man(args: ManArgs, command: clap::Command) -> Outcome {
    let mut command = command.disable_help_subcommand(true);
    command.build();
    let mut pages = Vec::new();
    collect(&command, "schofield", &mut pages)?;
    let Some(dir) = args.dir else {
        // One page for the whole program: its own, with each command's
        // description, synopsis and options under a heading of its own.
        let mut commands = Vec::new();
        every_command(&command, "schofield", &mut |cmd, spaced| {
            commands.extend_from_slice(format!(".SH \"{}\"\n", spaced.to_uppercase()).as_bytes());
            let page = clap_mangen::Man::new(cmd.clone());
            page.render_description_section(&mut commands)?;
            page.render_synopsis_section(&mut commands)?;
            page.render_options_section(&mut commands)?;
            Ok(())
        })?;
        let whole = command.clone().display_name("schofield");
        return page(&whole, "schofield", &String::from_utf8(commands)?);
    };
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let mut written = String::new();
    for (name, page) in &pages {
        let path = dir.join(format!("{name}.1"));
        schofield::board::store::write_atomically(&path, page.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        written.push_str(&format!("{}\n", path.display()));
    }
    Ok(written)
}

/// The page of `command`, named `name` (`schofield-lookup-build`), then
/// those of its commands.
fn collect(
    command: &clap::Command,
    name: &str,
    pages: &mut Vec<(String, String)>,
) -> Result<(), Box<dyn std::error::Error>> {
    let spaced = name.replace('-', " ");
    let cmd = command
        .clone()
        .display_name(name.to_string())
        .bin_name(spaced.clone());
    pages.push((name.to_string(), page(&cmd, &spaced, "")?));
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        collect(sub, &format!("{name}-{}", sub.get_name()), pages)?;
    }
    Ok(())
}

/// Calls `each` on every command below `command` (nested ones too), with
/// its name as typed (`schofield lookup build`).
fn every_command(
    command: &clap::Command,
    name: &str,
    each: &mut dyn FnMut(&clap::Command, &str) -> std::io::Result<()>,
) -> std::io::Result<()> {
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        let spaced = format!("{name} {}", sub.get_name());
        each(&sub.clone().bin_name(spaced.clone()), &spaced)?;
        every_command(sub, &spaced, each)?;
    }
    Ok(())
}

/// One page: clap's NAME, SYNOPSIS, DESCRIPTION, OPTIONS and commands, then
/// `commands` (each command's sections, on the program's one page), NOTES
/// and EXAMPLES from the help's closing text, EXIT STATUS, FILES and
/// SEE ALSO.
fn page(
    cmd: &clap::Command,
    spaced: &str,
    commands: &str,
) -> Result<String, Box<dyn std::error::Error>> {
    let man = clap_mangen::Man::new(cmd.clone())
        .source(format!("schofield {}", env!("CARGO_PKG_VERSION")))
        .manual("schofield");
    let mut out = Vec::new();
    man.render_title(&mut out)?;
    man.render_name_section(&mut out)?;
    man.render_synopsis_section(&mut out)?;
    man.render_description_section(&mut out)?;
    if cmd.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(&mut out)?;
    }
    if cmd.has_subcommands() {
        man.render_subcommands_section(&mut out)?;
    }
    out.extend_from_slice(commands.as_bytes());
    let after = cmd
        .get_after_help()
        .map(|h| h.to_string())
        .unwrap_or_default();
    let (notes, examples) = match after.split_once("Examples:") {
        Some((n, e)) => (n.trim().to_string(), e.trim().to_string()),
        None => (after.trim().to_string(), String::new()),
    };
    let mut roff = String::new();
    if !notes.is_empty() {
        roff.push_str(".SH NOTES\n");
        roff.push_str(&escape(&notes));
        roff.push('\n');
    }
    roff.push_str(".SH EXAMPLES\n");
    if examples.is_empty() {
        roff.push_str(&format!(
            ".nf\n{}\n.fi\n",
            escape(&format!("{spaced} --help"))
        ));
    } else {
        roff.push_str(".nf\n");
        for line in examples.lines() {
            roff.push_str(&escape(line.trim()));
            roff.push('\n');
        }
        roff.push_str(".fi\n");
    }
    roff.push_str(".SH \"EXIT STATUS\"\n");
    roff.push_str(".TP\n0\nsuccess\n.TP\n2\nbad input (a clear one-line error on standard error names the value and what is expected), an unwritable output, or a file that fails its checks\n.TP\n3\na search stopped by a limit (--max-nodes, --max-memory, --stop-after-layer)\n");
    roff.push_str(".SH FILES\n");
    roff.push_str(".TP\n$XDG_CACHE_HOME/schofield (else ~/.cache/schofield)\nthe cache folder: the pattern databases of optimal, pdb-NAME-blank-first.bin, and the pruning tables of solve past the whole table, pruning-KEY.bin, each built once and checked by its checksum each time it is read; deleting them is safe\n.TP\n--output FILE\nwritten atomically (a temporary file beside it, renamed into place); never half-written\n");
    roff.push_str(".SH \"SEE ALSO\"\n");
    roff.push_str(&escape("schofield(1) and the page of each command (schofield man --dir DIR writes them all); docs/ in the source: docs/paper.md puts Schofield's paper beside the commands, docs/formats.md lists every key and flag."));
    roff.push('\n');
    out.extend_from_slice(roff.as_bytes());
    Ok(String::from_utf8(out)?)
}

/// Text for roff: backslashes doubled, and a line that starts with `.` or
/// `'` protected.
fn escape(text: &str) -> String {
    text.lines()
        .map(|l| {
            let l = l.replace('\\', "\\\\").replace('-', "\\-");
            if l.starts_with('.') || l.starts_with('\'') {
                format!("\\&{l}")
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}
