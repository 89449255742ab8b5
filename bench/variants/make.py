#!/usr/bin/env python3
"""Makes the variant benchmark set in bench/variants/, reproducibly from a seed.

Each puzzle starts from a random 9x9 solution grid (a pattern grid shuffled through the
sudoku symmetries with Python's seeded random), adds constraints of one or a few families that
this solution satisfies (lines found by random walks along king steps, every dot of a kind with
its negative rule, cage partitions, little-killer diagonals, ...), and then removes givens in a
random order while `sudokux check` still proves the puzzle unique. A check stopped by the node
budget keeps its given: the puzzle stays proved unique, only not proved minimal.

    python3 bench/variants/make.py target/release/sudokux [PER_KIND] [KINDS...]

Standard library only. The puzzles are committed; this script documents how they were made.
"""

import os
import random
import subprocess
import sys
import tempfile

N = 9
HERE = os.path.dirname(os.path.abspath(__file__))
BUDGET = "300000"


def solution_grid(rng):
    base = [[(3 * (r % 3) + r // 3 + c) % 9 + 1 for c in range(9)] for r in range(9)]
    bands = rng.sample(range(3), 3)
    rows = [b * 3 + r for b in bands for r in rng.sample(range(3), 3)]
    stacks = rng.sample(range(3), 3)
    cols = [s * 3 + c for s in stacks for c in rng.sample(range(3), 3)]
    digits = list(range(1, 10))
    rng.shuffle(digits)
    g = [[digits[base[r][c] - 1] for c in cols] for r in rows]
    if rng.random() < 0.5:
        g = [list(row) for row in zip(*g)]
    return g


def name(cell):
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def names(cells):
    return " ".join(name(c) for c in cells)


def neighbours(cell, diagonal=True):
    r, c = cell
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr, dc) == (0, 0) or (not diagonal and dr and dc):
                continue
            if 0 <= r + dr < N and 0 <= c + dc < N:
                yield (r + dr, c + dc)


def walks(g, rng, ok, used, count, lo=3, hi=7, tries=4000):
    """Up to `count` disjoint king-step walks of length lo..hi whose digit sequences satisfy
    `ok` (a predicate on the digit list, asked of every prefix of length >= 2 too when it
    returns None for 'not yet decided')."""
    found = []
    for _ in range(tries):
        if len(found) == count:
            break
        start = (rng.randrange(N), rng.randrange(N))
        if start in used:
            continue
        path = [start]
        target = rng.randint(lo, hi)
        while len(path) < target:
            steps = [x for x in neighbours(path[-1]) if x not in used and x not in path]
            rng.shuffle(steps)
            for s in steps:
                digits = [g[r][c] for r, c in path + [s]]
                if ok(digits, final=False):
                    path.append(s)
                    break
            else:
                break
        if len(path) >= lo and ok([g[r][c] for r, c in path], final=True):
            found.append(path)
            used.update(path)
    return found


def thermo(d, final):
    return all(a < b for a, b in zip(d, d[1:]))


def whispers(d, final):
    return all(abs(a - b) >= 5 for a, b in zip(d, d[1:]))


def renban(d, final):
    distinct = len(set(d)) == len(d)
    return distinct and (not final or max(d) - min(d) == len(d) - 1)


def nabner(d, final):
    return all(abs(a - b) > 1 for i, a in enumerate(d) for b in d[i + 1:])


def between(d, final):
    if not final:
        return True
    lo, hi = sorted((d[0], d[-1]))
    return all(lo < x < hi for x in d[1:-1])


def lockout(d, final):
    if not final:
        return True
    lo, hi = sorted((d[0], d[-1]))
    return hi - lo >= 4 and all(not lo <= x <= hi for x in d[1:-1])


def entropic(d, final):
    third = lambda x: (x - 1) // 3
    return all(len({third(x) for x in d[i:i + 3]}) == 3 for i in range(len(d) - 2))


def modular(d, final):
    return all(len({x % 3 for x in d[i:i + 3]}) == 3 for i in range(len(d) - 2))


def palindrome(d, final):
    return not final or d == d[::-1]


def double_arrow(d, final):
    return not final or sum(d[1:-1]) == d[0] + d[-1]


def zipper(d, final):
    if not final:
        return True
    half = len(d) // 2
    sums = {d[i] + d[-1 - i] for i in range(half)}
    if len(d) % 2:
        sums.add(d[half])
    return len(sums) == 1


def region_sum(cells, g):
    """Segments: runs of consecutive cells in one box; all add up to the same sum."""
    sums, box, run = [], None, 0
    for r, c in cells:
        b = (r // 3, c // 3)
        if b != box and box is not None:
            sums.append(run)
            run = 0
        box = b
        run += g[r][c]
    sums.append(run)
    return len(sums) >= 2 and len(set(sums)) == 1


LINE_TESTS = {
    "thermometer": thermo,
    "whispers": whispers,
    "renban": renban,
    "nabner": nabner,
    "betweenline": between,
    "lockout": lockout,
    "entropicline": entropic,
    "modularline": modular,
    "palindrome": palindrome,
    "doublearrow": double_arrow,
    "zipperline": zipper,
}


def lines(g, rng, key, count, used, lo=3, hi=7):
    out = []
    for path in walks(g, rng, LINE_TESTS[key], used, count, lo, hi):
        out.append(f'[[{key}]]\ncells = "{names(path)}"\n')
    return out


def arrows(g, rng, count, used):
    out = []
    for _ in range(2000):
        if len(out) == count:
            break
        circle = (rng.randrange(N), rng.randrange(N))
        total = g[circle[0]][circle[1]]
        if circle in used or total < 3:
            continue
        path, s = [], 0
        at = circle
        while s < total:
            steps = [x for x in neighbours(at) if x not in used and x not in path and x != circle
                     and s + g[x[0]][x[1]] <= total]
            if not steps:
                break
            at = rng.choice(steps)
            path.append(at)
            s += g[at[0]][at[1]]
        if s == total and len(path) >= 2:
            used.update(path + [circle])
            out.append(f'[[arrow]]\ncircle = "{name(circle)}"\nshaft = "{names(path)}"\n')
    return out


def pairs():
    for r in range(N):
        for c in range(N):
            if c + 1 < N:
                yield (r, c), (r, c + 1)
            if r + 1 < N:
                yield (r, c), (r + 1, c)


def kropki(g, rng, share=1.0):
    out = []
    for a, b in pairs():
        x, y = g[a[0]][a[1]], g[b[0]][b[1]]
        if rng.random() > share:
            continue
        if max(x, y) == 2 * min(x, y) and (abs(x - y) != 1 or rng.random() < 0.5):
            out.append(f'[[ratio]]\ncells = "{names([a, b])}"\n')
        elif abs(x - y) == 1:
            out.append(f'[[difference]]\ncells = "{names([a, b])}"\n')
    return out


def xv(g, rng, share=1.0):
    out = []
    for a, b in pairs():
        s = g[a[0]][a[1]] + g[b[0]][b[1]]
        if s in (5, 10) and rng.random() <= share:
            out.append(f'[[xv]]\ncells = "{names([a, b])}"\nvalue = "{"V" if s == 5 else "X"}"\n')
    return out


def cages(g, rng, lo=2, hi=5):
    free = {(r, c) for r in range(N) for c in range(N)}
    out = []
    while free:
        start = min(free) if rng.random() < 0.5 else rng.choice(sorted(free))
        cage = [start]
        free.discard(start)
        size = rng.randint(lo, hi)
        while len(cage) < size:
            digits = {g[r][c] for r, c in cage}
            steps = [x for cell in cage for x in neighbours(cell, diagonal=False)
                     if x in free and g[x[0]][x[1]] not in digits]
            if not steps:
                break
            x = rng.choice(steps)
            cage.append(x)
            free.discard(x)
        total = sum(g[r][c] for r, c in cage)
        out.append(f'[[cage]]\nsum = {total}\ncells = "{names(cage)}"\n')
    return out


def little_killers(g, rng, count):
    clues = []
    for k in range(1, N):
        clues.append(((0, k), (1, 1)))     # top edge, down-right
        clues.append(((0, N + 1 - k), (1, -1)))
        clues.append(((k, 0), (1, 1)))     # left edge, down-right
        clues.append(((N + 1 - k, 0), (-1, 1)))
    rng.shuffle(clues)
    out = []
    for (r, c), (dr, dc) in clues[:count]:
        cells = []
        rr, cc = r + dr, c + dc
        while 1 <= rr <= N and 1 <= cc <= N:
            cells.append((rr - 1, cc - 1))
            rr, cc = rr + dr, cc + dc
        if len(cells) < 2:
            continue
        direction = ("D" if dr > 0 else "U") + ("R" if dc > 0 else "L")
        total = sum(g[a][b] for a, b in cells)
        out.append(f'[[littlekillersum]]\ncell = "r{r}c{c}"\ndirection = "{direction}"\n'
                   f'value = {total}\n')
    return out


def region_sum_lines(g, rng, count, used):
    out = []
    for _ in range(3000):
        if len(out) == count:
            break
        found = walks(g, rng, lambda d, final: True, set(used), 1, 3, 7, tries=1)
        if found and region_sum(found[0], g):
            used.update(found[0])
            out.append(f'[[regionsumline]]\ncells = "{names(found[0])}"\n')
    return out


def seen(line, key):
    """The rows and columns read from a clue: the digits in order from the clue inward."""
    if key == "sandwichsum":
        ones = [i for i, d in enumerate(line) if d in (1, N)]
        return sum(line[ones[0] + 1:ones[1]])
    if key == "xsum":
        return sum(line[:line[0]])
    top, count = 0, 0
    for d in line:
        if d > top:
            top, count = d, count + 1
    return count


def outside(g, rng, key, count, sides):
    clues = []
    for k in range(N):
        row, col = g[k], [g[r][k] for r in range(N)]
        places = {"left": (f"r{k + 1}c0", row), "top": (f"r0c{k + 1}", col),
                  "right": (f"r{k + 1}c{N + 1}", row[::-1]),
                  "bottom": (f"r{N + 1}c{k + 1}", col[::-1])}
        for side in sides:
            clues.append(places[side])
    rng.shuffle(clues)
    return [f'[[{key}]]\ncell = "{cell}"\nvalue = {seen(line, key)}\n'
            for cell, line in clues[:count]]


def parity(g, rng, count):
    cells = rng.sample([(r, c) for r in range(N) for c in range(N)], count)
    odd = [x for x in cells if g[x[0]][x[1]] % 2]
    even = [x for x in cells if not g[x[0]][x[1]] % 2]
    return [f'odd = "{names(odd)}"\neven = "{names(even)}"\n']


def theme(kind, g, rng):
    used = set()
    head, body = [], []
    if kind == "thermometer":
        body = lines(g, rng, "thermometer", rng.randint(6, 10), used, 3, 6)
    elif kind in ("whispers", "renban", "nabner", "betweenline", "lockout", "entropicline",
                  "modularline", "palindrome", "doublearrow"):
        body = lines(g, rng, kind, rng.randint(5, 9), used, 3, 6)
    elif kind == "arrow":
        body = arrows(g, rng, rng.randint(5, 9), used)
    elif kind == "kropki":
        head = ["negative_ratio = true\nnon_consecutive = true\n"]
        body = kropki(g, rng)
    elif kind == "kropki-partial":
        body = kropki(g, rng, 0.5)
    elif kind == "xv":
        head = ["negative_xv = true\n"]
        body = xv(g, rng)
    elif kind == "killer":
        body = cages(g, rng)
    elif kind == "littlekiller":
        body = little_killers(g, rng, rng.randint(8, 14))
    elif kind == "zipperline":
        body = lines(g, rng, "zipperline", rng.randint(5, 9), used, 3, 7)
    elif kind == "regionsumline":
        body = region_sum_lines(g, rng, rng.randint(4, 7), used)
    elif kind == "sandwich":
        body = outside(g, rng, "sandwichsum", rng.randint(10, 18), ["left", "top"])
    elif kind == "xsum":
        body = outside(g, rng, "xsum", rng.randint(10, 18), ["left", "top", "right", "bottom"])
    elif kind == "skyscraper":
        body = outside(g, rng, "skyscraper", rng.randint(14, 24),
                       ["left", "top", "right", "bottom"])
    elif kind == "thermo-arrow":
        body = lines(g, rng, "thermometer", 4, used, 3, 5) + arrows(g, rng, 4, used)
    elif kind == "whispers-parity":
        body = parity(g, rng, 12) + lines(g, rng, "whispers", 5, used, 3, 6)
    elif kind == "renban-kropki":
        body = lines(g, rng, "renban", 4, used, 3, 5) + kropki(g, rng, 0.3)
    elif kind == "mixed":
        body = (lines(g, rng, "thermometer", 2, used, 3, 5) + arrows(g, rng, 2, used)
                + lines(g, rng, "whispers", 2, used, 3, 5) + lines(g, rng, "renban", 2, used, 3, 4)
                + little_killers(g, rng, 3) + xv(g, rng, 0.3))
    else:
        raise ValueError(kind)
    return head, body


def toml(head, body, givens, comment):
    grid = "\n".join("".join(str(d) if d else "." for d in row) for row in givens)
    return f"# {comment}\n" + "".join(head) + f'givens = """\n{grid}\n"""\n\n' + "\n".join(body)


def check(binary, text):
    with tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False) as f:
        f.write(text)
    try:
        out = subprocess.run([binary, "check", "--jobs", "1", "--max-nodes", BUDGET, f.name],
                             capture_output=True, text=True)
        return out.stdout.strip()
    finally:
        os.unlink(f.name)


def make(binary, kind, seed):
    rng = random.Random(f"{kind}-{seed}")
    g = solution_grid(rng)
    head, body = theme(kind, g, rng)
    givens = [row[:] for row in g]
    order = [(r, c) for r in range(N) for c in range(N)]
    rng.shuffle(order)
    comment = f"{kind} {seed}: generated by bench/variants/make.py"
    # Try the empty grid first: dense rules (every dot shown, whole cage partitions) are often
    # unique with no givens at all.
    empty = [[0] * N for _ in range(N)]
    if check(binary, toml(head, body, empty, comment)) == "unique":
        return toml(head, body, empty, comment), g
    for r, c in order:
        keep = givens[r][c]
        givens[r][c] = 0
        if check(binary, toml(head, body, givens, comment)) != "unique":
            givens[r][c] = keep
    return toml(head, body, givens, comment), g


KINDS = ["thermometer", "arrow", "kropki", "kropki-partial", "xv", "killer", "littlekiller",
         "whispers", "renban", "nabner", "betweenline", "lockout", "entropicline", "modularline",
         "palindrome", "doublearrow", "thermo-arrow", "whispers-parity", "renban-kropki", "mixed",
         "zipperline", "regionsumline", "sandwich", "xsum", "skyscraper"]


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/sudokux"
    per_kind = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    for kind in sys.argv[3:] or KINDS:
        for seed in range(1, per_kind + 1):
            text, g = make(binary, kind, seed)
            path = os.path.join(HERE, f"{kind}-{seed}.toml")
            with open(path, "w") as f:
                f.write(text)
            with open(path[:-5] + ".solution", "w") as f:
                f.write("".join(str(d) for row in g for d in row) + "\n")
            given = sum(ch.isdigit() for ch in text.split('"""')[1])
            print(f"{path}: {given} givens", flush=True)


if __name__ == "__main__":
    main()
