#!/usr/bin/env python3
"""sudokux against the Interactive Sudoku Solver (ISS) on the shared published puzzles, in the
same run: the per-kind table of BENCHMARKS.md.

    python3 bench/iss/run.py ISS_DIR [--binary target/release/sudokux] [--runs 3]
                             [--timeout 30] [--only NAME...] [--save-iss F | --load-iss F]

ISS_DIR is a checkout of github.com/sigh/Interactive-Sudoku-Solver (plain JavaScript, run by
`node bench/iss/iss.mjs`: its parser, builder and solver to the second solution, timed in
process). Puzzles: ../shared/data/killers/*.toml and ../shared/data/variants/*.json (beside the
worktree). sudokux runs `check --json --stats --jobs 1` (release, one thread) under a timeout, and
is timed two ways, each the median of RUNS runs when a run takes under a second:

- `sudokux ms` (the column the verdict uses): its time in process, as ISS is timed, the sum of the
  three times its JSON line gives: `read_ms` (the file's text read and parsed, the rules checked,
  the givens read), `build_ms` (the exact cover encoded, the matrix built with its reductions) and
  `time_ms` (the search to the second solution, the root's propagation included). Left out: the
  process's start (loading the binary, the command line parsed) and writing the answer.
- `sudokux wall ms`: the wall time of the whole process as this script sees it (start, reading,
  building, search, writing, exit).

ISS runs in one node process (after a warm-up solve, so that its JIT is not counted), timed from
its parser through its builder to its solver's second solution. A row says `agree` when
both found the same verdict and, for a unique puzzle, the same solution. The target of a puzzle
is max(ISS's time in the set's README.md, 100 ms): the time to beat the issue set, measured on a
quiet machine; the same-run ISS time is shown beside it. Markdown on stdout, progress on stderr. Standard library only.
"""

import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(os.path.dirname(ROOT), "shared", "data")
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"

# Kinds in table order: the first whose test holds names the puzzle's kind.
KINDS = [
    ("16x16", lambda size, keys, pm: size == 16),
    ("pencil marks", lambda size, keys, pm: pm),
    ("indexers", lambda size, keys, pm: keys & {"columnindexer", "rowindexer", "boxindexer"}),
    ("sandwich / X-sum / skyscraper", lambda size, keys, pm: keys & {"sandwichsum", "xsum", "skyscraper"}),
    ("little killer", lambda size, keys, pm: "littlekillersum" in keys),
    ("arrow", lambda size, keys, pm: "arrow" in keys),
    ("thermometer", lambda size, keys, pm: "thermometer" in keys),
    ("renban / whispers / lines", lambda size, keys, pm: keys & {
        "renban", "whispers", "zipperline", "regionsumline", "betweenline", "palindrome",
        "entropicline", "modularline", "nabnerline", "lockoutline", "doublearrow"}),
    ("killer", lambda size, keys, pm: "killercage" in keys),
    ("classic and other", lambda size, keys, pm: True),
]
SHAPE_KEYS = {"size", "grid", "title", "author", "ruleset", "solution"}


def readme_times():
    """The time to beat per puzzle, from the tables of the sets' README.md files."""
    times = {}
    for folder in ("killers", "variants"):
        for line in open(os.path.join(DATA, folder, "README.md")):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) >= 3 and cells[-2].replace(".", "").isdigit():
                times[cells[0]] = float(cells[-2])
    return times


def kind_of(path):
    if path.endswith(".toml"):
        return "killer"
    data = json.load(open(path))
    keys = {k for k, v in data.items() if v and k not in SHAPE_KEYS}
    pm = any(cell.get("givenPencilMarks") for row in data.get("grid", []) for cell in row)
    return next(name for name, test in KINDS if test(data.get("size", 9), keys, pm))


def puzzles(only):
    paths = sorted(glob.glob(os.path.join(DATA, "killers", "*.toml")))
    paths += sorted(glob.glob(os.path.join(DATA, "variants", "*.json")))
    names = lambda p: os.path.splitext(os.path.basename(p))[0]
    return [p for p in paths if not only or names(p) in only]


def sudokux(binary, path, runs, timeout):
    """(status, solution, nodes, in-process ms, wall ms), or (status, None, None, None, None) for
    a timeout or an error."""
    inside, wall, answer = [], [], None
    for _ in range(runs):
        start = time.perf_counter()
        try:
            out = subprocess.run([binary, "check", "--json", "--stats", "--jobs", "1", "--quiet", path],
                                 capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return "timeout", None, None, None, None
        wall.append((time.perf_counter() - start) * 1000)
        if out.returncode not in (0, 1):
            return "error: " + out.stderr.strip()[:80], None, None, None, None
        answer = json.loads(out.stdout.splitlines()[0])
        inside.append(answer["read_ms"] + answer["build_ms"] + answer["time_ms"])
        if wall[-1] > 1000:
            break
    return (answer["status"], answer.get("solution"), answer.get("nodes"),
            statistics.median(inside), statistics.median(wall))


def iss(iss_dir, names, runs):
    """ISS's answer per name, from one node process (bench/iss/iss.mjs)."""
    script = os.path.join(ROOT, "bench", "iss", "iss.mjs")
    proc = subprocess.Popen(["node", script, iss_dir, str(runs)] + names,
                            stdout=subprocess.PIPE, text=True)
    answers = {}
    for line in proc.stdout:
        answer = json.loads(line)
        answers[answer["name"]] = answer
        print(f"  iss {answer['name']}: {answer.get('status', answer.get('error'))} "
              f"{answer.get('ms')} ms", file=sys.stderr, flush=True)
    if proc.wait() != 0:
        raise SystemExit("ISS failed (see above)")
    return answers


def agree(status, solution, answer):
    if answer is None or "error" in answer:
        return "no ISS"
    if status == "timeout" or answer["status"] == "capped":
        return "-"
    if status != answer["status"]:
        return f"DIFFER ({answer['status']})"
    if status == "unique":
        theirs = "".join(SYMBOLS[int(v) - 1] for v in answer["solution"].split(","))
        if theirs != solution:
            return "DIFFER (solution)"
    return "agree"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("iss_dir")
    parser.add_argument("--binary", default=os.path.join(ROOT, "target", "release", "sudokux"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=30)
    parser.add_argument("--only", nargs="*", default=[])
    parser.add_argument("--save-iss", metavar="FILE", help="keep ISS's answers in FILE (JSON lines)")
    parser.add_argument("--load-iss", metavar="FILE",
                        help="take ISS's answers from FILE (saved by --save-iss) instead of running it")
    args = parser.parse_args()

    paths = puzzles(set(args.only))
    names = [os.path.splitext(os.path.basename(p))[0] for p in paths]
    if args.load_iss:
        theirs = {a["name"]: a for a in map(json.loads, open(args.load_iss))}
    else:
        theirs = iss(args.iss_dir, names, args.runs)
    if args.save_iss:
        with open(args.save_iss, "w") as out:
            out.writelines(json.dumps(a) + "\n" for a in theirs.values())
    readme = readme_times()
    rows = []
    for path, name in zip(paths, names):
        status, solution, nodes, ms, wall = sudokux(args.binary, path, args.runs, args.timeout)
        answer = theirs.get(name)
        iss_ms = answer.get("ms") if answer and "error" not in answer else None
        target = max(readme.get(name) or 0, 100)
        ok = ms is not None and ms <= target and status != "timeout"
        rows.append(dict(kind=kind_of(path), name=name, iss_ms=iss_ms, readme=readme.get(name),
                         guesses=answer.get("guesses") if answer else None,
                         iss_status=answer.get("status") if answer else None,
                         ms=ms, wall=wall, nodes=nodes, status=status, target=target, ok=ok,
                         agree=agree(status, solution, answer)))
        shown = f"{ms:.1f} ms ({wall:.1f} ms wall)" if ms is not None else status
        print(f"  sudokux {name}: {status} {shown} {nodes} nodes", file=sys.stderr, flush=True)

    fmt = lambda v: "-" if v is None else (f"{v:,.0f}" if v >= 10 else f"{v:.1f}")
    for kind, _ in KINDS:
        group = [r for r in rows if r["kind"] == kind]
        if not group:
            continue
        print(f"\n#### {kind} ({sum(r['ok'] for r in group)} of {len(group)} within target)\n")
        print("| puzzle | to beat ms | ISS ms | ISS guesses | sudokux ms | sudokux wall ms "
              "| sudokux nodes | verdict | within |")
        print("|---|---:|---:|---:|---:|---:|---:|---|---|")
        over = f"> {args.timeout * 1000:,.0f}"
        for r in group:
            ms, wall = (fmt(r["ms"]), fmt(r["wall"])) if r["status"] != "timeout" else (over, over)
            verdict = r["status"] if r["agree"] == "agree" else f"{r['status']}, {r['agree']}"
            print(f"| {r['name']} | {fmt(r['readme'])} | {fmt(r['iss_ms'])} | {fmt(r['guesses'])} | {ms} | "
                  f"{wall} | {fmt(r['nodes'])} | {verdict} | {'yes' if r['ok'] else 'no'} |")
    timed = lambda k: [r[k] if r[k] is not None else args.timeout * 1000 for r in rows]
    median = lambda k: statistics.median(timed(k))
    shown = lambda v: f"{v:.0f}" if v >= 10 else f"{v:.1f}"
    print(f"\n{sum(r['ok'] for r in rows)} of {len(rows)} within max(ISS, 100 ms) (in process); "
          f"median to beat {shown(median('readme'))} ms, "
          f"median ISS here {shown(median('iss_ms'))} ms, "
          f"median sudokux {shown(median('ms'))} ms in process, {shown(median('wall'))} ms wall "
          f"(a timeout counted as {args.timeout:.0f} s); "
          f"{sum(r['agree'] not in ('agree', '-') for r in rows)} disagreements.")


if __name__ == "__main__":
    main()
