"""The line-based game and the table UI are two front ends over one GameView: the same
entries give the same messages and refusals, and the same scores and card panel text
(the line game may draw a FITS board and its tiles wider, having the room)."""

import asyncio

import pytest

from boardlight.sessions.fits import FitsSession
from boardlight.sessions.forbes import ForbesSession
from boardlight.sessions.zatre import ZatreSession
from boardlight.store.gamelog import Store
from boardlight.tui.app import TableApp
from boardlight.tui.markup import to_plain
from tui_helpers import plain_game, type_entry

ENTRIES = {
    "fits": ["", "1 1", "undo", "2 9 9", "", "hint 1", "[/b]", "round 1"],
    "zatre": ["hint", "1 7 7", "sheet 1", "undo", "[/b]", "pass"],
    "forbes": ["", "9 9", "0 0", "", "reveal 2", "[/b]"],
}


def _start(store, game):
    if game == "fits":
        return FitsSession.start(store, ["Ann", "Bob"], 4, {"boards": [3]})
    if game == "zatre":
        return ZatreSession.start(store, ["Ann", "Bob"], 4)
    return ForbesSession.start(store, ["Ann", "Bob"], 4)


def _one_line(text):
    return " ".join(text.split())


@pytest.mark.parametrize("game", ["fits", "zatre", "forbes"])
def test_the_same_entries_say_the_same_in_both_front_ends(tmp_path, game):
    with Store(tmp_path / "ui.sqlite3") as store:
        session = _start(store, game)
        app = TableApp(session)
        said_ui = []

        async def main():
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                for entry in ENTRIES[game]:
                    await type_entry(pilot, entry)
                    said_ui.append((app.last_message, to_plain(app.view.scores_text())))

        asyncio.run(main())
    with Store(tmp_path / "plain.sqlite3") as store:
        _status, said = plain_game(_start(store, game), ENTRIES[game])
    printed = _one_line("\n".join(said))
    for message, scores in said_ui:
        assert _one_line(message) in printed, message
        assert scores in "\n".join(said), scores
