//! What the generated tables under `tables/` are made from, computed once:
//! the analyses of Schofield's two puzzles, the duplicate walks of the
//! blank, and the census of every board of up to ten cells. The views in
//! [`crate::render::generated`] are given these and only write them.
//!
//! ```
//! let sources = schofield::generated::Sources::compute();
//! assert_eq!(sources.eight.positions(), 20_160);
//! let tables = schofield::render::generated::generated(&sources);
//! assert_eq!(tables[0].0, "counts.txt");
//! ```

use crate::board::census::{self, CaseResult};
use crate::method::analysis::{Analysis, Options};
use crate::puzzle::library;
use crate::search::duplicates::{self, Pair};

/// The results the generated tables show.
pub struct Sources {
    /// The eight-puzzle's analysis.
    pub eight: Analysis,
    /// The five-puzzle's analysis.
    pub five: Analysis,
    /// The duplicate walks of the blank that IDA* prunes.
    pub walks: Vec<Pair>,
    /// Every board of up to 10 cells, each home cell up to symmetry.
    pub boards: Vec<CaseResult>,
}

/// The analysis of a library puzzle of Schofield's.
fn analysed(name: &str) -> Analysis {
    let p = library::get(name).expect("the library has Schofield's puzzles");
    Analysis::new(p, &Options::default(), &|_| {}).expect("Schofield's puzzles analyse")
}

impl Sources {
    /// Computes them all (a few seconds: most of it the census).
    pub fn compute() -> Sources {
        Sources {
            eight: analysed("eight"),
            five: analysed("five"),
            walks: duplicates::find(duplicates::MAX_MOVES),
            boards: census::cases(10)
                .iter()
                .map(|case| {
                    census::analyse(case, &|_| {}).expect("boards of up to 10 cells fit in memory")
                })
                .collect(),
        }
    }
}
