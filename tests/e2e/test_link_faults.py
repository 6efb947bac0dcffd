"""Faults between the host and the virtual board: a noisy line, garbage, a device reset."""

import time

import pytest

from boardlight.link.connection import Link
from faulty_line import FaultyLine
from boardlight.vboard.board import VirtualBoard

from conftest import FIGURES

BUTTONS = ("next", "menu", "p1", "p2", "p3")


def unacknowledged(ep):
    """How many data frames an Endpoint holds: queued, or sent and not yet acknowledged."""
    return len(ep._queue) + (ep._inflight is not None)


def test_noisy_line_loses_and_doubles_nothing():
    """1% of lines corrupted, 1% dropped, 1% duplicated, each way, over 5,000 data frames:
    2,500 from the host (brightness levels, applied in order on the device) and 2,500
    from the device (1,250 presses, each a "down" then a "short")."""
    noise = FaultyLine(rate=0.01, seed=20261129)
    n_host, n_presses = 2500, 1250
    with VirtualBoard(filters=noise.filters(), record=True) as board:
        board.wait_firmware(15)
        with Link(board.port, resend_ms=40) as link:
            link.wait_connected(10)
            before = link.query_status(5)["applied"]
            first_frame = len(board.shown)
            got = []
            sent = pressed = 0
            deadline = time.monotonic() + 90
            while (sent < n_host or len(got) < 2 * n_presses) and time.monotonic() < deadline:
                # Host frames: keep a few queued (they are not grouped, so none is skipped).
                while sent < n_host and unacknowledged(link.ep) < 4:
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
            # Each brightness frame, applied, showed the display once: the levels shown
            # are exactly 0, 1, .., 15, 0, .. in order, none missing, none twice.
            levels = [f.level for f in board.shown[first_frame:]]
            assert levels == [i % 16 for i in range(n_host)]
            # A picture sent through the noise arrives whole: the L3 card of
            # test_vboard_e2e (top cell x 0..6, y 1..7; bottom row x 0..13, y 8..14;
            # round 2 at (15, 0) and (15, 2)) in player 3's blue.
            link.show("fits_card", tile="L3", round_no=2, player=3)
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


@pytest.fixture()
def pair():
    with VirtualBoard() as board:
        board.wait_firmware(15)
        with Link(board.port) as link:
            link.wait_connected(10)
            yield board, link


def wait_for(cond, timeout=3.0):
    end = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > end:
            return False
        time.sleep(0.01)
    return True


def still_works(board, link):
    """A press reaches the host and a picture reaches the display."""
    while link.next_event(0) is not None:
        pass
    board.press("menu")
    assert link.next_event(3) == ("button", "menu", "down")
    assert link.next_event(3) == ("button", "menu", "short")
    seen = board.frames_seen
    link.show("fits_card", tile="O4")
    link.wait_idle()
    # O4 is "##/##": s = min(15 // 2, 16 // 2) = 7, ox = 0, oy = 1: x 0..13, y 1..14.
    frame = board.wait_frame(lambda f: f.lit(0, 1) and f.lit(13, 14) and not f.lit(0, 0), newer_than=seen)
    assert sum(frame.lit(x, y) for y in range(16) for x in range(16)) == 14 * 14


def test_garbage_and_overlong_lines_to_the_device(pair):
    board, link = pair
    before = len(link.errors)
    with link._lock:  # bytes straight onto the wire, past the codec
        link.transport.write(b"\x00\xff\x80garbage bytes\n")
        link.transport.write(b"#5 text {}*12345678\n")  # a frame whose checksum is wrong
        link.transport.write(b"#" + b"A" * 3000 + b"\n")  # far over the 1024-byte maximum
    assert wait_for(lambda: len(link.errors) >= before + 3)
    # One error frame per bad line (their order within one read may differ).
    codes = sorted(e["code"] for e in link.errors[before:])
    assert codes == ["crc", "long", "syntax"]
    still_works(board, link)


def test_garbage_and_overlong_lines_to_the_host(pair):
    board, link = pair
    status = link.query_status()
    errors_in = status["stats"]["errors_in"]
    board.bridge.inject_to_host(b"\x01\xfe noise from the board\r\n")  # not a frame: console
    board.bridge.inject_to_host(b"@7 btn [\"next\",\"short\"]*00000000\r\n")  # bad checksum
    board.bridge.inject_to_host(b"@" + b"B" * 5000 + b"\r\n")  # over-long
    # The host answers the two broken frames with error frames (crc, long); the noise
    # line is kept for the console, and no event comes of any of them.
    assert wait_for(lambda: link.query_status()["stats"]["errors_in"] >= errors_in + 2)
    assert link.query_status()["stats"]["errors_in"] == errors_in + 2
    assert any("noise from the board" in line for line in link.console)
    assert link.next_event(0.2) is None
    still_works(board, link)


def test_device_reset_mid_game_restores_the_display(pair):
    board, link = pair
    link.brightness(5)
    link.wait_idle()
    # The brightness frame shows the "connected" tick again at level 5: wait for it, so
    # that the frame taken below is the card's and not the tick's (which lights (5, 12) too).
    board.wait_frame(lambda f: f.level == 5)
    seen = board.frames_seen
    link.show("fits_card", tile="T4", round_no=3, player=1)
    link.wait_idle()
    # T4 is "###/.#.": s = min(15 // 3, 16 // 2) = 5, ox = 0, oy = (16 - 10) // 2 = 3;
    # the top row x 0..14, y 3..7; the stem x 5..9, y 8..12; round 3: (15, 0), (15, 2), (15, 4).
    frame = board.wait_frame(newer_than=seen)
    lit = {(x, y) for y in range(16) for x in range(16) if frame.lit(x, y)}
    want = {(x, y) for y in range(3, 8) for x in range(15)} | {(x, y) for y in range(8, 13) for x in range(5, 10)}
    assert lit == want | {(15, 0), (15, 2), (15, 4)}
    shaken = link.handshakes
    board.reset()  # the reset button, mid-game
    assert wait_for(lambda: link.handshakes > shaken and link.connected, 10)
    # The host shook hands again and sent the brightness and the last picture again.
    again = board.wait_frame(lambda f: f.same_picture(frame), timeout=5)
    assert again.level == 5
    assert board.starts == 2
    still_works(board, link)


def test_host_restart_and_host_gone():
    with VirtualBoard() as board:
        board.wait_firmware(15)
        with Link(board.port) as first:
            first.wait_connected(10)
            first.show("fits_card", tile="P")
            first.wait_idle()
            sid = first.sid
        # The host restarts at once: a new session id, and the device follows it.
        with Link(board.port) as second:
            info = second.wait_connected(10)
            assert info["sid"] == second.sid != sid
            still_works(board, second)
        # The host goes for good: after 3.5 s of silence the device shows the waiting
        # animation again (with a host the static card would stay: no new frames), and a
        # press starts the standalone dealer, whose first picture is the game's name.
        time.sleep(4)
        seen = board.frames_seen
        board.wait_frame(newer_than=seen + 2, timeout=2)  # the dot keeps walking
        seen = board.frames_seen
        board.press("next")
        # Text scrolls (the host lost, then the game's name): not the waiting screen, which
        # lights exactly one pixel. Waited for, as long as a busy machine needs.
        board.wait_frame(lambda f: sum(f.lit(x, y) for y in range(16) for x in range(16)) > 1,
                         newer_than=seen, timeout=10)
        assert board.side_errors == []
