"""Benchmark: strength and speed of the FITS, Zatre and Forbes engines, per level.

Prints figures; nothing is asserted. The games use the BENCHMARK seeds (100001 on); the
engines' weights were tuned on seeds 1..1000, which this script never plays.

- FITS: solo games, boards 1-4, the default layouts: average total, per board, ratings,
  and how far the value the engine gives each move is from the round's score.
- Zatre: 2-player games, the engine against "best immediate points" (the hint's best turn:
  most points, then crosses, then the highest sum), seats swapped every other game.
- Forbes: 3-player games, the engine against two greedy players (zatre-like
  forbes_engine.greedy_cell: the cell best for their own cards, ties broken at random);
  the engine's seat and the dealer rotate. Win share: 1 for the sole top score, 1/k
  for a top score shared by k players.
- Time per move on CPython per level, and on MicroPython (-X heapsize=96k, the core
  compiled by mpy-cross) for the levels the device offers, with the peak of the live heap
  after a move (a collection run, the move still held).

Usage: .venv/bin/python bench/engines.py [--games fits=1000,zatre=1000,forbes=2000]
       [--levels 1,2,3,4,5] [--only fits,zatre,forbes,micropython] [--workers 2]
"""

import argparse
import os
import subprocess
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "shared"))
sys.path.insert(0, str(ROOT / "tests"))
MICROPYTHON = Path(sys.executable).with_name("micropython")

BENCH_SEED = 100001  # first benchmark seed; tuning used 1..1000


def fits_game(seed, level, times=None, errors=None):
    """One solo FITS game at `level`: the total of each board. `errors` gets, for every
    move with tiles still to come, (tiles to come, the move's value - the round's score)."""
    from boardcore.fits import engine
    from boardcore.fits.game import Game

    g = Game(["Solo"], seed=seed)
    k = 0
    said = []  # this round's (tiles to come, value)
    while g.phase != "over":
        if g.phase == "deal":
            g.start_round()
            said = []
        elif g.phase == "score":
            g.finish_round()
            if errors is not None:
                score = g.round_scores[-1][0]["total"]
                errors.extend((n, value - score) for n, value in said)
        elif g.phase == "cards" and not g.waiting():
            g.turn_card()
        else:
            pos = engine.position(g, "Solo")
            t0 = time.perf_counter()
            move, value = engine.best(pos, level, seed * 100 + k)
            if times is not None:
                times.append(time.perf_counter() - t0)
            if pos.to_come:
                said.append((len(pos.to_come), value))
            k += 1
            if move == engine.PASS:
                g.set_aside("Solo", pos.tile)
            else:
                g.place("Solo", pos.tile, move[0], move[1])
    return [r[0]["total"] for r in g.round_scores]


def zatre_game(seed, level, times=None):
    """A 2-player Zatre game, the engine in seat seed % 2: (engine's score, baseline's)."""
    from boardcore.zatre import engine
    from boardcore.zatre.game import Game

    g = Game(["Engine", "Hint"] if seed % 2 == 0 else ["Hint", "Engine"], seed=seed)
    me = seed % 2
    k = 0
    while not g.over:
        pos = engine.position(g)
        if g.current == me:
            t0 = time.perf_counter()
            turn, _ = engine.best(pos, level, seed * 1000 + k)
            if times is not None:
                times.append(time.perf_counter() - t0)
        else:
            turn, _ = engine.best(pos, 2)
        g.play(turn)
        k += 1
    s = g.final_scores()
    return s[me], s[1 - me]


def forbes_game(seed, level, times=None):
    """A 3-player Forbes game, the engine against two greedy players:
    (engine's score, [the others' scores])."""
    from boardcore.forbes import engine
    from boardcore.forbes.game import Game
    from boardcore.rng import Random

    rng = Random(seed)
    g = Game(3, dealer=seed % 3, rng=Random(seed * 7 + 1))
    me = (seed // 3) % 3
    geom = engine.geometry(False)
    k = 0
    while not g.over:
        seat = g.current
        g.draw(seat)
        if seat == me:
            t0 = time.perf_counter()
            cell, _ = engine.best(engine.position(g, seat), level, seed * 100 + k)
            if times is not None:
                times.append(time.perf_counter() - t0)
        else:
            v = g.view(seat)
            st = engine.board_state(v.board, geom)
            i = engine.greedy_cell(st, "STCX".index(v.stone), engine.hand_counts(v.hand, False), geom, rng)
            cell = (i // 4, i % 4)
        g.place(seat, cell[0], cell[1])
        k += 1
    s = [x["total"] for x in g.scores()]
    return s[me], [s[j] for j in range(3) if j != me]


GAMES = {"fits": fits_game, "zatre": zatre_game, "forbes": forbes_game}


def _timed(args):
    game, seed, level = args
    times = []
    if game == "fits":
        errors = []
        return (fits_game(seed, level, times, errors), errors), times
    return GAMES[game](seed, level, times), times


def play(game, level, n, workers):
    seeds = [(game, BENCH_SEED + k, level) for k in range(n)]
    with Pool(workers) as pool:
        out = pool.map(_timed, seeds, chunksize=4)
    results = [r for r, _ in out]
    times = []
    for _, t in out:
        times.extend(t)
    return results, times


def _time_line(times):
    times = sorted(times)
    if not times:
        return "no moves"
    return "time per move: median %.1f ms, 90%% %.1f ms, worst %.1f ms (%d moves)" % (
        1000 * times[len(times) // 2], 1000 * times[int(len(times) * 0.9)], 1000 * times[-1], len(times))


def report_fits(level, games, times):
    from boardcore.fits.score import SOLO_LAST, SOLO_RATINGS, solo_rating

    results = [r for r, _ in games]
    n = len(results)
    totals = [sum(r) for r in results]
    per = [sum(r[b] for r in results) / n for b in range(4)]
    print("FITS level %d: %d solo games, average total %.2f; per board %s" % (
        level, n, sum(totals) / n, " ".join("%d: %.2f" % (b + 1, per[b]) for b in range(4))))
    counts = {}
    for t in totals:
        counts[solo_rating(t)] = counts.get(solo_rating(t), 0) + 1
    titles = [t for _, t in SOLO_RATINGS] + [SOLO_LAST]
    print("  ratings: " + ", ".join("%s %.1f%%" % (t, 100.0 * counts.get(t, 0) / n) for t in titles))
    errors = [e for _, errs in games for e in errs]
    print("  " + _value_line(errors))
    print("  " + _time_line(times))


def _value_line(errors):
    # How far the value the engine gives a move (its expected round score) is from the
    # round's score at the end, by how many tiles were still to come.
    parts = []
    for lo, hi in ((11, 15), (6, 10), (1, 5)):
        e = [d for n, d in errors if lo <= n <= hi]
        if e:
            parts.append("%d-%d tiles to come %+.1f (|%.1f|)" % (
                lo, hi, sum(e) / len(e), sum(abs(d) for d in e) / len(e)))
    return "value - round score, mean (mean size): " + ", ".join(parts)


def report_zatre(level, results, times):
    n = len(results)
    wins = sum(1 for a, b in results if a > b)
    ties = sum(1 for a, b in results if a == b)
    print("Zatre level %d vs best immediate points: %d games, wins %.1f%% (ties %.1f%%), average %.1f vs %.1f" % (
        level, n, 100.0 * wins / n, 100.0 * ties / n, sum(a for a, _ in results) / n, sum(b for _, b in results) / n))
    print("  " + _time_line(times))


def report_forbes(level, results, times):
    n = len(results)
    share = 0.0
    alone = 0
    for a, others in results:
        top = max(others)
        if a > top:
            alone += 1
            share += 1.0
        elif a == top:
            share += 1.0 / (1 + others.count(a))
    print("Forbes level %d vs two greedy players: %d games, win share %.1f%% (alone on top %.1f%%), "
          "average score %.2f vs %.2f" % (level, n, 100.0 * share / n, 100.0 * alone / n,
                                          sum(a for a, _ in results) / n, sum(sum(o) for _, o in results) / (2.0 * n)))
    print("  " + _time_line(times))


REPORT = {"fits": report_fits, "zatre": report_zatre, "forbes": report_forbes}

DEVICE_SCRIPT = """
import time, gc
GAME = %r
LEVEL = %d
def us():
    return time.ticks_us()
worst = 0
total = 0
moves = 0
peak = 0
if GAME == "fits":
    from boardcore.fits import engine
    from boardcore.fits.game import Game
    g = Game(["Solo"], seed=%d, boards=(3,))
    while g.phase != "over" and moves < 12:
        if g.phase == "deal":
            g.start_round()
        elif g.phase == "score":
            g.finish_round()
        elif g.phase == "cards" and not g.waiting():
            g.turn_card()
        else:
            pos = engine.position(g, "Solo")
            gc.collect()
            t0 = us()
            move, _ = engine.best(pos, LEVEL, moves)
            dt = time.ticks_diff(us(), t0)
            gc.collect()
            peak = max(peak, gc.mem_alloc())
            worst = max(worst, dt); total += dt; moves += 1
            if move == engine.PASS:
                g.set_aside("Solo", pos.tile)
            else:
                g.place("Solo", pos.tile, move[0], move[1])
elif GAME == "zatre":
    from boardcore.zatre import engine
    from boardcore.zatre.game import Game
    g = Game(["A", "B"], seed=%d)
    while not g.over and moves < 30:
        pos = engine.position(g)
        gc.collect()
        t0 = us()
        turn, _ = engine.best(pos, LEVEL, moves)
        dt = time.ticks_diff(us(), t0)
        gc.collect()
        peak = max(peak, gc.mem_alloc())
        worst = max(worst, dt); total += dt; moves += 1
        pos = None
        g.play(turn)
else:
    from boardcore.forbes import engine
    from boardcore.forbes.game import Game
    from boardcore.rng import Random
    g = Game(3, dealer=0, rng=Random(%d))
    while not g.over:
        seat = g.current
        g.draw(seat)
        gc.collect()
        t0 = us()
        cell, _ = engine.best(engine.position(g, seat), LEVEL, moves)
        dt = time.ticks_diff(us(), t0)
        gc.collect()
        peak = max(peak, gc.mem_alloc())
        worst = max(worst, dt); total += dt; moves += 1
        g.place(seat, cell[0], cell[1])
print("MOVES %%d MEAN %%d WORST %%d PEAK %%d" %% (moves, total // moves, worst, peak))
"""


def device_figures(levels):
    """Time per move and peak heap on MicroPython at 96 KB, from .mpy as deployed."""
    import re
    import tempfile

    from mpy_tree import compiled

    from boardcore.fits.engine import DEVICE_LEVELS as FITS_DEVICE
    from boardcore.forbes.engine import DEVICE_LEVELS as FORBES_DEVICE
    from boardcore.zatre.engine import DEVICE_LEVELS as ZATRE_DEVICE

    tree = compiled(ROOT / "shared")
    env = dict(os.environ)
    env["MICROPYPATH"] = ".frozen" + os.pathsep + str(tree)
    offered = {"fits": FITS_DEVICE, "zatre": ZATRE_DEVICE, "forbes": FORBES_DEVICE}
    for game in ("fits", "zatre", "forbes"):
        for level in offered[game]:
            if level not in levels:
                continue
            with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
                f.write(DEVICE_SCRIPT % (game, level, BENCH_SEED, BENCH_SEED, BENCH_SEED))
                path = f.name
            try:
                proc = subprocess.run([str(MICROPYTHON), "-X", "heapsize=96k", path], env=env,
                                      capture_output=True, text=True, timeout=1800)
            finally:
                os.unlink(path)
            m = re.search(r"MOVES (\d+) MEAN (\d+) WORST (\d+) PEAK (\d+)", proc.stdout)
            if proc.returncode != 0 or not m:
                print("MicroPython 96k %s level %d: FAILED %s" % (game, level, (proc.stdout + proc.stderr)[-300:]))
                continue
            print("MicroPython 96k %s level %d: %s moves, mean %.1f ms, worst %.1f ms, peak heap %s bytes "
                  "(live, the move held)" % (
                      game, level, m.group(1), int(m.group(2)) / 1000.0, int(m.group(3)) / 1000.0, m.group(4)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", default="fits=1000,zatre=1000,forbes=2000")
    ap.add_argument("--levels", default="1,2,3,4,5")
    ap.add_argument("--only", default="fits,zatre,forbes,micropython")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    games = dict((k, int(v)) for k, v in (x.split("=") for x in args.games.split(",")))
    levels = [int(x) for x in args.levels.split(",")]
    only = args.only.split(",")
    for game in ("fits", "zatre", "forbes"):
        if game not in only:
            continue
        for level in levels:
            t0 = time.time()
            results, times = play(game, level, games.get(game, 100), args.workers)
            REPORT[game](level, results, times)
            print("  (%.0f s with %d workers)" % (time.time() - t0, args.workers), flush=True)
    if "micropython" in only:
        device_figures(levels)


if __name__ == "__main__":
    main()
