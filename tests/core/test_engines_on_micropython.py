"""The engines run on MicroPython at the levels the device offers (96 KB heap, the core
compiled as deployed) and there choose the same legal moves as on CPython."""

import json

import pytest

from conftest import run_on

HEAD = """
import gc
import json
from boardcore.rng import Random
out = []
"""
FITS = """
from boardcore.fits import engine as fe
from boardcore.fits.game import Game as FitsGame
g = FitsGame(["Solo"], seed=12, boards=(4,))
while g.phase != "over" and len(out) < 10:
    if g.phase == "deal":
        g.start_round()
    elif g.phase == "score":
        g.finish_round()
    elif g.phase == "cards" and not g.waiting():
        g.turn_card()
    else:
        gc.collect()  # as the device does while it waits for a press
        pos = fe.position(g, "Solo")
        move, _ = fe.best(pos, fe.DEVICE_LEVELS[len(out) % len(fe.DEVICE_LEVELS)], len(out))
        out.append(["fits", move])
        if move == fe.PASS:
            g.set_aside("Solo", pos.tile)
        else:
            g.place("Solo", pos.tile, move[0], move[1])
"""
ZATRE = """
from boardcore.zatre import engine as ze
from boardcore.zatre.game import Game as ZatreGame
g = ZatreGame(["A", "B"], seed=12)
for k in range(8):
    turn, _ = ze.best(ze.position(g), ze.DEVICE_LEVELS[k % len(ze.DEVICE_LEVELS)], k)
    out.append(["zatre", [list(t) for t in turn]])
    g.play(turn)
"""
FORBES = """
from boardcore.forbes import engine as be
from boardcore.forbes.game import Game as ForbesGame
g = ForbesGame(3, dealer=0, rng=Random(12))
k = 0
while not g.over:
    seat = g.current
    g.draw(seat)
    cell, _ = be.best(be.position(g, seat), be.DEVICE_LEVELS[k % len(be.DEVICE_LEVELS)], k)
    out.append(["forbes", list(cell)])
    g.place(seat, cell[0], cell[1])
    k += 1
"""
# One game per run, as the device loads one game at a time.
SCRIPTS = {"fits": FITS, "zatre": ZATRE, "forbes": FORBES}
MOVES = {"fits": 10, "zatre": 8, "forbes": 16}


def _run(interpreter, game, tmp_path):
    script = tmp_path / ("engine_%s.py" % game)
    script.write_text(HEAD + SCRIPTS[game] + "print(json.dumps(out))\n")
    proc = run_on(interpreter, script, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return json.loads(proc.stdout.splitlines()[-1])


@pytest.mark.parametrize("interpreter", ["micropython", "micropython-96k"])
@pytest.mark.parametrize("game", sorted(SCRIPTS))
def test_device_levels_play_the_same_on_micropython(game, interpreter, tmp_path):
    expected = _run("cpython", game, tmp_path)
    assert len(expected) == MOVES[game]
    assert _run(interpreter, game, tmp_path) == expected
