"""The virtual board's input driver (firmware/sim/input.py) on the MicroPython unix port,
with a fake clock: edges become the firmware's input events, long presses by time."""

import os
import subprocess

from conftest import MICROPYTHON
from mpy_tree import image_path

SCRIPT = r"""
from sim.input import SimInput
now = [1000]
got = []
s = SimInput(["menu", "next", "p1"], got.append, 600, scanner=True, clock=lambda: now[0])
assert s.handle(b"down next") is None
now[0] += 599                      # held 599 ms: one short of the 600 ms long press
assert s.handle(b"up next") is None
assert s.handle(b"down p1") is None
now[0] += 600                      # held exactly 600 ms: long
assert s.handle(b"up p1") is None
assert s.handle(b"scan 04A3B2C1") is None
print(got)
print(s.handle(b"down nope"))
print(s.handle(b"up menu"))
print(s.handle(b"wiggle next"))
print(s.handle(b"garbage"))
assert s.handle(b"down menu") is None
print(s.handle(b"down menu"))
print(SimInput(["next"], got.append, 600, scanner=False).handle(b"scan X"))
"""


def test_sim_input_events_on_micropython():
    # The virtual board's image, as deployed, at a device's 96 KB (mpy_tree.py).
    env = dict(os.environ, MICROPYPATH=os.pathsep.join([".frozen"] + image_path("virtual")))
    done = subprocess.run([str(MICROPYTHON), "-X", "heapsize=96k", "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "[('button', 'next', 'down'), ('button', 'next', 'short'), ('button', 'p1', 'down'), "
        "('button', 'p1', 'long'), ('scan', '04A3B2C1')]",
        "no button 'nope' (buttons: menu next p1)",
        "button menu is not down",
        "unknown input verb 'wiggle'",
        "bad input line 'garbage'",
        "button menu is already down",
        "this board has no scanner",
    ]
