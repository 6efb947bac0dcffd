"""The FITS decks and the seeded deal, shared by the host game and the device's
standalone dealer (cheap to import: no tables).

Each round the start deck (the `start_tiles` option, default P T5 U Y) and the 16
building cards (one per tile, in boardcore.fits.shapes.TILE_IDS order before shuffling) are
shuffled with the game's boardcore.rng.Random, in that order: start deck first, then
building deck. Player i (in seating order) gets start card i of the shuffled start deck.
The same seed therefore deals the same cards on CPython and MicroPython.
"""

from boardcore.compat import const
from boardcore.fits.shapes import TILE_IDS

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # for the type checker only: MicroPython compiles the block away
    from typing import Sequence
    from boardcore.rng import Random

DEFAULT_START_TILES = ("P", "T5", "U", "Y")


def deal_round(rng: "Random", n_players: int, start_tiles: "Sequence[str]" = DEFAULT_START_TILES) -> "tuple[list[str], list[str]]":
    """Shuffle both decks for one round: (start cards, one per player, in seating
    order; the 16 building cards in the order they will be turned)."""
    starts = rng.shuffle(list(start_tiles))
    building = rng.shuffle(list(TILE_IDS))
    return starts[:n_players], building


def deal_game(seed: int, n_players: int, rounds: int = 4,
              start_tiles: "Sequence[str]" = DEFAULT_START_TILES) -> "list[tuple[list[str], list[str]]]":
    """All rounds' decks of a seeded game: a list of (start cards, building cards)."""
    from boardcore.rng import Random

    rng = Random(seed)
    return [deal_round(rng, n_players, start_tiles) for _ in range(rounds)]
