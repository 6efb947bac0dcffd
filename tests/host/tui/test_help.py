"""`?` at the table lists the entries in the card panel, which holds 6 lines beside the
device's mirror (36 columns): the list ended with "?  help" and "Ctrl+Q" fell off the end."""

import math

import pytest

from boardlight.sessions.fits import FitsSession
from boardlight.sessions.forbes import ForbesSession
from boardlight.sessions.zatre import ZatreSession
from boardlight.store.gamelog import Store
from boardlight.tui.fits import FitsView
from boardlight.tui.forbes import ForbesView
from boardlight.tui.zatre import CARD_WIDTH, ZatreView


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def _panel_lines(text):
    # Each line wraps at the panel's width.
    return sum(max(1, math.ceil(len(line) / CARD_WIDTH)) for line in text.splitlines())


@pytest.mark.parametrize("make", [
    lambda st: FitsView(FitsSession.start(st, ["Ann", "Bob"], 1, {})),
    lambda st: ZatreView(ZatreSession.start(st, ["Ann", "Bob"], 1, {})),
    lambda st: ForbesView(ForbesSession.start(st, ["Ann", "Bob"], 1, {})),
])
def test_help_fits_beside_the_mirror_and_ends_with_quit(store, make):
    view = make(store)
    view.handle("?")
    lines = view.peek.splitlines()
    assert lines[-1].split() == ["Ctrl+Q", "quit,", "resume", "later"]
    assert not any(line.startswith("? ") for line in lines)
    assert _panel_lines(view.peek) <= 6


@pytest.mark.parametrize("options", [
    {"deal": "table"},                        # --cards: six entries, one of two rows
    {"scoring": "tally"},
    {"deal": "table", "scoring": "tally"},
])
def test_fits_help_with_the_real_cards_or_a_tally_fits_too(store, options):
    view = FitsView(FitsSession.start(store, ["Ann", "Bob"], 1, options))
    view.handle("?")
    lines = view.peek.splitlines()
    assert lines[-1].split() == ["Ctrl+Q", "quit,", "resume", "later"]
    assert _panel_lines(view.peek) <= 6, lines
    if "deal" in options:
        assert lines[0] == "starts T.. deal; 'card T' turns"
