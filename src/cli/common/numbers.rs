//! The command line's numbers and names: whole numbers in a range for
//! each flag, the memory a command may take, and the suggested values of
//! `--goal` and `--partition`.

use clap::Args;

/// A whole number for a flag, in `range`, or what is expected in words
/// (`what` names the unit: " of seconds"): never the parser's own words
/// ("invalid digit found in string").
pub fn whole<T>(s: &str, what: &str, range: std::ops::RangeInclusive<T>) -> Result<T, String>
where
    T: std::str::FromStr
        + num_traits::Bounded
        + num_traits::ToPrimitive
        + std::fmt::Display
        + PartialOrd,
{
    match s.trim().parse::<T>() {
        Ok(v) if range.contains(&v) => Ok(v),
        _ => {
            let (lo, hi) = (range.start(), range.end());
            // A bound as large as the type's is no bound a reader needs.
            let open = *hi == T::max_value() && hi.to_u64().is_none_or(|h| h == u64::MAX);
            let zero = T::min_value();
            let expected = if open && *lo == zero {
                format!("expected a whole number{what}")
            } else if open {
                format!("expected a whole number{what}, {lo} or more")
            } else {
                format!("expected a whole number{what} from {lo} to {hi}")
            };
            Err(format!("{expected}; got {}", schofield::text::quoted(s)))
        }
    }
}

/// `--max-moves`, `--within`, `--moves`: a whole number of moves, 0 to 255.
pub fn parse_moves(s: &str) -> Result<u8, String> {
    whole(s, " of moves", 0..=u8::MAX)
}

/// `--max-memory`: a whole number of megabytes.
pub fn megabytes(s: &str) -> Result<u64, String> {
    whole(s, " of megabytes", 0..=u64::MAX)
}

/// `--max-nodes`: a whole number of nodes, 1 or more (astar: vertices
/// expanded; optimal and solve: nodes generated); a limit of none would
/// stop every search before it began.
pub fn nodes(s: &str) -> Result<u64, String> {
    whole(s, " of nodes", 1..=u64::MAX)
}

/// `--seed`: any whole number from 0.
pub fn seed(s: &str) -> Result<u64, String> {
    whole(s, "", 0..=u64::MAX)
}

/// `--connect-timeout`, `--peer-timeout`: seconds, 1 to a day.
pub fn seconds(s: &str) -> Result<u64, String> {
    whole(s, " of seconds", 1..=86_400)
}

/// `--workers`: a whole number of workers (the cluster checks how many
/// it takes).
pub fn workers(s: &str) -> Result<usize, String> {
    whole(s, " of workers", 0..=usize::MAX)
}

/// `--process`, `--home`: a number counted from 0 (the range is checked
/// where the hosts file or the board is known).
pub fn index(s: &str) -> Result<usize, String> {
    whole(s, " counted from 0", 0..=usize::MAX)
}

/// `--max-cells`: a whole number of cells.
pub fn cells(s: &str) -> Result<usize, String> {
    whole(s, " of cells", 0..=usize::MAX)
}

/// `--stop-after-layer`: a layer after the goal's, a whole number of
/// moves from 1 (layer 0 is the goal alone, before any checkpoint).
pub fn layer(s: &str) -> Result<u32, String> {
    whole(s, " of moves (a layer after the goal's)", 1..=u32::MAX)
}

/// The bytes a search may use: `--max-memory` in megabytes, but no more
/// than nine tenths of the memory this machine has available now (Linux's
/// `MemAvailable`), so that a generous bound stops the search cleanly
/// instead of exhausting the machine. The bound is on the tables a command
/// counts before it takes them; the program itself (its code, libraries
/// and small buffers, about 5 to 20 MB) comes on top.
pub fn memory_bound(max_memory_mb: u64) -> u64 {
    let asked = max_memory_mb.saturating_mul(1 << 20);
    let kilobytes = |file: &str, key: &str| {
        std::fs::read_to_string(file).ok().and_then(|m| {
            m.lines()
                .find_map(|l| l.strip_prefix(key))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
                .map(|kb| kb.saturating_mul(1024))
        })
    };
    let available = kilobytes("/proc/meminfo", "MemAvailable:").map(|b| b / 10 * 9);
    // A limit on the address space (`ulimit -v`) is memory not to be had
    // either: past it an allocation fails, and the process would abort.
    let limited = address_space_limit().map(|limit| {
        let used = kilobytes("/proc/self/status", "VmSize:").unwrap_or(0);
        limit.saturating_sub(used) / 10 * 9
    });
    [Some(asked), available, limited]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(asked)
}

/// `--max-memory` for a command whose tables are counted before they are
/// taken (`boards`, `lookup`, `explore`, `random`), as the puzzles'
/// searches count theirs.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct MemoryArg {
    /// The most memory the command's tables may use, in megabytes (a run
    /// that needs more is refused before it starts, or stopped when its
    /// frontiers grow past it). Default: nine tenths of the memory
    /// available.
    #[arg(long, value_name = "MB", value_parser = megabytes, allow_negative_numbers = true)]
    pub max_memory: Option<u64>,
}

impl MemoryArg {
    /// The bytes allowed ([`memory_allowed`]).
    pub fn bytes(&self) -> u64 {
        memory_allowed(self.max_memory)
    }

    /// Refuses `needed` bytes of tables for `what` past the bytes allowed,
    /// naming both and where the bound comes from.
    pub fn check(&self, needed: u64, what: &str) -> Result<(), String> {
        let allowed = self.bytes();
        if needed <= allowed {
            return Ok(());
        }
        let source = match self.max_memory {
            Some(mb) if mb.saturating_mul(1 << 20) <= allowed => "allowed (--max-memory)",
            _ => "this machine has available",
        };
        Err(format!(
            "{what} needs {} bytes of tables, more than the {} {source}",
            schofield::text::grouped(needed as usize),
            schofield::text::grouped(allowed as usize)
        ))
    }
}

/// The bytes a command may use, given `--max-memory` or not: without it,
/// the memory to be had ([`memory_bound`]), so that a run past it is
/// refused before it allocates rather than aborted when an allocation
/// fails.
pub fn memory_allowed(max_memory_mb: Option<u64>) -> u64 {
    memory_bound(max_memory_mb.unwrap_or(u64::MAX))
}

/// The soft limit on this process's address space (`ulimit -v`), if any.
#[cfg(unix)]
fn address_space_limit() -> Option<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the struct it is given, nothing else.
    let found = unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) } == 0;
    (found && limit.rlim_cur != libc::RLIM_INFINITY).then_some(limit.rlim_cur)
}

#[cfg(not(unix))]
fn address_space_limit() -> Option<u64> {
    None
}

/// A flag whose value is free text, with the values a shell may offer to
/// complete it (the library's puzzle names, the named goals, the
/// partitions): they appear in the completions and the help, and anything
/// else (a file, a grid) is still read.
#[derive(Clone)]
pub struct Suggested(pub fn() -> Vec<&'static str>);

impl clap::builder::TypedValueParser for Suggested {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            (self.0)()
                .into_iter()
                .map(clap::builder::PossibleValue::new),
        ))
    }
}

/// The named goals `--goal` offers besides a grid.
pub fn goal_names() -> Vec<&'static str> {
    vec!["blank-last", "blank-first"]
}

/// The partitions `--partition` offers.
pub fn partition_names() -> Vec<&'static str> {
    schofield::search::pdb::PartitionName::ALL
        .iter()
        .map(|p| p.name())
        .chain(["manhattan", "linear-conflict"])
        .collect()
}
