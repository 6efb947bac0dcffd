"""The table UI's panels at 80 x 24 and below: text wraps between words, as the views
count it, and a terminal too small for the layout says so instead of drawing it cut up."""

import asyncio

import pytest

from boardlight.sessions.fits import FitsSession
from boardlight.sessions.zatre import ZatreSession
from boardlight.store.gamelog import Store
from boardlight.tui.app import TableApp
from boardlight.tui.view import wrapped_rows
from tui_helpers import screen_lines, type_entry


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def _region_lines(app, selector):
    region = app.query_one(selector).content_region
    lines = screen_lines(app)[region.y:region.y + region.height]
    return [line[region.x:region.x + region.width].rstrip() for line in lines]


def test_a_long_line_in_the_card_panel_wraps_between_words(store):
    # Quick tally between rounds: the card panel holds the prompt "Press Enter (or the
    # device's button) to deal round 2.", which the panel cut anywhere ("butto|n").
    session = FitsSession.start(store, ["Ann", "Bob"], 7, {"scoring": "tally"})
    app = TableApp(session)
    seen = {}

    async def main():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for _ in range(17):  # deal, then 16 cards
                await type_entry(pilot, "")
            await type_entry(pilot, "tally 1 8 4")
            await type_entry(pilot, "tally 2 7 5")
            await pilot.pause()
            seen["source"] = str(app.query_one("#card").content)
            seen["shown"] = _region_lines(app, "#card")
            seen["width"] = app.query_one("#card").content_region.width
            seen["message"] = (app.last_message, _region_lines(app, "#message"))

    asyncio.run(main())
    source, shown = seen["source"], [line for line in seen["shown"] if line.strip()]
    assert session.core.phase == "deal" and "button) to deal round 2" in source
    words = set(source.split())
    assert all(word in words for line in shown for word in line.split()), shown
    assert len(shown) == sum(wrapped_rows(line, seen["width"]) for line in source.splitlines())
    message, lines = seen["message"]
    assert all(word in message.split() for line in lines for word in line.split()), lines


@pytest.mark.parametrize("size", [(79, 24), (80, 23), (40, 12)])
def test_a_terminal_too_small_says_so_and_the_game_goes_on_when_it_grows(store, size):
    session = ZatreSession.start(store, ["Ann", "Bob"], 4)
    app = TableApp(session)
    seen = {}

    async def main():
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            seen["small"] = "\n".join(screen_lines(app))
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            await pilot.pause()
            seen["big"] = "\n".join(screen_lines(app))
            await type_entry(pilot, "hint")
            seen["hint"] = app.last_message

    asyncio.run(main())
    small = " ".join(seen["small"].split())
    assert "This terminal is %d x %d; the table needs at least 80 x 24." % size in small
    assert "Zatre #" not in seen["small"]  # no panel drawn cut up
    assert "Zatre #%d" % session.row.id in seen["big"] and "This terminal" not in seen["big"]
    assert seen["hint"].startswith("Hint for Bob shown")  # the entry has the keyboard again
