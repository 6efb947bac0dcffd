"""Forbes: a hidden hand never reaches a printed output while its game is played."""

import json

from click.testing import CliRunner

from boardlight.cli import cli
from boardlight.sessions.forbes import ForbesSession
from boardlight.store.gamelog import Store


def _show_json(db):
    result = CliRunner().invoke(cli, ["show", "1", "--json", "--db", str(db)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_show_json_of_a_game_in_play_holds_no_hidden_hand(tmp_path):
    db = tmp_path / "log.sqlite3"
    with Store(db) as store:
        session = ForbesSession.start(store, ["Ann", "Bob", "Cy"], 31)
        session.act({"type": "draw", "seat": 0})
        session.act({"type": "place", "seat": 0, "row": 0, "col": 0})
        hands = session.core.game.all_hands()
    state = _show_json(db)["state"]
    assert "hands" not in state["game"]
    assert state["game"]["shown"] == [None, None, None]
    # Bob shows his cards to the table: from then on, his (and only his) are printed.
    with Store(db) as store:
        session = ForbesSession.resume(store, 1)
        session.act({"type": "reveal", "seat": 1})
    state = _show_json(db)["state"]
    assert state["game"]["shown"] == [None, hands[1], None]


def test_export_of_a_game_in_play_holds_no_hidden_hand_and_still_replays(tmp_path):
    from boardcore.forbes.record import parse_record, score_record

    db = tmp_path / "log.sqlite3"
    with Store(db) as store:
        session = ForbesSession.start(store, ["Ann", "Bob"], 31, {"target_score": 20})
        while not session.core.history:  # finish game 1 (row by row), then 3 stones of game 2
            game = session.core.game
            seat = game.current
            session.act({"type": "draw", "seat": seat})
            i = game.board.index(".")
            session.act({"type": "place", "seat": seat, "row": i // 4, "col": i % 4})
        session.act({"type": "deal"})
        game2 = session.core.game
        for _ in range(3):
            i = game2.board.index(".")
            session.act({"type": "draw", "seat": game2.current})
            session.act({"type": "place", "seat": game2.current, "row": i // 4, "col": i % 4})
        finished = session.games[0].all_hands()
        secret = game2.all_hands()
        totals = list(session.core.totals)
    # Exporting a match in play takes --reveal (the seed deals the secret cards); even
    # then the record names no hand of the game in play.
    result = CliRunner().invoke(cli, ["export", "1", "--db", str(db), "--reveal"],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    text = result.output
    game_lines = text.split("game dealer ")
    assert len(game_lines) == 3
    # The finished game shows its hands (revealed at its end); the one in play shows none.
    assert "hand Ann %s\nhand Bob %s\n" % tuple(finished) in game_lines[1]
    assert "hand " not in game_lines[2]
    assert not any(("hand Ann %s" % secret[0]) in t or ("hand Bob %s" % secret[1]) in t for t in game_lines[2:])
    replayed = score_record(parse_record(text))
    assert replayed["unfinished"] == {"number": 2, "moves": 3}
    assert [replayed["totals"][n] for n in ("Ann", "Bob")] == totals


class _Tty:
    """A stdout that says it is a terminal, keeping what is written."""

    def __init__(self):
        self.text = ""

    def isatty(self):
        return True

    def write(self, text):
        self.text += text
        return len(text)

    def flush(self):
        pass


def test_the_terminal_match_clears_the_scrollback_between_players(monkeypatch):
    # click.clear() erases the visible screen only: the next player could scroll up to the
    # cards of the one before. The pass-the-screen clear also erases the scrollback (ESC[3J).
    import sys

    from boardlight.tui.plain import clear_screen

    tty = _Tty()
    monkeypatch.setattr(sys, "stdout", tty)
    clear_screen()
    assert "\033[2J" in tty.text and "\033[3J" in tty.text
