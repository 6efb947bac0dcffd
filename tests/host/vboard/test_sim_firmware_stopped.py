"""`boardlight sim` when the firmware is not running (mpremote left the board at its REPL,
as the sim's own status line invites): a key or a scan says so on the status line; the sim
used to end with a ConnectionError traceback on a scan, and a press died in its thread."""

import os
import pty
import threading

from boardlight.vboard.term import run

from host.vboard.test_sim_scan_prompt import FakeBoard, Out, keys_are_read_one_by_one, wait_for

STOPPED = "the virtual board's firmware is not running (no side channel)"


class StoppedBoard(FakeBoard):
    """The FakeBoard of test_sim_scan_prompt, its firmware stopped: every key or scan fails."""

    port = "/dev/pts/98"

    def __init__(self):
        super().__init__()
        self.tries = []

    def scan(self, code):
        self.tries.append(("scan", code))
        raise ConnectionError(STOPPED)

    def press(self, name, long, long_ms):
        self.tries.append(("press", name))
        raise ConnectionError(STOPPED)


def test_scan_and_press_with_the_firmware_stopped_say_so_and_the_sim_goes_on():
    master, slave = pty.openpty()
    board, out = StoppedBoard(), Out()
    inp = os.fdopen(slave, "r")
    crashed = []

    def target():
        try:
            run(board, {"next": "n", "menu": "m"}, out=out, inp=inp)
        except BaseException as e:  # noqa: B902 - the test reports what ended the sim
            crashed.append(e)

    t = threading.Thread(target=target)
    t.start()
    said = STOPPED + "; mpremote connect /dev/pts/98 soft-reset starts it again"
    try:
        wait_for(lambda: "\x1b[H" in out.text() and keys_are_read_one_by_one(slave))
        os.write(master, b"sABC\n")
        wait_for(lambda: board.tries == [("scan", "ABC")] and keys_are_read_one_by_one(slave))
        wait_for(lambda: said in out.text().rsplit("\x1b[H", 1)[-1] or bool(crashed))
        os.write(master, b"n")
        wait_for(lambda: ("press", "next") in board.tries or bool(crashed))
        assert not crashed, crashed
        # The press's failure replaces "next short" on the status line.
        wait_for(lambda: said in out.text().rsplit("\x1b[H", 1)[-1])
        assert t.is_alive()
    finally:
        os.write(master, b"\nq")  # "\n" first: a prompt still waiting for its line gets one
        t.join(3)
        inp.close()
        os.close(master)
    assert not crashed and not t.is_alive()


def test_a_code_pasted_with_its_enter_after_s_is_scanned_at_once():
    # "sCODE\n" arriving in one read (a paste, a fast typist): the code is complete, so
    # the sim must not wait for another line before scanning it.
    class Board(StoppedBoard):
        def scan(self, code):
            self.tries.append(("scan", code))

    master, slave = pty.openpty()
    board, out = Board(), Out()
    inp = os.fdopen(slave, "r")
    t = threading.Thread(target=run, args=(board, {"next": "n", "menu": "m"}), kwargs={"out": out, "inp": inp})
    t.start()
    try:
        wait_for(lambda: "\x1b[H" in out.text() and keys_are_read_one_by_one(slave))
        os.write(master, b"sFITS-L3\nm")
        wait_for(lambda: board.tries == [("scan", "FITS-L3"), ("press", "menu")])
    finally:
        os.write(master, b"\nq")
        t.join(3)
        inp.close()
        os.close(master)
    assert not t.is_alive()
