#!/usr/bin/env bash
# Knuth's exact-cover programs against `sudokux xc --count`, on the same Knuth-format files,
# in one run: the table of BENCHMARKS.md ("The engine against Knuth's").
#
#   bench/knuth/run.sh [CWEBTEST] [RUNS]
#
# CWEBTEST is a checkout (or a bare clone) of https://github.com/ascherer/cwebtest, which
# carries Knuth's CWEB sources dlx1.w, dlx2.w, ssxcc.w and gb_flip.w; without it the
# repository is cloned. They are tangled with `ctangle` (Debian: texlive-binaries) and
# compiled with gcc -O2. RUNS (default 3) runs of each program per problem; the median CPU
# time (user + system, GNU time) is printed, with the counts, which must agree. sudokux runs
# with --jobs 1, then with --jobs 2 (CPU and wall time). Needs cargo, gcc, ctangle, python3,
# /usr/bin/time. Not run by CI.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
src=${1:-}
runs=${2:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ -z "$src" ]; then
    git clone --quiet --depth 1 https://github.com/ascherer/cwebtest "$work/cwebtest"
    src=$work/cwebtest
fi
for f in gb_flip dlx1 dlx2 ssxcc; do
    if [ -f "$src/$f.w" ]; then
        cp "$src/$f.w" "$work/"
    else
        git --git-dir="$src" show "HEAD:$f.w" >"$work/$f.w"
    fi
    # ctangle exits non-zero on mere warnings; the C file is what counts.
    (cd "$work" && ctangle "$f.w" >/dev/null 2>&1) || true
    test -s "$work/$f.c" || { echo "ctangle $f.w made nothing" >&2; exit 1; }
done
(cd "$work" && gcc -O2 -w -c gb_flip.c && for p in dlx1 dlx2 ssxcc; do
    gcc -O2 -w -o "$p" "$p.c" gb_flip.o
done)

# BIN: a folder with sudokux and examples/{pentominoes,langford} built already (skips the build).
bin=${BIN:-$root/target/release}
if [ -z "${BIN:-}" ]; then
    cargo build --quiet --release --manifest-path "$root/Cargo.toml" --bin sudokux \
        --example pentominoes --example langford
fi
"$bin/examples/pentominoes" 6 10 --knuth >"$work/pentominoes-6x10.xc"
"$bin/examples/pentominoes" 5 12 --knuth >"$work/pentominoes-5x12.xc"
"$bin/examples/langford" 12 --knuth >"$work/langford-12.xc"
cp "$root/examples/xc/word-square.xc" "$work/word-square.xc"
python3 - "$work" <<'PY'
import sys
work = sys.argv[1]

# 13 queens: rows and columns primary, diagonals secondary (Knuth's formulation).
n = 13
lines = [f"| {n} queens: rows and columns primary, diagonals secondary.",
         " ".join([f"r{i}" for i in range(n)] + [f"c{i}" for i in range(n)]) + " | "
         + " ".join([f"a{i}" for i in range(2 * n - 1)] + [f"b{i}" for i in range(2 * n - 1)])]
lines += [f"r{r} c{c} a{r + c} b{r - c + n - 1}" for r in range(n) for c in range(n)]
open(f"{work}/queens-13.xc", "w").write("\n".join(lines) + "\n")

# Every 6x6 sudoku grid (2x3 boxes): cell, row-digit, column-digit, box-digit.
R, C = 2, 3
n = R * C
names = [f"p{r}{c}" for r in range(n) for c in range(n)]
names += [f"{k}{u}{d}" for k in "rcb" for u in range(n) for d in range(1, n + 1)]
lines = [f"| Every {n}x{n} sudoku grid ({R}x{C} boxes).", " ".join(names)]
for r in range(n):
    for c in range(n):
        b = (r // R) * R + c // C
        lines += [f"p{r}{c} r{r}{d} c{c}{d} b{b}{d}" for d in range(1, n + 1)]
open(f"{work}/sudoku-6x6.xc", "w").write("\n".join(lines) + "\n")
PY

# CPU seconds (user + system) and wall seconds of a command, its stdout and stderr in files.
measure() {
    local out=$1
    shift
    /usr/bin/time -f "%U %S %e" -o "$work/time" "$@" >"$out" 2>"$out.err"
    awk '{printf "%.2f %.2f\n", $1 + $2, $3}' "$work/time"
}

# The median of the numbers on stdin.
median() {
    sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'
}

echo "| problem | solutions | sudokux --jobs 1 | DLX1 | DLX2 | SSXCC | SSXCC / sudokux | sudokux --jobs 2 (CPU, wall) |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
# PROBLEMS: the problems to run (default: all of them).
problems=${PROBLEMS:-pentominoes-6x10 pentominoes-5x12 langford-12 queens-13 word-square sudoku-6x6}
for name in $problems; do
    file=$work/$name.xc
    declare -A cpu=([dlx1]="-")
    for program in sudokux dlx1 dlx2 ssxcc; do
        if [ "$program" = dlx1 ] && grep -q '^[^|].*:' "$file"; then
            continue # DLX1 has no colors
        fi
        : >"$work/cpu"
        for _ in $(seq "$runs"); do
            if [ "$program" = sudokux ]; then
                measure "$work/out" "$bin/sudokux" xc --count --jobs 1 "$file" | cut -d' ' -f1 >>"$work/cpu"
                count=$(cat "$work/out")
            else
                measure "$work/out" "$work/$program" <"$file" | cut -d' ' -f1 >>"$work/cpu"
                count=$(sed -n 's/^Altogether \([0-9]*\) solution.*/\1/p' "$work/out.err")
            fi
            if [ -z "${expected:-}" ]; then
                expected=$count
            elif [ "$count" != "$expected" ]; then
                echo "$name: $program counts $count, not $expected" >&2
                exit 1
            fi
        done
        cpu[$program]=$(median <"$work/cpu")
    done
    : >"$work/two"
    for _ in $(seq "$runs"); do
        measure "$work/out" "$bin/sudokux" xc --count --jobs 2 "$file" >>"$work/two"
        test "$(cat "$work/out")" = "$expected" || { echo "$name: --jobs 2 disagrees" >&2; exit 1; }
    done
    two_cpu=$(cut -d' ' -f1 "$work/two" | median)
    two_wall=$(cut -d' ' -f2 "$work/two" | median)
    ratio=$(awk -v s="${cpu[ssxcc]}" -v x="${cpu[sudokux]}" 'BEGIN {printf "%.1fx", (x > 0 ? s / x : 0)}')
    echo "| $name | $expected | ${cpu[sudokux]} | ${cpu[dlx1]} | ${cpu[dlx2]} | ${cpu[ssxcc]} | $ratio | $two_cpu, $two_wall |"
    unset expected cpu
done
