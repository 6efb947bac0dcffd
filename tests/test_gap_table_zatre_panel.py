"""Zatre at 80 x 24 beside the device's mirror, where the card panel holds 6 lines: the
players' table and a score sheet fit it. With five or six players the rows below the fourth
were cut off, and a sheet showed 4 rows and never its total; a long name wrapped the sheet's
heading and pushed every column out of line."""

import asyncio

import pytest

from boardlight.session_zatre import ZatreSession
from boardlight.store import Store
from boardlight.tui_app import TableApp
from boardlight.tui_device import open_device
from boardlight.tui_zatre import CARD_WIDTH, ZatreView

NAMES = ["Annabelle", "Bartholomew", "Cy", "Dee", "Ed", "Fitzgerald"]


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


async def _type(pilot, text):
    for ch in text:
        await pilot.press("space" if ch == " " else ch)
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.timeout(120)
def test_six_players_and_a_long_sheet_fit_beside_the_mirror(store):
    session = ZatreSession.start(store, NAMES, 2)
    game = session.core
    hand = game.hand()
    assert game.current == 0 and len(hand) == 3  # the first player holds 3, nobody else any
    sheet = game.sheets[5]
    for _ in range(6):
        sheet.add((1, 0, 0), 0)  # 6 rows, each a single 10: 1 point, no bonus
    sheet.add((0, 2, 4), 0)      # row 1 gets its 11 and 12: 1 + 2 + 4 + bonus 3 = 10
    device = open_device("virtual", say=lambda _text: None)
    seen = {}
    try:
        device.link.wait_connected(30)
        app = TableApp(session, device)

        async def main():
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                card = app.query_one("#card")
                seen["height"] = card.content_region.height
                seen["table"] = str(card.content)
                await _type(pilot, "sheet 6")
                seen["sheet"] = str(card.content)

        asyncio.run(main())
    finally:
        device.close()
    assert seen["height"] == 6
    table = seen["table"].splitlines()
    assert len(table) <= 6, table
    assert table[0] == "Annabelle: hand %s, place 3" % " ".join(str(v) for v in hand)
    assert table[2].split() == ["Annabel", "0", str(sum(hand)), str(-sum(hand))]
    assert table[3] == "the others hold no tiles"
    lines = seen["sheet"].splitlines()
    assert len(lines) <= 6 and all(len(line) <= CARD_WIDTH for line in lines), lines
    assert lines[0].split() == ["Fitzge", "x2", "10", "11", "12", "bonus", "total"]
    # 6 rows (the 11 and 12 went into row 1) and the heading and the total do not fit in 6
    # lines: rows 1-3 summed (10 + 1 + 1 = 12), rows 4-6 shown, the sheet 10 + 5 x 1 = 15.
    assert lines[1].split() == ["rows", "1-3", "12"]
    assert [line.split() for line in lines[2:5]] == [["4", "1", "1"], ["5", "1", "1"],
                                                     ["6", "1", "1"]]
    assert lines[5] == "sheet 15, held tiles -0"


def test_without_the_ui_every_player_row_shows(store):
    # A view used alone (no panel height known) keeps all rows, as before.
    session = ZatreSession.start(store, NAMES, 2)
    lines = ZatreView(session).card_text().splitlines()
    assert [line.split()[0] for line in lines[2:]] == [n[:7] for n in NAMES]
