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
"""

import os
import re
import subprocess

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


def run_fw(tmp_path, body, interpreter="micropython-96k", figure=None, timeout=60):
    """Run `body` (after the prelude) on MicroPython with firmware/ on the path."""
    script = tmp_path / "fw_script.py"
    if interpreter not in ("micropython", "micropython-96k"):
        raise ValueError("firmware scripts run on micropython or micropython-96k")
    script.write_text(PRELUDE + body + EPILOGUE)
    argv, env = interpreter_command(interpreter, script)
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


class ListCanvas:
    """A CPython canvas with the FrameBuffer methods screens use (fill, pixel, fill_rect,
    hline, vline, rect) and the Display attributes: proof that screens run on the host.
    Mono pixels are 0/1; colour pixels are RGB565, as firmware Display.rgb makes them."""

    def __init__(self, width, height, colour=False):
        self.width, self.height, self.colour = width, height, colour
        self.px = [[0] * width for _ in range(height)]
        self.shows = 0

    def rgb(self, r, g, b):
        if not self.colour:
            return 1 if (r or g or b) else 0
        return ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)

    def fill(self, c):
        for row in self.px:
            row[:] = [c] * self.width

    def pixel(self, x, y, c=None):
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None
        if c is None:
            return self.px[y][x]
        self.px[y][x] = c

    def fill_rect(self, x, y, w, h, c):
        for yy in range(max(0, y), min(self.height, y + h)):
            for xx in range(max(0, x), min(self.width, x + w)):
                self.px[yy][xx] = c

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self.fill_rect(x, y, w, h, c)
        else:
            self.hline(x, y, w, c)
            self.hline(x, y + h - 1, w, c)
            self.vline(x, y, h, c)
            self.vline(x + w - 1, y, h, c)

    def show(self):
        self.shows += 1

    def rows(self):
        """The frame as text rows, as dump() prints them on MicroPython."""
        letters = {0: "."}
        if self.colour:
            for rgb, ch in (((255, 0, 0), "R"), ((0, 255, 0), "G"), ((0, 0, 255), "B"),
                            ((255, 255, 0), "Y"), ((255, 255, 255), "W")):
                letters[self.rgb(*rgb)] = ch
            return ["".join(letters.get(v, "?") for v in row) for row in self.px]
        return ["".join("#" if v else "." for v in row) for row in self.px]
