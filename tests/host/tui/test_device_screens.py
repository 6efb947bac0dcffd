"""What the table views ask the device to show is a screen of the one table
(boardcore.protocol.screens), with exactly its keys, in every phase of every game."""

import pytest

from boardcore.protocol.screens import check
from boardlight.sessions.fits import FitsSession
from boardlight.sessions.forbes import ForbesSession
from boardlight.sessions.zatre import ZatreSession
from boardlight.store.gamelog import Store
from boardlight.tui.view import view_for


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def _screen(view):
    kind, payload = view.device_screen()
    assert check(kind, payload) == {k: v for k, v in payload.items() if v is not None}, (kind, payload)
    return kind, payload


def test_fits_screens(store):
    session = FitsSession.start(store, ["Ann"], 4, {"boards": [2]})
    view = view_for(session)
    kind, payload = _screen(view)
    assert kind == "message" and payload["loop"] is True  # the table's standing text
    session.act({"type": "deal"})
    game = session.core
    # One player: the start card itself, marked as one, round 1 on board 2.
    assert _screen(view) == ("fits_card", {"tile": game.start_tile("Ann"), "start": True,
                                           "round_no": 1, "board_no": 2})
    session.act({"type": "drop", "seat": 0, "tile": game.start_tile("Ann"), "orientation": 1, "column": 1})
    session.act({"type": "turn"})
    assert _screen(view) == ("fits_card", {"tile": game.card, "round_no": 1, "board_no": 2})


def test_fits_start_tiles_of_several_players_scroll(store):
    session = FitsSession.start(store, ["Ann", "Bob"], 4)
    session.act({"type": "deal"})
    kind, payload = _screen(view_for(session))
    assert kind == "message" and payload["text"].startswith("start: Ann ") and payload["loop"] is True


def test_zatre_screen(store):
    session = ZatreSession.start(store, ["Ann", "Bob"], 3)
    kind, payload = _screen(view_for(session))
    assert kind == "zatre_tiles" and len(payload["tiles"]) == 3 and len(payload["hint"]) == 4


def test_forbes_screens(store):
    session = ForbesSession.start(store, ["Ann", "Bob"], 3)
    view = view_for(session)
    assert _screen(view)[0] == "message"
    game = session.game
    session.act({"type": "draw", "seat": game.current})
    assert _screen(view) == ("forbes_stone", {"stone": game.stone})
    kind, payload = view.private_screen(view.intent_for_event(("button", "p2", "down")))
    assert check(kind, payload) == {"cards": game.view(1).hand} and kind == "forbes_hand"
