"""Games with computer players: a game of computers alone plays itself to the end without
asking anything (in the line-based game and at the table UI), its record exports and
replays like any other, and the same seed plays the same moves; beside people, the
computer's move waits for Enter (or `next`), and the table UI stays live while it thinks."""

import asyncio
import json
import threading
import time

import pytest

from boardlight.cli import main
from boardlight.computer import seats
from boardlight.sessions.registry import session_class
from boardlight.store.gamelog import Store
from boardlight.tui import intents
from boardlight.tui.app import TableApp
from boardlight.tui.plain import PlainTable
from boardlight.tui.view import view_for
from tui_helpers import type_entry

# (game, players, seed, options): computers at every level, quick games.
ALL_COMPUTERS = [
    ("fits", ["cpu:1", "cpu:5"], 11, {"boards": [3]}),
    ("zatre", ["cpu:2", "cpu:4", "cpu:3"], 12, {}),
    ("forbes", ["cpu:5", "cpu:1", "cpu:3"], 13, {"target_score": 12}),
]


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def _start(store, game, words, seed, options):
    names, computers = seats.computer_names(words)
    return session_class(game).start(store, names, seed, dict(options, computers=computers))


def _nobody_asked(prompt):
    raise AssertionError("a game of computers asked for input: %r" % prompt)


def _actions(store, session):
    return [data for _seq, _kind, data in store.actions(session.row.id)]


@pytest.mark.parametrize("game, words, seed, options", ALL_COMPUTERS, ids=[c[0] for c in ALL_COMPUTERS])
def test_a_game_of_computers_plays_to_its_end_and_its_record_replays(store, tmp_path, capsys, game, words,
                                                                     seed, options):
    session = _start(store, game, words, seed, options)
    said = []
    status = PlainTable(session, ask=_nobody_asked, say=said.append, clear=lambda: None).run()
    assert status == "finished" and session.row.status == "finished"
    # Each move was said as it was played, with nobody asked to confirm it.
    assert not any("press Enter" in line for line in said)
    record = tmp_path / "record.txt"
    assert main(["export", str(session.row.id), "--db", str(store.path), "-o", str(record)]) == 0
    capsys.readouterr()
    assert main(["replay", game, str(record)]) == 0
    replayed = json.loads(capsys.readouterr().out)
    totals = dict(zip(session.players, session.score_lines()[-1][1]))  # the "total" line
    if game == "zatre":
        assert {p["name"]: p["score"] for p in replayed["players"]} == totals
    else:
        assert replayed["totals"] == totals
    # The same seed and computers play the same game again, move for move.
    again = _start(store, game, words, seed, options)
    PlainTable(again, ask=_nobody_asked, say=lambda _text: None, clear=lambda: None).run()
    assert _actions(store, again) == _actions(store, session)


@pytest.mark.timeout(120)
@pytest.mark.parametrize("game, words, seed, options", ALL_COMPUTERS, ids=[c[0] for c in ALL_COMPUTERS])
def test_a_game_of_computers_plays_itself_at_the_table_ui(store, monkeypatch, game, words, seed, options):
    monkeypatch.setattr(TableApp, "AUTOPLAY_PAUSE", 0)
    session = _start(store, game, words, seed, options)
    plain = _start(store, game, words, seed, options)
    PlainTable(plain, ask=_nobody_asked, say=lambda _text: None, clear=lambda: None).run()
    app = TableApp(session)

    async def main_loop():
        async with app.run_test(size=(80, 24)) as pilot:
            end = time.monotonic() + 90
            while session.row.status == "playing":
                assert time.monotonic() < end, "the game of computers stopped at %d actions" % session.seq
                await pilot.pause(0.05)

    asyncio.run(main_loop())
    # The UI played the very game the line-based game played: the moves are the seed's.
    assert _actions(store, session) == _actions(store, plain)


def test_beside_a_person_the_computer_waits_for_enter(store):
    session = _start(store, "zatre", ["cpu:3", "Ann"], 2, {})
    view = view_for(session)
    job = view.computer_job()
    assert job is not None and job.seat == 0
    text = view.computer_ready(job, job.compute())
    assert text.startswith("CPU3 plays ") and text.endswith("put it on the board, then press Enter (or the device's button).")
    assert session.seq == 0 and view.pending is not None
    assert view.computer_job() is None  # shown, waiting: nothing more to think about
    kind, payload = view.screen_now()
    assert kind == "zatre_hint" and len(payload["tiles"]) == 3  # the first turn: three tiles
    # Other entries do not lose it; the device's `next` confirms it (not the hint it asks
    # for otherwise), as Enter does.
    view.handle("sheet 1")
    assert view.pending is not None
    assert view.intent_for_event(("button", "next", "short")) == intents.NEXT
    view.on_intent(intents.NEXT)
    assert session.seq == 1 and view.pending is None
    assert session.core.current == 1
    # Ann's tiles stay hidden until they are drawn (so the turn can still be taken back):
    # `next` draws them, and from then on asks for her hint.
    assert session.awaiting_draw
    assert view.intent_for_event(("button", "next", "short")) == intents.NEXT
    view.on_intent(intents.NEXT)
    assert not session.awaiting_draw and session.seq == 2
    assert view.intent_for_event(("button", "next", "short")) == intents.HINT  # Ann's turn


def test_a_move_for_a_state_the_game_has_left_is_dropped(store):
    session = _start(store, "fits", ["Ann", "cpu:2"], 4, {"boards": [1]})
    view = view_for(session)
    view.handle("")  # deal
    job = view.computer_job()
    assert job.key[:2] == ("fits", 1)
    result = job.compute()
    # Meanwhile a person places the computer's start tile by hand, another way.
    tile = session.core.tile_to_place("CPU2")
    o, c, _ = session.core.board("CPU2").legal_drops(tile)[-1]
    view.handle("2 %d %d" % (o, c))
    assert view.computer_ready(job, result) is None and view.pending is None
    assert session.core.board("CPU2").drops[-1][1:3] == (o, c)


@pytest.mark.timeout(60)
def test_the_table_stays_live_while_the_computer_thinks(store, monkeypatch):
    from boardcore.zatre import engine

    release = threading.Event()
    best = engine.best

    def slow_best(pos, level=5, seed=0):
        assert release.wait(30)
        return best(pos, level, seed)

    monkeypatch.setattr(engine, "best", slow_best)
    session = _start(store, "zatre", ["cpu:5", "Ann"], 2, {})
    app = TableApp(session)
    seen = {}

    async def script():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.view.computer_prompt() == "CPU5 is thinking..."
            # The UI answers while the engine works on its thread.
            await type_entry(pilot, "sheet 1")
            seen["sheet"] = app.last_message
            await type_entry(pilot, "")
            seen["enter"] = app.last_message
            release.set()
            end = time.monotonic() + 20
            while app.view.pending is None:
                assert time.monotonic() < end
                await pilot.pause(0.05)
            seen["card"] = str(app.query_one("#card").content)
            await type_entry(pilot, "")

    asyncio.run(script())
    assert seen["sheet"] == "Showing CPU5's score sheet."
    assert seen["enter"] == "CPU5 is still thinking"
    assert seen["card"].startswith("CPU5: ") and seen["card"].splitlines()[0].endswith(" (Enter)")
    assert session.seq == 1
