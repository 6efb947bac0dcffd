"""The Zatre move-generation benchmark body; runs under CPython and MicroPython alike.

Builds a crowded board from a fixed seed (random legal turns until at least MIN_TILES tiles
are down and the hand to move has two-tile turns), then times listing every legal placement
of the two tiles in hand, REPEAT times, and prints one line: BENCH {json}.
bench/zatre_moves.py runs it on both interpreters; run alone it just prints its line.
"""

import gc
import json
import sys

try:
    import boardcore  # noqa: F401
except ImportError:  # run straight from a checkout: shared/ is beside bench/
    sys.path.append(__file__.rsplit("/", 2)[0] + "/shared" if "/" in __file__ else "../shared")

from boardcore.rng import Random
from boardcore.zatre.board import coords
from boardcore.zatre.game import Game
from boardcore.zatre.hint import compact_hint, legal_turns
from boardcore.zatre.moves import two_tile_turns

SEED = 60
MIN_TILES = 60
REPEAT = 21

try:
    from time import ticks_diff, ticks_us

    def now_us():
        return ticks_us()

    def elapsed_us(a, b):
        return ticks_diff(b, a)

except ImportError:
    from time import perf_counter

    def now_us():
        return perf_counter() * 1e6

    def elapsed_us(a, b):
        return b - a


def crowded_game():
    g = Game(["A", "B", "C"], SEED)
    rng = Random(SEED)
    while True:
        hand = g.hand()
        best_sum, ways, best_points, n = compact_hint(g.board, hand, g.first_turn, g.strict)
        if g.board.count >= MIN_TILES and len(hand) == 2 and n and not g.first_turn:
            return g
        if g.over:
            raise RuntimeError("the seeded game ended before %d tiles" % MIN_TILES)
        placed = []
        if n:
            k = rng.below(n)
            for steps, _, _, _, _ in legal_turns(g.board, hand, g.first_turn, g.strict):
                if k == 0:
                    placed = [coords(i) + (v,) for i, v in steps]
                    break
                k -= 1
        g.play(placed)


def median_us(g, a, b):
    # Median time of REPEAT listings of every legal placement of tiles a and b, and the count.
    times = []
    count = 0
    for _ in range(REPEAT):
        gc.collect()
        t0 = now_us()
        count = 0
        for _ in two_tile_turns(g.board, a, b, g.strict):
            count += 1
        times.append(elapsed_us(t0, now_us()))
    times.sort()
    return times[len(times) // 2], count


def main():
    g = crowded_game()
    a, b = g.hand()
    if "quick" in sys.argv:  # one listing only: for finding the smallest heap that works
        print("QUICK %d" % sum(1 for _ in two_tile_turns(g.board, 1, 2, g.strict)))
        return
    dealt_us, count = median_us(g, a, b)
    # Every possible two-tile hand on the same board: the slowest is the worst case.
    slowest = (0, 0, 0, 0)
    for x in range(1, 7):
        for y in range(x, 7):
            t, n = median_us(g, x, y)
            if t > slowest[0]:
                slowest = (t, n, x, y)
    # Heap a listing allocates with the collector off: an upper bound on what it needs.
    gc.collect()
    gc.disable()
    before = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
    for _ in two_tile_turns(g.board, a, b, g.strict):
        pass
    allocated = (gc.mem_alloc() - before) if hasattr(gc, "mem_alloc") else 0
    gc.enable()
    gc.collect()
    out = {
        "interpreter": sys.implementation.name,
        "tiles_on_board": g.board.count,
        "hand": [a, b],
        "placements": count,
        "median_ms": dealt_us / 1000.0,
        "slowest_hand": [slowest[2], slowest[3]],
        "slowest_placements": slowest[1],
        "slowest_median_ms": slowest[0] / 1000.0,
        "repeat": REPEAT,
        "listing_allocates_bytes": allocated,
        "heap_in_use_bytes": gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0,
    }
    print("BENCH " + json.dumps(out))
    if sys.implementation.name == "micropython":
        import micropython

        micropython.mem_info()


main()
