#!/usr/bin/env python3
"""The moves of the library's cubes and Pyraminx, computed from coordinates.

    python3 scripts/geometry.py cube-corners   # 2x2x2.yaml, corners.yaml
    python3 scripts/geometry.py cube           # 3x3x3.yaml (corners and edges)
    python3 scripts/geometry.py cube-half      # squares.yaml's half turns
    python3 scripts/geometry.py pyraminx       # pyraminx.yaml
    python3 scripts/geometry.py pyraminx-net   # pyraminx.yaml's drawing

Each piece sits at a point in space, with its stickers' outward normals in
a fixed order: the reference sticker first, then clockwise round the piece
seen from outside. A turn is a rotation matrix applied to the pieces on one
side of a plane. For each slot the script prints where its new piece comes
from and how far that piece turns: the index, in the new slot's order, of
the normal the old reference sticker lands on (KPuzzle's convention, as in
docs/puzzles.md). The lines are the YAML of data/puzzles/; a mirror's lines
need `mirror: true` added, which the files have.
"""
import sys


def app(m, v):
    return tuple(sum(m[i][j] * v[j] for j in range(3)) for i in range(3))


def mul(a, b):
    return tuple(tuple(sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)) for i in range(3))


def cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def clockwise(normals, p):
    """The normals after the first, in clockwise order round point p."""
    order = [normals[0]]
    while len(order) < len(normals):
        nxt = [n for n in normals if n not in order and dot(cross(order[-1], n), p) < 0]
        order.append(nxt[0])
    return order


def orbit_map(points, faces_of, m, moved):
    """Source slot and orientation gain of each slot under matrix m."""
    src, gain = list(range(len(points))), [0] * len(points)
    for j, p in enumerate(points):
        if moved(p):
            i = points.index(app(m, p))
            src[i] = j
            gain[i] = faces_of(points[i]).index(app(m, faces_of(p)[0]))
    return src, gain


def cycles_of(src):
    dest = [0] * len(src)
    for i, j in enumerate(src):
        dest[j] = i
    seen, out = set(), []
    for s in range(len(src)):
        if s in seen or dest[s] == s:
            seen.add(s)
            continue
        c, x = [], s
        while x not in seen:
            seen.add(x)
            c.append(x)
            x = dest[x]
        out.append("(" + ",".join(map(str, c)) + ")")
    return "".join(out) or "()"


def line(name, orbits, m, moved):
    cyc, ori = [], []
    for oname, points, faces_of in orbits:
        src, gain = orbit_map(points, faces_of, m, moved)
        if cycles_of(src) != "()":
            cyc.append(f'{oname}: "{cycles_of(src)}"')
        if any(gain):
            ori.append(f'{oname}: [{", ".join(map(str, gain))}]')
    parts = ["cycles: {" + ", ".join(cyc) + "}"] if cyc else []
    if ori:
        parts.append("orientation: {" + ", ".join(ori) + "}")
    return f"  {name}: {{{', '.join(parts)}}}"


# The cube: x right, y up, z front; a corner's reference sticker is its U
# or D one, an edge's its U/D one, else its F/B one.
FACE = {"U": (0, 1, 0), "D": (0, -1, 0), "R": (1, 0, 0), "L": (-1, 0, 0), "F": (0, 0, 1), "B": (0, 0, -1)}
CORNERS = ["URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"]
EDGES = ["UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR"]


def at(name):
    return tuple(sum(FACE[c][i] for c in name) for i in range(3))


def cube_faces(points_names):
    by_point = {}
    for name in points_names:
        normals = [FACE[c] for c in name]
        ud = [n for n in normals if n[1] != 0]
        ref = ud[0] if ud else [n for n in normals if n[2] != 0][0]
        rest = [n for n in normals if n != ref]
        ordered = [ref] + rest
        by_point[at(name)] = clockwise(ordered, at(name)) if len(normals) == 3 else ordered
    return lambda p: by_point[p]


def quarter(axis, q):
    c, s = [1, 0, -1, 0][q % 4], [0, 1, 0, -1][q % 4]
    return {
        (1, 0, 0): ((1, 0, 0), (0, c, -s), (0, s, c)),
        (0, 1, 0): ((c, 0, s), (0, 1, 0), (-s, 0, c)),
        (0, 0, 1): ((c, -s, 0), (s, c, 0), (0, 0, 1)),
    }[axis]


# A face turns clockwise seen from outside: a negative quarter about an
# outward positive axis, a positive one about a negative axis.
TURN = {"U": ((0, 1, 0), -1), "D": ((0, 1, 0), 1), "R": ((1, 0, 0), -1), "L": ((1, 0, 0), 1), "F": ((0, 0, 1), -1), "B": ((0, 0, 1), 1)}


def cube(which):
    orbits = [("CORNERS", [at(c) for c in CORNERS], cube_faces(CORNERS))]
    if which != "cube-corners":
        orbits.append(("EDGES", [at(e) for e in EDGES], cube_faces(EDGES)))
    amount = 2 if which == "cube-half" else 1
    print("moves:")
    for f in "URFDLB":
        axis, q = TURN[f]
        print(line(f + ("2" if amount == 2 else ""), orbits, quarter(axis, q * amount), lambda p, f=f: dot(p, FACE[f]) > 0))
    print("rotations (x, y, z turn the whole cube as R, U, F turn a face):")
    for name, axis in (("x", (1, 0, 0)), ("y", (0, 1, 0)), ("z", (0, 0, 1))):
        print(line(name, orbits, quarter(axis, -1), lambda p: True))
    print("the mirror (swaps L and R; add mirror: true):")
    print(line("mirror", orbits, ((-1, 0, 0), (0, 1, 0), (0, 0, 1)), lambda p: True))


# The Pyraminx: vertices of a tetrahedron; a face is named by the vertex
# opposite it; axial pieces sit at the vertices, edges at the midpoints.
V = {"U": (1, 1, 1), "L": (-1, -1, 1), "R": (1, -1, -1), "B": (-1, 1, -1)}
ORDER = ["U", "L", "R", "B"]
EDGE_NAMES = ["UL", "UR", "UB", "LR", "LB", "RB"]
OPPOSITE = {w: tuple(-x for x in V[w]) for w in ORDER}


def mid(n):
    return tuple((a + b) // 2 for a, b in zip(V[n[0]], V[n[1]]))


VERTICES_OF = {V[w]: w for w in ORDER}
VERTICES_OF.update({mid(n): n for n in EDGE_NAMES})


def pyraminx_faces(p):
    faces = [OPPOSITE[w] for w in ORDER if w not in VERTICES_OF[p]]
    return faces if len(faces) == 2 else clockwise(faces, p)


def third_about(v):
    """A third of a turn clockwise, seen from outside vertex v."""
    d = ((v[0], 0, 0), (0, v[1], 0), (0, 0, v[2]))
    return mul(mul(d, ((0, 1, 0), (0, 0, 1), (1, 0, 0))), d)


def pyraminx():
    orbits = [("AXIAL", [V[w] for w in ORDER], pyraminx_faces), ("EDGES", [mid(n) for n in EDGE_NAMES], pyraminx_faces)]
    print("moves:")
    for w in ORDER:
        print(line(w, orbits, third_about(V[w]), lambda p, w=w: dot(p, V[w]) > 0))
    print("symmetry generators:")
    print(line("turn about U", orbits, third_about(V["U"]), lambda p: True))
    print(line("turn about L", orbits, third_about(V["L"]), lambda p: True))
    print(line("mirror", orbits, ((0, 1, 0), (1, 0, 0), (0, 0, 1)), lambda p: True))


# The Pyraminx's net, as seen from outside: the front face (the one
# opposite B, corners U, L, R) points up in the middle; the faces opposite
# R (left), L (right) and U (below) fold out from its sides, so the net is
# one big triangle with B at its three corners. Each face is cut into nine
# small triangles: three tips (not pieces here: they keep their colour),
# three axial stickers (the triangles pointing the other way, each next to
# a tip) and three edge stickers (at the middle of each side).
ROW = 3 ** 0.5 / 2
NET = {
    "B": ({"U": (3, 0), "L": (1.5, 3 * ROW), "R": (4.5, 3 * ROW)}, "#009e60"),
    "R": ({"U": (3, 0), "L": (1.5, 3 * ROW), "B": (0, 0)}, "#c41e3a"),
    "L": ({"U": (3, 0), "R": (4.5, 3 * ROW), "B": (6, 0)}, "#0051ba"),
    "U": ({"L": (1.5, 3 * ROW), "R": (4.5, 3 * ROW), "B": (3, 6 * ROW)}, "#ffd500"),
}


def pyraminx_net():
    print("drawing:")
    for face, (corners, colour) in NET.items():
        names = list(corners)
        p3 = [V[w] for w in names]
        q = [corners[w] for w in names]
        # Seen from outside: the net's turn from corner to corner (y down)
        # agrees with the face's about its outward normal.
        edge3 = [tuple(p3[k][i] - p3[0][i] for i in range(3)) for k in (1, 2)]
        area3 = dot(cross(edge3[0], edge3[1]), OPPOSITE[face])
        area2 = (q[1][0] - q[0][0]) * (q[0][1] - q[2][1]) - (q[0][1] - q[1][1]) * (q[2][0] - q[0][0])
        assert area3 * area2 > 0, face
        triangles = [[(i, j), (i + 1, j), (i, j + 1)] for i in range(3) for j in range(3 - i)]
        triangles += [[(i + 1, j), (i, j + 1), (i + 1, j + 1)] for i in range(2) for j in range(2 - i)]
        for tri in triangles:
            # Weights of the face's corners at the triangle's centre, in ninths.
            b = sum(i for i, _ in tri)
            c = sum(j for _, j in tri)
            weight = {names[0]: 9 - b - c, names[1]: b, names[2]: c}
            points = " ".join(
                "{:g},{:g}".format(*(round(q[0][k] + (i * (q[1][k] - q[0][k]) + j * (q[2][k] - q[0][k])) / 3, 4) for k in (0, 1)))
                for i, j in tri
            )
            big = [w for w in names if weight[w] >= 5]
            if big and weight[big[0]] == 7:
                print(f'  - {{colour: "{colour}", points: "{points}"}}')
                continue
            if big:
                slot, where = f"AXIAL:{ORDER.index(big[0])}", V[big[0]]
            else:
                pair = "".join(w for w in ORDER if weight.get(w) == 4)
                slot, where = f"EDGES:{EDGE_NAMES.index(pair)}", mid(pair)
            facelet = pyraminx_faces(where).index(OPPOSITE[face])
            print(f'  - {{slot: {slot}, facelet: {facelet}, colour: "{colour}", points: "{points}"}}')


if __name__ == "__main__":
    which = sys.argv[1] if len(sys.argv) > 1 else ""
    if which in ("cube", "cube-corners", "cube-half"):
        cube(which)
    elif which == "pyraminx":
        pyraminx()
    elif which == "pyraminx-net":
        pyraminx_net()
    else:
        sys.exit(__doc__)
