"""The Zatre panels read the same way as the rules and the device: column numbers that are
the columns' own, the hint's signs as the device means them, a score sheet from its
first row."""

import pytest

from boardcore.zatre.board import SIZE
from boardcore.zatre.hint import compact_hint
from boardlight.sessions.zatre import ZatreSession
from boardlight.store.gamelog import Store
from boardlight.tui.markup import to_plain
from boardlight.tui.zatre import ZatreView


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def test_every_column_label_is_that_columns_number(store):
    # The labels read "0 1 ... 9 0 1 2 3 4": columns 10-14 were labelled 0-4.
    view = ZatreView(ZatreSession.start(store, ["Ann", "Bob"], 4))
    lines = to_plain(view.board_text()).splitlines()
    head, row7 = lines[0], lines[1 + 7]
    assert row7[3 + 2 * 7 + 1] == "*"  # the start square (7,7): column c at 4 + 2c
    labels = {}
    for k, ch in enumerate(head):
        if ch.isdigit() and (k + 1 == len(head) or not head[k + 1].isdigit()):
            start = k
            while start > 0 and head[start - 1].isdigit():
                start -= 1
            labels[(k - 4) // 2] = int(head[start:k + 1])
    assert labels and all(column == number for column, number in labels.items()), head
    assert {10, 12, 14} <= set(labels) and max(labels) == SIZE - 1
    assert len(head) <= 34


def test_the_hint_writes_no_sum_as_0_as_the_device_does(store):
    # Seed 4: Bob opens holding 1 3 3: he can place them, but no line makes 10-12. The panel
    # said "best sum -", and '-' on the device means the hand must pass.
    session = ZatreSession.start(store, ["Ann", "Bob"], 4)
    game = session.core
    assert sorted(game.hand()) == [1, 3, 3]
    best, _ways, _points, turns = compact_hint(game.board, game.hand(), game.first_turn,
                                               game.strict)
    assert best == 0 and turns > 0
    view = ZatreView(session)
    view.handle("hint")
    assert "best sum 0 (no turn makes 10-12); best turns:" in view.peek.splitlines()
    assert " - " not in view.peek and "sum -" not in view.peek


def test_a_long_sheet_is_paged_from_its_first_row(store):
    session = ZatreSession.start(store, ["Ann", "Bob"], 4)
    sheet = session.core.sheets[0]
    for k in range(14):
        sheet.add((1, 0, 0), 0)
    view = ZatreView(session)
    view.card_lines = 8
    message = view.handle("sheet Ann")
    first = view.peek.splitlines()
    assert message == "Showing Ann's score sheet (page 1 of 3)."
    assert [line.split()[0] for line in first[1:7]] == ["1", "2", "3", "4", "5", "6"]
    assert first[-1] == "more: 'sheet 1 2'" and len(first) == 8
    view.handle("sheet 1 3")
    last = view.peek.splitlines()
    assert [line.split()[0] for line in last[1:-1]] == ["13", "14"]
    assert last[-1] == "sheet 14 (held tiles count at end)"


def _play_to_the_end(session):
    """Every turn typed at the view as the best legal turn; returns the last message."""
    from session_scripts import next_zatre

    view = ZatreView(session)
    message = None
    while not session.core.over:
        tiles = next_zatre(session)["tiles"]
        message = view.handle(" ".join("%d@%d,%d" % (v, r, c) for r, c, v in tiles)
                              if tiles else "pass")
    return view, message


def test_the_end_of_the_game_names_the_winner(store):
    session = ZatreSession.start(store, ["Ann", "Bob", "Cy"], 5)
    view, message = _play_to_the_end(session)
    game = session.core
    scores = game.final_scores()
    best = max(scores)
    winners = [game.players[p] for p in range(3) if scores[p] == best]
    result = ("winner: %s with %d" % (winners[0], best) if len(winners) == 1
              else "shared win: %s with %d" % (" and ".join(winners), best))
    assert message.endswith("; %s." % result)
    assert view.prompt() == "The game is over: %s." % result
    assert view.card_text().splitlines()[0] == "Game over: %s" % result


def test_a_solo_game_ends_with_its_total_not_a_winner(store):
    session = ZatreSession.start(store, ["Solo"], 5)
    view, message = _play_to_the_end(session)
    total = session.core.final_scores()[0]
    assert message.endswith("; total: Solo %d." % total)
    assert "winner" not in message and "winner" not in view.prompt()


def test_the_table_ui_opens_with_the_draw_that_decided_who_starts(store):
    import asyncio

    from boardlight.tui.app import TableApp
    from tui_helpers import plain_game, screen_lines

    session = ZatreSession.start(store, ["Ann", "Bob", "Cy"], 5)
    game = session.core
    draws = "; ".join("Opening draw %d: %s" % (k + 1, ", ".join(
        "%s %d" % (game.players[p], v) for p, v in draw)) for k, draw in enumerate(game.opening))
    starts = "%s starts." % game.players[game.first]
    app = TableApp(session)
    seen = {}

    async def main():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            seen["message"] = app.last_message
            seen["screen"] = " ".join(" ".join(screen_lines(app)).split())

    asyncio.run(main())
    assert seen["message"] == "Zatre game #%d. %s: %s The first turn covers the red square" \
        " 7,7." % (session.row.id, draws, starts)
    assert draws in seen["screen"] and starts in seen["screen"]  # all of it on screen
    # The line-based game says the same draws.
    _status, said = plain_game(session, [])
    assert all(line in said for line in draws.split("; ")) and starts in said
