#!/usr/bin/env bash
# Counts on one thread against counts on two (`--jobs 1` and `--jobs 2`), in one run: the
# table of BENCHMARKS.md ("`--jobs 2`: one memory of subproblems for both threads").
#
#   bench/jobs/run.sh [RUNS]
#
# For each problem, RUNS (default 3) runs of `--jobs 1` and `--jobs 2`, alternating; prints the
# medians of the wall time, the CPU time (all threads), the busiest and second busiest
# threads' CPU (bench/jobs/threads.py), and the speed-ups: of the wall time, and on free cores
# (jobs-1 CPU against jobs-2 CPU less the second worker's, which ran beside the busiest: what
# the wall time comes to when both cores are free). BIN: a folder with sudokux built already (else it
# is built, release). Needs python3 and Linux's /proc. Not run by CI.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
runs=${1:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bin=${BIN:-$root/target/release}
if [ -z "${BIN:-}" ]; then
    cargo build --quiet --release --manifest-path "$root/Cargo.toml" --bin sudokux
fi
sudokux=$bin/sudokux

# The sparse 9x9: the first puzzle of puzzles2_17_clue with its first three givens removed
# (18,084,492 solutions).
echo '................................3.2...1.4......5....6..3......4.7..8...962...7...' \
    >"$work/sparse.txt"
printf '%36s\n' | tr ' ' . >"$work/empty-6x6.txt"
printf '%64s\n' | tr ' ' . >"$work/empty-8x8.txt"
# Every 6x6 grid as a bare exact-cover problem: cell, row-digit, column-digit, box-digit.
python3 - "$work/sudoku-6x6.xc" <<'PY'
import sys
R, C = 2, 3
n = R * C
names = [f"p{r}{c}" for r in range(n) for c in range(n)]
names += [f"{k}{u}{d}" for k in "rcb" for u in range(n) for d in range(1, n + 1)]
lines = [f"| Every {n}x{n} sudoku grid ({R}x{C} boxes).", " ".join(names)]
for r in range(n):
    for c in range(n):
        b = (r // R) * R + c // C
        lines += [f"p{r}{c} r{r}{d} c{c}{d} b{b}{d}" for d in range(1, n + 1)]
open(sys.argv[1], "w").write("\n".join(lines) + "\n")
PY

# name | input | arguments before --jobs
problems=(
    "sparse 9x9 (count)|$work/sparse.txt|count"
    "empty 6x6, --no-symmetry (count)|$work/empty-6x6.txt|count --box 2x3 --no-symmetry"
    "every 6x6 grid (xc --count)|$work/sudoku-6x6.xc|xc --count"
    "empty 8x8, bands (count)|$work/empty-8x8.txt|count --box 2x4"
)

median() { sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }

printf '| problem | jobs 1 wall | jobs 1 CPU | jobs 2 wall | jobs 2 CPU | busiest | second | wall speed-up | speed-up on free cores |\n'
printf '|---|---:|---:|---:|---:|---:|---:|---:|---:|\n'
for p in "${problems[@]}"; do
    IFS='|' read -r name input args <<<"$p"
    : >"$work/j1"
    : >"$work/j2"
    for _ in $(seq "$runs"); do
        for jobs in 1 2; do
            # shellcheck disable=SC2086
            python3 "$root/bench/jobs/threads.py" "$sudokux" $args --jobs "$jobs" <"$input" \
                >>"$work/j$jobs"
        done
    done
    w1=$(cut -d' ' -f1 "$work/j1" | median)
    c1=$(cut -d' ' -f2 "$work/j1" | median)
    w2=$(cut -d' ' -f1 "$work/j2" | median)
    c2=$(cut -d' ' -f2 "$work/j2" | median)
    busy2=$(cut -d' ' -f4 "$work/j2" | median)
    second2=$(cut -d' ' -f5 "$work/j2" | median)
    # On free cores: jobs-1 CPU against the median of (jobs-2 CPU - second worker's).
    free2=$(awk '{print $2 - $5}' "$work/j2" | median)
    awk -v n="$name" -v w1="$w1" -v c1="$c1" -v w2="$w2" -v c2="$c2" -v b="$busy2" \
        -v s="$second2" -v f="$free2" \
        'BEGIN {printf "| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.2fx | %.2fx |\n",
                n, w1, c1, w2, c2, b, s, w1 / w2, c1 / f}'
done
