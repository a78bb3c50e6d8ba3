"""Loads a graph exported by `schofield graph` with networkx and reports
what networkx sees: node and edge counts, and the breadth-first distance
distribution (in edges, i.e. twists) from the target node.

    python3 networkx_check.py graphml|json FILE TARGET_ID
"""
import collections
import json
import sys

import networkx as nx

kind, path, target = sys.argv[1], sys.argv[2], sys.argv[3]
if kind == "graphml":
    g = nx.read_graphml(path)
else:
    with open(path, encoding="utf-8") as f:
        g = nx.node_link_graph(json.load(f), edges="links")
dist = nx.single_source_shortest_path_length(g, target)
counts = collections.Counter(dist.values())
print(json.dumps({
    "nodes": g.number_of_nodes(),
    "edges": g.number_of_edges(),
    "directed": g.is_directed(),
    "bfs": [counts[d] for d in range(max(counts) + 1)],
}))
