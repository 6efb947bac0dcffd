"""A computer Forbes seat's cards never reach what the other seats see. At every state of a
game, the computer's hand is changed at will and everything the table can see stays the
same, byte for byte: the table UI's panels, prompts and help (the line-based game prints the
same), a person's hint (the engine reads that person's own view), the device's screen, the
phones' pages of the other seats and the spectators, and what `show` prints. The computer
seat has no page, and `cards` and `reveal` refuse it; once the board is full, the rules
show everyone's cards."""

import pytest

from boardcore.forbes import engine as forbes_engine
from boardlight.computer import seats
from boardlight.computer.turns import run_now
from boardlight.sessions.forbes import ForbesSession
from boardlight.store.gamelog import Store
from boardlight.tui import intents
from boardlight.tui.forbes import ForbesView
from boardlight.tui.view import ViewError
from boardlight.web.access import Access, Audience
from boardlight.web.pages import picture

CPU = 1  # the seat of the computer player


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as log:
        yield log


def _seen(session, view):
    """Everything the table, the device, the other pages and `show` show now."""
    out = {}
    out["panels"] = [str(t) for t in (view.status_line(), view.board_text(), view.card_panel(),
                                      view.scores_text(), view.keys_text(), view.prompt(),
                                      view.computer_prompt())]
    out["device"] = view.screen_now()
    out["held"] = view.private_screen(intents.hold(CPU))
    view.show_help()
    out["help"] = view.peek
    for entry in ("cards 2", "cards CPU3", "reveal 2"):
        try:
            view.handle(entry)
            out[entry] = ("accepted", view.peek)
        except ViewError as exc:
            out[entry] = ("refused", str(exc))
    game = session.core.game
    if game is not None and game.current != CPU:
        out["hint"] = (view.handle("hint"), view.peek)
    view.peek = view.peek_for = view.hint_screen = None
    out["pages"] = [picture(session, a)["html"] for a in (Audience(0, "Ann"), Audience(2, "Bob"),
                                                         Audience(None, "spectators"))]
    out["show"] = (session.summary_lines(), session.snapshot())
    return out


def _with_other_cards(session, function):
    game = session.core.game
    real = game._hands[CPU]
    game._hands[CPU] = "XXXX" if real != "XXXX" else "SSSS"
    try:
        return function()
    finally:
        game._hands[CPU] = real


def test_the_computer_seats_cards_reach_no_one(store, monkeypatch):
    names, computers = seats.computer_names(["Ann", "cpu:3", "Bob"])
    session = ForbesSession.start(store, names, 17, {"computers": computers})
    view = ForbesView(session)
    # Every position the engine is given for a person's hint holds no other seat's cards.
    given = []
    analyse = forbes_engine.analyse

    def watched(pos, level=5, seed=0):
        given.append((pos.view.seat, list(pos.view.shown)))
        return analyse(pos, level, seed)

    monkeypatch.setattr(forbes_engine, "analyse", watched)
    states = 0
    while session.core.game is not None and not session.core.game.over:
        job = view.computer_job()
        if job is not None and view.pending is None:
            view.computer_ready(job, run_now(job))  # the computer's draw, or its move shown
        before = _seen(session, view)
        assert _with_other_cards(session, lambda: _seen(session, view)) == before, session.seq
        assert before["cards 2"] == before["cards CPU3"] == (
            "refused", "CPU3 is a computer player: its cards stay hidden until the game ends")
        assert before["reveal 2"][0] == "refused" and before["held"] is None
        states += 1
        game = session.core.game
        if view.pending is not None:
            view.on_intent(intents.NEXT)  # a person put the computer's stone down
        elif game.current != CPU:
            if game.stone is None:
                view.on_intent(intents.NEXT)  # draw
            else:
                cell = game.board.index(".")
                view.handle("%d %d" % (cell // 4, cell % 4))
            if session.core.game is None or session.core.game.over:
                break
    assert states > 16 and given
    assert all(shown[s] is None for seat, shown in given for s in range(3) if s != seat)
    # The computer has no page: links for the two people and the spectators only.
    pages = Access(names, seats.levels(names, session.row.options)).pages()
    assert [a.seat for _token, a in pages] == [0, 2, None]
