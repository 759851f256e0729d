#!/usr/bin/env python3
"""Ratios of the serial searches to f2-iter, per tree and their median per model, from
the JSON Lines of `abbench run --json` (files given on the command line, one per model).

For each tree: positions / f2-iter's positions, median wall time / f2-iter's median wall
time, and the time per position against f2-iter's; MTD(f)'s null-window passes and its
table's hit rate; the fastest exact serial search the record names. Prints Markdown."""
import json
import statistics
import sys

ALGOS = ["pvs", "aspiration", "mtdf", "f2-soft"]


def load(path):
    trees = {}
    for line in open(path):
        r = json.loads(line)
        if r.get("kind", "search") != "search":
            continue
        trees.setdefault(r["tree"]["seed"], {})[r["algo"]] = r
    return trees


def main():
    for path in sys.argv[1:]:
        trees = load(path)
        first = next(iter(trees.values()))["f2-iter"]["tree"]
        label = " ".join(f"{k}={v}" for k, v in first.items() if k != "seed")
        print(f"\n### {label} ({path})\n")
        print("| seed | algo | positions / f2-iter | time / f2-iter | time per position / f2-iter | passes (null) | table hit rate | fastest serial |")
        print("| ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |")
        ratios = {a: ([], [], []) for a in ALGOS}
        fastest = {}
        for seed, recs in sorted(trees.items()):
            base = recs["f2-iter"]
            bn, bt = base["nodes"], base["wall_ns"]["median"]
            for algo in ALGOS:
                r = recs.get(algo)
                if r is None:
                    continue
                assert r["value"] == base["value"], (seed, algo)
                n = r["nodes"] / bn
                t = r["wall_ns"]["median"] / bt
                ratios[algo][0].append(n)
                ratios[algo][1].append(t)
                ratios[algo][2].append(t / n)
                passes = ""
                if r.get("passes"):
                    nulls = sum(1 for p in r["passes"] if p["beta"] - p["alpha"] == 1)
                    passes = f"{len(r['passes'])} ({nulls})"
                table = r.get("table")
                hit = f"{table['hit_rate']:.2f}" if table else ""
                print(f"| {seed} | {algo} | {n:.3f} | {t:.3f} | {t / n:.3f} | {passes} | {hit} | {(r.get('fastest') or {}).get('algo', '')} |")
            f = (base.get("fastest") or {}).get("algo", "not recorded")
            fastest[f] = fastest.get(f, 0) + 1
        print("\nMedians over the trees:\n")
        print("| algo | positions / f2-iter | time / f2-iter | time per position / f2-iter |")
        print("| --- | ---: | ---: | ---: |")
        for algo in ALGOS:
            n, t, p = ratios[algo]
            if n:
                print(f"| {algo} | {statistics.median(n):.3f} | {statistics.median(t):.3f} | {statistics.median(p):.3f} |")
        print("\nFastest exact serial search (trees): " + ", ".join(f"{a} {c}" for a, c in sorted(fastest.items(), key=lambda x: -x[1])))


main()
