"""The Forbes cards and stones as the seeded deal needs them: their numbers, a hand in
symbol order, the deal of the cards and the draw of a stone.

This is all the device's standalone dealer loads (boardcore.forbes.rules and
boardcore.forbes.deal re-export it): their option classes and checks would take kilobytes
of a device's heap for nothing.
"""

from boardcore.compat import const

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # for the type checker only: MicroPython compiles the block away
    from boardcore.rng import Random

CELLS = const(16)
SYMBOLS = "STCX"  # the symbol order used for every sorted output
STONES_PER_SYMBOL = const(12)  # 48 stones
CARDS_PER_SYMBOL = const(5)  # 20 ownership cards
HAND_SIZE = const(4)


def sort_cards(cards: str) -> str:
    """A hand as a string in symbol order (S, T, C, X).

    >>> sort_cards("XSTS")
    'SSTX'
    """
    return "".join(sorted(cards, key=SYMBOLS.index))


def deal(rng: "Random", count: int, dealer: int) -> "list[str]":
    """Shuffle the 20 cards and deal 4 to each seat in turn order from the dealer.

    Returns the hands by seat: the k-th player to play gets cards 4k..4k+3 of the shuffled
    deck; the rest stay hidden and play no part.
    """
    deck = []
    for symbol in SYMBOLS:
        deck.extend([symbol] * CARDS_PER_SYMBOL)
    rng.shuffle(deck)
    hands = [""] * count
    for k in range(count):
        seat = (dealer + k) % count
        hands[seat] = sort_cards("".join(deck[HAND_SIZE * k : HAND_SIZE * (k + 1)]))
    return hands


def pick_stone(rng: "Random", pool: "bytearray | list[int]") -> int:
    """A random face-down stone, each of the sum(pool) stones equally likely: the index
    of its symbol in SYMBOLS. `pool` holds the face-down stones per symbol; the caller
    takes the stone out of it."""
    k = rng.below(sum(pool))
    i = 0
    while k >= pool[i]:
        k -= pool[i]
        i += 1
    return i
