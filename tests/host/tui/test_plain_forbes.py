"""The line-based Forbes match at one terminal: each private screen shows only its
player's cards, behind a pass-the-screen step; bad input is explained and asked again."""

import re

from boardcore.forbes.match import Match
from boardcore.forbes.record import parse_record, score_record
from boardcore.forbes.rules import Options
from boardlight.plain.forbes import TerminalMatch

CLEAR = "<<clear>>"


class Table:
    """Scripted players: Enter at every pause, the first empty cell for every stone, and
    any extra answers queued by the test first (for example 'reveal' or a bad cell)."""

    def __init__(self, match, extra=None, quit_after=None):
        self.log = []
        self.extra = dict(extra or {})  # turn number -> answers given before the real cell
        self.turn = 0
        self.quit_after = quit_after
        self.tm = TerminalMatch(match, ask=self.ask, say=self.log.append, clear=lambda: self.log.append(CLEAR))

    def ask(self, prompt):
        self.log.append("? " + prompt)
        if prompt.startswith("Cell for"):
            queued = self.extra.get(self.turn)
            if queued:
                return queued.pop(0)
            if self.quit_after is not None and self.turn == self.quit_after:
                return "quit"
            self.turn += 1
            i = self.tm.match.game.board.index(".")
            return "%d %d" % (i // 4, i % 4)
        return ""

    def screens(self):
        """The log cut at every clear: one list of lines per screen."""
        out = [[]]
        for line in self.log:
            if line == CLEAR:
                out.append([])
            else:
                out[-1].append(line)
        return [s for s in out if s]


def test_each_private_screen_shows_only_its_players_cards():
    match = Match(["Ann", "Bob", "Cy"], Options(target_score=8), seed=4)
    table = Table(match)
    table.tm.run()
    hands_by_game = [g.all_hands() for g in table.tm.games]
    private = [s for s in table.screens() if any("your cards" in l for l in s)]
    # one private screen per stone placed
    assert len(private) == 16 * len(table.tm.games)
    game_index = -1
    for number, screen in enumerate(private):
        if number % 16 == 0:
            game_index += 1
        seat = (table.tm.games[game_index].dealer + number % 16) % 3
        name = match.players[seat]
        # the pass-the-screen pause comes before anything private
        assert screen[0] == "? Pass the screen to %s. %s, press Enter when only you can see it. " % (name, name)
        hand = hands_by_game[game_index][seat]
        words = ", ".join({"S": "square", "T": "triangle", "C": "circle", "X": "star"}[c] for c in hand)
        cards = [l for l in screen if "cards:" in l or "has shown" in l]
        assert cards == ["%s, your cards: %s  (%s)" % (name, " ".join(hand), words)]
    # the end of every game reveals all hands, on a screen of its own
    reveals = [s for s in table.screens() if s[0].startswith("Game") and "is over" in s[0]]
    assert len(reveals) == len(table.tm.games)
    for screen, hands in zip(reveals, hands_by_game):
        for seat, name in enumerate(match.players):
            assert any(l.startswith("%s holds %s" % (name, " ".join(hands[seat]))) for l in screen)
    assert match.over and any(re.match(r"1\. \w+ \d+", l) for l in table.log)


def test_reveal_shows_a_hand_to_the_others_for_the_rest_of_that_game_only():
    match = Match(["Ann", "Bob"], Options(target_score=1000), seed=4)
    table = Table(match, extra={0: ["reveal"]}, quit_after=18)
    table.tm.run()
    ann = table.tm.games[0].all_hands()[0]
    private = [s for s in table.screens() if any("your cards" in l for l in s)]
    bob_screens = [s for s in private if "Bob, your cards" in " ".join(s)]
    # game 1: Bob's 8 screens all show Ann's revealed cards
    assert all(any(l.startswith("Ann has shown: %s" % " ".join(ann)) for l in s) for s in bob_screens[:8])
    # game 2 starts hidden again (Bob deals game 2 and plays first: his 9th screen)
    assert not any("has shown" in l for l in bob_screens[8])
    assert "Match stopped." in table.log


def test_a_bad_cell_is_explained_and_asked_again():
    match = Match(["Ann", "Bob"], seed=4)
    table = Table(match, extra={1: ["9 9", "zz", "0 0"]}, quit_after=3)
    table.tm.run()
    assert "Not there: cell (9, 9) is off the board: rows and columns are 0..3." in table.log
    assert "Type the row and the column, 0..3 each, like '1 2' ('help' explains)." in table.log
    assert "Not there: cell (0, 0) already holds a %s." % table.tm.games[0].board[0] in table.log
    assert table.tm.games[0].moves[1][2:] == (0, 1)  # the retry went to the first empty cell


def test_the_record_is_written_and_replays_to_the_same_totals(tmp_path):
    path = tmp_path / "match.txt"
    match = Match(["Ann", "Bob", "Cy"], Options(target_score=8), seed=12)
    table = Table(match)
    table.tm.record = str(path)
    table.tm.seed = 12
    table.tm.run()
    result = score_record(parse_record(path.read_text(), str(path)))
    assert [result["totals"][n] for n in match.players] == match.totals
    assert result["over"] is True and result["seed"] == 12


def test_quitting_mid_game_keeps_the_partial_record(tmp_path):
    path = tmp_path / "match.txt"
    match = Match(["Ann", "Bob"], seed=3)
    table = Table(match, quit_after=5)
    table.tm.record = str(path)
    table.tm.run()
    result = score_record(parse_record(path.read_text()))
    assert result["unfinished"] == {"number": 1, "moves": 5}
    assert table.log[-3:] == ["Standings:", "1. Ann 0", "1. Bob 0"]
