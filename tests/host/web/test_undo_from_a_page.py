"""The phones' undo: a "Take back your last move" button on the page of the player who made
the last move, while it can be taken back, and on no other page; a take-back from another
page is refused; Zatre's next player sees their new tiles on their own page only."""

import pytest

from boardlight.sessions.fits import FitsSession
from boardlight.sessions.table import Table
from boardlight.sessions.zatre import ZatreSession
from boardlight.store.gamelog import Store
from boardlight.web.access import Audience
from boardlight.web.pages import make_move, picture

ANN, BOB = Audience(0, "Ann"), Audience(1, "Bob")
SPECTATORS = Audience(None, "spectators")
BUTTON = "Take back your last move"


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as log:
        yield log


def _undo(table, audience):
    return make_move(table, audience, {"seen": table.seq, "move": {"kind": "undo"}})


def test_the_button_is_on_the_movers_page_alone_and_only_until_the_next_card(store):
    session = FitsSession.start(store, ["Ann", "Bob"], 7, {"boards": [1]})
    table = Table(session)
    table.act({"type": "deal"})
    assert all(BUTTON not in picture(session, a)["html"] for a in (ANN, BOB, SPECTATORS))
    table.act({"type": "drop", "seat": 0, "tile": "U", "orientation": 1, "column": 3})
    assert BUTTON in picture(session, ANN)["html"]
    assert BUTTON not in picture(session, BOB)["html"]
    assert BUTTON not in picture(session, SPECTATORS)["html"]
    status, answer = _undo(table, BOB)
    assert status == 409 and answer["refused"] == (
        "only the page of the player who made the last move can take it back (Ann's drop"
        " of U (orientation 1, column 3))")
    status, answer = _undo(table, ANN)
    assert status == 200 and answer["message"] == (
        "Taken back: Ann's drop of U (orientation 1, column 3).")
    assert BUTTON not in answer["html"]  # the deal before it stays
    (_seq, kind, data), = [a for a in store.actions(session.row.id) if a[1] == "undo"]
    assert data["by"] == "Ann's page"
    table.act({"type": "drop", "seat": 0, "tile": "U", "orientation": 1, "column": 3})
    table.act({"type": "drop", "seat": 1, "tile": "Y", "orientation": 2, "column": 1})
    table.act({"type": "turn"})
    assert all(BUTTON not in picture(session, a)["html"] for a in (ANN, BOB))
    status, answer = _undo(table, BOB)
    assert status == 409 and answer["refused"].startswith(
        "Nothing can be taken back now: card Y was turned")


def test_the_spectators_page_cannot_take_anything_back(store):
    from boardlight.web.pages import Refused

    session = FitsSession.start(store, ["Ann", "Bob"], 7, {"boards": [1]})
    table = Table(session)
    with pytest.raises(Refused, match="moves are made on a player's own page"):
        _undo(table, SPECTATORS)


def test_zatre_new_tiles_show_on_their_own_page_alone_until_drawn(store):
    session = ZatreSession.start(store, ["Ann", "Bob"], 3)
    table = Table(session)
    table.act({"type": "turn", "seat": 0, "tiles": [[7, 7, 1], [6, 7, 3], [7, 6, 4]]})
    bob, ann = picture(session, BOB)["html"], picture(session, ANN)["html"]
    assert "Your turn: place 2 of 1 1" in bob  # Bob's own page: his tiles, to play at once
    assert "Bob to move: their new tiles are not drawn yet." in ann
    assert "1 1" not in picture(session, SPECTATORS)["html"].split("The board")[0]
    assert BUTTON in ann and BUTTON not in bob
    table.act({"type": "draw", "seat": 1})
    assert "Bob to move, placing 2 of 1 1." in picture(session, ANN)["html"]
    assert BUTTON not in picture(session, ANN)["html"]
