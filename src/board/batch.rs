//! A batch of positions, one a line, as in Korf's list of 100 15-puzzle
//! instances: the cells in reading order (0 for the blank), optionally
//! after the instance's own number. Blank lines and lines starting with `#`
//! are skipped, except that a comment `# goal: NAME-OR-GRID` before the
//! first position declares the goal the batch is meant for
//! ([`Reader::goal`]), as Korf's list declares `blank-first`.
//!
//! The reader takes one line at a time and refuses a line longer than
//! [`MAX_LINE`] bytes, so an endless stream without line breaks is refused
//! after a few kilobytes instead of being read whole.
//!
//! ```
//! use schofield::board::Board;
//! use schofield::board::batch;
//! let b: Board = "2x2".parse().unwrap();
//! let text = "# two instances\n1 2 3 0\n\n7 0 1 2 3\n";
//! let batch = batch::read(text.as_bytes(), &b).unwrap();
//! let list = &batch.instances;
//! assert_eq!(list.len(), 2);
//! assert_eq!((list[1].number, list[1].line), (2, 4));
//! assert_eq!(b.format(&list[1].arrangement), "_1/23");
//! assert_eq!(batch.goal, None);
//! let declared = batch::read("# goal: blank-first\n1 2 3 0\n".as_bytes(), &b).unwrap();
//! assert_eq!(declared.goal, Some(schofield::board::goal::Goal::BlankFirst));
//! ```

use super::goal::Goal;
use super::{Arrangement, Board, BoardError};
use std::io::{BufRead, Read};

/// The longest line read, in bytes (without its line break).
pub const MAX_LINE: usize = 4096;

/// One position of a batch.
///
/// ```
/// use schofield::board::Board;
/// use schofield::board::batch::Instance;
/// let b: Board = "2x2".parse().unwrap();
/// let i = Instance { number: 1, line: 3, arrangement: b.goal_blank_last() };
/// assert_eq!(i.arrangement.list(), "1 2 3 0");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instance {
    /// Its place among the positions read, from 1 (any number written
    /// before the cells is not used).
    pub number: usize,
    /// The line it was read from, from 1.
    pub line: usize,
    /// The position.
    pub arrangement: Arrangement,
}

/// Why a batch could not be read. Each error names its line, from 1.
///
/// ```
/// use schofield::board::Board;
/// use schofield::board::batch::{self, BatchError};
/// let b: Board = "2x2".parse().unwrap();
/// let e = batch::read("1 2 3 0\n1 2 3\n".as_bytes(), &b).unwrap_err();
/// assert!(matches!(e, BatchError::Position { line: 2, .. }));
/// assert_eq!(e.to_string(), "line 2: 3 cells given; the board has 4");
/// assert!(matches!(batch::read("# none\n".as_bytes(), &b), Err(BatchError::Empty)));
/// ```
#[derive(Debug, thiserror::Error)]
pub enum BatchError {
    /// Reading failed.
    #[error("line {line}: {error}")]
    Io {
        /// The line being read.
        line: usize,
        /// The failure.
        error: std::io::Error,
    },
    /// A line longer than [`MAX_LINE`] bytes.
    #[error("line {line}: longer than {MAX_LINE} bytes; expected one position a line")]
    LineTooLong {
        /// The line.
        line: usize,
    },
    /// A line that is not UTF-8 text.
    #[error("line {line}: not UTF-8 text")]
    NotText {
        /// The line.
        line: usize,
    },
    /// A line that is not a position on the board.
    #[error("line {line}: {error}")]
    Position {
        /// The line.
        line: usize,
        /// What is wrong with it.
        error: BoardError,
    },
    /// Nothing but blank lines and comments.
    #[error("holds no positions")]
    Empty,
}

/// Reads the positions of `board` from `input`, one a line; the instances
/// are numbered from 1 in the order read. A line holds the board's cells,
/// or one more number (the instance's own number, skipped) and the cells.
pub fn read<R: BufRead>(input: R, board: &Board) -> Result<Batch, BatchError> {
    let mut reader = Reader::new(input, board);
    let instances = reader.by_ref().collect::<Result<Vec<_>, _>>()?;
    if instances.is_empty() {
        return Err(BatchError::Empty);
    }
    Ok(Batch {
        goal: reader.goal().cloned(),
        instances,
    })
}

/// A whole batch: its positions and the goal its header declares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Batch {
    /// The goal a `# goal:` comment before the first position declares.
    pub goal: Option<Goal>,
    /// The positions, in order.
    pub instances: Vec<Instance>,
}

impl Batch {
    /// The positions alone, in order.
    pub fn arrangements(self) -> Vec<Arrangement> {
        self.instances.into_iter().map(|i| i.arrangement).collect()
    }
}

/// The lines of a batch that hold something: blank lines and `#` comments
/// skipped (a `# goal:` comment before the first line is remembered), each
/// line trimmed and numbered from 1, a line longer than [`MAX_LINE`] bytes
/// or not UTF-8 refused. Every batch reader of the command line reads
/// through this one.
///
/// ```
/// use schofield::board::batch::Lines;
/// let mut lines = Lines::new("# goal: blank-first\n\n 102536 \n# more\n025/1_3/746\n".as_bytes());
/// let all: Vec<_> = lines.by_ref().map(Result::unwrap).collect();
/// assert_eq!(all, vec![(3, "102536".to_string()), (5, "025/1_3/746".to_string())]);
/// assert_eq!(lines.goal().map(|g| g.to_string()), Some("blank-first".to_string()));
/// ```
pub struct Lines<R> {
    input: R,
    line: usize,
    given: usize,
    done: bool,
    goal: Option<Goal>,
}

impl<R: BufRead> Lines<R> {
    /// The lines of `input`.
    pub fn new(input: R) -> Lines<R> {
        Lines {
            input,
            line: 0,
            given: 0,
            done: false,
            goal: None,
        }
    }

    /// The goal declared by a `# goal: …` comment before the first line
    /// that holds something, once that comment has been read.
    pub fn goal(&self) -> Option<&Goal> {
        self.goal.as_ref()
    }

    /// The next line that is neither blank nor a comment, trimmed; `None` at
    /// the end.
    fn next_line(&mut self) -> Result<Option<(usize, String)>, BatchError> {
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            self.line += 1;
            let line = self.line;
            // One byte more than the limit (plus the line break) tells a
            // line that is too long from one that just fits.
            let limit = (MAX_LINE + 2) as u64;
            let n = (&mut self.input)
                .take(limit)
                .read_until(b'\n', &mut bytes)
                .map_err(|error| BatchError::Io { line, error })?;
            if n == 0 {
                return Ok(None);
            }
            let ended = bytes.last() == Some(&b'\n');
            if ended {
                bytes.pop();
            }
            if bytes.last() == Some(&b'\r') {
                bytes.pop();
            }
            if bytes.len() > MAX_LINE {
                // The rest of the line is passed over, so that the next
                // line is read as the next line.
                if !ended {
                    // At most a megabyte more: a line with no end (an
                    // endless input) ends the batch here.
                    let limit = 1 << 20;
                    let skipped = (&mut self.input)
                        .take(limit)
                        .skip_until(b'\n')
                        .map_err(|error| BatchError::Io { line, error })?;
                    if skipped as u64 == limit {
                        self.done = true;
                    }
                }
                return Err(BatchError::LineTooLong { line });
            }
            let text = std::str::from_utf8(&bytes).map_err(|_| BatchError::NotText { line })?;
            // A byte-order mark some editors put first is not part of the line.
            let text = text.trim_start_matches('\u{feff}').trim();
            if let Some(comment) = text.strip_prefix('#') {
                let comment = comment.trim();
                let declared = comment
                    .get(..5)
                    .filter(|k| k.eq_ignore_ascii_case("goal:"))
                    .map(|_| comment[5..].trim());
                if let Some(g) = declared.filter(|_| self.given == 0) {
                    self.goal = Some(g.parse().unwrap_or_else(|e| match e {}));
                }
            } else if !text.is_empty() {
                self.given += 1;
                return Ok(Some((line, text.to_string())));
            }
        }
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = Result<(usize, String), BatchError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        match self.next_line() {
            Ok(Some(l)) => Some(Ok(l)),
            Ok(None) => {
                self.done = true;
                None
            }
            // A line too long or not text is that line's error; the
            // lines after it are still read. A failing input ends it all.
            Err(e @ (BatchError::LineTooLong { .. } | BatchError::NotText { .. })) => Some(Err(e)),
            Err(e) => {
                self.done = true;
                Some(Err(e))
            }
        }
    }
}

/// Reads the positions of a batch, one a line, lazily.
pub struct Reader<'b, R> {
    lines: Lines<R>,
    board: &'b Board,
    count: usize,
}

impl<'b, R: BufRead> Reader<'b, R> {
    /// A reader of `board`'s positions from `input`.
    pub fn new(input: R, board: &'b Board) -> Reader<'b, R> {
        Reader {
            lines: Lines::new(input),
            board,
            count: 0,
        }
    }

    /// The goal declared by a `# goal: …` comment before the first
    /// position, once that comment has been read.
    pub fn goal(&self) -> Option<&Goal> {
        self.lines.goal()
    }
}

impl<R: BufRead> Iterator for Reader<'_, R> {
    type Item = Result<Instance, BatchError>;

    fn next(&mut self) -> Option<Self::Item> {
        let (line, text) = match self.lines.next()? {
            Ok(l) => l,
            Err(e) => return Some(Err(e)),
        };
        let mut fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() == self.board.cells() + 1 {
            fields.remove(0);
        }
        Some(match self.board.parse_arrangement(&fields.join(" ")) {
            Ok(arrangement) => {
                self.count += 1;
                Ok(Instance {
                    number: self.count,
                    line,
                    arrangement,
                })
            }
            Err(error) => Err(BatchError::Position { line, error }),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn four() -> Board {
        "4x4".parse().unwrap()
    }

    #[test]
    fn korf_lines_with_and_without_numbers() {
        let text = "# Korf\r\n1 14 13 15 0 2 3 4 5 6 7 8 9 10 11 12 1\n\n   \n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0";
        let list = read(text.as_bytes(), &four()).unwrap().instances;
        assert_eq!(list.len(), 2);
        assert_eq!((list[0].number, list[0].line), (1, 2));
        assert_eq!((list[1].number, list[1].line), (2, 5));
        assert_eq!(list[1].arrangement, four().goal_blank_last());
    }

    #[test]
    fn an_endless_line_is_refused_after_a_few_kilobytes() {
        let zeros = std::io::BufReader::new(std::io::repeat(0));
        let e = read(zeros, &four()).unwrap_err();
        assert!(matches!(e, BatchError::LineTooLong { line: 1 }), "{e}");
        let spaces = std::io::BufReader::new(std::io::repeat(b' '));
        let e = read(spaces, &four()).unwrap_err();
        assert!(matches!(e, BatchError::LineTooLong { line: 1 }), "{e}");
        let fits = format!(
            "{}1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n",
            " ".repeat(MAX_LINE - 37)
        );
        assert_eq!(fits.len(), MAX_LINE + 1);
        assert_eq!(read(fits.as_bytes(), &four()).unwrap().instances.len(), 1);
        let long = format!(" {fits}");
        assert!(matches!(
            read(long.as_bytes(), &four()),
            Err(BatchError::LineTooLong { line: 1 })
        ));
    }

    #[test]
    fn errors_name_the_line() {
        let e = read("# x\n\n1 2 3\n".as_bytes(), &four()).unwrap_err();
        assert!(e.to_string().starts_with("line 3: 3 cells given"), "{e}");
        let e = read(&b"\xff\xfe\n"[..], &four()).unwrap_err();
        assert_eq!(e.to_string(), "line 1: not UTF-8 text");
        assert!(matches!(
            read("".as_bytes(), &four()),
            Err(BatchError::Empty)
        ));
    }
}
