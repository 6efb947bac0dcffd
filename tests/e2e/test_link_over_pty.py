"""End to end over the pty with pyserial: the host Link and the real firmware on the
virtual board (compiled with mpy-cross, -X heapsize=96k, as deployed)."""

import time

import pytest

from boardcore.protocol.codec import PROTOCOL_VERSION
from boardcore.protocol.endpoint import STAT_NAMES
from boardlight.link.connection import Link
from boardlight.vboard.board import VirtualBoard

WHITE, GREEN, BLUE = (255, 255, 255), (0, 255, 0), (0, 0, 255)
BLACK = (0, 0, 0)


@pytest.fixture(scope="module")
def board():
    with VirtualBoard() as b:
        b.wait_firmware(15)
        yield b


@pytest.fixture(scope="module")
def link(board):
    with Link(board.port) as link:
        link.wait_connected(10)
        yield link


def drain(link):
    while link.next_event(0) is not None:
        pass


def test_handshake_reports_the_board(link):
    info = link.info
    # firmware/boards/virtual.json: 16 x 16 colour, eight buttons (sorted), a scanner.
    assert info["v"] == PROTOCOL_VERSION
    assert info["fw"] == "0.1.0"
    assert info["board"] == "virtual"
    assert info["display"] == {"kind": "virtual", "w": 16, "h": 16}
    assert info["colour"] is True
    assert info["buttons"] == ["menu", "next", "p1", "p2", "p3", "p4", "p5", "p6"]
    assert info["scanner"] is True
    assert info["sid"] == link.sid


def _l3_cells():
    # L3 is "#." over "##" (docs/rules.md). On 16 x 16 the tile area is 15 columns (the last
    # one shows the round and board): cell size s = min(15 // 2, 16 // 2) = 7, offsets
    # ox = (15 - 14) // 2 = 0, oy = (16 - 14) // 2 = 1. So the top cell covers x 0..6,
    # y 1..7 and the bottom row x 0..13, y 8..14.
    cells = set()
    for y in range(1, 8):
        cells.update((x, y) for x in range(0, 7))
    for y in range(8, 15):
        cells.update((x, y) for x in range(0, 14))
    return cells


def test_fits_card_pixel_by_pixel(board, link):
    seen = board.frames_seen
    link.show("fits_card", tile="L3", round_no=2, player=3)
    link.wait_idle()
    frame = board.wait_frame(lambda f: f.rgb(0, 1) == BLUE, newer_than=seen)
    # L3 as _l3_cells works out; round 2 lights (15, 0) and (15, 2). Player 3 draws in
    # blue (FITS colours red, green, blue, yellow).
    expected = _l3_cells() | {(15, 0), (15, 2)}
    for y in range(16):
        for x in range(16):
            want = BLUE if (x, y) in expected else BLACK
            assert frame.rgb(x, y) == want, (x, y)


def test_fits_card_shows_the_board_played(board, link):
    # Boards in another order (play fits --boards 3,1): round 1 is on board 3. The board
    # pips run up the right edge from the bottom: (15, 15), (15, 13), (15, 11); the round's
    # from the top: (15, 0). The tile is L3 as above, in red for player 1.
    seen = board.frames_seen
    link.show("fits_card", tile="L3", round_no=1, player=1, board_no=3)
    link.wait_idle()
    red = (255, 0, 0)
    frame = board.wait_frame(lambda f: f.rgb(15, 11) == red, newer_than=seen)
    expected = _l3_cells() | {(15, 0), (15, 15), (15, 13), (15, 11)}
    for y in range(16):
        for x in range(16):
            assert frame.rgb(x, y) == (red if (x, y) in expected else BLACK), (x, y)


def test_start_card_is_drawn_inverted(board, link):
    seen = board.frames_seen
    link.show("fits_card", tile="I3", start=True)
    link.wait_idle()
    # I3 is "###": s = min(15 // 3, 16 // 1) = 5, ox = 0, oy = (16 - 5) // 2 = 5; the
    # start card inverts: the tile dark on a lit (white) field, the round column too.
    frame = board.wait_frame(lambda f: f.rgb(0, 0) == WHITE, newer_than=seen)
    for y in range(16):
        for x in range(16):
            in_tile = 0 <= x < 15 and 5 <= y < 10
            assert frame.rgb(x, y) == (BLACK if in_tile else WHITE), (x, y)


def test_button_press_and_scan_arrive_at_the_host(board, link):
    drain(link)
    board.press("next")
    assert link.next_event(2) == ("button", "next", "down")
    assert link.next_event(2) == ("button", "next", "short")
    board.press("p2", long=True)
    assert link.next_event(2) == ("button", "p2", "down")
    assert link.next_event(3) == ("button", "p2", "long")
    board.scan("04A3B2C1")
    assert link.next_event(2) == ("scan", "04A3B2C1")
    assert link.next_event(0.2) is None


def test_zatre_tiles_and_hint(board, link):
    # Tiles 1 and 5 with the hint (best sum 12, 2 ways, 4 points, 7 turns).
    seen = board.frames_seen
    link.show("zatre_tiles", tiles=[1, 5], hint=(12, 2, 4, 7))
    link.wait_idle()
    frame = board.wait_frame(lambda f: f.rgb(4, 3) == WHITE and f.rgb(0, 0) == BLACK, newer_than=seen)
    # 16 high: 5 x 5 faces (3 x 3 pips 1 pixel apart), 7 apart, centred: x0 = (16 - 12)
    # // 2 = 2, y = 1. A 1 is the centre pip (4, 3); a 5 the corners and centre of the
    # face at x 9: (9, 1), (13, 1), (11, 3), (9, 5), (13, 5). Nothing else above row 11.
    pips = {(4, 3), (9, 1), (13, 1), (11, 3), (9, 5), (13, 5)}
    for y in range(11):
        for x in range(16):
            assert frame.rgb(x, y) == (WHITE if (x, y) in pips else BLACK), (x, y)
    # The hint is in green (a sum is reachable) in the 5 bottom rows: the best sum at
    # the left, "+4" at the right; every lit pixel there is green.
    bottom = [(x, y) for y in range(11, 16) for x in range(16) if frame.lit(x, y)]
    assert bottom and all(frame.rgb(x, y) == GREEN for x, y in bottom)
    assert any(x < 8 for x, _ in bottom) and any(x >= 8 for x, _ in bottom)


def test_brightness_reaches_the_display(board, link):
    link.brightness(3)
    link.wait_idle()
    link.show("message", text="A")
    link.wait_idle()
    assert board.wait_frame(lambda f: f.level == 3).level == 3


def test_unknown_frame_type_gets_an_error_and_the_link_goes_on(board, link):
    before = len(link.errors)
    with link._lock:
        link.ep.send("dance", {"x": 1})  # a well-formed frame of a type the device lacks
    link.wait_idle()
    deadline = time.monotonic() + 2
    while len(link.errors) == before and time.monotonic() < deadline:
        time.sleep(0.01)
    assert link.errors[-1]["code"] == "type"
    link.show("fits_card", tile="X")
    link.wait_idle()
    # X is ".#./###/.#.": s = min(15 // 3, 16 // 3) = 5, ox = 0, oy = (16 - 15) // 2 = 0;
    # the centre cell covers x 5..9, y 5..9 and the top-left cell (x 0..4, y 0..4) is dark.
    frame = board.wait_frame(lambda f: f.lit(7, 7) and f.lit(7, 2) and not f.lit(2, 2))
    assert frame.rgb(7, 12) == WHITE


def test_status_counts_frames_and_reports_the_heap(link):
    status = link.query_status()
    assert status["applied"] >= 6
    device = status["stats"]
    host = dict(zip(STAT_NAMES, link.ep.stats))
    # No noise on this clean line, at either end...
    assert (device["noise"], host["noise"]) == (0, 0)
    # ...and a frame arrives twice only because its sender sent it again when its ack was
    # late (a busy machine can hold an ack past the 150 ms resend time): no copy comes
    # from the line itself.
    assert device["duplicates"] <= host["resent"] and host["duplicates"] <= device["resent"]
    assert 0 < status["heap_free"] < 96 * 1024
