"""Permutation puzzles as permutation groups, from Python.

The same library as the ``schofield`` command line (compiled into
``schofield._schofield``): Schofield's complete solution of the
eight-puzzle, God's algorithm by classes for any puzzle of the library or
of a file (our YAML, twsearch's ``.tws``, KPuzzle JSON), minimal solutions,
classes, group orders and drawings.

>>> import schofield
>>> table = schofield.counts("eight")
>>> table.total()
{'positions': 20160, 'classes': 2572, 'extended_classes': 1439}
>>> schofield.group_order("3x3x3")
43252003274489856000
"""

import json as _json

from ._schofield import Puzzle as _Compiled
from ._schofield import puzzle_names as _puzzle_names

__all__ = [
    "Counts",
    "Puzzle",
    "class_members",
    "counts",
    "group_order",
    "puzzles",
    "solve",
    "svg",
]

_COLUMNS = ("moves", "positions", "classes", "extended_classes")


def puzzles():
    """The names of the library's puzzles (``schofield puzzles``)."""
    return list(_puzzle_names())


class Counts:
    """A puzzle's move-count table: for each minimum number of moves, the
    positions that need exactly that many and, where they were searched,
    their classes under the puzzle's symmetries and the classes with
    inverses (Schofield's table for the eight-puzzle).

    ``print()`` shows it as ``schofield counts`` does; ``rows`` is a list of
    dicts, one a row; ``arrays()`` gives one numpy array a column.
    """

    def __init__(self, name, rows, text):
        self.name = name
        self.rows = rows
        self._text = text

    def __str__(self):
        return self._text

    def __repr__(self):
        return self._text

    def __len__(self):
        return len(self.rows)

    def __iter__(self):
        return iter(self.rows)

    def __getitem__(self, i):
        return self.rows[i]

    def columns(self):
        """The columns present: ``moves`` and ``positions``, and the class
        counts when they were searched."""
        return [c for c in _COLUMNS if self.rows and c in self.rows[0]]

    def total(self):
        """The sum of each count column."""
        return {c: sum(r[c] for r in self.rows) for c in self.columns() if c != "moves"}

    def arrays(self):
        """One numpy array (``uint64``) a column, by name. Needs numpy."""
        try:
            import numpy
        except ImportError as e:
            raise ImportError("Counts.arrays() needs numpy: pip install numpy") from e
        return {c: numpy.array([r[c] for r in self.rows], dtype=numpy.uint64) for c in self.columns()}


class Puzzle:
    """A puzzle of the library (``"eight"``, ``"2x2x2"``, ``"corners"``, …)
    or of a file, with the metric and generators its searches use.

    ``metric`` is ``"face"`` or ``"quarter"`` (the puzzle's own when
    omitted); ``generators`` a list of move names or algs (``["U2", "R2"]``,
    ``"[R, U]"``); ``symmetries="none"`` turns off the symmetries found from
    the moves of a file that declares none; ``max_memory`` is in megabytes.
    Errors are ``ValueError`` with the command line's one-line message.

    >>> cube = Puzzle("2x2x2")
    >>> cube.solve("R U")["moves"]
    2
    """

    def __init__(self, name, metric=None, generators=None, symmetries="found", max_memory=None):
        if isinstance(generators, str):
            generators = [generators]
        self._p = _Compiled(name, metric, generators, symmetries, max_memory)

    @property
    def name(self):
        """Its name."""
        return self._p.name

    @property
    def symmetries(self):
        """How many symmetries its classes are taken under."""
        return self._p.symmetry_count

    @property
    def symmetries_found(self):
        """How many of them were found from the moves (0: declared)."""
        return self._p.symmetries_found

    def moves(self):
        """The names of the moves of its metric."""
        return self._p.moves()

    def group_order(self):
        """The order of the group its generators make (exact)."""
        return int(self._p.group_order())

    def counts(self):
        """Its move-count table (:class:`Counts`)."""
        rows = _json.loads(self._p.counts_json())
        return Counts(self.name, rows, self._p.counts_text())

    def solve(self, position, all=False):
        """A position's minimum, a specimen minimal solution and the moves
        that start one, as ``solve --format json`` gives them (a dict); with
        ``all=True``, every minimal solution. ``position`` is the puzzle's
        notation or moves from the goal."""
        return _json.loads(self._p.solve(position, all, "json"))

    def solve_text(self, position, all=False):
        """:meth:`solve` as the command line's text."""
        return self._p.solve(position, all, "text")

    def class_of(self, position):
        """The number of a position's class."""
        return self._p.class_of(position)

    def class_members(self, number, inverses=False):
        """Class ``number`` (with ``inverses=True``, the extended class) with
        its members listed, as ``classes N --format json`` gives it."""
        records = _json.loads(self._p.class_record(number, inverses, "json"))
        return records[0] if isinstance(records, list) else records

    def svg(self, position=None):
        """An SVG drawing: the position as the puzzle's net of stickers or on
        its layout, or without one the move-count table as a chart."""
        if position is None:
            return self._p.counts_svg()
        return self._p.position_svg(position)

    def __repr__(self):
        return f"schofield.Puzzle({self.name!r})"


def _puzzle(puzzle):
    return puzzle if isinstance(puzzle, Puzzle) else Puzzle(puzzle)


def counts(puzzle, **options):
    """The move-count table of a puzzle (a name, a file or a
    :class:`Puzzle`); ``options`` as :class:`Puzzle` takes them."""
    return (Puzzle(puzzle, **options) if options else _puzzle(puzzle)).counts()


def solve(puzzle, position, all=False):
    """A position's minimal solutions (:meth:`Puzzle.solve`)."""
    return _puzzle(puzzle).solve(position, all)


def class_members(puzzle, number, inverses=False):
    """A class with its members (:meth:`Puzzle.class_members`)."""
    return _puzzle(puzzle).class_members(number, inverses)


def group_order(puzzle, **options):
    """The order of a puzzle's group (:meth:`Puzzle.group_order`)."""
    return (Puzzle(puzzle, **options) if options else _puzzle(puzzle)).group_order()


def svg(puzzle, position=None):
    """An SVG drawing (:meth:`Puzzle.svg`)."""
    return _puzzle(puzzle).svg(position)
