"""Card enrolment driven by a device: the virtual board (the real firmware on the
MicroPython unix port behind a pty) names each card and sends the scans."""

import pytest

from boardlight import cards as C
from boardlight.commands.cards import enrol_from_link
from boardlight.link.connection import connect


@pytest.fixture
def link():
    lk = connect("virtual")
    try:
        yield lk
    finally:
        lk.close()


def test_enrol_from_the_virtual_board(tmp_path, link):
    link.wait_connected(15)
    reg = C.CardRegistry(tmp_path / "cards.json")
    deck = C.catalogue("forbes")
    board = link.board
    # Queued up front: the walk takes events in the order the device sent them.
    board.scan("04AA01")  # square-1
    board.scan("04AA01")  # square-2: refused (square-1's code), asked again
    board.scan("04AA02")  # square-2
    board.press("next")  # square-3 skipped
    board.scan("04AA04")  # square-4
    board.press("menu")  # stop at square-5
    shown = []
    real_show = link.show_text
    link.show_text = lambda text, colour=None, loop=False: (shown.append(text), real_show(text, colour, loop))
    said = []
    assert enrol_from_link(reg, deck, link, said.append) == (3, 1)
    assert [(code, card.card_id) for code, card in C.CardRegistry.load(reg.path).entries()] == [
        ("04AA01", "square-1"), ("04AA02", "square-2"), ("04AA04", "square-4")
    ]
    # The device named each card it asked for (square-2 once: the refusal re-asks
    # without naming it again), then DONE.
    assert shown == ["SQUARE 1", "SQUARE 2", "SQUARE 3", "SQUARE 4", "SQUARE 5", "DONE"]
    assert any("not stored: code '04AA01' is already enrolled" in s for s in said)
