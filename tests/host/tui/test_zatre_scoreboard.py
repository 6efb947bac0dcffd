"""Zatre at the table (80 x 24, Textual's pilot): the scoreboard and the card panel."""

import asyncio

import pytest

from boardlight.sessions.zatre import ZatreSession
from boardlight.store.gamelog import Store
from boardlight.tui.app import TableApp


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def test_six_players_scoreboard_and_card_panel(store):
    # Six players, nobody has placed a tile: every sheet is empty, so the scoreboard
    # shows 0 for all (it showed minus the first player's hand, e.g. -7, as if the game had
    # ended with those tiles unplaced). The card panel's table must hold all six rows.
    session = ZatreSession.start(store, ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"], 3)
    app = TableApp(session)
    seen = {}

    async def main():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            card = app.query_one("#card")
            seen["scores"] = str(app.query_one("#scores").content)
            seen["card"] = str(card.content)
            seen["height"] = card.content_region.height

    asyncio.run(main())
    hand = session.core.hand()
    assert len(hand) == 3 and sum(hand) > 0
    assert [line.split()[-1] for line in seen["scores"].splitlines()] == ["0"] * 6
    lines = seen["card"].splitlines()
    assert len(lines) <= seen["height"], lines
    assert lines[0] == "To move: Ann  hand %s, place 3" % " ".join(str(v) for v in hand)
    # Ann's row: sheet 0, holds her hand; if the game ended now she would lose its sum.
    assert lines[2].split() == ["Ann", "0", str(sum(hand)), str(-sum(hand))]
    assert lines[-1].split() == ["Fay", "0", "0", "0"]
