"""How fast the FITS core is: legal drops and whole random games, on CPython and on the
MicroPython unix port. Prints figures; nothing is asserted.
Usage: .venv/bin/python bench/fits_speed.py
"""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MICROPYTHON = Path(sys.executable).with_name("micropython")

SCRIPT = """
import time
from boardcore.fits.game import Game
from boardcore.fits.board import Board
from boardcore.fits.tiles import TILE_IDS

def ms():
    try:
        return time.ticks_ms()
    except AttributeError:
        return int(time.time() * 1000)

b = Board()
b.drop("P", 1, 1); b.drop("W", 1, 3); b.drop("N", 2, 3)
t0 = ms()
n = 0
for _ in range(20):
    for t in TILE_IDS:
        n += len(b.legal_drops(t))
t1 = ms()
print("legal_drops: %d calls, %.2f ms per call" % (20 * 16, (t1 - t0) / (20.0 * 16)))

t0 = ms()
games = 5
for seed in range(games):
    g = Game(["A", "B", "C", "D"], seed)
    k = seed
    while g.phase != "over":
        g.start_round()
        for p in g.players:
            d = g.legal_drops(p)
            g.place(p, g.start_tile(p), d[k % len(d)][0], d[k % len(d)][1])
        while g.phase == "cards":
            tile = g.turn_card()
            for p in g.waiting():
                d = g.legal_drops(p)
                k = (k * 7 + 3) % 101
                if d and k % 5:
                    g.place(p, tile, d[k % len(d)][0], d[k % len(d)][1])
                else:
                    g.set_aside(p, tile)
        g.finish_round()
t1 = ms()
print("4-player game, 4 rounds, legal drops every action: %.0f ms per game" % ((t1 - t0) / float(games)))
"""


def main():
    script = ROOT / "build" / "fits_speed_script.py"
    script.parent.mkdir(exist_ok=True)
    script.write_text(SCRIPT)
    shared = str(ROOT / "shared")
    for name, argv, env in (
        ("CPython", [sys.executable, str(script)], dict(os.environ, PYTHONPATH=shared)),
        ("MicroPython", [str(MICROPYTHON), str(script)], dict(os.environ, MICROPYPATH=".frozen" + os.pathsep + shared)),
    ):
        proc = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=300)
        print("== %s" % name)
        print(proc.stdout.strip() or proc.stderr.strip())


if __name__ == "__main__":
    main()
