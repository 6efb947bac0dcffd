"""The rule options of `boardlight play` reach the line-based game with --plain too: the
same flags set the same rules in both modes."""

import io

from boardlight.cli import main


def test_forbes_plain_match_to_the_given_target(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("\nquit\n"))
    code = main(["play", "forbes", "--plain", "--players", "Ann,Bob", "--seed", "9",
                 "--target", "40"])
    out = capsys.readouterr().out
    assert code == 0 and "Forbes #1 · match to 40 · game 1" in out


def test_zatre_rule_flags_reach_the_plain_game(monkeypatch, capsys):
    # Seed 3 deals Ann 1 3 5. 5 on the red square, 3 beside it, 1 beside the 3: legal by
    # default, but with --strict-adjacency the 1 touches only a tile of this same turn.
    turn = "5@7,7 3@7,8 1@7,9\nquit\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(turn))
    assert main(["play", "zatre", "--plain", "--players", "Ann", "--seed", "3",
                 "--strict-adjacency"]) == 0
    assert "strict adjacency: (7,9) touches only tiles placed this turn" in capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO(turn))
    assert main(["play", "zatre", "--plain", "--players", "Ann", "--seed", "3"]) == 0
    assert "touches only tiles placed this turn" not in capsys.readouterr().out


def test_a_huge_player_count_is_refused_at_once(tmp_path, capsys):
    code = main(["play", "zatre", "--players", "99999999", "--no-device",
                 "--db", str(tmp_path / "log.sqlite3")])
    assert code == 2
    assert "Zatre takes 1 to 6 players, not 99999999" in capsys.readouterr().err
