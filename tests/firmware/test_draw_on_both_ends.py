"""screens.draw(kind, canvas, **payload) is the same call on both ends: the firmware on
MicroPython (.mpy, 96 KB, a framebuf Display) and the host on its CPython canvas
(boardlight.canvas, the mirror of a real device and --direct) draw every screen kind
with the same pixel values, on every display size."""

import json

from boardcore.protocol.screens import KINDS, check
from boardlight.canvas import Canvas
from boardlight.direct.device import load_screens
from fw_helpers import run_fw

DISPLAYS = [  # name, width, height, colour, framebuf format (None: the display's own)
    ("8x8", 8, 8, False, None),
    ("32x8", 32, 8, False, None),
    ("16x16c", 16, 16, True, None),
    ("oled", 128, 64, False, "MONO_VLSB"),
]

SCREENS = [
    ("fits_card", {"tile": "L3", "start": True, "round_no": 2, "player": 3, "board_no": 4}),
    ("fits_card", {"tile": "W", "round_no": 3, "board_no": 1}),
    ("zatre_tiles", {"tiles": [1, 5], "hint": [12, 2, 4, 7]}),
    ("zatre_tiles", {"tiles": [3, 6, 2], "hint": [0, 0, 0, 0]}),
    ("forbes_hand", {"cards": "SCTX"}),
    ("forbes_stone", {"stone": "X"}),
    ("fits_hint", {"tile": "L4", "orientation": 2, "column": 3}),
    ("fits_hint", {"tile": "N"}),
    ("zatre_hint", {"tiles": [5, 3], "rows": [7, 7], "cols": [7, 8]}),
    ("zatre_hint", {"tiles": [], "rows": [], "cols": []}),
    ("forbes_hint", {"stone": "T", "row": 1, "col": 2, "board": "S...C.......X..."}),
    ("message", {"text": "P1 WINS", "colour": [255, 0, 255], "loop": True}),
    ("scores", {"scores": [12, 7, 30], "names": ["ANA", "BO", "CY"]}),
    ("clear", None),
]

STEPS = 3  # a Scroller's frames compared (the device's app draws the first at once)

SCRIPT = """
import json
import framebuf
import screens
from boardcore.protocol.screens import check

for name, w, h, colour, fmt, kind, payload in json.loads(%r):
    d = RecordingDisplay(w, h, colour, getattr(framebuf, fmt) if fmt else None)
    scroller = screens.draw(kind, d, **check(kind, payload))
    for step in range(%d if scroller is not None else 1):
        if scroller is not None:
            scroller.step()
        print("FRAME " + name + " " + str(step))
        for y in range(h):
            print(" ".join(str(d.pixel(x, y)) for x in range(w)))
        print("END")
"""


def _cases():
    return [[d[0] + " " + kind + " " + str(i), d[1], d[2], d[3], d[4], kind, payload]
            for d in DISPLAYS for i, (kind, payload) in enumerate(SCREENS)]


def _host_frames(cases):
    screens = load_screens()
    frames = {}
    for name, w, h, colour, _fmt, kind, payload in cases:
        canvas = Canvas(w, h, colour)
        scroller = screens.draw(kind, canvas, **check(kind, payload))
        for step in range(STEPS if scroller is not None else 1):
            if scroller is not None:
                scroller.step()
            frames[name + " " + str(step)] = [
                " ".join(str(canvas.pixel(x, y)) for x in range(w)) for y in range(h)]
    return frames


def test_every_kind_is_drawn():
    assert sorted({kind for kind, _ in SCREENS}) == sorted(KINDS)


def test_the_device_and_the_host_draw_the_same_pixels(tmp_path):
    cases = _cases()
    device = run_fw(tmp_path, SCRIPT % (json.dumps(cases), STEPS)).frames
    host = _host_frames(cases)
    assert sorted(device) == sorted(host)
    for name in sorted(host):
        assert device[name] == host[name], name
    # Only "clear" is dark: two blank displays would match whatever the screens did.
    dark = [name for name in host if all(v == "0" for row in host[name] for v in row.split())]
    assert sorted(dark) == sorted(name for name in host if " clear " in name)
