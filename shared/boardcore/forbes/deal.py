"""Who plays and what they hold: checking player lists and hands, and the seeded deal
of the cards and the stones (deal() and pick_stone(), from boardcore.forbes.cards, where
the device's standalone dealer takes them without loading the rest)."""

from boardcore.compat import const
from boardcore.forbes.cards import deal, pick_stone  # noqa: F401 (the deal, re-exported)
from boardcore.forbes.rules import CARDS_PER_SYMBOL, HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, SYMBOLS, sort_cards

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # for the type checker only: MicroPython compiles the block away
    from typing import Sequence
    from boardcore.rng import Random


def check_players(players: "int | Sequence[str]") -> "list[str]":
    """A list of 2..5 distinct player names (boardcore.names); an int n gives "P1".."Pn"."""
    from boardcore.forbes.errors import PlayerCountError  # on use: the device deals without it
    from boardcore.names import name_problem

    if isinstance(players, bool):
        raise PlayerCountError("players are names or a count, not %r" % (players,))
    if isinstance(players, int):
        players = ["P%d" % (i + 1) for i in range(players)]
    players = list(players)
    if len(players) < MIN_PLAYERS:
        raise PlayerCountError("Forbes needs at least %d players, not %d" % (MIN_PLAYERS, len(players)))
    if len(players) > MAX_PLAYERS:
        raise PlayerCountError(
            "Forbes takes at most %d players (20 cards, 4 each): player %d, %r, is one too many"
            % (MAX_PLAYERS, len(players), players[MAX_PLAYERS])
        )
    for i, name in enumerate(players):
        problem = name_problem(name)
        if problem is not None:
            raise PlayerCountError(problem)
        if name in players[:i]:
            raise PlayerCountError("player name %r is used twice" % (name,))
    return players


def check_hands(hands: "Sequence[str]", count: int) -> "list[str]":
    """`count` hands of 4 card codes each, no symbol more than 5 times in all; sorted copies."""
    from boardcore.forbes.errors import HandError  # on use: the device deals without it

    hands = list(hands)
    if len(hands) != count:
        raise HandError("%d hands given for %d players" % (len(hands), count))
    out = []
    for seat, hand in enumerate(hands):
        if not isinstance(hand, str) or len(hand) != HAND_SIZE:
            raise HandError("seat %d: a hand is %d cards, not %r" % (seat, HAND_SIZE, hand))
        for card in hand:
            if card not in SYMBOLS:
                raise HandError("seat %d: unknown card %r (use S, T, C or X)" % (seat, card))
        out.append(sort_cards(hand))
    problem = over_dealt(out)
    if problem is not None:
        raise HandError(problem)
    return out


def over_dealt(hands: "Sequence[str]") -> "str | None":
    """What is wrong when `hands` hold more cards of a symbol than the 5 there are, or None.

    >>> over_dealt(["SSSS", "SSTC"])
    '6 cards of S dealt, but there are only 5'
    """
    for symbol in SYMBOLS:
        n = 0
        for hand in hands:
            n += hand.count(symbol)
        if n > CARDS_PER_SYMBOL:
            return "%d cards of %s dealt, but there are only %d" % (n, symbol, CARDS_PER_SYMBOL)
    return None

