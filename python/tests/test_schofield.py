"""The Python package against the figures the command line's tests assert:
Schofield's table (SPEC.md), the 2×2×2's distribution (OEIS A079761 and
A079762), the corner group's classes, the 3×3×3's order, and the one-line
errors of careless input."""

import pytest

import schofield

# Schofield's move-count table of the eight-puzzle (1967, Table 2; SPEC.md):
# positions, classes under D4 and classes with inverses at each minimum.
SCHOFIELD = [
    (0, 1, 1, 1),
    (4, 8, 1, 1),
    (6, 8, 1, 1),
    (8, 40, 6, 5),
    (10, 88, 11, 6),
    (12, 232, 29, 18),
    (14, 556, 70, 40),
    (16, 1254, 159, 94),
    (18, 2456, 312, 167),
    (20, 4020, 506, 278),
    (22, 5048, 638, 340),
    (24, 4121, 529, 298),
    (26, 1902, 248, 139),
    (28, 366, 49, 39),
    (30, 60, 12, 12),
]

# OEIS A079761 and A079762: the 2×2×2 in the face and quarter metrics.
A079761 = [1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644]
A079762 = [1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280, 276]


def test_schofields_table():
    table = schofield.counts("eight")
    rows = [(r["moves"], r["positions"], r["classes"], r["extended_classes"]) for r in table]
    assert rows == SCHOFIELD
    assert table.total() == {"positions": 20160, "classes": 2572, "extended_classes": 1439}
    text = str(table)
    assert text.splitlines()[-1].split() == ["total", "20", "160", "2", "572", "1", "439"]


def test_the_2x2x2_in_both_metrics():
    face = schofield.counts("2x2x2")
    assert [r["positions"] for r in face] == A079761
    quarter = schofield.counts("2x2x2", metric="quarter")
    assert [r["positions"] for r in quarter] == A079762


def test_arrays_for_numpy():
    numpy = pytest.importorskip("numpy")
    arrays = schofield.counts("2x2x2").arrays()
    assert arrays["positions"].dtype == numpy.uint64
    assert arrays["positions"].sum() == 3674160
    assert list(arrays["moves"]) == list(range(12))
    assert set(arrays) == {"moves", "positions", "classes", "extended_classes"}


def test_the_corner_group_by_classes():
    # The two-bit search by classes, as `counts --puzzle corners` runs it.
    assert schofield.counts("corners").total() == {
        "positions": 88179840,
        "classes": 1841970,
        "extended_classes": 934778,
    }


def test_a_file_with_its_symmetries_found():
    cube = schofield.Puzzle("tests/fixtures/twsearch/samples/main/2x2x2.tws")
    assert (cube.symmetries, cube.symmetries_found) == (48, 48)
    assert cube.counts().total()["positions"] == 88179840
    plain = schofield.Puzzle("tests/fixtures/twsearch/samples/main/2x2x2.tws", symmetries="none")
    assert plain.symmetries_found == 0


def test_group_orders():
    assert schofield.group_order("3x3x3") == 43252003274489856000
    assert schofield.group_order("3x3x3", generators=["U", "D", "R2", "L2", "F2", "B2"]) == 19508428800
    # One commutator makes a cyclic group: [R, U] has order 6.
    assert schofield.group_order("2x2x2", generators="[R, U]") == 6


def test_solutions_and_starting_moves():
    # Schofield's example position 102536: 20 moves, starting with W or Z,
    # two minimal paths (README.md).
    eight = schofield.solve("eight", "102536", all=True)
    assert (eight["moves"], eight["starting_twists"]) == (20, ["W", "Z"])
    assert eight["minimal_path_count"] == 2
    cube = schofield.Puzzle("2x2x2")
    sol = cube.solve("R U")
    assert (sol["moves"], sol["specimen"], sol["minimal_path_count"]) == (2, "U' R'", 4)
    every = cube.solve("R U", all=True)
    assert len(every["minimal_paths"]) == 4
    assert "minimum          2 moves" in cube.solve_text("R U")


def test_classes():
    cube = schofield.Puzzle("2x2x2")
    number = cube.class_of("R U")
    record = cube.class_members(number)
    assert record["size"] == 12 and len(record["members"]) == 12
    # In the cube's words, as the command line's `classes N` gives them.
    assert "position_number" in record and "starting_moves" in record
    assert "sequence_number" not in record and "starting_twists" not in record
    assert schofield.class_members("eight", 3)["size"] == 8


def test_drawings():
    board = schofield.svg("eight", "102536")
    assert board.startswith("<svg") and "20 moves" in board
    cube = schofield.svg("2x2x2", "R U")
    assert cube.count("<polygon") == 24 and "white" in cube
    chart = schofield.svg("2x2x2")
    assert chart.startswith("<svg") and "2x2x2" in chart


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: schofield.Puzzle("nope"), 'no puzzle is called "nope"'),
        (lambda: schofield.Puzzle("2x2x2", metric="half"), 'metric "half": expected "face" or "quarter"'),
        (lambda: schofield.Puzzle("2x2x2", symmetries="all"), 'symmetries "all": expected "found" or "none"'),
        (lambda: schofield.Puzzle("2x2x2", generators=["Q"]), 'no move is called "Q"'),
        (lambda: schofield.solve("2x2x2", "Q"), "unknown move 'Q'"),
        (lambda: schofield.svg("tests/fixtures/twsearch/3x3x3.tws", "U"), "the PuzzleGeometryPuzzle has neither"),
        (lambda: schofield.class_members("2x2x2", 99999), "class 99999 does not exist"),
        (lambda: schofield.counts("2x2x2", max_memory=1), "more than the 1 048 576 allowed"),
        (lambda: schofield.counts("2x2x2", max_memory=2**62), "max_memory 4611686018427387904: expected megabytes"),
        (lambda: schofield.counts("3x3x3"), "too large to search"),
    ],
)
def test_careless_input_gets_one_line(call, message):
    with pytest.raises(ValueError) as e:
        call()
    assert message in str(e.value)
    assert "\n" not in str(e.value)
