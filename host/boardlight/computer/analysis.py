"""The analysis of a played game: every move of every player beside the engine's choice,
and what the move played was expected to cost.

Each game is played again from its start, and before each move the engine ranks every
legal move at the level asked (engine.analyse, seeded as the computer players are:
seats.engine_seed of the game's seed and the move's number, so a computer player's move
analysed at its own level loses nothing). The expected loss of a move is the best value
less the value of the move played, both the engine's. A move the level did not search
deeply keeps a shallower value, a little below the searched ones (docs/engines.md), so its
loss is the least it cost.

Values: FITS, the board's expected score at the round's end (points); Zatre, points;
Forbes at levels 4-5 the share of the win (1 = wins alone), not points; below, points.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence, TypeVar

from boardlight.computer import fits as computer_fits
from boardlight.computer import forbes as computer_forbes
from boardlight.computer import zatre as computer_zatre
from boardlight.computer.seats import engine_seed

if TYPE_CHECKING:
    from boardcore.fits.engine import Move
    from boardcore.fits.game import Game as FitsGame
    from boardcore.fits.layouts import Layout
    from boardcore.forbes.record import Record as ForbesRecord
    from boardcore.forbes.rules import Options as ForbesOptions
    from boardcore.zatre.game import Game as ZatreGame

    from boardlight.sessions.forbes import ForbesSession

    # One game of a Forbes match to analyse: (dealer seat, hands, moves as
    # (seat, stone, row, col)).
    ForbesGame = tuple[int, list[str], list[tuple[int, str, int, int]]]

M = TypeVar("M")


class Review:
    """One move: `player` (name), `where` ("round 2 card 5", "turn 7", "game 1 stone 3"),
    `played` and `best` (the moves as entries: 'L4 2 3', '5@7,7 3@7,8', '1 2'), their
    values, and `loss` (best value less the played one, never below 0)."""

    __slots__ = ("player", "where", "played", "best", "played_value", "best_value", "loss")

    def __init__(self, player: str, where: str, played: str, best: str, played_value: float,
                 best_value: float) -> None:
        self.player = player
        self.where = where
        self.played = played
        self.best = best
        self.played_value = played_value
        self.best_value = best_value
        self.loss = max(0.0, best_value - played_value)

    def as_dict(self) -> dict[str, Any]:
        return {"player": self.player, "where": self.where, "played": self.played,
                "best": self.best, "played_value": round(self.played_value, 4),
                "best_value": round(self.best_value, 4), "loss": round(self.loss, 4)}


def value_words(game: str, level: int) -> str:
    """What the values of this game's analysis are, in words."""
    if game == "fits":
        return "points: the board's expected score at the round's end"
    if game == "zatre":
        return "points: the sheet's gain with bonuses still to come, less what the turn opens for the next player"
    if computer_forbes.is_share(level):
        return "WIN SHARES, not points: 1 = wins alone, 1/k a top score shared by k"
    return "points: the cell's worth for the player's own cards"


def _review(player: str, where: str, ranked: Sequence[tuple[M, float]], played_key: object,
            key: Callable[[M], object], text: Callable[[M], str], played_text: str) -> Review:
    """The Review of a move from the engine's ranking; `key` maps a ranked move to the
    form `played_key` is in, `text` writes a ranked move, `played_text` is the move played
    as written."""
    best_move, best_value = ranked[0]
    played_value = None
    for move, value in ranked:
        if key(move) == played_key:
            played_value = value
            break
    if played_value is None:
        raise ValueError("%s, %s: the move played is not among the engine's legal moves" % (player, where))
    return Review(player, where, played_text, text(best_move), played_value, best_value)


# -- FITS ------------------------------------------------------------------------------------


def fits_reviews(final: FitsGame, level: int, layouts: dict[int, Layout] | None = None
                 ) -> list[Review]:
    """The Reviews of a FITS game (a fits Game, finished or not), in the order played."""
    from boardcore.fits import engine
    from boardcore.fits.game import PASS, SKIP, Game

    game = Game(final.players, final.seed, final.boards, final.start_tiles, final.max_overhang,
                layouts or final.layouts)
    out: list[Review] = []

    def act(seat: int, tile: str, action: Any, where: str) -> None:
        name = game.players[seat]
        pos = computer_fits.position_of(game, seat)
        ranked = engine.analyse(pos, level, engine_seed(final.seed, computer_fits.move_number(game, seat)))
        played = engine.PASS if action == PASS else tuple(action)

        def text(move: Move) -> str:
            return "%s %s" % (tile, "pass" if computer_fits.is_pass(move) else "%d %d" % move)

        out.append(_review(name, where, ranked, played, lambda m: m, text, text(played)))
        if action == PASS:
            game.set_aside(name, tile)
        else:
            game.place(name, tile, action[0], action[1])

    for number, rnd in enumerate(final.history, 1):
        game.start_round(list(rnd["starts"]))
        for seat, action in enumerate(rnd["start_drops"]):
            if action is not None:
                act(seat, rnd["starts"][seat], action, "round %d start" % number)
        for k, (tile, acted) in enumerate(rnd["cards"], 1):
            game.turn_card(tile)
            for seat, action in enumerate(acted):
                if action is not None and action != SKIP:
                    act(seat, tile, action, "round %d card %d" % (number, k))
        if game.phase == "score":
            game.finish_round()
    return out


# -- Zatre -----------------------------------------------------------------------------------


def zatre_reviews(final: ZatreGame, level: int) -> list[Review]:
    """The Reviews of a Zatre game (a zatre Game, finished or not), in the order played."""
    from boardcore.zatre import engine
    from boardcore.zatre.game import Game

    game = Game(final.players, final.seed, final.strict, final.centre_doubles, final.grey_at)
    out: list[Review] = []
    for k, (player, tiles) in enumerate(final.played(), 1):
        ranked = engine.analyse(engine.position(game), level, engine_seed(final.seed, game.turns))
        out.append(_review(game.players[player], "turn %d" % k, ranked, computer_zatre.turn_key(tiles),
                           computer_zatre.turn_key, computer_zatre.entry, computer_zatre.entry(tiles)))
        game.play(tiles)
    return out


# -- Forbes ----------------------------------------------------------------------------------


def forbes_games_of_record(record: ForbesRecord) -> list[ForbesGame]:
    """The games of a parsed Forbes match record as [(dealer seat, hands, moves)], moves as
    (seat, stone, row, col): the record replayed through the match (the seed deals the
    hands a record leaves out). boardcore.forbes.record.replay() is run first, so a record
    the rules refuse gets its own error naming the line."""
    from boardcore.forbes.match import Match
    from boardcore.forbes.record import replay
    from boardcore.forbes.rules import Options

    replay(record)
    match = Match(record.players, Options.from_dict(record.options), record.seed,
                  record.players.index(record.games[0].dealer))
    out: list[ForbesGame] = []
    for block in record.games:
        if not block.moves:
            continue
        given = dict(block.hands)
        hands = [given[name] for name in match.players] if len(given) == len(match.players) else None
        game = match.start_game(None if match.rng is not None else hands)
        moves = []
        for _line, name, stone, row, col in block.moves:
            seat = game.seat_of(name)
            if match.rng is not None:
                game.play(seat, row, col)
            else:
                game.play(seat, row, col, stone)
            moves.append((seat, stone, row, col))
        out.append((game.dealer, game.all_hands(), moves))
        if game.over:
            match.end_game()
    return out


def forbes_reviews(players: list[str], options: ForbesOptions | None,
                   games: Sequence[ForbesGame], seed: int | None, level: int) -> list[Review]:
    """The Reviews of a Forbes match: `games` as forbes_games_of_record gives them. Each
    move is judged from its player's own view: their cards, the board, the moves seen."""
    from boardcore.forbes import engine
    from boardcore.forbes.game import Game

    out: list[Review] = []
    for number, (dealer, hands, moves) in enumerate(games, 1):
        game = Game(players, dealer, options, hands=hands)
        for seat, stone, row, col in moves:
            game.draw(seat, stone)
            move_number = (number - 1) * 17 + len(game.moves)
            ranked = engine.analyse(engine.position(game, seat), level, engine_seed(seed, move_number))
            out.append(_review(players[seat], "game %d stone %d" % (number, len(game.moves) + 1),
                               ranked, (row, col), lambda m: m, lambda m: "%d %d" % m, "%d %d" % (row, col)))
            game.place(seat, row, col)
    return out


def forbes_games_of_session(session: ForbesSession) -> list[ForbesGame]:
    """The games of a Forbes session as forbes_games_of_record gives them."""
    games = list(session.games)
    if session.core.game is not None:
        games.append(session.core.game)
    return [(g.dealer, g.all_hands(), [(s, stone, r, c) for s, stone, r, c in g.moves]) for g in games]


# -- the summary -----------------------------------------------------------------------------


def summary(players: Sequence[str], reviews: Sequence[Review], costliest: int = 3
            ) -> list[dict[str, Any]]:
    """Per player, in seat order: {"player", "moves", "expected_loss", "costliest"}, the
    costliest being that player's `costliest` moves of the largest loss (first played
    first among equal losses)."""
    out = []
    for name in players:
        mine = [r for r in reviews if r.player == name]
        top = sorted(range(len(mine)), key=lambda k: (-mine[k].loss, k))[:costliest]
        out.append({"player": name, "moves": len(mine),
                    "expected_loss": round(sum(r.loss for r in mine), 4),
                    "costliest": [mine[k].as_dict() for k in top if mine[k].loss > 0]})
    return out
