"""Who plays and what they hold: checking player lists and hands, and the seeded deal
of the cards and the stones (deal() and pick_stone(), from boardcore.forbes.cards, where
the device's standalone dealer takes them without loading the rest)."""

from boardcore.forbes.cards import deal, pick_stone  # noqa: F401 (the deal, re-exported)
from boardcore.forbes.rules import CARDS_PER_SYMBOL, HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, SYMBOLS, sort_cards


def check_players(players):
    """A list of 2..5 distinct one-word names, no "#" (the text formats' comment mark);
    an int n gives "P1".."Pn"."""
    from boardcore.forbes.errors import PlayerCountError  # on use: the device deals without it

    if isinstance(players, int) and not isinstance(players, bool):
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
        if not isinstance(name, str) or not name or len(name.split()) != 1 or name != name.strip() or "#" in name:
            raise PlayerCountError("player %d: a name must be one word, without spaces or '#', not %r" % (i + 1, name))
        if name in players[:i]:
            raise PlayerCountError("player name %r is used twice" % (name,))
    return players


def check_hands(hands, count):
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
    for symbol in SYMBOLS:
        n = 0
        for hand in out:
            n += hand.count(symbol)
        if n > CARDS_PER_SYMBOL:
            raise HandError("%d cards of %s dealt, but there are only %d" % (n, symbol, CARDS_PER_SYMBOL))
    return out
