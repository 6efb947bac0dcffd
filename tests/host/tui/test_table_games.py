"""The table UI driven headless through Textual's own pilot at 80 x 24: a FITS round, a Zatre
turn refused then accepted, a Forbes game, and the layout limits."""

import asyncio

import pytest

from boardlight.sessions.fits import FitsSession
from boardlight.sessions.forbes import ForbesSession
from boardlight.sessions.zatre import ZatreSession
from boardlight.store.gamelog import Store
from boardlight.tui.app import TableApp
from tui_helpers import type_entry as _type


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def _run(app, script):
    async def main():
        async with app.run_test(size=(80, 24)) as pilot:
            await script(pilot)

    asyncio.run(main())


def _panel(app, name):
    return str(app.query_one("#" + name).content)


def test_fits_round_from_the_keyboard(store):
    session = FitsSession.start(store, ["Ann"], 4, {"boards": [1]})
    app = TableApp(session)
    seen = {}

    async def script(pilot):
        await _type(pilot, "")                       # deal
        game = session.core
        seen["deal"] = app.last_message
        start = game.start_tile("Ann")
        # Orientation 1 at column 1 on an empty board rests on the bottom row (row 1).
        await _type(pilot, "1 1")
        seen["first"] = app.last_message
        await _type(pilot, "")                       # the first building card
        if game.waiting():
            logged = len(store.actions(session.row.id))
            await _type(pilot, "1 9")                # there is no column 9
            seen["refused"] = (app.last_message, _panel(app, "message"),
                               len(store.actions(session.row.id)) - logged)
        for _ in range(40):  # 16 cards, each turned then placed: at most 32 entries
            if game.phase != "cards":
                break
            before = session.seq
            if not game.waiting():
                await _type(pilot, "")
            else:
                drops = game.legal_drops("Ann")
                await _type(pilot, "%d %d" % drops[0][:2] if drops else "pass")
            assert session.seq == before + 1, app.last_message
        seen["end"] = app.last_message
        seen["start"] = start

    _run(app, script)
    assert seen["deal"] == "Round 1 on board 1. Start tiles: Ann %s." % seen["start"]
    assert seen["first"] == "Ann drops %s (orientation 1) at column 1: it rests on row 1." \
        % seen["start"]
    message, shown, logged = seen["refused"]
    assert "column 9" in message and shown == message and logged == 0
    # The round's score, counted here independently from the final board: +1 per full row,
    # -1 per open dot (board 1 has no special spaces).
    board = session.core.board("Ann")
    full = sum(all(board.covered(r, c) for c in range(1, 7)) for r in range(1, 13))
    open_dots = sum(not board.covered(r, c) for r in range(1, 13) for c in range(1, 7))
    assert store.scores(session.row.id)["round 1"][0][0] == full - open_dots
    # One board only, so the game is over too: Ann's total, and no solo title (the titles
    # are for a solo game of all four boards) and the reason.
    assert ("Round 1 scored: Ann %+d. total: Ann %d; no solo rating: the titles are for a solo game of all four boards, and this game had board 1 only.") % (
        full - open_dots, full - open_dots) in seen["end"]
    assert store.game(session.row.id).status == "finished"


def test_fits_quick_tally_from_the_keyboard(store):
    session = FitsSession.start(store, ["Ann", "Bob"], 6, {"scoring": "tally", "boards": [1]})
    app = TableApp(session)
    out = {}

    async def script(pilot):
        for _ in range(17):                          # deal, then the 16 cards
            await _type(pilot, "")
        out["cards"] = session.core.turned
        await _type(pilot, "tally 1 8 3")            # impossible: 4 rows left need 4 dots
        out["refused"] = app.last_message
        await _type(pilot, "tally ann 8 4")          # docs/rules.md's reported round: 4
        await _type(pilot, "tally 2 0 12")           # 12 open rows of 1 dot: -12
        out["end"] = app.last_message

    _run(app, script)
    assert out["cards"] == 16
    assert "so 4 to 24 open dots, not 3" in out["refused"]
    assert out["end"] == "Bob scores -12 this round. Round 1 scored. winner: Ann with 4."
    assert store.scores(session.row.id)["total"] == [(4, None), (-12, None)]


def test_zatre_turn_refused_then_accepted(store):
    # Seed 18: Ann (seat 0) wins the opening draw (5 against 3) and holds 1, 4, 6.
    session = ZatreSession.start(store, ["Ann", "Bob"], 18)
    assert (session.core.current, session.core.hand()) == (0, [1, 4, 6])
    app = TableApp(session)
    out = {}

    async def script(pilot):
        await _type(pilot, "6@7,8 4@7,7 1@8,7")     # the first tile is not on (7,7)
        out["refused"] = (app.last_message, len(store.actions(session.row.id)))
        await _type(pilot, "4@7,7 6@7,8 1@8,7")
        out["accepted"] = app.last_message
        out["scores"] = _panel(app, "scores")

    _run(app, script)
    message, logged = out["refused"]
    assert "red start square (7,7)" in message and logged == 0
    # Row 7 holds 4 + 6 = 10: one entry of 1 point; column 7 holds 4 + 1 = 5: nothing.
    assert out["accepted"] == "Ann: 1 point (10)."
    assert session.core.sheets[0].e10 == [1]
    assert store.scores(session.row.id)["total"][0][0] == 1
    assert "> Bob" in out["scores"]


def _forbes_points(board, hand):
    """Independent count of the Forbes scoring of docs/rules.md (default options) for one hand."""
    cells = lambda pts: [board[r * 4 + c] for r, c in pts]  # noqa: E731
    patterns = [(2, [(r, c) for c in range(4)]) for r in range(4)]
    patterns += [(2, [(r, c) for r in range(4)]) for c in range(4)]
    patterns += [(4, [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)])
                 for r in range(3) for c in range(3) if (r, c) != (1, 1)]
    patterns += [(6, [(k, k) for k in range(4)]), (6, [(k, 3 - k) for k in range(4)])]
    patterns += [(8, [(1, 1), (1, 2), (2, 1), (2, 2)]), (10, [(0, 0), (0, 3), (3, 0), (3, 3)])]
    total = 0
    for value, pts in patterns:
        symbols = set(cells(pts))
        if len(symbols) == 1 and "." not in symbols:
            total += value * hand.count(symbols.pop())
    return total


def test_forbes_game_cards_stay_secret(store):
    session = ForbesSession.start(store, ["Ann", "Bob"], 31)
    app = TableApp(session)
    out = {"panels": []}

    def panels():
        return "\n".join(_panel(app, n) for n in ("status", "board", "scores", "card", "message"))

    async def script(pilot):
        game = session.core.game
        out["hands"] = game.all_hands()
        out["panels"].append(panels())
        await _type(pilot, "cards 2")                 # Bob asks to see his own cards
        out["peek"] = _panel(app, "card")
        cells = [(r, c) for r in range(4) for c in range(4)]
        for k, (r, c) in enumerate(cells):
            if k % 2:
                await _type(pilot, "")                # draw with Enter, then place
            await _type(pilot, "%d %d" % (r, c))
            out["panels"].append(panels())
        out["board"] = session.games[0].board
        out["end"] = app.last_message

    _run(app, script)
    names = {"S": "square", "T": "triangle", "C": "circle", "X": "star"}
    bob = out["hands"][1]
    assert out["peek"].startswith("Bob's own cards")
    assert all(names[c] in out["peek"] for c in bob)
    # Before anyone asked, and after the next entry, no panel named a card in hand.
    hidden = [p for p in out["panels"][:-1] if "own cards" in p or "shows:" in p]
    assert hidden == []
    expected = [_forbes_points(out["board"], h) for h in out["hands"]]
    assert session.core.totals == expected
    assert out["end"].endswith("Game 1 over: Ann %d, Bob %d." % tuple(expected))
    assert [p for p, _ in store.scores(session.row.id)["game 1"]] == expected


def test_every_view_fits_80_by_24(store):
    sessions = [FitsSession.start(store, ["Ann", "Bob", "Cy", "Dee"], 2),
                FitsSession.start(store, ["Ann"], 2, {"scoring": "tally"}),
                ZatreSession.start(store, ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"], 2),
                ForbesSession.start(store, ["Ann", "Bob", "Cy", "Dee", "Eve"], 2)]
    from session_scripts import SCRIPTS

    for session in sessions:
        for _ in range(30):
            session.act(SCRIPTS[session.GAME](session))
        app = TableApp(session)
        sizes = {}

        async def script(pilot, app=app, sizes=sizes):
            for name in ("board", "scores", "card", "keys"):
                widget = app.query_one("#" + name)
                lines = str(widget.content).split("\n")
                sizes[name] = (len(lines), max(len(line) for line in lines),
                               widget.content_region.height, widget.content_region.width)

        _run(app, script)
        # The status bar holds the game's line and the device's state in 80 columns.
        assert len(app.view.status_line() + "  |  virtual board: handshake") <= 80
        for name, (lines, longest, height, width) in sizes.items():
            if name != "card":   # the card panel holds peeks that may run longer
                assert lines <= height, (session.GAME, name, lines, height)
            if name == "keys":
                assert longest <= width, (session.GAME, name, longest, width)


def test_fits_real_cards_scanned(store, tmp_path):
    from boardlight.cards import CardRegistry, catalogue

    registry = CardRegistry(tmp_path / "cards.json")
    by_id = {c.card_id: c for c in catalogue("fits") + catalogue("forbes")}
    for code, card_id in (("S-Y", "start-Y"), ("S-U", "start-U"), ("B-L4", "build-L4"),
                          ("F-STAR", "star-1")):
        registry.enrol(code, by_id[card_id])
    session = FitsSession.start(store, ["Ann", "Bob"], 0, {"deal": "table", "boards": [1]})
    app = TableApp(session)
    app.view._registry = registry
    out = []

    async def script(pilot):
        for code in ("NOPE", "F-STAR", "B-L4", "S-Y", "S-Y", "S-U"):
            app.device_event(("scan", code))
            out.append((app.last_message, session.seq))
        game = session.core
        for name in ("Ann", "Bob"):
            o, c, _ = game.legal_drops(name)[0]
            await _type(pilot, "%s %d %d" % (name, o, c))
        app.device_event(("scan", "B-L4"))
        out.append((app.last_message, session.seq))
        await _type(pilot, "ann pass")
        await _type(pilot, "bob pass")
        app.device_event(("scan", "B-L4"))        # the same card again: refused
        out.append((app.last_message, session.seq))

    _run(app, script)
    assert out[0] == ("unknown card code 'NOPE': enrol it with `boardlight cards enrol`", 0)
    assert out[1][0].startswith("that is Forbes ownership card") and out[1][1] == 0
    assert out[2] == ("cannot turn a card now: the round is in phase 'deal'", 0)
    assert out[3] == ("Ann draws start card Y; next: Bob.", 0)
    assert out[4] == ("FITS start card Y was already drawn for this deal", 0)
    assert out[5] == ("Round 1 on board 1. Start tiles: Ann Y, Bob U.", 1)
    assert out[6] == ("Card 1 of 16: L4.", 4)
    assert out[7] == ("card L4 was already turned this round", 6)
