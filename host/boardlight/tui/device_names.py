"""Player names on the device. Its 5 x 7 font (boardcore.glyphs.font) draws ASCII only
(lower case as capitals; anything else as '?'), so a name with a letter it cannot draw,
such as Jiří or Zoë, is shown as the player's seat, P1, P2, ... Every screen the table
sends goes through for_device(): the scores' names and the names in a scrolling message."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardcore.glyphs import font

if TYPE_CHECKING:
    from boardlight.tui.view import Screen


def drawable(text: str) -> bool:
    """True when the device's font draws every character of `text` as itself."""
    for ch in text:
        code = ord(ch)
        if 97 <= code <= 122:
            code -= 32
        if not font.FIRST <= code <= font.LAST:
            return False
    return True


def device_name(name: str, seat: int) -> str:
    """`name` if the device can draw it, else the seat as the device's own default: P1..."""
    return name if drawable(name) else "P%d" % (seat + 1)


def for_device(screen: Screen, players: list[str]) -> Screen:
    """The screen (kind, payload) with every player name the device cannot draw replaced
    by its seat; other screens unchanged.

    >>> for_device(("scores", {"scores": [3, 5], "names": ["Zoë", "Ann"]}), ["Zoë", "Ann"])
    ('scores', {'scores': [3, 5], 'names': ['P1', 'Ann']})
    >>> for_device(("message", {"text": "Zoë to move", "loop": True}), ["Zoë", "Ann"])
    ('message', {'text': 'P1 to move', 'loop': True})
    """
    kind, payload = screen
    shown = [device_name(name, seat) for seat, name in enumerate(players)]
    if shown == list(players):
        return screen
    if kind == "scores" and payload.get("names") is not None:
        names = payload["names"]
        payload = dict(payload, names=[shown[players.index(n)] if n in players else n for n in names])
    elif kind == "message" and isinstance(payload.get("text"), str):
        text = payload["text"]
        # Longest first, so a name inside a longer one is not replaced in it.
        for seat in sorted(range(len(players)), key=lambda s: -len(players[s])):
            if shown[seat] != players[seat]:
                text = text.replace(players[seat], shown[seat])
        payload = dict(payload, text=text)
    else:
        return screen
    return (kind, payload)
