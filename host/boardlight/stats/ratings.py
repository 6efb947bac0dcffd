"""Ratings per player and game from the finishing order of every finished game with 2 to 6
players: openskill's Plackett-Luce model (Weng-Lin), each player a team of one, equal
places a tie. A game alone (solo FITS or Zatre) moves no rating. Computed from the games
given, oldest first, whenever asked: nothing is stored, so an undone or a damaged game
never leaves a stale number.

A rating is shown as its mean (mu, 25 before the first game): "Ann 27.3 -> 28.1".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from openskill.models import PlackettLuce, PlackettLuceRating

if TYPE_CHECKING:
    from boardlight.stats.load import Played

MIN_PLAYERS = 2
MAX_PLAYERS = 6


class Ratings:
    """The ratings after the games given: `current` {game: {name: rating}} (openskill's
    ratings: .mu, .sigma), `games` {game: {name: games rated}} and `changes`
    {game id: {name: (mu before, mu after)}} for every rated game."""

    def __init__(self, played: Iterable[Played]) -> None:
        model = PlackettLuce()
        self.current: dict[str, dict[str, PlackettLuceRating]] = {}
        self.games: dict[str, dict[str, int]] = {}
        self.changes: dict[int, dict[str, tuple[float, float]]] = {}
        for game in played:
            if not MIN_PLAYERS <= len(game.seats) <= MAX_PLAYERS:
                continue
            table = self.current.setdefault(game.game, {})
            counts = self.games.setdefault(game.game, {})
            names = [seat.name for seat in game.seats]
            before = []
            for name in names:
                r = table.get(name)
                if r is None:
                    r = table[name] = model.rating()
                before.append(r)
            ranks: list[float] = [seat.place for seat in game.seats]
            after = model.rate([[r] for r in before], ranks=ranks)
            change: dict[str, tuple[float, float]] = {}
            for name, old, (new,) in zip(names, before, after):
                change[name] = (old.mu, new.mu)
                table[name] = new
                counts[name] = counts.get(name, 0) + 1
            self.changes[game.id] = change

    def of(self, game: str, name: str) -> PlackettLuceRating | None:
        """`name`'s rating in `game` (openskill's: .mu, .sigma), or None before their
        first rated game."""
        return self.current.get(game, {}).get(name)


def change_text(change: dict[str, tuple[float, float]], names: Iterable[str]) -> str:
    """'Ann 27.3 -> 28.1, Bob 25.0 -> 24.2' for a game's changes, in seat order."""
    return ", ".join("%s %.1f -> %.1f" % ((name,) + change[name]) for name in names
                     if name in change)
