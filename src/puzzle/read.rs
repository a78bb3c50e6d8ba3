//! Reading a puzzle: from the library by name, or from a file in any of the
//! three formats, told apart by extension and then by content. A file is
//! checked to be a regular file of at most [`MAX_FILE`] bytes before it is
//! read, so a FIFO, a device or a huge file is refused at once.
//!
//! ```
//! use schofield::puzzle::read::{self, FileFormat};
//! assert_eq!(read::format_of("cube.tws", "Set CORNERS 8 3"), FileFormat::Tws);
//! assert_eq!(read::format_of("x", "{\"orbits\": []}"), FileFormat::Kpuzzle);
//! assert_eq!(read::format_of("x.yaml", "name: x"), FileFormat::Yaml);
//! let p = read::puzzle("five").unwrap();
//! assert_eq!(p.name(), "five-puzzle");
//! ```

use super::{DefinitionError, Puzzle, kpuzzle, library, tws, yaml};
use crate::text::quoted;
use std::io::Read;
use std::path::Path;

/// The largest puzzle file read.
pub const MAX_FILE: u64 = 16 << 20;

/// A puzzle file's format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileFormat {
    /// Our YAML.
    Yaml,
    /// twsearch's (and ksolve's) `.tws`.
    Tws,
    /// cubing.js's KPuzzle JSON.
    Kpuzzle,
}

/// Why a puzzle could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// Neither a library puzzle nor a readable file.
    #[error("no puzzle is called {}, and {}; the library has {library}", quoted(.name), .problem)]
    NotFound {
        /// What was given.
        name: String,
        /// Why it is not a file.
        problem: String,
        /// The library's names.
        library: String,
    },
    /// Not a regular file.
    #[error("{} is not a regular file; expected a puzzle file (.yaml, .tws or .json)", quoted(.0))]
    NotRegular(String),
    /// Too large.
    #[error("{} has {size} bytes; a puzzle file has at most {MAX_FILE}", crate::text::quoted_path(.path))]
    TooLarge {
        /// The file.
        path: String,
        /// Its size.
        size: u64,
    },
    /// Not UTF-8.
    #[error("{} is not UTF-8 text", quoted(.0))]
    NotText(String),
    /// A format's reader refused it.
    #[error("{}: {}", crate::text::quoted_path(.path), .problem)]
    Syntax {
        /// The file.
        path: String,
        /// What its reader said.
        problem: String,
    },
    /// The definition is not a puzzle.
    #[error("{}: {}", crate::text::quoted_path(.path), .error)]
    Definition {
        /// The file.
        path: String,
        /// What is wrong.
        error: DefinitionError,
    },
}

/// The format of a file: by its extension, else by its first
/// non-blank character (`{` for JSON) or a `Set` line (`.tws`).
pub fn format_of(path: &str, text: &str) -> FileFormat {
    let lower = path.to_lowercase();
    if lower.ends_with(".tws") || lower.ends_with(".ksolve") || lower.ends_with(".def") {
        FileFormat::Tws
    } else if lower.ends_with(".json") {
        FileFormat::Kpuzzle
    } else if lower.ends_with(".yaml") || lower.ends_with(".yml") {
        FileFormat::Yaml
    } else if text.trim_start().starts_with('{') {
        FileFormat::Kpuzzle
    } else if text.lines().any(|l| {
        l.split_whitespace()
            .next()
            .is_some_and(|w| w.eq_ignore_ascii_case("Set"))
    }) {
        FileFormat::Tws
    } else {
        FileFormat::Yaml
    }
}

/// Reads the text of a puzzle in `format`; `path` names it in messages
/// (and gives the name when the file has none).
pub fn parse(path: &str, text: &str, format: FileFormat) -> Result<Puzzle, ReadError> {
    let syntax = |problem: String| ReadError::Syntax {
        path: path.to_string(),
        problem,
    };
    let stem = Path::new(path)
        .file_stem()
        .and_then(|s| s.to_str())
        .map(|s| s.trim_end_matches(".kpuzzle").to_string())
        .unwrap_or_default();
    let mut def = match format {
        FileFormat::Yaml => yaml::read(text).map_err(|e| syntax(e.to_string()))?,
        FileFormat::Tws => tws::read(text).map_err(|e| syntax(e.to_string()))?,
        FileFormat::Kpuzzle => kpuzzle::read(text).map_err(|e| syntax(e.to_string()))?,
    };
    if def.name.is_empty() {
        def.name = stem;
    }
    Puzzle::new(def).map_err(|error| ReadError::Definition {
        path: path.to_string(),
        error,
    })
}

/// A puzzle by library name (`eight`, `2x2x2`) or file path.
pub fn puzzle(name_or_path: &str) -> Result<Puzzle, ReadError> {
    if let Some(p) = library::get(name_or_path) {
        return Ok(p);
    }
    let text = file_text(name_or_path)?;
    parse(name_or_path, &text, format_of(name_or_path, &text))
}

/// The stickers of a drawing file: cubing.js's SVG picture of a puzzle
/// ([`super::kpuzzle_svg`]), each with its id, read with the checks of
/// [`file_text`].
pub fn drawing(path: &str) -> Result<Vec<(String, super::drawing::StickerDef)>, ReadError> {
    let syntax = |problem: String| ReadError::Syntax {
        path: path.to_string(),
        problem,
    };
    let expected = "expected cubing.js's SVG picture of the puzzle";
    let text = file_text(path).map_err(|e| {
        syntax(match e {
            ReadError::NotFound { problem, .. } => format!("{problem}; {expected}"),
            ReadError::NotRegular(_) => format!("not a regular file; {expected}"),
            ReadError::TooLarge { size, .. } => {
                format!("{size} bytes; a drawing has at most {MAX_FILE}")
            }
            _ => format!("not UTF-8 text; {expected}"),
        })
    })?;
    super::kpuzzle_svg::named_stickers(&text).map_err(syntax)
}

/// The text of a puzzle file, checked as [`puzzle`] checks it (a regular
/// file of at most [`MAX_FILE`] bytes of UTF-8).
pub fn file_text(name_or_path: &str) -> Result<String, ReadError> {
    let not_found = |problem: String| ReadError::NotFound {
        name: name_or_path.to_string(),
        problem,
        library: library::names().join(", "),
    };
    let path = Path::new(name_or_path);
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) => {
            return Err(not_found(match e.kind() {
                std::io::ErrorKind::NotFound => "no file has that name".to_string(),
                _ => format!("the file cannot be read ({})", e.kind()),
            }));
        }
    };
    if !meta.is_file() {
        return Err(ReadError::NotRegular(name_or_path.to_string()));
    }
    if meta.len() > MAX_FILE {
        return Err(ReadError::TooLarge {
            path: name_or_path.to_string(),
            size: meta.len(),
        });
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_FILE + 1).read_to_end(&mut bytes))
        .map_err(|e| not_found(format!("the file cannot be read ({})", e.kind())))?;
    String::from_utf8(bytes).map_err(|_| ReadError::NotText(name_or_path.to_string()))
}
