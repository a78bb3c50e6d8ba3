#!/usr/bin/env python3
"""Writes a GAP program that counts a subgroup of Rubik's cube up to
symmetry by Burnside's lemma, as a check on `schofield counts` that shares
none of its code or tables.

    python3 scripts/burnside.py [--corners | --edges] [--axis] MOVES | gap -q

MOVES are face turns and their powers, separated by commas (U,D,R2,L2,F2,B2
is Kociemba's group H). The cube is built here from 3-D coordinates: each
sticker is a cubie's position and its face's normal, a face turn rotates the
stickers of its layer, and a symmetry is one of the 48 signed permutation
matrices (rotations and mirrors), acting on positions and normals alike.
With --corners only the corners' stickers are kept, with --edges only
the edges' (the edge group of race/3x3x3-edges.yaml); with --axis only the 16
symmetries that keep the U-D axis are taken, else those of the 48 that map
the moves' group onto itself (the moves' set up to inverses).

GAP prints the group's order, then its classes under conjugation by the
symmetries S: the mean over s in S of |C_G(s)|, the elements that s fixes.
"""
import itertools
import sys

AXES = {"R": (0, 1), "L": (0, -1), "U": (1, 1), "D": (1, -1), "F": (2, 1), "B": (2, -1)}


def stickers(corners_only, edges_only=False):
    out = []
    for p in itertools.product((-1, 0, 1), repeat=3):
        moving = sum(1 for c in p if c)
        if moving < 2 or (corners_only and moving < 3) or (edges_only and moving != 2):
            continue  # the core and the centres do not move
        for axis in range(3):
            if p[axis]:
                n = [0, 0, 0]
                n[axis] = p[axis]
                out.append((p, tuple(n)))
    return out


def apply(m, v):
    return tuple(sum(m[r][c] * v[c] for c in range(3)) for r in range(3))


def turn(name):
    """The map of stickers of a face turn such as U, U2 or U'."""
    face, rest = name[0], name[1:]
    axis, layer = AXES[face]
    times = {"": 1, "2": 2, "'": 3}[rest]
    a, b = [i for i in range(3) if i != axis]
    # A quarter turn clockwise seen from the face's side.
    m = [[int(r == c) for c in range(3)] for r in range(3)]
    m[a][a] = m[b][b] = 0
    m[a][b], m[b][a] = (-1, 1) if layer < 0 else (1, -1)
    def f(s):
        p, n = s
        for _ in range(times):
            if p[axis] == layer:
                p, n = apply(m, p), apply(m, n)
        return (p, n)
    return f


def main():
    args = sys.argv[1:]
    corners = "--corners" in args
    edges = "--edges" in args
    axis = "--axis" in args
    names = [a for a in args if not a.startswith("--")][0].split(",")
    S = stickers(corners, edges)
    index = {s: i + 1 for i, s in enumerate(S)}

    def perm(f):
        return "PermList([" + ",".join(str(index[f(s)]) for s in S) + "])"

    matrices = []
    for order in itertools.permutations(range(3)):
        for signs in itertools.product((1, -1), repeat=3):
            m = [[0] * 3 for _ in range(3)]
            for r in range(3):
                m[r][order[r]] = signs[r]
            if not axis or abs(m[1][1]) == 1:
                matrices.append(m)
    print("G := Group(" + ",".join(perm(turn(n)) for n in names) + ");;")
    print("S := [" + ",".join(
        perm(lambda s, m=m: (apply(m, s[0]), apply(m, s[1]))) for m in matrices) + "];;")
    # The symmetries that map the group onto itself.
    print("S := Filtered(S, s -> ForAll(GeneratorsOfGroup(G), g -> g^s in G));;")
    print('Print(Size(G), "\\n");')
    print('Print(Sum(S, s -> Size(Centralizer(G, s))) / Length(S), "\\n");')
    print("QUIT;")


if __name__ == "__main__":
    main()
