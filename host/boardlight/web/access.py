"""Who a web page is for: one unguessable token per seat and one for the spectators.

The tokens are made when the web pages of a game are set up (a new game, or a resumed one)
and live only in memory: nothing writes them to the game log, so no export or record can
hold one, and the links of an earlier game (or an earlier run of this one) open nothing.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Collection

# 24 random bytes: 192 bits, 32 URL-safe characters.
TOKEN_BYTES = 24


class Audience:
    """Whom a page is for: `seat` (0-based) for a player's own page, None for spectators."""

    __slots__ = ("seat", "name")

    def __init__(self, seat: int | None, name: str) -> None:
        self.seat = seat
        self.name = name

    @property
    def spectator(self) -> bool:
        return self.seat is None

    @property
    def key(self) -> str:
        """Pages with the same key see the same picture."""
        return "spectator" if self.seat is None else "seat %d" % (self.seat + 1)

    def __repr__(self) -> str:
        return "Audience(%s)" % self.key


class Access:
    """The tokens of one game's pages: `players` in seat order, plus one for spectators.
    The seats in `computers` (computer players) have no page: nobody plays them from a
    phone, and their hidden cards are shown to no one."""

    def __init__(self, players: list[str], computers: Collection[int] = ()) -> None:
        self._entries: list[tuple[str, Audience]] = []
        for seat, name in enumerate(players):
            if seat in computers:
                continue
            self._entries.append((secrets.token_urlsafe(TOKEN_BYTES), Audience(seat, name)))
        self._entries.append((secrets.token_urlsafe(TOKEN_BYTES), Audience(None, "spectators")))

    def audience(self, token: object) -> Audience | None:
        """The Audience a token opens, or None. Every token is compared in constant time
        and all of them are compared, so the time taken says nothing about any token."""
        found = None
        given = token.encode("utf-8", "replace") if isinstance(token, str) else b""
        for known, audience in self._entries:
            if hmac.compare_digest(known.encode("ascii"), given):
                found = audience
        return found

    def pages(self) -> list[tuple[str, Audience]]:
        """[(token, Audience)]: each seat's page in seat order, then the spectators'."""
        return list(self._entries)
