//! The input shapes shared by the fuzz tests (`tests/suite/fuzz.rs`) and the
//! long fuzz run (`examples/fuzz.rs`).

/// The characters the parsers give meaning to, and some they must refuse.
pub const ALPHABET: &[char] = &[
    '0',
    '1',
    '2',
    '3',
    '4',
    '5',
    '6',
    '7',
    '8',
    '9',
    '/',
    '_',
    '.',
    'x',
    'X',
    '×',
    ' ',
    ',',
    '(',
    ')',
    'A',
    'B',
    'C',
    'D',
    'E',
    'F',
    'a',
    'b',
    'c',
    'd',
    'e',
    'f',
    'W',
    'X',
    'Y',
    'Z',
    'w',
    'y',
    'z',
    'I',
    '#',
    '-',
    '+',
    '\n',
    '\r',
    '\t',
    '\0',
    '\u{1b}',
    '\u{7f}',
    '\u{338}',
    '\u{a0}',
    '\u{2003}',
    'é',
    '\u{10ffff}',
    // Alg notation and the puzzle files' own marks.
    '[',
    ']',
    ':',
    '\'',
    '{',
    '}',
    '"',
    '&',
    '*',
    'R',
    'U',
    '^',
    '⁻',
    '¹',
];

/// Whole tokens at the edges of what the parsers read.
pub const TOKENS: &[&str] = &[
    "",
    " ",
    "0",
    "1",
    "2",
    "15",
    "16",
    "17",
    "255",
    "256",
    "-1",
    "+3",
    "x",
    "3x3",
    "2x3",
    "4x4",
    "1x9",
    "0x0",
    "6x3074457345618258603",
    "3074457345618258603x6",
    "4294967296x4294967296",
    "18446744073709551615x18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999999999",
    "blank-last",
    "blank-first",
    "123/456/78_",
    "_12/345/678",
    "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0",
    "123/45_",
    "12/3_",
    "025/1_3/746",
    "102536",
    "(132)(67)",
    "()",
    "(",
    ")",
    "((",
    "I",
    "e",
    "ABCDWXYZ",
    "A\u{338}B",
    "102",
    "#",
    "\u{feff}",
];

/// Sizes and counts at the edges: small factorials, the 3×3 table's
/// length, and numbers near the limits of 32 and 64 bits.
pub const WIDE: &[u64] = &[
    0,
    1,
    2,
    12,
    16,
    17,
    37,
    120,
    360,
    3024,
    181_440,
    u32::MAX as u64,
    u64::MAX,
    u64::MAX - 43,
    u64::MAX - 19,
    1 << 63,
];

/// Rewrites a container image's checksum (bytes 40–47), so that the checks
/// behind it are reached.
pub fn fix_checksum(img: &mut [u8]) {
    if img.len() >= schofield::board::store::FIXED_HEADER {
        let sum = schofield::board::store::checksum(img);
        img[40..48].copy_from_slice(&sum.to_le_bytes());
    }
}

/// Boards to read arrangements on: every size from 2x2 to 4x4 and the
/// long thin ones.
pub fn boards() -> Vec<schofield::board::Board> {
    [
        "2x2", "2x3", "3x2", "2x4", "3x3", "2x5", "2x6", "3x4", "4x3", "3x5", "2x8", "4x4", "8x2",
    ]
    .iter()
    .map(|s| s.parse().unwrap())
    .collect()
}

/// Valid lookup-table images to damage: 2x2 and 2x3, both goals.
pub fn lookup_images() -> Vec<Vec<u8>> {
    use schofield::board::{Board, lookup::LookupTable};
    let mut out = Vec::new();
    for size in ["2x2", "2x3"] {
        let b: Board = size.parse().unwrap();
        for goal in [b.goal_blank_last(), b.goal_blank_first()] {
            out.push(LookupTable::try_build(b, goal).unwrap().to_bytes());
        }
    }
    out
}

/// Valid partition images to damage: small databases on 2x3 and 3x3 (a
/// partition is its databases; the named ones are for the 4x4 and too slow
/// here).
pub fn partition_images() -> Vec<Vec<u8>> {
    use schofield::board::Board;
    use schofield::search::pdb::{Partition, PatternDb};
    let mut out = Vec::new();
    for (size, sets) in [
        ("2x3", vec![vec![1u8, 2, 3], vec![4, 5]]),
        ("3x3", vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]]),
    ] {
        let b: Board = size.parse().unwrap();
        let goal = b.goal_blank_first();
        let dbs = sets
            .iter()
            .map(|t| PatternDb::build(&b, &goal, t))
            .collect();
        out.push(Partition { name: None, dbs }.to_bytes());
    }
    out
}
