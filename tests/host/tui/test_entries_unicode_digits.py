"""Entries with characters that str.isdigit() accepts but int() does not ('²', '³'): a
refusal that explains, not a ValueError that ended the table UI (and then `play` said the
game was over)."""

import pytest

from boardlight.cli import main
from boardlight.sessions.fits import FitsSession
from boardlight.sessions.forbes import ForbesSession
from boardlight.sessions.zatre import ZatreSession
from boardlight.store.gamelog import Store
from boardlight.tui.fits import FitsView
from boardlight.tui.forbes import ForbesView
from boardlight.tui.view import ViewError
from boardlight.tui.zatre import ZatreView


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def test_fits_entries(store):
    session = FitsSession.start(store, ["Ann"], 3, {})
    view = FitsView(session)
    view.handle("")  # deal
    before = session.snapshot()
    for entry in ("² 1 1", "²", "hint 1 ²", "hint ²"):
        with pytest.raises(ViewError):
            view.handle(entry)
    assert session.snapshot() == before and session.seq == 1


def test_zatre_and_forbes_entries(store):
    zatre = ZatreView(ZatreSession.start(store, ["Ann", "Bob"], 3, {}))
    for entry in ("hint ²", "sheet ²"):
        with pytest.raises(ViewError):
            zatre.handle(entry)
    session = ForbesSession.start(store, ["Ann", "Bob"], 3, {})
    forbes = ForbesView(session)
    forbes.handle("")  # deal and draw
    seq = session.seq
    for entry in ("reveal ²", "cards ³"):
        with pytest.raises(ViewError):
            forbes.handle(entry)
    assert session.seq == seq


def test_a_table_that_stopped_on_an_error_is_not_called_over(tmp_path, capsys, monkeypatch):
    from boardlight.tui import app as tui_app

    # Textual's run() returns None when the app ends on an exception.
    monkeypatch.setattr(tui_app, "run_table", lambda session, **_kw: None)
    db = tmp_path / "log.sqlite3"
    assert main(["play", "forbes", "--no-device", "--db", str(db)]) == 1
    captured = capsys.readouterr()
    assert "is over" not in captured.out
    assert "the table stopped on an error; game 1 is saved up to its last action:" \
        " `boardlight play --resume --db %s` continues it" % db in captured.err
    with Store(db) as store:
        assert store.game(1).status == "playing"


def test_a_tally_record_with_a_superscript_is_a_format_error(tmp_path, capsys):
    record = tmp_path / "tally.txt"
    record.write_text(
        "FITS tally record\nPlayers: Ann\nSeed: 21\nBoards: 1\nStartTiles: P T5 U Y\n\n"
        "Round 1 board 1\nstart: Ann Y\n"
        "cards: X U O4 T5 L4 Y N I3 F P L5 L3 S4 W V5 T4\n"
        "tally: Ann rows ² open 4\n")
    code = main(["replay", "fits", str(record)])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err and "'²' is not a whole number" in err
