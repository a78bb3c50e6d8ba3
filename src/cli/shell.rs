//! `completions` and `man`: the shell's completion script and the manual
//! page, both generated from the same clap description as the parser, so
//! they never fall out of step with the flags.

use super::common::Outcome;
use clap::Args;
use clap_complete::Shell;

/// Print the completion script for a shell: `schofield completions bash >
/// ~/.local/share/bash-completion/completions/schofield` (zsh: into a
/// folder on $fpath as `_schofield`; fish: into
/// ~/.config/fish/completions/schofield.fish).
#[derive(Args)]
#[command(after_help = "Examples:\n  schofield completions bash\n  schofield completions zsh")]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish or powershell.
    shell: Shell,
}

/// `completions`.
pub fn completions(args: CompletionsArgs, mut command: clap::Command) -> Outcome {
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut command, "schofield", &mut out);
    Ok(String::from_utf8(out)?)
}

/// Print the manual page (roff): `schofield man > schofield.1; man
/// ./schofield.1`.
#[derive(Args)]
#[command(after_help = "Examples:\n  schofield man")]
pub struct ManArgs {}

/// `man`: the page of the whole program, then each command's description,
/// synopsis and options under a heading of its own.
pub fn man(_: ManArgs, command: clap::Command) -> Outcome {
    let mut out = Vec::new();
    clap_mangen::Man::new(command.clone()).render(&mut out)?;
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        let name = format!("schofield {}", sub.get_name());
        out.extend_from_slice(format!(".SH \"{}\"\n", name.to_uppercase()).as_bytes());
        let page = clap_mangen::Man::new(sub.clone().bin_name(name));
        page.render_description_section(&mut out)?;
        page.render_synopsis_section(&mut out)?;
        page.render_options_section(&mut out)?;
    }
    Ok(String::from_utf8(out)?)
}
