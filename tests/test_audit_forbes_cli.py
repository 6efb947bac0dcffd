"""Audit (Forbes): the line-based match as a user starts it."""

from boardlight.cli import main


def test_play_plain_takes_players_written_with_spaces(capsys, monkeypatch):
    # `--players "Ann Bob"` reached the loop as one name, refused as "at least 2 players, not 1".
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("\nquit\n"))
    code = main(["play", "forbes", "--plain", "--players", "Ann Bob", "--seed", "9"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "Game 1: Ann deals and plays first." in out and "Pass the screen to Ann." in out
