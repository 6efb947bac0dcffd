"""A table's push: the actions of one game, checked and stored in one transaction.

What a push holds (JSON): `game`, the table's own record of it (its number in the table's
log, game, seed, options, players, when it started), and `actions`, a run of the game's
actions as the table's log holds them: seq, kind, data (the stored JSON text), at, chain.

The league stores each action once. An action it already holds must be the same, chain
and all (a retried push is answered as if it went through); a different one is refused:
the table's log has been changed since. A new action must continue the chain: its chain
is the table log's digest (store.checksums.action_chain) of the league's last chain and
the action's own fields, so an action damaged, reordered or made up without its chain is
refused, naming it (the digest is no signature: docs/league.md says what that leaves).
Then the rules core replays it: an illegal move is refused too. Nothing of a refused push
is kept, and nothing of a push is kept unless all of it is.
"""

from __future__ import annotations

import json
from typing import Any

from boardcore.errors import RuleError

from boardlight.computer import seats
from boardlight.league.db import Tx
from boardlight.store.checksums import action_chain
from boardlight.store.gamelog import GAMES, StoreError

MAX_ACTIONS = 2000  # per push; a table with more waiting sends them in several
MAX_DATA = 64 * 1024  # bytes of one action's JSON text


class LeagueError(Exception):
    """A request the league refuses: `status` is its HTTP status, the message says why."""

    def __init__(self, status: int, message: str, **details: Any) -> None:
        super().__init__(message)
        self.status = status
        self.details = details  # sent with the refusal, for a program to read (not the text)


def bad(message: str) -> LeagueError:
    return LeagueError(400, message)


def _field(obj: dict[str, Any], key: str, kind: type | tuple[type, ...], what: str) -> Any:
    value = obj.get(key)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise bad("%s: %r is missing or not a %s" % (what, key, getattr(kind, "__name__", "value")))
    return value


class Header:
    """The `game` part of a push, checked for shape."""

    def __init__(self, raw: Any) -> None:
        if not isinstance(raw, dict):
            raise bad("a push holds `game`: the table's record of the game (an object)")
        self.local_id = _field(raw, "id", int, "game")
        if not 1 <= self.local_id < 1 << 63:
            raise bad("game: id %d is not a game number of a table's log" % self.local_id)
        self.game = _field(raw, "game", str, "game")
        if self.game not in GAMES:
            raise bad("game: %r is not one of %s" % (self.game, ", ".join(GAMES)))
        self.seed = _field(raw, "seed", int, "game")
        if not 0 <= self.seed < 1 << 63:
            raise bad("game: seed %d is not a seed of a table's log" % self.seed)
        self.options = _field(raw, "options", dict, "game")
        players = _field(raw, "players", list, "game")
        if not players or len(players) > 6 or not all(isinstance(p, str) and 0 < len(p) <= 40 for p in players):
            raise bad("game: players must be 1 to 6 names of at most 40 characters")
        self.players: list[str] = players
        self.started = _field(raw, "started", str, "game")[:40]

    def stored(self) -> tuple[str, int, str, str]:
        return (self.game, self.seed, json.dumps(self.options, sort_keys=True),
                json.dumps(self.players))


class Action:
    """One pushed action, checked for shape (not yet against the chain or the rules)."""

    def __init__(self, raw: Any, index: int) -> None:
        what = "action %d of the push" % (index + 1)
        if not isinstance(raw, dict):
            raise bad("%s is not an object" % what)
        self.seq = _field(raw, "seq", int, what)
        if not 1 <= self.seq < 1 << 31:
            raise bad("%s: seq %d is not an action's number" % (what, self.seq))
        self.kind = _field(raw, "kind", str, what)
        self.data = _field(raw, "data", str, what)
        self.at = _field(raw, "at", str, what)
        self.chain = _field(raw, "chain", str, what)
        if len(self.data) > MAX_DATA or len(self.kind) > 40 or len(self.at) > 40 or len(self.chain) > 64:
            raise bad("%s (seq %d) is larger than any action of a game" % (what, self.seq))
        try:
            self.value = json.loads(self.data)
        except ValueError:
            raise LeagueError(422, "action %d: its data is not JSON (damaged)" % self.seq) from None
        if not isinstance(self.value, dict) or self.value.get("type") != self.kind:
            raise LeagueError(422, "action %d: its data is not a %s action (damaged)" % (self.seq, self.kind))


def parse(body: Any) -> tuple[Header, list[Action]]:
    if not isinstance(body, dict):
        raise bad("a push is a JSON object with `game` and `actions`")
    header = Header(body.get("game"))
    raw = body.get("actions")
    if not isinstance(raw, list):
        raise bad("a push holds `actions`: a list (it may be empty)")
    if len(raw) > MAX_ACTIONS:
        raise bad("a push holds at most %d actions, not %d: send the rest in the next" % (MAX_ACTIONS, len(raw)))
    actions = [Action(a, i) for i, a in enumerate(raw)]
    for before, after in zip(actions, actions[1:]):
        if after.seq != before.seq + 1:
            raise bad("the push's actions must follow each other: %d after %d" % (after.seq, before.seq))
    if actions and actions[0].seq < 1:
        raise bad("actions count from 1, not %d" % actions[0].seq)
    return header, actions


def check_held(tx: Tx, game_id: int, header: Header, actions: list[Action], held: int) -> list[Action]:
    """The actions of the push the league does not hold yet; LeagueError when one it holds
    differs (the table's log was changed after it pushed)."""
    known = [a for a in actions if a.seq <= held]
    if known:
        rows = {r[0]: r[1:] for r in tx.all(
            "SELECT seq, kind, data, at, chain FROM actions WHERE game_id = ? AND seq BETWEEN ? AND ?",
            (game_id, known[0].seq, known[-1].seq))}
        for a in known:
            if rows.get(a.seq) != (a.kind, a.data, a.at, a.chain):
                raise LeagueError(409, "action %d of the table's game %d differs from the one it pushed"
                                  " before: the table's log was changed since (the league keeps the first)"
                                  % (a.seq, header.local_id))
    new = [a for a in actions if a.seq > held]
    if new and new[0].seq != held + 1:
        raise LeagueError(409, "the league holds actions 1 to %d of the table's game %d; this push starts"
                          " at %d: send from %d" % (held, header.local_id, new[0].seq, held + 1), held=held)
    return new


def check_chain(header: Header, head: str, new: list[Action]) -> str:
    """The chain head after `new`; LeagueError naming the first action whose chain does not
    follow (damaged on the way, or made up without it)."""
    for a in new:
        expected = action_chain(head, header.local_id, a.seq, a.kind, a.data, a.at)
        if a.chain != expected:
            raise LeagueError(422, "action %d of the table's game %d does not match its checksum chain:"
                              " damaged or made up, refused (nothing of this push was kept)"
                              % (a.seq, header.local_id))
        head = a.chain
    return head


def replay(session: Any, new: list[Action]) -> None:
    """Apply the new actions with the rules core; LeagueError naming an illegal one."""
    for a in new:
        try:
            session.replay_action(a.seq, a.kind, a.value, a.at)
        except (RuleError, StoreError) as exc:
            raise LeagueError(422, "action %d (%s) is not a legal move of this game: %s"
                              % (a.seq, a.kind, exc)) from None


def core_options(options: dict[str, Any]) -> dict[str, Any]:
    """The rule options of a game, as a tournament sets them (computer seats aside)."""
    return seats.core_options(options)
