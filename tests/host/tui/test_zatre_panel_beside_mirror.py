"""Zatre at 80 x 24 beside the device's mirror, where the card panel holds 6 lines: the
players' table and a score sheet fit it. With five or six players the rows below the fourth
were cut off, and a sheet showed 4 rows and never its total; a long name wrapped the sheet's
heading and pushed every column out of line."""

import pytest

from boardlight.sessions.zatre import ZatreSession
from boardlight.store.gamelog import Store
from boardlight.tui.view import ViewError
from boardlight.tui.zatre import CARD_WIDTH, ZatreView
from tui_helpers import beside_virtual_board, type_entry as _type

NAMES = ["Annabelle", "Bartholomew", "Cy", "Dee", "Ed", "Fitzgerald"]


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


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
    seen = {}

    async def script(app, pilot):
        card = app.query_one("#card")
        seen["height"] = card.content_region.height
        seen["table"] = str(card.content)
        await _type(pilot, "sheet 6")
        seen["sheet"] = str(card.content)
        await _type(pilot, "sheet 6 2")
        seen["page 2"] = str(card.content)

    beside_virtual_board(session, script)
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
    # lines: the sheet comes in pages, each row as it is on the sheet, from row 1; the
    # last page ends with the sheet's total, 10 + 5 x 1 = 15.
    assert [line.split() for line in lines[1:5]] == [["1", "1", "2", "4", "3", "10"],
                                                     ["2", "1", "1"], ["3", "1", "1"],
                                                     ["4", "1", "1"]]
    assert lines[5] == "more: 'sheet 6 2'"
    page = seen["page 2"].splitlines()
    assert page[0] == lines[0]
    assert [line.split() for line in page[1:3]] == [["5", "1", "1"], ["6", "1", "1"]]
    assert page[3] == "sheet 15 (held tiles count at end)"


def test_without_the_ui_every_player_row_shows(store):
    # A view used alone (no panel height known) keeps all rows, as before.
    session = ZatreSession.start(store, NAMES, 2)
    lines = ZatreView(session).card_text().splitlines()
    assert [line.split()[0] for line in lines[2:]] == [n[:7] for n in NAMES]


def test_a_long_hint_comes_in_pages_that_fit_the_panel(store):
    # Seed 18: Ann holds 1, 4, 6 (test_tui's opening); her turn 1@7,7 4@7,8 6@6,7 scores
    # nothing. Bob then holds 3 and 6: beside the device the panel has 6 lines, and his hint
    # (2 heading lines, 4 best turns, a cell heading and 6 cells: 13 lines) showed only its
    # first 6, never the cells.
    session = ZatreSession.start(store, ["Ann", "Bob"], 18)
    view = ZatreView(session)
    view.handle("1@7,7 4@7,8 6@6,7")
    assert session.core.current == 1 and sorted(session.core.hand()) == [3, 6]
    view.handle("hint")
    whole = view.peek.splitlines()
    assert len(whole) == 13 and whole[6] == "Cells where your tiles make 10-12:"
    view.card_lines = 6
    assert view.handle("hint") == "Hint for Bob shown (page 1 of 3)."
    pages = [view.peek.splitlines()]
    view.handle("hint 2")
    pages.append(view.peek.splitlines())
    view.handle("hint 3")
    pages.append(view.peek.splitlines())
    assert all(len(p) <= 6 for p in pages)
    assert pages[0] == whole[:5] + ["more: 'hint 2'"]
    assert pages[1] == whole[5:10] + ["more: 'hint 3'"]
    assert pages[2] == whole[10:]
    with pytest.raises(ViewError, match="this hint has 3 pages"):
        view.handle("hint 4")
    with pytest.raises(ViewError):
        view.handle("hint x")
