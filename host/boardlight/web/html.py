"""Small pieces of HTML shared by the three games' pages: escaping, elements, the buttons
that carry a move, and the scoreboard."""

import json
from html import escape


def esc(value) -> str:
    """Text made safe for HTML content and attribute values."""
    return escape(str(value), quote=True)


def attrs(**given) -> str:
    """' name="value"...' for the attributes given: class_ is class, data_x is data-x,
    True is a bare attribute, None and False are left out."""
    out = []
    for key, value in given.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        out.append(" " + name if value is True else ' %s="%s"' % (name, esc(value)))
    return "".join(out)


def el(tag, content="", **given) -> str:
    """<tag attrs>content</tag>; `content` is HTML already (escape text with esc)."""
    return "<%s%s>%s</%s>" % (tag, attrs(**given), content, tag)


def move_button(label, move, **given) -> str:
    """A button that sends `move` (a dict) when pressed; the page adds what it needs
    (the picture it shows, the orientation chosen, the tiles laid)."""
    given.setdefault("type", "button")
    return el("button", label, data_move=json.dumps(move, sort_keys=True), **given)


def section(heading, content, **given) -> str:
    """A titled part of the page: <section> with an <h2> that names it."""
    return el("section", el("h2", esc(heading)) + content, **given)


def items(entries, **given) -> str:
    """<ul> of already-HTML entries."""
    return el("ul", "".join(el("li", e) for e in entries), **given)


def scoreboard(names, points, turn=None, caption="Scores", you=None) -> str:
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


def heading(game_name, game_id, audience) -> str:
    """The page's title line and whose page it is."""
    who = ("Spectators' page: what the table shows everyone" if audience.spectator
           else "Your page, %s: only you should see it" % esc(audience.name))
    return el("h1", "%s · game %d" % (esc(game_name), game_id)) + el("p", who, class_="who")


def news(text) -> str:
    """The line a screen reader announces when the picture changes."""
    return el("p", esc(text), class_="news")
