"""FITS with the drops (full replay): when a round ends the card panel shows each player's
breakdown (dots, rows, special spaces), in pages that fit it, and 'round N' shows it again."""

import asyncio

import pytest

from boardlight.sessions.fits import FitsSession
from boardlight.store.gamelog import Store
from boardlight.tui.app import TableApp
from boardlight.tui.fits import FitsView
from boardlight.tui.view import ViewError
from session_scripts import next_fits
from tui_helpers import type_entry


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def _entry(action):
    if action["type"] == "drop":
        return "%d %d %d" % (action["seat"] + 1, action["orientation"], action["column"])
    if action["type"] == "aside":
        return "%d pass" % (action["seat"] + 1)
    return ""  # deal, turn: Enter


def _to_the_last_entry_of_round(session, number):
    """Act until one entry is left in round `number`; returns that entry."""
    while True:
        action = next_fits(session)
        game = session.core
        last = (action["type"] in ("drop", "aside") and game.turned == 16
                and len(game.waiting()) == 1 and len(game.round_scores) == number - 1)
        if last:
            return _entry(action)
        session.act(action)


def test_the_card_panel_shows_the_round_breakdown_when_it_ends(store):
    session = FitsSession.start(store, ["Ann", "Bob", "Cy"], 8, {"boards": [3, 1]})
    last = _to_the_last_entry_of_round(session, 1)
    app = TableApp(session)
    seen = {}

    async def main():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await type_entry(pilot, last)
            seen["card"] = str(app.query_one("#card").content)
            seen["height"] = app.query_one("#card").content_region.height
            seen["message"] = app.last_message

    asyncio.run(main())
    scores = session.core.round_scores[0]
    lines = seen["card"].splitlines()
    assert lines[0] == "Round 1, board 3 (again: 'round 1'):"
    for name, score in zip(session.players, scores):
        line = [ln for ln in lines if ln.startswith(name + " ")][0]
        assert line.startswith("%s %+d: %d open dots %+d; " % (
            name, score["total"], score["open_dots"], score["dots"]))
        opened = sorted((s["value"] for s in score["specials"] if not s["covered"]),
                        reverse=True)
        if opened:
            assert "specials %+d (open: %s)" % (sum(opened), " ".join(
                "%+d" % v for v in opened)) in line
    assert "Round 1 scored: " in seen["message"]


def test_a_long_breakdown_comes_in_pages_and_round_n_shows_it_again(store):
    session = FitsSession.start(store, ["Ann", "Bob", "Cy", "Dee"], 8, {"boards": [2, 1]})
    last = _to_the_last_entry_of_round(session, 1)
    view = FitsView(session)
    view.card_lines = 6  # beside the device's mirror
    view.card_width = 38
    view.handle(last)
    first = view.peek.splitlines()
    assert first[0] == "Round 1, board 2 (again: 'round 1'):"
    assert first[-1] == "more: 'round 1 2'"
    assert sum(view.panel_rows(line) for line in first) <= 6
    shown = [ln.split()[0] for ln in first[1:-1]]
    view.handle("")  # the next entry hides it
    pages = 1
    while True:
        pages += 1
        message = view.handle("round 1 %d" % pages)
        page = view.peek.splitlines()
        assert sum(view.panel_rows(line) for line in page) <= 6
        shown += [ln.split()[0] for ln in page[1:] if not ln.startswith("more:")]
        if not page[-1].startswith("more:"):
            break
    assert message == "Round 1's breakdown shown (page %d of %d)." % (pages, pages)
    assert shown == session.players
    with pytest.raises(ViewError, match="no round 2 has been scored yet"):
        view.handle("round 2")


def test_the_last_round_keeps_the_games_end_on_top(store):
    session = FitsSession.start(store, ["Ann", "Bob"], 8, {"boards": [1]})
    last = _to_the_last_entry_of_round(session, 1)
    view = FitsView(session)
    view.handle(last)
    lines = view.peek.splitlines()
    assert lines[0].startswith("Game over: winner: ") or lines[0].startswith("Game over: shared")
    assert lines[1] == "Round 1, board 1 (again: 'round 1'):"
