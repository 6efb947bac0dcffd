"""What a player means by a button press (or by Enter on an empty entry): an intent.

The device reports button events, ("button", NAME, "down" | "short" | "long"), where
"short" and "long" are the release after a short or a long hold. A game's view turns the
events it uses into intents (GameView.intent_for_event) and acts on them directly
(GameView.on_intent); they never pass through the parser of typed entries.
"""

from __future__ import annotations

from typing import Any, NamedTuple

# name: "next" (deal, turn the card, draw; a computer's move: confirm it), "menu" (the
# list of entries), "hint" (the engine's best move, also on the matrix), "undo" (take back
# the last action), "hold" (a player holds their button down), "player" (a player's button
# is released);
# seat: the player's seat (0-based) for "hold" and "player", else None.
class Intent(NamedTuple):
    name: str
    seat: int | None


# A device input event: ("button", NAME, ACTION), ("scan", CODE), ...
Event = tuple[Any, ...]

NEXT = Intent("next", None)
MENU = Intent("menu", None)
HINT = Intent("hint", None)
UNDO = Intent("undo", None)


def hold(seat: int) -> Intent:
    """Player `seat` holds their button down."""
    return Intent("hold", seat)


def player(seat: int) -> Intent:
    """Player `seat` pressed (and released) their button."""
    return Intent("player", seat)


def player_seat(name: str) -> int | None:
    """The seat of a player button "p1".."p6" (0-based), or None for another button."""
    if name[:1] == "p" and name[1:].isdecimal() and int(name[1:]) >= 1:
        return int(name[1:]) - 1
    return None


def is_release(event: Event) -> bool:
    """True for the end of a button press (a short or a long one)."""
    return event[0] == "button" and event[2] in ("short", "long")


def intent_for_event(event: Event) -> Intent | None:
    """The intent a device event stands for in every game, or None: a short "next" is
    NEXT, a long one HINT, a short "menu" is MENU, a long "menu" is UNDO, a player button
    held down is `hold`, released `player`. Scans are not intents (the view reads the card
    code).

    >>> intent_for_event(("button", "next", "short"))
    Intent(name='next', seat=None)
    >>> intent_for_event(("button", "next", "long"))
    Intent(name='hint', seat=None)
    >>> intent_for_event(("button", "p2", "down"))
    Intent(name='hold', seat=1)
    >>> intent_for_event(("button", "next", "down")) is None
    True
    """
    if event[0] != "button":
        return None
    _, name, action = event
    seat = player_seat(name)
    if seat is not None:
        if action == "down":
            return hold(seat)
        if action in ("short", "long"):
            return player(seat)
        return None
    if name == "menu" and action == "long":
        return UNDO
    if name == "next" and action == "long":
        return HINT
    if action != "short":
        return None
    if name == "next":
        return NEXT
    if name == "menu":
        return MENU
    return None
