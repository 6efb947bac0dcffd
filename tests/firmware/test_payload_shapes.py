"""A host data frame whose payload has the wrong shape (a number or a list where
docs/protocol.md puts an object) is answered with an `err payload` naming the frame, and
the firmware goes on: it used to die on `zatre 7` and `text 7` (AttributeError from
payload.get), leaving the board at its REPL."""

import time

import pytest

from boardcore.protocol.codec import PROTOCOL_VERSION
from boardlight.link.connection import Link
from boardlight.vboard.board import VirtualBoard

SHOW_TYPES = ("fits_card", "zatre_tiles", "forbes_hand", "forbes_stone", "message", "scores", "clear", "bright", "raw")


@pytest.fixture(scope="module")
def link():
    with VirtualBoard() as board:
        board.wait_firmware(15)
        with Link(board.port) as link:
            link.wait_connected(10)
            link.board_for_test = board
            yield link


def _payload_errors(link, ftype):
    return [e for e in link.errors if e.get("code") == "payload" and e.get("msg", "").startswith(ftype + ":")]


@pytest.mark.parametrize("bad", [7, [1, 2], "L3"])
def test_a_payload_that_is_not_an_object_gets_an_error_and_the_firmware_goes_on(link, bad):
    board = link.board_for_test
    for ftype in SHOW_TYPES:
        before = len(_payload_errors(link, ftype))
        with link._lock:
            link.ep.send(ftype, bad)
        link.wait_idle()
        deadline = time.monotonic() + 10
        while len(_payload_errors(link, ftype)) == before and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(_payload_errors(link, ftype)) == before + 1, (ftype, bad, link.errors[-3:], link.console[-5:])
    # Still the same session, and the firmware still draws: X is ".#./###/.#." scaled by 5
    # on the 16 x 16 board, so (7, 7) is the centre cell and (2, 2) a dark corner.
    link.show("fits_card", tile="X")
    link.wait_idle()
    assert board.wait_frame(lambda f: f.lit(7, 7) and f.lit(7, 2) and not f.lit(2, 2))
    assert link.handshakes == 1
    assert not any(line.startswith("Traceback") for line in link.console)


def test_a_hello_of_another_version_is_refused_with_both_versions_shown(link):
    # A version sent as a string ("2") is not protocol 2: the answer must show the
    # difference (it said "protocol 2 here, not 2").
    with link._lock:
        link.ep.control("hello", {"v": str(PROTOCOL_VERSION), "sid": "0badcafe"})
    deadline = time.monotonic() + 10
    while not any(e.get("code") == "version" for e in link.errors) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert [e["msg"] for e in link.errors if e.get("code") == "version"] == [
        "protocol %d here, not '%d'" % (PROTOCOL_VERSION, PROTOCOL_VERSION)]
    assert link.handshakes == 1 and link.connected


REFUSED = [
    ("fits_card", {"tile": "L3", "round": 2}, "fits_card: unknown key 'round' (keys: tile, start, round_no, player, board_no)"),
    ("fits_card", {"tile": "L3", "round_no": "2"}, "fits_card: round_no must be a whole number, not '2'"),
    ("message", {"loop": True}, "message: text is required"),
    ("zatre_tiles", {"tiles": [1, "5"]}, "zatre_tiles: tiles must be a list of whole numbers, not [1, '5']"),
]


@pytest.mark.parametrize("ftype, payload, message", REFUSED)
def test_a_screen_the_table_does_not_allow_gets_an_error_naming_the_key(link, ftype, payload, message):
    # Sent past the host's own check (a sender of another version): the firmware holds
    # the frame against the same table, answers `err payload` and draws nothing.
    board = link.board_for_test
    link.show("fits_card", tile="X")
    link.wait_idle()
    board.wait_frame(lambda f: f.lit(7, 7) and not f.lit(2, 2))
    time.sleep(0.2)
    seen = board.frames_seen
    before = len(_payload_errors(link, ftype))
    with link._lock:
        link.ep.send(ftype, payload)
    link.wait_idle()
    deadline = time.monotonic() + 10
    while len(_payload_errors(link, ftype)) == before and time.monotonic() < deadline:
        time.sleep(0.01)
    assert [e["msg"] for e in _payload_errors(link, ftype)[before:]] == [message]
    assert board.frames_seen == seen  # nothing drawn, nothing shown
    assert link.handshakes == 1
