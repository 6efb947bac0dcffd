"""What the server answers, whatever carries it: a page's picture of the game and a move
from a page, through the table. No HTTP here (web.app carries these).

Every picture is built under the table's lock from one seq, so the number a page sends back
with its next move names exactly the state it showed.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Protocol

from boardcore.errors import RuleError

from boardlight.store.gamelog import StoreError
from boardlight.web import fits, forbes, zatre
from boardlight.web.html import el, esc, move_button

if TYPE_CHECKING:
    from boardlight.sessions.base import Session
    from boardlight.sessions.table import Table
    from boardlight.web.access import Audience


class Presenter(Protocol):
    """What each game's module (web.fits, web.zatre, web.forbes) offers the server."""

    def fragment(self, session: Any, audience: Audience) -> str: ...

    def move(self, session: Any, audience: Audience,
             request: dict[str, Any]) -> dict[str, Any]: ...

    def said(self, session: Any, audience: Audience, action: dict[str, Any],
             result: Any) -> str: ...


PRESENTERS: dict[str, Presenter] = {"fits": fits, "zatre": zatre, "forbes": forbes}
GAME_NAMES = {"fits": "FITS", "zatre": "Zatre", "forbes": "Forbes"}


class Refused(Exception):
    """A request the server turns down before the game sees it (the message says why)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def presenter(game: str) -> Presenter:
    """The module that draws `game`'s pages and reads its moves."""
    return PRESENTERS[game]


def picture(session: Session, audience: Audience) -> dict[str, Any]:
    """{"seq", "html"}: the audience's picture of the game as it is now (call it with the
    table held)."""
    html = presenter(session.GAME).fragment(session, audience)
    return {"seq": session.seq, "html": html + undo_control(session, audience)}


def undo_control(session: Session, audience: Audience) -> str:
    """The button that takes back the last move, on the page of the player who made it
    while it can be taken back (docs/web.md); nothing on the other pages."""
    if audience.spectator or session.undo_seat() != audience.seat:
        return ""
    return el("div", move_button("Take back your last move", {"kind": "undo"},
                                 class_="undo"), class_="moves own")


def undo_move(session: Session, audience: Audience) -> dict[str, Any]:
    """The undo action for a page's "take back" button: only the page of the player whose
    move it would take back may ask."""
    why = session.undo_refusal()
    if why is not None:
        raise RuleError(why)
    last = session.last_action()
    assert last is not None  # no refusal: there is an action to take back
    if session.undo_seat() != audience.seat:
        raise RuleError("only the page of the player who made the last move can take it"
                        " back (%s)" % session.describe(last[1]))
    return {"type": "undo", "by": "%s's page" % audience.name}


class Pictures:
    """The pictures of the game for each audience, made once per state (every page of the
    same audience is sent the same text)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._seq: int | None = None
        self._made: dict[str, str] = {}

    def message(self, audience: Audience) -> str:
        """The JSON text of the audience's picture, now."""
        with self.table.lock:
            seq = self.table.seq
            if seq != self._seq:
                self._seq, self._made = seq, {}
            text = self._made.get(audience.key)
            if text is None:
                text = json.dumps(picture(self.table.session, audience))
                self._made[audience.key] = text
            return text


def make_move(table: Table, audience: Audience, body: Any) -> tuple[int, dict[str, Any]]:
    """A move from a page: body {"seen": seq shown, "move": {"kind": ..., ...}}. Returns
    (HTTP status, answer dict); the answer holds the page's new picture either way."""
    if audience.spectator:
        raise Refused("the spectators' page shows the game; moves are made on a player's"
                      " own page", status=403)
    if not isinstance(body, dict) or not isinstance(body.get("move"), dict):
        raise Refused("a move is {\"seen\": N, \"move\": {\"kind\": ...}}")
    session = table.session
    with table.lock:
        try:
            game_moves = presenter(session.GAME)
            if body["move"].get("kind") == "undo":
                action = undo_move(session, audience)
                result = table.act(action, seen=body.get("seen"),
                                   source="%s's page" % audience.name)
                said = "Taken back: %s." % session.describe(result)
            else:
                action = game_moves.move(session, audience, body["move"])
                result = table.act(action, seen=body.get("seen"),
                                   source="%s's page" % audience.name)
                said = game_moves.said(session, audience, action, result)
            answer: dict[str, Any] = {"ok": True, "message": said}
            status = 200
        except (RuleError, StoreError) as exc:
            answer = {"ok": False, "refused": str(exc)}
            status = 409
        answer.update(picture(session, audience))
    return status, answer


def document(session: Session, audience: Audience, seq_picture: dict[str, Any]) -> str:
    """The whole page: the picture of now, and the script that keeps it live."""
    name = GAME_NAMES[session.GAME]
    title = "%s · %s · boardlight" % ("Spectators" if audience.spectator else audience.name,
                                     name)
    return """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>%s</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="style.css">
<script src="app.js" defer></script>
</head>
<body class="%s">
<p id="link" class="link" role="status" data-state="connecting">Connecting…</p>
<main id="game" data-seq="%d">%s</main>
<p id="message" class="message" role="status" aria-live="polite"></p>
<p id="news" class="sr" aria-live="polite"></p>
</body>
</html>
""" % (esc(title), esc(session.GAME), seq_picture["seq"], seq_picture["html"])
