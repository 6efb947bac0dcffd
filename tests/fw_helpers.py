"""Run firmware code on the MicroPython unix port and read back the frames it drew.

A test script runs with firmware/ on MICROPYPATH (besides shared/, as conftest sets),
under -X heapsize=96k by default from the device's image, as deployed (the
"micropython" interpreter runs them from source), after a prelude that defines:
    RecordingDisplay(width, height, colour=False, fmt=None)
        a real framebuf-backed firmware Display whose show() only counts (.shows)
    dump(name, canvas)
        prints the frame as text rows between "FRAME name" and "END":
        mono: '#' lit, '.' dark; colour: R G B Y W for those colours, '.' black,
        '?' anything else
The script's frames come back as {name: [row strings]}; other output lines are kept.
On the CPython side, RecordingCanvas is the host's canvas with the same counting show(); its
rows() writes a frame as dump() does.
"""

import os
import re
import subprocess

from boardlight.canvas import Canvas
from conftest import FIGURES, ROOT, interpreter_command
from mpy_tree import device_image

FIRMWARE = ROOT / "firmware"

PRELUDE = '''
from display import Display


class RecordingDisplay(Display):
    def __init__(self, width, height, colour=False, fmt=None):
        super().__init__(width, height, colour, fmt)
        self.shows = 0

    def show(self):
        self.shows += 1


def _letters(d):
    if not d.colour:
        return {0: "."}
    out = {0: "."}
    for rgb, ch in (((255, 0, 0), "R"), ((0, 255, 0), "G"), ((0, 0, 255), "B"),
                    ((255, 255, 0), "Y"), ((255, 255, 255), "W")):
        out[d.rgb(*rgb)] = ch
    return out


import gc

_live = [0]


def dump(name, d):
    # The live heap once a frame is drawn (after a collection): the figure we report.
    gc.collect()
    _live[0] = max(_live[0], gc.mem_alloc())
    print("FRAME " + name)
    table = _letters(d)
    for y in range(d.height):
        row = ""
        for x in range(d.width):
            v = d.pixel(x, y)
            if d.colour:
                row += table.get(v, "?")
            else:
                row += "#" if v else "."
        print(row)
    print("END")

'''

EPILOGUE = '''
print("LIVE %d" % _live[0])
'''


class FwRun:
    """The outcome of one firmware script: frames, other lines, and the largest live
    heap (bytes in use after a collection) seen when a frame was dumped."""

    def __init__(self, proc):
        self.proc = proc
        self.frames = {}
        self.lines = []
        self.live = None
        name = None
        rows = []
        for line in proc.stdout.splitlines():
            if name is not None:
                if line == "END":
                    self.frames[name] = rows
                    name, rows = None, []
                else:
                    rows.append(line)
            elif line.startswith("FRAME "):
                name = line[6:]
            else:
                m = re.match(r"LIVE (\d+)$", line)
                if m:
                    self.live = int(m.group(1))
                else:
                    self.lines.append(line)

    @property
    def ok(self):
        return self.proc.returncode == 0

    def why(self):
        return "exit %s\nstdout:\n%s\nstderr:\n%s" % (self.proc.returncode, self.proc.stdout, self.proc.stderr)


def run_fw(tmp_path, body, interpreter="micropython-96k", figure=None, timeout=60, heap="96k"):
    """Run `body` (after the prelude) on MicroPython with firmware/ on the path (the
    device image in a heap of `heap` for "micropython-96k")."""
    script = tmp_path / "fw_script.py"
    if interpreter not in ("micropython", "micropython-96k"):
        raise ValueError("firmware scripts run on micropython or micropython-96k")
    script.write_text(PRELUDE + body + EPILOGUE)
    argv, env = interpreter_command(interpreter, script, heap=heap)
    firmware = device_image() if interpreter == "micropython-96k" else FIRMWARE
    env["MICROPYPATH"] = env["MICROPYPATH"] + os.pathsep + str(firmware)
    proc = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=timeout, cwd=ROOT)
    run = FwRun(proc)
    assert run.ok, run.why()
    if figure and run.live is not None:
        FIGURES["live heap after drawing, " + figure] = "%d bytes" % run.live
    return run


def picture(text):
    """Expected frame rows from a block of text (blank lines and indentation ignored)."""
    return [line.strip() for line in text.strip().splitlines() if line.strip()]


class RecordingCanvas(Canvas):
    """The host's CPython canvas (boardlight.canvas) whose show() only counts (.shows), as
    RecordingDisplay's on MicroPython: proof that the screens run on the host."""

    def __init__(self, width, height, colour=False):
        super().__init__(width, height, colour)
        self.shows = 0

    def show(self):
        self.shows += 1


# -- the standalone dealer on CPython (as `boardlight direct` runs it) ----------------------


class FakeApp:
    """The app around a dealer: counts show() calls and logs each message's text."""

    def __init__(self):
        self.shows = 0
        self.messages = []

    def show(self):
        self.shows += 1

    def set_scroller(self, s):
        self.messages.append(s.text)


def cpython_dealer(seed=7, players=2, buttons=None):
    """(FakeApp, the firmware's Standalone on an 8 x 8 host canvas), the first game dealt."""
    import sys

    if str(FIRMWARE) not in sys.path:
        sys.path.insert(0, str(FIRMWARE))
    import standalone

    app = FakeApp()
    st = standalone.Standalone(Canvas(8, 8), app.show, app.set_scroller, seed=seed, players=players,
                               buttons=buttons)
    st.start()
    return app, st


def press(st, name, kind="short"):
    """A whole press of button `name` on a dealer (down, then short or long)."""
    st.handle(("button", name, "down"))
    return st.handle(("button", name, kind))
