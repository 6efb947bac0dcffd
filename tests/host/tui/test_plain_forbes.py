"""The line-based Forbes match (tui.plain over the Forbes view) at one terminal: a player's
own cards are shown only behind a pass-the-screen step, between two screen clears; bad
input is explained and asked again."""

import re

import pytest

from boardcore.forbes.record import parse_record, score_record
from boardlight.sessions.forbes import ForbesSession
from boardlight.store.gamelog import Store
from boardlight.tui.plain import PlainTable
from tui_helpers import CLEAR

NAMES = {"S": "square", "T": "triangle", "C": "circle", "X": "star"}
GLYPHS = {"S": "■", "T": "▲", "C": "●", "X": "★"}


class Players:
    """Scripted players: before each turn the player to move asks for their own cards
    (`cards P`), presses Enter at every pause, draws with Enter and places the stone on the
    first empty cell; extra entries queued by the test for a turn come after the draw."""

    def __init__(self, session, extra=None, quit_after=None, record=None):
        self.session = session
        self.log = []
        self.extra = dict(extra or {})  # turn number -> entries typed before the real cell
        self.turn = 0
        self.looked = False
        self.quit_after = quit_after
        self.table = PlainTable(session, ask=self.ask, say=self.log.append,
                                clear=lambda: self.log.append(CLEAR), record=record)

    def ask(self, prompt):
        self.log.append("? " + prompt)
        if prompt.startswith(("Pass the screen", "Press Enter to hide")):
            return ""
        game = self.session.core.game
        if game is None:
            return ""  # deal the next game
        if self.quit_after is not None and self.turn == self.quit_after:
            return "quit"
        if not self.looked:
            self.looked = True
            return "cards %d" % (game.current + 1)
        if game.stone is None:
            return ""  # draw
        queued = self.extra.get(self.turn)
        if queued:
            return queued.pop(0)
        self.turn += 1
        self.looked = False
        i = game.board.index(".")
        return "%d %d" % (i // 4, i % 4)

    def screens(self):
        """The log cut at every clear: one list of lines per screen."""
        out = [[]]
        for line in self.log:
            if line == CLEAR:
                out.append([])
            else:
                out[-1].append(line)
        return [s for s in out if s]


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def _own_cards(hand):
    return ["%s %s" % (GLYPHS[c], NAMES[c]) for c in hand]


def test_each_private_screen_shows_only_its_players_cards(store):
    session = ForbesSession.start(store, ["Ann", "Bob", "Cy"], 4, {"target_score": 8})
    players = Players(session)
    assert players.table.run() == "finished"
    games = session.games
    private = [s for s in players.screens() if s[0].startswith("? Pass the screen")]
    # one private screen per stone placed: each player looked before each turn
    assert len(private) == 16 * len(games)
    for number, screen in enumerate(private):
        game = games[number // 16]
        seat = (game.dealer + number % 16) % 3
        name = session.players[seat]
        # the pass-the-screen pause comes before anything private, the hide pause after it
        assert screen[0] == "? Pass the screen to %s. %s, press Enter when only you can see it. " \
            % (name, name)
        assert screen[1].split("\n") == ["%s's own cards (only %s looks):" % (name, name)] \
            + _own_cards(game.all_hands()[seat])
        assert screen[2] == "? Press Enter to hide your cards, then pass the screen on. "
        assert len(screen) == 3
    # Nothing else shows a player's own cards.
    public = "\n".join(line for s in players.screens() if s not in private for line in s)
    assert "own cards" not in public
    # the end of every game reveals all hands with what each was paid
    for n, game in enumerate(games, 1):
        reveal = players.log.index("Game %d is over. Everyone's cards:" % n)
        for seat, name in enumerate(session.players):
            hand = game.all_hands()[seat]
            assert any(line.startswith("%s holds %s" % (name, " ".join(hand)))
                       for line in players.log[reveal:reveal + 40])
    assert session.core.over and re.search(r"Ranking: 1\. \w+ \d+", players.log[-1])


def test_reveal_shows_a_hand_to_the_others_for_the_rest_of_that_game_only(store):
    session = ForbesSession.start(store, ["Ann", "Bob"], 4, {"target_score": 1000})
    players = Players(session, extra={0: ["reveal 1"]}, quit_after=18)
    players.table.run()
    ann = "Ann shows: " + " ".join(GLYPHS[c] for c in session.games[0].all_hands()[0])
    tables = [line for line in players.log if line.startswith("\nForbes #1")]
    game1 = [t for t in tables if " · game 1 · " in t.split("\n")[1]]
    game2 = [t for t in tables if " · game 2 · " in t.split("\n")[1]]
    # game 1: every table after the reveal shows Ann's cards
    shown_from = next(k for k, t in enumerate(game1) if ann in t)
    assert shown_from > 0 and all(ann in t for t in game1[shown_from:])
    # game 2 starts hidden again
    assert game2 and not any("shows:" in t for t in game2)
    assert players.log[-1].startswith("? ")  # stopped at a prompt: the game is saved


def test_a_bad_cell_is_explained_and_asked_again(store):
    session = ForbesSession.start(store, ["Ann", "Bob"], 4)
    players = Players(session, extra={1: ["9 9", "zz", "0 0"]}, quit_after=3)
    players.table.run()
    game = session.core.game
    assert "cell (9, 9) is off the board: rows and columns are 0..3" in players.log
    assert "a placement is ROW COL (0..3 from the top-left): 'zz' is not a whole number" \
        in players.log
    assert "cell (0, 0) already holds a %s" % game.board[0] in players.log
    assert game.moves[1][2:] == (0, 1)  # the retry went to the first empty cell


def test_the_record_is_written_and_replays_to_the_same_totals(store, tmp_path):
    path = tmp_path / "match.txt"
    session = ForbesSession.start(store, ["Ann", "Bob", "Cy"], 12, {"target_score": 8})
    Players(session, record=str(path)).table.run()
    result = score_record(parse_record(path.read_text(), str(path)))
    assert [result["totals"][n] for n in session.players] == session.core.totals
    assert result["over"] is True and result["seed"] == 12


def test_quitting_mid_game_keeps_the_partial_record(store, tmp_path):
    path = tmp_path / "match.txt"
    session = ForbesSession.start(store, ["Ann", "Bob"], 3)
    players = Players(session, quit_after=5, record=str(path))
    assert players.table.run() == "playing"
    result = score_record(parse_record(path.read_text()))
    assert result["unfinished"] == {"number": 1, "moves": 5}
    assert players.log[-1].startswith("? ")  # it stopped at the prompt, nothing after it
