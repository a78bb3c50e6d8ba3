//! The progress of a search by layers on standard error: a bar on a
//! terminal once the search has run a second, or with `--verbose` off a
//! terminal a line every ten seconds; and the note that a search took up
//! its checkpoint.

use schofield::method::search::LayerProgress;
use schofield::text::grouped;

/// The progress bar of a search by layers: it appears once the search has
/// run a second, on a terminal only.
#[derive(Clone)]
pub struct LayerBar {
    bar: indicatif::ProgressBar,
    start: std::time::Instant,
    name: String,
    quiet: bool,
    /// With `--verbose` off a terminal: the latest layer, which a ticker
    /// writes every ten seconds.
    logged: Option<std::sync::Arc<Ticker>>,
}

/// What a search's layers count.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LayerUnit {
    /// Positions, of every position numbered.
    Positions,
    /// Classes under the symmetries, among the symmetry coordinate's
    /// numbered states (which count the classes more than once, and the
    /// states no move reaches).
    Classes,
}

impl LayerUnit {
    /// The line of a layer: `R of N positions reached` or `R classes
    /// reached, N numbered`.
    fn reached(self, reached: u64, of: u64) -> String {
        let (reached, of) = (grouped(reached as usize), grouped(of as usize));
        match self {
            LayerUnit::Positions => format!("{reached} of {of} positions reached"),
            LayerUnit::Classes => format!("{reached} classes reached, {of} numbered"),
        }
    }
}

/// How often `--verbose` writes a progress line off a terminal.
const LOG_EVERY: std::time::Duration = std::time::Duration::from_secs(10);

/// The latest layer a search reported: its distance, the positions
/// reached and of how many (none yet: the tables are being made).
type Latest = std::sync::Arc<std::sync::Mutex<Option<(u32, u64, u64)>>>;

/// A thread that writes the latest layer on standard error every
/// [`LOG_EVERY`], however long a layer takes, until it is dropped.
struct Ticker {
    latest: Latest,
    stop: std::sync::Mutex<Option<std::sync::mpsc::Sender<()>>>,
    thread: std::sync::Mutex<Option<std::thread::JoinHandle<()>>>,
}

impl Ticker {
    fn new(name: String, unit: LayerUnit, start: std::time::Instant) -> Ticker {
        let latest: Latest = Default::default();
        let (stop, stopped) = std::sync::mpsc::channel::<()>();
        let seen = latest.clone();
        let thread = std::thread::spawn(move || {
            while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                stopped.recv_timeout(LOG_EVERY)
            {
                let seconds = start.elapsed().as_secs_f64();
                let now = seen.lock().ok().and_then(|l| *l);
                match now {
                    Some((distance, reached, of)) => eprintln!(
                        "{name}: distance {distance}, {}, {} a second, {seconds:.0} s",
                        unit.reached(reached, of),
                        grouped((reached as f64 / seconds.max(1e-9)) as usize),
                    ),
                    None => eprintln!("{name}: making the tables, {seconds:.0} s"),
                }
            }
        });
        Ticker {
            latest,
            stop: std::sync::Mutex::new(Some(stop)),
            thread: std::sync::Mutex::new(Some(thread)),
        }
    }

    /// Stops the lines (the thread ends at once).
    fn stop(&self) {
        if let Ok(mut s) = self.stop.lock() {
            drop(s.take());
        }
        if let Ok(mut t) = self.thread.lock()
            && let Some(t) = t.take()
        {
            let _ = t.join();
        }
    }
}

impl Drop for Ticker {
    fn drop(&mut self) {
        self.stop();
    }
}

impl LayerBar {
    /// A hidden bar for the puzzle `name`; with `verbose` and standard
    /// error not a terminal, a progress line at most every ten seconds
    /// instead (a long run redirected to a log says how far it is).
    pub fn new(name: &str, quiet: bool, verbose: bool) -> LayerBar {
        LayerBar::counting(name, LayerUnit::Positions, quiet, verbose)
    }

    /// [`LayerBar::new`] for a search whose layers count `unit`.
    pub fn counting(name: &str, unit: LayerUnit, quiet: bool, verbose: bool) -> LayerBar {
        use std::io::IsTerminal;
        let start = std::time::Instant::now();
        let logged = (verbose && !quiet && !std::io::stderr().is_terminal())
            .then(|| std::sync::Arc::new(Ticker::new(name.to_string(), unit, start)));
        let template = match unit {
            LayerUnit::Positions => "{msg} [{elapsed_precise}] {wide_bar} {pos}/{len} positions",
            LayerUnit::Classes => {
                "{msg} [{elapsed_precise}] {wide_bar} {pos} classes ({len} numbered), {per_sec}"
            }
        };
        let bar = super::common::progress_bar(0, template, quiet);
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
        LayerBar {
            bar,
            start,
            name: name.to_string(),
            quiet,
            logged,
        }
    }

    /// Shows `reached` of `of` positions, the search at `distance`.
    pub fn show(&self, distance: u32, reached: u64, of: u64) {
        if self.bar.is_hidden() && !self.quiet && self.start.elapsed().as_secs_f64() > 1.0 {
            self.bar
                .set_draw_target(indicatif::ProgressDrawTarget::stderr());
        }
        self.bar.set_length(of);
        self.bar.set_position(reached);
        self.bar
            .set_message(format!("{}: distance {distance}", self.name));
        if let Some(t) = &self.logged
            && let Ok(mut latest) = t.latest.lock()
        {
            *latest = Some((distance, reached, of));
        }
    }

    /// Shows a search's layer ([`LayerBar::show`]); says first, unless
    /// quiet, that the search took it up from its checkpoint.
    pub fn layer(&self, l: LayerProgress) {
        if l.resumed && !self.quiet {
            self.bar.suspend(|| {
                eprintln!(
                    "{}: resumed from the checkpoint of layer {}",
                    self.name, l.distance
                )
            });
        }
        self.show(l.distance, l.reached, l.of);
    }

    /// Clears the bar (and stops the progress lines).
    pub fn finish(&self) {
        self.bar.finish_and_clear();
        if let Some(t) = &self.logged {
            t.stop();
        }
    }
}
