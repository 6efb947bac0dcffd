"""The games whose board the device keeps (FITS solo, Forbes with the board) on
MicroPython, from the device image: offered in a Pico's heap and not in 96 KB, and whole
games played on the engine's hints there give the same moves, the same scores and the same
pictures as on CPython (tests/firmware/test_solo.py, test_forbes_board.py)."""

import json
import sys

import pytest

from boardcore.rng import Random
from conftest import FIGURES, ROOT
from fw_helpers import RecordingCanvas, run_fw

sys.path.insert(0, str(ROOT / "firmware"))

PICO_HEAP = "160k"  # about what a Raspberry Pi Pico's MicroPython has (it has ~190 KB)

GAME = """
import gc
import json
import time
import standalone

class FakeApp:
    def __init__(self):
        self.messages = []

    def show(self):
        pass

    def set_scroller(self, s):
        # Every message is drawn to its end (a character the font lacks would raise).
        self.messages.append(s.text)
        n = 0
        while s.step() and n < 300:
            n += 1

d = RecordingDisplay(8, 8)
app = FakeApp()
st = standalone.Standalone(d, app.show, app.set_scroller, seed=5, players=3)
print("MODES " + json.dumps(st.modes))
st.start()

def press(name, kind="short"):
    st.handle(("button", name, "down"))
    return st.handle(("button", name, kind))

if "solo" in st.modes:
    press("menu")
    press("next")
    acted = []
    worst = 0
    peak = 0
    while not st.over:
        s = st.kept
        if s.scored:
            press("next")
            continue
        if s.skipped():
            press("next")
            continue
        t = time.ticks_ms()
        press("next", "long")
        worst = max(worst, time.ticks_diff(time.ticks_ms(), t))
        gc.collect()
        peak = max(peak, gc.mem_alloc())
        if not acted:
            dump("first hint", d)
        acted.append([s.round, s.tile, s.drop()])
        press("menu", "long")
        gc.collect()
        peak = max(peak, gc.mem_alloc())
    print("ACTED " + json.dumps(acted))
    print("TOTALS " + json.dumps(st.kept.totals))
    print("LAST " + json.dumps(app.messages[-1]))
    print("WORST %d PEAK %d" % (worst, peak))
    s = None  # the solo game goes with the next deal

    press("menu")
    press("menu")
    press("menu")  # Forbes with the board, 3 players (game 5: seed 5 + 4)
    press("next")
    moves = []
    worst = peak = 0
    while not st.over:
        g = st.kept.game
        seat, stone = g.current, g.stone
        t = time.ticks_ms()
        press("next", "long")
        worst = max(worst, time.ticks_diff(time.ticks_ms(), t))
        gc.collect()
        peak = max(peak, gc.mem_alloc())
        moves.append([seat, stone] + list(st.kept.cell()))
        g = None
        press("menu", "long")
        gc.collect()
        peak = max(peak, gc.mem_alloc())
    print("FORBES " + json.dumps(moves))
    print("FORBES_LAST " + json.dumps(app.messages[-1]))
    print("FORBES_WORST %d PEAK %d" % (worst, peak))
"""


def _line(run, key):
    for line in run.lines:
        if line.startswith(key + " "):
            return line[len(key) + 1:]
    raise AssertionError("no %s line in %r" % (key, run.lines))


@pytest.fixture(scope="module")
def pico_run(tmp_path_factory):
    return run_fw(tmp_path_factory.mktemp("solo_pico"), GAME, heap=PICO_HEAP, timeout=120)


def cpython_game():
    """The same game on CPython: the dealer's second game (seed 5 + 1), on the hints."""
    import solo

    s = solo.Solo(Random(6))
    s.press("next", "short")
    acted = []
    first = None
    while not s.over:
        if s.scored:
            s.press("next", "short")
        elif s.skipped():
            s.press("next", "short")
        else:
            s.press("next", "long")
            move = s.drop()
            if first is None:
                first = (s.tile, move)
            acted.append([s.round, s.tile, list(move) if move != "pass" else move])
            s.press("menu", "long")
    return acted, s.totals, s.score_text(), first


def test_a_pico_heap_offers_the_kept_games(pico_run):
    assert json.loads(_line(pico_run, "MODES")) == ["fits", "solo", "zatre", "forbes", "forbes_board"]


def test_the_96k_device_does_not_offer_it(tmp_path):
    run = run_fw(tmp_path, GAME)
    assert json.loads(_line(run, "MODES")) == ["fits", "zatre", "forbes"]


def test_hints_drops_and_scores_are_the_same_on_both_interpreters(pico_run):
    acted, totals, last, _ = cpython_game()
    assert json.loads(_line(pico_run, "ACTED")) == acted
    assert json.loads(_line(pico_run, "TOTALS")) == totals
    assert json.loads(_line(pico_run, "LAST")) == last
    worst, peak = _line(pico_run, "WORST").split(" PEAK ")
    FIGURES["FITS solo on MicroPython (%s heap): slowest hint, live heap peak" % PICO_HEAP] = (
        "%s ms, %s bytes" % (worst, peak))


def test_the_hint_on_the_matrix_is_the_hint_screen_of_that_drop(pico_run):
    from boardlight.direct.device import load_screens

    _, _, _, (tile, move) = cpython_game()
    canvas = RecordingCanvas(8, 8)
    if move == "pass":
        load_screens().fits_hint(canvas, tile)
    else:
        load_screens().fits_hint(canvas, tile, move[0], move[1])
    assert pico_run.frames["first hint"] == canvas.rows()


def test_a_forbes_game_with_the_board_is_the_same_on_both_interpreters(pico_run):
    import forbes_board

    fb = forbes_board.deal(Random(9), 3, 0)
    fb.press("next", "short")
    moves = []
    while not fb.over:
        seat, stone = fb.game.current, fb.game.stone
        fb.press("next", "long")
        moves.append([seat, stone] + list(fb.cell()))
        fb.press("menu", "long")
    assert json.loads(_line(pico_run, "FORBES")) == moves
    assert json.loads(_line(pico_run, "FORBES_LAST")) == "  ".join(
        "P%d %d" % (k + 1, t) for k, t in enumerate(fb.totals()))
    worst, peak = _line(pico_run, "FORBES_WORST").split(" PEAK ")
    FIGURES["Forbes with the board on MicroPython (%s heap): slowest hint, live heap peak" % PICO_HEAP] = (
        "%s ms, %s bytes" % (worst, peak))
