"""The Forbes match: the second player deals the next game, totals run on, the match ends
after the game in which someone reaches 100, and equal totals share a place."""

import pytest

from boardcore.forbes.errors import GameNotOverError, GameOverError, PlayerCountError, UnknownPlayerError
from boardcore.forbes.match import Match
from boardcore.forbes.rules import Options

# Every scoring pattern written out by hand as (row, col) cells, independent of the core's
# forbes_patterns: 4 rows and 4 columns (2), the 8 squares other than the centre block
# (4), the 2 diagonals (6), the centre (8) and the corners (10).
RECOUNT_PATTERNS = (
    [([(r, 0), (r, 1), (r, 2), (r, 3)], 2) for r in range(4)]
    + [([(0, c), (1, c), (2, c), (3, c)], 2) for c in range(4)]
    + [([(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)], 4) for r in range(3) for c in range(3) if (r, c) != (1, 1)]
    + [([(0, 0), (1, 1), (2, 2), (3, 3)], 6), ([(0, 3), (1, 2), (2, 1), (3, 0)], 6)]
    + [([(1, 1), (1, 2), (2, 1), (2, 2)], 8), ([(0, 0), (0, 3), (3, 0), (3, 3)], 10)]
)


def recount(board, hand):
    """A player's points: each one-symbol pattern pays its value per card of that symbol."""
    points = 0
    for cells, value in RECOUNT_PATTERNS:
        symbols = {board[r * 4 + c] for r, c in cells}
        if len(symbols) == 1 and "." not in symbols:
            points += value * hand.count(symbols.pop())
    return points


def rows_by_symbol(game):
    """A fixed strategy: each symbol goes to its own row (S 0, T 1, C 2, X 3) while that
    row has room, otherwise the first empty cell; it builds many complete rows."""
    stone = game.stone
    row = "STCX".index(stone)
    board = game.board
    for c in range(4):
        if board[row * 4 + c] == ".":
            return row, c
    i = board.index(".")
    return i // 4, i % 4


def play_out(match, games):
    game = match.start_game()
    games.append(game)
    while not game.over:
        seat = game.current
        game.draw(seat)
        game.place(seat, *rows_by_symbol(game))
    return match.end_game()


def test_a_seeded_match_to_100_agrees_with_an_independent_recount():
    match = Match(["Ann", "Bob", "Cy", "Dee"], seed=2024)
    games = []
    totals = [0, 0, 0, 0]
    while not match.over:
        assert len(games) < 200, "a match should end long before 200 games"
        assert max(totals) < 100  # it did not end early
        scores = play_out(match, games)
        game = games[-1]
        hands = game.all_hands()
        for seat in range(4):
            assert scores[seat]["total"] == recount(game.board, hands[seat])
            totals[seat] += recount(game.board, hands[seat])
        assert match.totals == totals
    assert max(totals) >= 100
    # Dealers: seat 0 first, then always the second player of the game before (dealer + 1).
    assert [g.dealer for g in games] == [i % 4 for i in range(len(games))]
    assert [d for d, _ in match.history] == [g.dealer for g in games]
    ranking = match.ranking()
    assert [r["total"] for r in ranking] == sorted(totals, reverse=True)
    assert ranking[0]["place"] == 1 and ranking[0]["total"] >= 100
    with pytest.raises(GameOverError, match="the match is over"):
        match.start_game()


def test_the_match_ends_after_the_game_that_reaches_the_target_not_before():
    # Ann holds all the S; every stone is S except the last row: rows 0-2 of S pay Ann
    # 3 rows x 2 points x 2 cards = 12, and the squares 00, 01, 02, 10, 12 (all S) pay
    # 5 x 4 x 2 = 40 (square11 is the centre block, not a square by default); the
    # centre (1,1) (1,2) (2,1) (2,2) pays 8 x 2 = 16; columns, diagonals and corners
    # reach row 3 (T C X T): nothing. Ann: 12 + 40 + 16 = 68 per game; Bob holds no S: 0.
    match = Match(["Ann", "Bob"], Options(target_score=130))
    stones = "SSSS" "SSSS" "SSSS" "TCXT"
    for number in (1, 2):
        assert not match.over
        game = match.start_game(hands=["SSTC", "TCXX"])
        for i in range(16):
            game.play(game.current, i // 4, i % 4, stones[i])
        match.end_game()
        assert match.totals == [68 * number, 0]
    # 68 < 130 after game 1; 136 >= 130 after game 2: over.
    assert match.over and len(match.history) == 2
    assert match.history == [(0, [68, 0]), (1, [68, 0])]


def test_ranking_shares_places_on_equal_totals():
    match = Match(["Ann", "Bob", "Cy", "Dee", "Eve"], seed=1)
    match.totals = [50, 70, 50, 70, 10]
    # Bob and Dee share 1st; the next place is 3rd, shared by Ann and Cy; Eve is 5th.
    assert [(r["place"], r["name"], r["total"]) for r in match.ranking()] == [
        (1, "Bob", 70), (1, "Dee", 70), (3, "Ann", 50), (3, "Cy", 50), (5, "Eve", 10)]


def test_game_sequence_errors_leave_the_match_unchanged():
    match = Match(["Ann", "Bob", "Cy"], seed=8, first_dealer=2)
    with pytest.raises(GameNotOverError, match="no game is being played"):
        match.end_game()
    game = match.start_game()
    assert game.dealer == 2 and game.current == 2
    with pytest.raises(GameNotOverError, match="game 1 is still being played"):
        match.start_game()
    with pytest.raises(GameNotOverError, match="16 cells are still empty"):
        match.end_game()
    assert match.game is game and match.totals == [0, 0, 0] and match.history == []
    for i in range(16):
        game.play(game.current, i // 4, i % 4)
    match.end_game()
    assert match.dealer == 0  # seat 0 played second after dealer 2


def test_a_sixth_player_is_refused():
    with pytest.raises(PlayerCountError, match="at most 5 players"):
        Match(["A", "B", "C", "D", "E", "F"], seed=1)
    with pytest.raises(UnknownPlayerError, match="first dealer seat 3"):
        Match(["A", "B", "C"], seed=1, first_dealer=3)
