"""Builds the virtual board's hardware (display, buttons, scanner) on the unix port.

The counterpart of hw/setup.py for display kind "virtual": everything goes through the
side channel to boardlight's bridge (sim_channel.py).
"""

import config
from sim.channel import MAX_LINE, Channel
from sim.display import VirtualDisplay
from sim.input import SimInput


def build(board):
    """(display, attach) where attach(emit) starts the inputs and returns their tasks."""
    d = board["display"]
    channel = Channel.from_env()
    display = VirtualDisplay(d["width"], d["height"], bool(d.get("colour")), channel)
    names = sorted(board.get("buttons") or {})
    long_ms = board.get("long_press_ms", config.LONG_PRESS_MS)

    def attach(emit):
        inputs = SimInput(names, emit, long_ms, bool(board.get("scanner")))

        def on_line(line):
            # Whatever goes wrong with one input line must not end the input task.
            if line is None:
                channel.send(("E line too long: at most %d characters\n" % MAX_LINE).encode())
                return
            try:
                problem = inputs.handle(line)
            except Exception as e:  # noqa: BLE001 (reported on the side channel)
                problem = "%s: %s" % (type(e).__name__, e)
            if problem:
                channel.send(b"E " + problem.encode() + b"\n")

        # A task maker, not a coroutine: the app starts the task again if it fails.
        return [lambda: channel.serve(on_line)]

    return display, attach
