"""Audit (Forbes): a hidden hand never reaches a printed output while its game is played."""

import json

from click.testing import CliRunner

from boardlight.cli import cli
from boardlight.session_forbes import ForbesSession
from boardlight.store import Store


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
