"""The device's cost per frame, measured on the MicroPython unix port where it carries over
to a microcontroller: heap allocated, garbage collections asked for, bytes sent to the
display and to the host, and time as a ratio to a fixed reference loop run in the same
process (the unix port is not a Pico: only ratios and counts carry over).

For every screen kind on every display driver of the board files (MAX7219 32 x 8 and 8 x 8,
HT16K33 16 x 8, SSD1306 128 x 64, NeoPixel 16 x 16 and 32 x 8), the host's frame is fed to
the firmware's link as encoded bytes; the figures are those of the steady path (the kind
already shown once). Also a whole picture as a host sends it to a device that asks for
pictures (raw chunks), one step of scrolling text, one step of the waiting animation, a
button press (the btn frame to the host), and what each driver sends for a one-row change,
for a frame that changes nothing, and for a whole new frame.

The firmware runs as deployed (.mpy). The floors (exit 1 if missed):
no heap allocated on the steady path of drawing and showing a frame, a scroll step or the
waiting step; no collection asked for by any path; and at most a row of bytes (the
MAX7219: 2 bytes per module in the chain) for a one-row change on the SPI matrices. A
host frame's decoding, acknowledgement and payload check, and a press's btn frame,
allocate (JSON, the line, the ack): their figures are printed beside, held to no floor.

Usage: .venv/bin/python bench/device_cost.py [--json] [--no-floors] [--tree DIR] [DRIVER ...]
(--tree: measure the firmware and core of another checkout, e.g. one from before a change,
with this bench.)
"""

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from boardlight.image import compile_files

ROOT = Path(__file__).resolve().parent.parent
MICROPYTHON = Path(sys.executable).with_name("micropython")
WORKER = Path(__file__).with_name("device_cost_worker.py")


def compiled(src, out):
    jobs = []
    for path in sorted(src.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        jobs.append((path, out / path.relative_to(src).with_suffix(".mpy")))
    compile_files(jobs)
    return out


# The displays of the board files: (driver, width, height).
DISPLAYS = (("max7219", 32, 8), ("max7219", 8, 8), ("ht16k33", 16, 8), ("ssd1306", 128, 64),
            ("neopixel", 16, 16), ("neopixel", 32, 8))


def run(drivers, heap="128k", tree=ROOT):
    """The worker's JSON rows: one process per display (a heap each, a third more than
    the firmware needs, for the bench's own lines and rows)."""
    rows = []
    with tempfile.TemporaryDirectory(prefix="boardlight-cost-") as tmp:
        tmp = Path(tmp)
        fw = compiled(tree / "firmware", tmp / "firmware")
        core = compiled(tree / "shared", tmp / "shared")
        env = dict(os.environ, MICROPYPATH=os.pathsep.join([".frozen", str(fw), str(core)]))
        for i, (kind, w, h) in enumerate(DISPLAYS):
            if drivers and kind not in drivers:
                continue
            proc = subprocess.run([str(MICROPYTHON), "-X", "heapsize=" + heap, str(WORKER), kind, str(w), str(h)],
                                  env=env, capture_output=True, text=True, timeout=600, cwd=ROOT)
            if proc.returncode != 0:
                raise SystemExit("the worker failed on %s %dx%d:\n%s%s" % (kind, w, h, proc.stdout[-3000:], proc.stderr[-3000:]))
            for line in proc.stdout.splitlines():
                if line.startswith("{"):
                    row = json.loads(line)
                    if row["what"] in ("reference", "collect") and rows and i:
                        continue  # the first process's are enough
                    rows.append(row)
    return rows


def floors(rows):
    """The floors each row misses, as sentences: nothing allocated by drawing and showing
    a frame, a scroll step or a waiting step; no collection asked for on any path; at
    most a row of SPI bytes for a one-row change on a MAX7219 chain. (A host frame's
    decoding and acknowledgement allocate: reported, not held to a floor.)"""
    missed = []
    for r in rows:
        what = r["what"]
        where = r.get("display", "")
        if "alloc" in r:
            drawing = r.get("draw_alloc")
            if drawing:
                missed.append("drawing %s on %s allocates %d bytes" % (what, where, drawing))
            if not what.startswith("frame") and not what.startswith("event") and r["alloc"]:
                missed.append("%s on %s allocates %d bytes" % (what, where, r["alloc"]))
            if r["collects"]:
                missed.append("%s on %s asks for %d collections" % (what, where, r["collects"]))
        if what == "display bytes" and where.startswith("max7219"):
            w, h = (int(n) for n in where.split()[1].split("x"))
            row = 2 * (w // 8) * (h // 8)
            if r["one_row"] > row:
                missed.append("a one-row change on %s sends %d bytes, over a row's %d" % (where, r["one_row"], row))
    return missed


def main(argv):
    as_json = "--json" in argv
    check = "--no-floors" not in argv
    tree = ROOT
    if "--tree" in argv:
        i = argv.index("--tree")
        tree = Path(argv[i + 1]).resolve()
        argv = argv[:i] + argv[i + 2:]
    drivers = [a for a in argv if not a.startswith("--")]
    rows = run(drivers, tree=tree)
    if as_json:
        for r in rows:
            print(json.dumps(r))
    else:
        ref = next(r for r in rows if r["what"] == "reference")
        col = next(r for r in rows if r["what"] == "collect")
        print("reference loop: %d us on this machine (times below are multiples of it)" % ref["us"])
        print("one gc.collect() at %d bytes in use: %.2f x the reference loop" % (col["heap_used"], col["us"]))
        print("steady path: the kind shown before. alloc B / x ref: the whole path (the host's frame decoded,")
        print("acknowledged, checked, drawn, shown); draw B / draw x: drawing and showing alone.")
        print("%-18s %-24s %7s %8s %9s %6s %7s %7s %7s" % ("display", "steady path of", "alloc B", "collects",
                                                          "display B", "host B", "x ref", "draw B", "draw x"))
        for r in rows:
            if r["what"] in ("reference", "collect", "display bytes", "heap"):
                continue
            drawn = ("%7d %7.3f" % (r["draw_alloc"], r["draw_ratio"])) if "draw_alloc" in r else ""
            print("%-18s %-24s %7d %8d %9d %6d %7.3f %s" % (r["display"], r["what"], r["alloc"], r["collects"],
                                                        r["display_bytes"], r["host_bytes"], r["ratio"], drawn))
        print()
        print("%-18s %16s %16s %16s" % ("display", "one-row change B", "unchanged B", "whole frame B"))
        for r in rows:
            if r["what"] == "display bytes":
                print("%-18s %16d %16d %16d" % (r["display"], r["one_row"], r["unchanged"], r["full"]))
        print()
        for r in rows:
            if r["what"] == "heap":
                print("%-18s heap in use after the run %d bytes, free %d" % (r["display"], r["heap_used"], r["heap_free"]))
    if not check:
        return 0
    missed = floors(rows)
    for m in missed:
        print("floor missed: " + m)
    print("floors: %s" % ("met" if not missed else "%d MISSED" % len(missed)))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
