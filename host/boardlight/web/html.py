"""Small pieces of HTML shared by the three games' pages: escaping, elements, the buttons
that carry a move, and the scoreboard."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from boardlight.web.access import Audience


def esc(value: object) -> str:
    """Text made safe for HTML content and attribute values."""
    return escape(str(value), quote=True)


def attrs(**given: object) -> str:
    """' name="value"...' for the attributes given: class_ is class, data_x is data-x,
    True is a bare attribute, None and False are left out."""
    out = []
    for key, value in given.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        out.append(" " + name if value is True else ' %s="%s"' % (name, esc(value)))
    return "".join(out)


def el(tag: str, content: str = "", **given: object) -> str:
    """<tag attrs>content</tag>; `content` is HTML already (escape text with esc)."""
    return "<%s%s>%s</%s>" % (tag, attrs(**given), content, tag)


def move_button(label: str, move: dict[str, Any], **given: object) -> str:
    """A button that sends `move` (a dict) when pressed; the page adds what it needs
    (the picture it shows, the orientation chosen, the tiles laid)."""
    given.setdefault("type", "button")
    return el("button", label, data_move=json.dumps(move, sort_keys=True), **given)


def section(heading: str, content: str, **given: object) -> str:
    """A titled part of the page: <section> with an <h2> that names it."""
    return el("section", el("h2", esc(heading)) + content, **given)


def items(entries: Iterable[str], **given: object) -> str:
    """<ul> of already-HTML entries."""
    return el("ul", "".join(el("li", e) for e in entries), **given)


def scoreboard(names: Sequence[str], points: Sequence[object], turn: int | None = None,
               caption: str = "Scores", you: int | None = None) -> str:
    """A table of the players and their points; the player to move and `you` are
    said in words (not only by a mark)."""
    rows = [el("tr", el("th", "Player", scope="col") + el("th", "Points", scope="col"))]
    for seat, name in enumerate(names):
        notes = []
        if seat == you:
            notes.append("you")
        if seat == turn:
            notes.append("to play")
        label = esc(name) + (el("span", " (%s)" % ", ".join(notes), class_="note")
                             if notes else "")
        rows.append(el("tr", el("th", label, scope="row") + el("td", esc(points[seat])),
                       class_="turn" if seat == turn else None))
    return el("table", el("caption", esc(caption)) + "".join(rows), class_="scores")


def heading(game_name: str, game_id: int, audience: Audience) -> str:
    """The page's title line and whose page it is."""
    who = ("Spectators' page: what the table shows everyone" if audience.spectator
           else "Your page, %s: only you should see it" % esc(audience.name))
    return el("h1", "%s · game %d" % (esc(game_name), game_id)) + el("p", who, class_="who")


def news(text: str) -> str:
    """The line a screen reader announces when the picture changes."""
    return el("p", esc(text), class_="news")
