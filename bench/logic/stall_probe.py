#!/usr/bin/env python3
"""Where `explain` stalls, what the search's own propagation refutes (issue 32).

For each puzzle file, `sudokux explain --json` is run to its stall; then every candidate
left open is tried on a puzzle file that holds the stall's candidates as `[[pencilmarks]]`
and the candidate alone in its cell, with `sudokux check --max-nodes N`: a check that says
`none` refutes the candidate within N nodes of the search (a refutation of 0 nodes is the
propagation at its root alone: the promised sums' bounds, item domination; `--max-nodes 0`
stops every search before its root, so N is at least 1). Every refuted candidate is checked
against the known solution (`tests/data/logic/solutions.txt`); one that holds the solution's
digit is printed as WRONG (a bug, never a finding).

With `--houses`, each candidate is tried instead on a relaxation local to a set of houses
(`--width` neighbouring rows or columns, 2 unless said, or one box): only the cages that meet the
houses are kept, and only the cells of the houses and of those cages keep their stall
candidates (every other cell is free). A candidate refuted there is one that reasoning over
those houses' cages together (their combinations, the 45 rule over the houses) could remove.
Puzzles must be killers (cages read from the TOML file's `[[cage]]`, or from f-puzzles JSON
after `sudokux convert --to toml`).

    python3 bench/logic/stall_probe.py [--binary B] [--nodes N] [--houses [--width W]] FILE...

One line per puzzle (steps to the stall, candidates tried, refuted, unknown, wrong, and the
nodes the search takes from the stall to prove its solution unique), then
each refuted candidate with the nodes its refutation took (and, with --houses, where).
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BATCH = 400


def solutions(path):
    """The known solutions, by file stem."""
    known = {}
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            name, grid = line.split()
            known[name] = grid
    return known


def position(name):
    """`r3c7` as a position in reading order (9x9)."""
    r, c = map(int, re.fullmatch(r"r(\d+)c(\d+)", name).groups())
    return (r - 1) * 9 + c - 1


def cell_name(p):
    return f"r{p // 9 + 1}c{p % 9 + 1}"


def as_toml(binary, path):
    """The puzzle as TOML text: the file itself, or its conversion."""
    if path.endswith(".toml"):
        with open(path) as f:
            return f.read()
    out = subprocess.run([binary, "convert", "--to", "toml", path], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"{path}: convert: {out.stderr.strip()}")
    return out.stdout


def marks(cells, candidates, forced):
    """`[[pencilmarks]]` tables for `cells`, the cell of `forced` (position, digit) alone."""
    text = []
    for q in sorted(cells):
        digits = [forced[1]] if q == forced[0] else candidates[q]
        text.append(f'\n[[pencilmarks]]\ncell = "{cell_name(q)}"\ndigits = [{", ".join(digits)}]\n')
    return "".join(text)


def house_sets(width):
    """`width` neighbouring rows, as many neighbouring columns, one box: (name, positions)."""
    sets = []
    for r in range(10 - width):
        lines = range(r, r + width)
        sets.append((f"rows {r + 1}-{r + width}", {q * 9 + c for q in lines for c in range(9)}))
        sets.append((f"columns {r + 1}-{r + width}", {c * 9 + q for q in lines for c in range(9)}))
    for b in range(9):
        top, left = 3 * (b // 3), 3 * (b % 3)
        sets.append((f"box {b + 1}", {(top + i) * 9 + left + j for i in range(3) for j in range(3)}))
    return sets


def check(binary, files, nodes):
    """`sudokux check` over the files, in batches: one JSON answer per file, in order."""
    rows = []
    for i in range(0, len(files), BATCH):
        args = [binary, "check", "--json", "--jobs", "1", "-q", "--max-nodes", str(nodes)]
        out = subprocess.run(args + files[i : i + BATCH], capture_output=True, text=True)
        rows += [json.loads(line) for line in out.stdout.splitlines() if line.strip()]
    if len(rows) != len(files):
        sys.exit(f"check answered {len(rows)} of {len(files)} files")
    bad = [r for r in rows if r.get("status") == "error"]
    if bad:
        sys.exit(f"check refused a probe file: {bad[0].get('error')}")
    return rows


def probe(args, path, known, work):
    name = os.path.basename(path).rsplit(".", 1)[0]
    solution = known[name]
    explained = subprocess.run([args.binary, "explain", "--json", path], capture_output=True, text=True)
    answer = json.loads(explained.stdout)
    candidates = {position(c): digits for c, digits in answer["candidates"].items()}
    # Cells the logic placed keep their digit, the solution's (the report checks every step).
    for p in range(81):
        candidates.setdefault(p, [solution[p]])
    source = as_toml(args.binary, path)
    tries = []  # (file, where, position, digit)
    if args.houses:
        table = tomllib.loads(source)
        cages = [(c["sum"], [position(x.lower()) for x in c["cells"].split()]) for c in table.get("cage", [])]
        for where, houses in house_sets(args.width):
            meeting = [cage for cage in cages if houses & set(cage[1])]
            cells = set(houses).union(*(set(cells) for _, cells in meeting))
            head = "size = 9\n" + "".join(
                f'\n[[cage]]\nsum = {s}\ncells = "{" ".join(cell_name(p) for p in cs)}"\n' for s, cs in meeting
            )
            for p in sorted(houses):
                for d in candidates[p] if len(candidates[p]) > 1 else []:
                    tries.append((head + marks(cells, candidates, (p, d)), where, p, d))
    else:
        for p in range(81):
            for d in candidates[p] if len(candidates[p]) > 1 else []:
                tries.append((source + marks(range(81), candidates, (p, d)), "", p, d))
    files = []
    for k, (text, *_) in enumerate(tries):
        file = os.path.join(work, f"{name}-{k}.toml")
        with open(file, "w") as f:
            f.write(text)
        files.append(file)
    rows = check(args.binary, files, args.nodes)
    # The stall itself, searched to the end: how far it is from a proof.
    stall = os.path.join(work, f"{name}-stall.toml")
    with open(stall, "w") as f:
        f.write(source + marks(range(81), candidates, (-1, "")))
    whole = check(args.binary, [stall], 10**9)[0]
    os.remove(stall)
    refuted, unknown = {}, 0
    for (_, where, p, d), row in zip(tries, rows):
        if row["status"] == "none":
            refuted.setdefault((p, d), []).append((where, row.get("nodes")))
        elif row["status"] == "unknown":
            unknown += 1
    wrong = [key for key in refuted if solution[key[0]] == key[1]]
    print(
        f"{name}: stalled after {len(answer['steps'])} steps ({answer['status']}), "
        f"{len(tries)} tried, {len(refuted)} candidates refuted within {args.nodes} nodes, "
        f"{unknown} unknown, {len(wrong)} wrong; the search from the stall: {whole['status']} "
        f"in {whole.get('nodes')} nodes"
    )
    for (p, d), ways in sorted(refuted.items()):
        flag = " WRONG" if solution[p] == d else ""
        print(f"  {cell_name(p)} <> {d}:{flag} " + ", ".join(f"{w} {n} nodes".strip() for w, n in ways[:4]))
    for file in files:
        os.remove(file)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, "target/release/sudokux"))
    parser.add_argument("--solutions", default=os.path.join(ROOT, "tests/data/logic/solutions.txt"))
    parser.add_argument("--nodes", type=int, default=1, help="nodes the search may take (at least 1)")
    parser.add_argument("--houses", action="store_true", help="relaxations local to sets of houses")
    parser.add_argument("--width", type=int, default=2, help="rows (columns) in a set of houses")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    if args.nodes < 1:
        parser.error("--nodes must be at least 1")
    known = solutions(args.solutions)
    with tempfile.TemporaryDirectory() as work:
        for path in args.files:
            probe(args, path, known, work)


if __name__ == "__main__":
    main()
