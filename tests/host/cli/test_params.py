"""The values of `boardlight play` options: each type reads its kind of value, and a bad
one is a one-line error naming the option (exit 2) before any game is started."""

import pytest

from boardlight.cli import main
from boardlight.commands.params import PlayerList, split_names


@pytest.mark.parametrize("args,error", [
    (["play", "fits", "--players", "Ann,,Bob"],
     "Invalid value for '--players': a list of names separated by commas, e.g. Ann,Bob, or"
     " how many players: not 'Ann,,Bob'"),
    (["play", "zatre", "--players", "Ann,ANN"],
     "Invalid value for '--players': two players have the same name in 'Ann,ANN'"),
    (["play", "forbes", "--players", "1"],
     "Invalid value for '--players': Forbes takes 2 to 5 players, not 1"),
    (["play", "fits", "--seed", "-3"],
     "Invalid value for '--seed': a seed is a whole number 0 or more, not '-3'"),
    (["play", "fits", "--boards", "1,x"],
     "Invalid value for '--boards': board numbers separated by commas, e.g. 1,3: not '1,x'"),
    (["play", "fits", "--start-tiles", ","],
     "Invalid value for '--start-tiles': four tile ids separated by commas, e.g. P,T5,U,Y:"
     " not ','"),
    (["play", "fits", "--layout", "no-such-file.txt"],
     "Invalid value for '--layout': no-such-file.txt: cannot read layout file"),
    (["play", "--resume", "yesterday"],
     "Invalid value for '--resume': GAME is a game number from `boardlight history` or"
     " 'last', not 'yesterday'"),
])
def test_a_bad_value_is_one_line_naming_the_option(args, error, tmp_path, capsys):
    db = tmp_path / "log.sqlite3"
    assert main(args + ["--no-device", "--db", str(db)]) == 2
    err = capsys.readouterr().err
    assert error in err and err.strip().splitlines()[-1].startswith("error: " + error)
    assert not db.exists()  # nothing started, nothing stored


def test_player_lists():
    assert split_names("Ann,Bob") == ["Ann", "Bob"] == split_names(" Ann  Bob ")
    assert split_names("Mary Ann,Bob") == ["Mary Ann", "Bob"]  # the game refuses the space
    assert split_names("3") == ["P1", "P2", "P3"]
    players = PlayerList("FITS", 1, 4)
    assert players.convert("4", None, None) == ["P1", "P2", "P3", "P4"]
    assert players.convert(["Ann"], None, None) == ["Ann"]  # a default given as a list


def test_fits_options_reach_the_stored_game(tmp_path, monkeypatch):
    from boardlight.store.gamelog import Store
    from boardlight.tui import app as tui_app

    monkeypatch.setattr(tui_app, "run_table", lambda session, **kw: "playing")
    db = tmp_path / "log.sqlite3"
    assert main(["play", "fits", "--boards", "3 1", "--start-tiles", "u,y,p,t5",
                 "--max-overhang", "1", "--no-device", "--db", str(db)]) == 0
    with Store(db) as store:
        assert store.game(1).options == {"boards": [3, 1], "start_tiles": ["U", "Y", "P", "T5"],
                                         "max_overhang": 1}
