"""`boardlight sim`'s "s" (scan a card code): while the prompt waits for the code, the
matrix must not be redrawn. Before, every new frame (the waiting animation makes one
every 120 ms) moved the cursor back to the start of the prompt's line, so each typed
character overwrote "card code: " and the code could not be seen while typing."""

import os
import pty
import termios
import threading
import time

from boardlight.vboard.frame import MatrixFrame
from boardlight.vboard.term import run


class FakeBoard:
    port = "/dev/pts/99"

    def __init__(self):
        self.frames_seen = 1
        self.frame = MatrixFrame(1, 2, 1, "mono", 15, bytes([0x80]))
        self.scanned = []

    def scan(self, code):
        self.scanned.append(code)

    def press(self, name, long, long_ms):
        pass


class Out:
    def __init__(self):
        self.parts = []
        self.lock = threading.Lock()

    def write(self, s):
        with self.lock:
            self.parts.append(s)

    def flush(self):
        pass

    def text(self):
        with self.lock:
            return "".join(self.parts)


def wait_for(cond, timeout=3.0):
    end = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.01)


def keys_are_read_one_by_one(fd):
    # The program puts the terminal in cbreak mode after it starts drawing: keys written
    # before that would wait in the line buffer for an Enter.
    return not termios.tcgetattr(fd)[3] & termios.ICANON


def test_no_redraw_while_a_card_code_is_typed():
    master, slave = pty.openpty()
    board, out = FakeBoard(), Out()
    inp = os.fdopen(slave, "r")
    t = threading.Thread(target=run, args=(board, {"next": "n", "menu": "m"}), kwargs={"out": out, "inp": inp})
    t.start()
    try:
        wait_for(lambda: "\x1b[H" in out.text() and keys_are_read_one_by_one(slave))
        os.write(master, b"s")
        wait_for(lambda: "card code: " in out.text())
        at_prompt = len(out.text())
        for n in range(5):  # new frames arrive while the user types
            board.frames_seen += 1
            time.sleep(0.05)
        os.write(master, b"04A1")
        time.sleep(0.1)
        assert out.text()[at_prompt:] == ""  # nothing drawn over the prompt
        os.write(master, b"B2\n")
        wait_for(lambda: board.scanned == ["04A1B2"])
        # Afterwards the matrix is drawn again, with the result, clearing what was below.
        wait_for(lambda: "scanned 04A1B2\x1b[K\n\x1b[J" in out.text()[at_prompt:])
    finally:
        os.write(master, b"q")
        t.join(3)
        inp.close()
        os.close(master)
    assert not t.is_alive()


class SlowBoard(FakeBoard):
    """Records presses; a press takes a while, and two presses of one button must not
    overlap (the firmware refuses a second "down" while the button is down)."""

    def __init__(self):
        super().__init__()
        self.presses = []
        self.down = set()
        self.overlaps = 0
        self.lock = threading.Lock()

    def press(self, name, long, long_ms):
        with self.lock:
            if name in self.down:
                self.overlaps += 1
            self.down.add(name)
        time.sleep(0.05)
        with self.lock:
            self.down.discard(name)
            self.presses.append((name, long))


def test_keys_that_arrive_together_are_each_a_press():
    master, slave = pty.openpty()
    board, out = SlowBoard(), Out()
    inp = os.fdopen(slave, "r")
    t = threading.Thread(target=run, args=(board, {"next": "n", "menu": "m"}), kwargs={"out": out, "inp": inp})
    t.start()
    try:
        wait_for(lambda: "\x1b[H" in out.text() and keys_are_read_one_by_one(slave))
        os.write(master, b"nnNm")  # one read: next, next, next long, menu
        wait_for(lambda: len(board.presses) == 4)
    finally:
        os.write(master, b"q")
        t.join(3)
        inp.close()
        os.close(master)
    assert sorted(board.presses) == [("menu", False), ("next", False), ("next", False), ("next", True)]
    # The three presses of next one after the other, in the order typed.
    assert [p for p in board.presses if p[0] == "next"] == [("next", False), ("next", False), ("next", True)]
    assert board.overlaps == 0
