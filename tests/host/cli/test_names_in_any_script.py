"""Player names in any script at the host: played, logged, written to UTF-8 record files
(whatever the locale), read back; a bare number is refused and the refusal says why."""

import io
import json
import os
import subprocess
import sys

from boardlight.cli import main
from boardlight.sessions.fits import FitsSession
from boardlight.store.gamelog import Store
from tui_helpers import plain_game

NAMES = "Jiří,Zoë,Łukasz,Jürgen"


def test_a_fits_game_of_four_names_records_and_replays(tmp_path, monkeypatch, capsys):
    record = tmp_path / "rec.txt"
    monkeypatch.setattr("sys.stdin", io.StringIO("\nquit\n"))  # deal, then stop
    assert main(["play", "fits", "--plain", "--players", NAMES, "--seed", "5",
                 "--record", str(record), "--db", str(tmp_path / "log.sqlite3")]) == 0
    assert "Playing FITS game #1 for Jiří, Zoë, Łukasz, Jürgen, seed 5." in capsys.readouterr().out
    text = record.read_bytes().decode("utf-8")
    assert "Players: Jiří Zoë Łukasz Jürgen\n" in text
    assert main(["replay", "fits", str(record)]) == 0
    assert json.loads(capsys.readouterr().out)["players"] == NAMES.split(",")


def test_entries_name_the_player_in_any_script(tmp_path):
    with Store(tmp_path / "log.sqlite3") as store:
        session = FitsSession.start(store, ["Zoë", "Jiří"], 5, {"boards": [2]})
        # Deal, then each start tile by name (case-insensitive), then by seat number.
        status, said = plain_game(session, ["", "ZOË 1 4", "2 1 1", "quit"])
    game = session.core
    assert game.board("Zoë").drops and game.board("Jiří").drops
    assert not [line for line in said if "no player called" in line]


def test_a_bare_number_is_refused_and_the_refusal_says_why(tmp_path, capsys):
    code = main(["play", "zatre", "--players", "1,2", "--no-device",
                 "--db", str(tmp_path / "log.sqlite3")])
    assert code == 2
    assert ("player name '1' is a number, which entries read as a seat number: add a letter"
            in capsys.readouterr().err)


def test_export_writes_utf_8_whatever_the_locale(tmp_path):
    db = tmp_path / "log.sqlite3"
    with Store(db) as store:
        FitsSession.start(store, ["Jiří", "Zoë"], 5, {"boards": [1]})
    out = tmp_path / "game.txt"
    env = dict(os.environ, LC_ALL="C", LANG="C", PYTHONUTF8="0", PYTHONCOERCECLOCALE="0")
    proc = subprocess.run([sys.executable, "-c", "import sys; from boardlight.cli import main;"
                           " sys.exit(main(sys.argv[1:]))", "export", "1", "--reveal",
                           "-o", str(out), "--db", str(db)], env=env, capture_output=True)
    assert proc.returncode == 0, proc.stderr.decode("utf-8", "replace")
    assert "Players: Jiří Zoë\n" in out.read_bytes().decode("utf-8")


def test_seat_numbers_are_ascii_digits_so_no_name_is_one():
    # "١" (Arabic-Indic one) is a name, not seat 1: names cannot be ASCII digits, and
    # entries read only ASCII digits as seat numbers.
    from boardlight.tui.view import seat_by_name_or_number

    assert seat_by_name_or_number(["Ann", "١"], "١") == 1
    assert seat_by_name_or_number(["Ann", "١"], "1") == 0
