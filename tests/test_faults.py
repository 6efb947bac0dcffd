"""Faults between the host and the virtual board: a noisy line, garbage, a device reset."""

import time

import pytest

from boardlight.link import Link
from boardlight.vboard_faults import FaultyLine
from boardlight.virtual_board import VirtualBoard

from conftest import FIGURES

BUTTONS = ("next", "menu", "p1", "p2", "p3")


def test_noisy_line_loses_and_doubles_nothing():
    """1% of lines corrupted, 1% dropped, 1% duplicated, each way, over 5,000 data frames:
    2,500 from the host (brightness levels, applied in order on the device) and 2,500
    from the device (1,250 presses, each a "down" then a "short")."""
    noise = FaultyLine(rate=0.01, seed=20261129)
    n_host, n_presses = 2500, 1250
    with VirtualBoard(filters=noise.filters()) as board:
        board.wait_firmware(15)
        with Link(board.port, resend_ms=40) as link:
            link.wait_connected(10)
            before = link.query_status(5)["applied"]
            got = []
            sent = pressed = 0
            deadline = time.monotonic() + 90
            while (sent < n_host or len(got) < 2 * n_presses) and time.monotonic() < deadline:
                # Host frames: keep a few queued (they are not grouped, so none is skipped).
                while sent < n_host and len(link.ep.pending()) < 4:
                    with link._lock:
                        link.ep.send("bright", {"level": sent % 16}, None, int(time.monotonic() * 1000))
                    sent += 1
                # Presses: at most 3 outstanding, so the device's queue stays small.
                while pressed < n_presses and pressed - len(got) // 2 < 3:
                    board.press(BUTTONS[pressed % len(BUTTONS)])
                    pressed += 1
                event = link.next_event(0.005)
                while event is not None:
                    got.append(event)
                    event = link.next_event(0)
            link.wait_idle(20)
            status = link.query_status(5)
            # The brightness frames each showed the display: the last level sent,
            # 2499 % 16 = 3, is the level it ends with.
            assert board.frame.level == 3
            # A picture sent through the noise arrives whole: the L3 card of
            # test_vboard_e2e (top cell x 0..6, y 1..7; bottom row x 0..13, y 8..14;
            # round 2 at (15, 0) and (15, 2)) in player 3's blue.
            link.show_fits("L3", round_no=2, player=3)
            link.wait_idle(20)
            frame = board.wait_frame(lambda f: f.lit(0, 1))
            lit = {(x, y) for y in range(16) for x in range(16) if frame.lit(x, y)}
            want = {(x, y) for y in range(1, 8) for x in range(7)}
            want |= {(x, y) for y in range(8, 15) for x in range(14)} | {(15, 0), (15, 2)}
            assert lit == want
            assert {frame.rgb(x, y) for x, y in lit} == {(0, 0, 255)}
    # Every event exactly once and in order: press k is (button k % 5, down) then short.
    want = []
    for k in range(n_presses):
        want += [("button", BUTTONS[k % len(BUTTONS)], "down"), ("button", BUTTONS[k % len(BUTTONS)], "short")]
    assert got == want
    # Every host frame applied exactly once (the query frames themselves count one each).
    assert status["applied"] - before == n_host + 1
    s = noise.summary()
    assert s["to_device"]["lines"] >= 2 * n_host and s["to_host"]["lines"] >= 2 * 2 * n_presses
    for d in s.values():
        assert d["corrupted"] > 0 and d["dropped"] > 0 and d["duplicated"] > 0
    FIGURES["faults: injected (corrupted/dropped/duplicated)"] = "to device %(to_device)s, to host %(to_host)s" % s
    FIGURES["faults: device resent / duplicates dropped"] = "%d / %d" % (
        status["stats"]["resent"],
        status["stats"]["duplicates"],
    )
