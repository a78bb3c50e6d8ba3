//! The generated tables committed under `tables/`: their names and the
//! text the code produces for them now, from the results
//! [`crate::generated::Sources`] computes. A test compares the two byte for
//! byte, and `schofield regenerate` rewrites them.
//!
//! ```
//! let sources = schofield::generated::Sources::compute();
//! let tables = schofield::render::generated::generated(&sources);
//! let (name, text) = &tables[0];
//! assert_eq!(name, "counts.txt");
//! assert!(text.contains("20 160"));
//! ```

use crate::generated::Sources;
use crate::method::five;
use crate::method::table::{Dictionary, Tabulation, class_dictionary};
use crate::render::render_pages;
use crate::render::words::Words;
use crate::render::{Format, render_classes, render_counts, render_five_report};
use crate::search::duplicates;

/// Every generated table as `(path under tables/, contents)`.
pub fn generated(sources: &Sources) -> Vec<(String, String)> {
    let eight = &sources.eight;
    let counts = |format| render_counts(&eight.move_counts(), format).expect("serialisable");
    let mut files = vec![
        ("counts.txt".to_string(), counts(Format::Text)),
        ("counts.csv".to_string(), counts(Format::Csv)),
        ("counts.json".to_string(), counts(Format::Json)),
        (
            "eight-puzzle-tables.txt".to_string(),
            render_pages(
                &Tabulation::new(eight, false).expect("the eight-puzzle has code numbers"),
            ),
        ),
        (
            "classes.csv".to_string(),
            render_classes(
                &class_dictionary(
                    eight,
                    Dictionary {
                        members: true,
                        ..Dictionary::default()
                    },
                )
                .expect("classes"),
                Words::of_analysis(eight),
                Format::Csv,
            )
            .expect("serialisable"),
        ),
        (
            "classes-extended.csv".to_string(),
            render_classes(
                &class_dictionary(
                    eight,
                    Dictionary {
                        extended: true,
                        members: true,
                        ..Dictionary::default()
                    },
                )
                .expect("positions have inverses"),
                Words::of_analysis(eight),
                Format::Csv,
            )
            .expect("serialisable"),
        ),
        ("five-puzzle.txt".to_string(), {
            let a = &sources.five;
            render_five_report(
                a,
                &five::binary_trees(a, 6),
                &five::cycle_type_classes(a),
                &five::bound(a, eight),
                super::Format::Text,
            )
            .expect("serialisable")
        }),
    ];
    files.push((
        "duplicates.txt".to_string(),
        duplicates::render(&sources.walks),
    ));
    // Every board of up to 10 cells, each home cell up to symmetry.
    for r in &sources.boards {
        files.push((
            format!("boards/{}-home-{}.txt", r.board, r.home),
            crate::render::case_text(r),
        ));
    }
    files
}
