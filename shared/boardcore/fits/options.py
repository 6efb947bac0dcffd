"""The options of a FITS game (RULES.md) and their checks, kept apart from the round
flow so each module stays small enough to compile on a 96 KB heap.

players 1..4 names (1 = solo); seed (None: cards come from outside); boards in play
order (fewer boards, another order); start_tiles (default P T5 U Y); max_overhang
(None: unlimited rows above the top). Bad options raise OptionError saying why.
"""

from boardcore.fits.errors import DealError, OptionError
from boardcore.fits.tiles import TILE_IDS

MAX_PLAYERS = 4
RESERVED = ("pass", "skip", "-")  # words of the game record
_NAME_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"


def check_name(name):
    """Player names: 1..16 letters, digits, '_' or '-' (they appear in records)."""
    if not isinstance(name, str) or not 1 <= len(name) <= 16:
        raise OptionError("player name must be 1 to 16 characters, not %r" % (name,))
    for ch in name:
        if ch not in _NAME_CHARS:
            raise OptionError("player name %r may only use letters, digits, '_' and '-'" % name)
    if name in RESERVED:
        raise OptionError("player name %r is a reserved word" % name)


def check_options(players, seed, boards, start_tiles, max_overhang):
    """Check a game's options; returns (players, boards, start_tiles) as new lists."""
    players = list(players)
    if not 1 <= len(players) <= MAX_PLAYERS:
        raise OptionError("FITS is for 1 to 4 players, not %d" % len(players))
    for p in players:
        check_name(p)
    if len(set(players)) != len(players):
        raise OptionError("player names must differ: %s" % " ".join(players))
    boards = list(boards)
    if not boards:
        raise OptionError("a game needs at least one board")
    for b in boards:
        if b not in (1, 2, 3, 4):
            raise OptionError("boards are numbered 1..4, not %r" % (b,))
    if len(set(boards)) != len(boards):
        raise OptionError("each board is played at most once: %r" % (boards,))
    start_tiles = list(start_tiles)
    for t in start_tiles:
        if t not in TILE_IDS:
            raise OptionError("start tile %r is not a tile (tiles are %s)" % (t, " ".join(TILE_IDS)))
    if len(set(start_tiles)) != len(start_tiles):
        raise OptionError("start tiles must differ: %s" % " ".join(start_tiles))
    if len(start_tiles) < len(players):
        raise OptionError("%d start tiles cannot give %d players one each" % (len(start_tiles), len(players)))
    if max_overhang is not None and (not isinstance(max_overhang, int) or max_overhang < 0):
        raise OptionError("max_overhang must be none or a whole number >= 0, not %r" % (max_overhang,))
    if seed is not None and (not isinstance(seed, int) or seed < 0):
        raise OptionError("seed must be a whole number >= 0 or none, not %r" % (seed,))
    return players, boards, start_tiles


def check_start_cards(start_cards, n_players, start_tiles):
    """Start cards dealt from outside (seat order): one each, different, from start_tiles."""
    starts = list(start_cards)
    if len(starts) != n_players:
        raise DealError("%d start cards for %d players" % (len(starts), n_players))
    for t in starts:
        if t not in start_tiles:
            raise DealError("%r is not a start card (start cards: %s)" % (t, " ".join(start_tiles)))
    if len(set(starts)) != len(starts):
        raise DealError("each player draws a different start card: %s" % " ".join(starts))
    return starts
