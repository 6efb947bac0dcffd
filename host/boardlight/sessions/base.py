"""A game session: the rules core of one game plus its log in the store.

The order of every action is: the core checks and applies it (a refused action raises a
RuleError and changes nothing), then the store commits it durably, and only then does
`act` return, so the caller (the table UI, the device) shows the effect of logged actions only.
Resuming builds a fresh core from the stored players, seed and options and replays the log;
because every random draw comes from the core's seeded source, the replay lands exactly on the
state the table last saw. Actions are plain JSON dicts {"type": ..., ...}; where an action draws
something at random, the session logs what was drawn and the replay checks it is the same.
An undo is one more action (sessions.undo); a game finished by the action it takes back is
being played again.
"""

from __future__ import annotations

from typing import Any, ClassVar, Sequence, TypeVar

from boardcore.errors import RuleError

from boardlight.computer import seats
from boardlight.sessions.undo import UNDO, Action, Undoable
from boardlight.store.gamelog import GameRow, Store, StoreError

# (part, points per seat, detail per seat or None): one score line of a game.
ScoreLine = tuple[str, list[int], list[dict[str, Any]] | None]
# (seat, name, points, place, detail): one seat's result of a finished game.
ResultRow = tuple[int, str, int, int, dict[str, Any]]

S = TypeVar("S", bound="Session")


class ReplayMismatch(StoreError):
    """The stored log does not replay to what it recorded (a different core or a damaged log)."""


class Session(Undoable):
    """Base class; subclasses set GAME and implement the hooks marked below."""

    # The game's name in the store ("fits", "zatre", "forbes"): each game's session sets it.
    GAME: ClassVar[str]
    # The game's core object (new_core's); each game's session says which class it is.
    core: Any

    def __init__(self, store: Store, row: GameRow) -> None:
        self.store = store
        self.row = row
        self.seq = 0
        # A row read by Store.game always has its seed (a NOT NULL column): only a damaged
        # row in a listing lacks one, and no session is made of those.
        assert row.seed is not None
        self.core = self.new_core(row.players, row.seed, seats.core_options(row.options))
        # Score lines already in the store: part -> (points, details).
        self._written: dict[str, tuple[list[int], list[dict[str, Any]] | None]] = {}
        self.init_undo()

    # -- life cycle --------------------------------------------------------------------------

    @classmethod
    def start(cls: type[S], store: Store, players: Sequence[str], seed: int,
              options: dict[str, Any] | None = None) -> S:
        """A new game: checked by the core first, so bad players/options write nothing."""
        options = dict(options or {})
        cls.check_computers(list(players), options)
        cls.new_core(list(players), seed, seats.core_options(options))
        game_id = store.new_game(cls.GAME, players, seed, options)
        session = cls(store, store.game(game_id))
        session.record_progress()
        return session

    @classmethod
    def resume(cls: type[S], store: Store, game_id: int, record: bool = True) -> S:
        """Rebuild a stored game by replaying its log (`record`: also rewrite its derived
        score lines and status; a rebuild after a failed write must not write)."""
        row = store.game(game_id)
        if row.game != cls.GAME:
            raise StoreError("game %d is %s, not %s" % (game_id, row.game, cls.GAME))
        session = cls(store, row)
        for seq, kind, data, at in store.actions(game_id, times=True):
            session.replay_action(seq, kind, data, at)
        # Score lines and status are derived: rewrite them in case the process died after an
        # action was committed but before they were.
        if record and row.status == "playing":
            session.record_progress()
        return session

    def replay_action(self, seq: int, kind: str, data: Action, at: str) -> None:
        """Apply logged action `seq` again (a resume, or the league replaying what a table
        pushed): ReplayMismatch when it is not the next one, or the core refuses it."""
        game_id = self.row.id
        if seq != self.seq + 1:
            raise ReplayMismatch("game %d: action %d follows %d" % (game_id, seq, self.seq))
        if not isinstance(data, dict) or data.get("type") != kind:
            raise ReplayMismatch("game %d action %d: kind %r but data %r"
                                 % (game_id, seq, kind, data))
        try:
            self._apply_logged(data, replaying=True)
        except RuleError as exc:
            raise ReplayMismatch("game %d action %d (%s) no longer replays: %s"
                                 % (game_id, seq, kind, exc))
        self.seq = seq
        if kind == UNDO:
            self.undos[-1].at = at

    def act(self, action: Action) -> Any:
        """Apply one action: core first, then the durable log; returns the core's result."""
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise RuleError("an action is a dict with a 'type', not %r" % (action,))
        undoing = action["type"] == UNDO
        # A finished game can still take back the action that finished it.
        if self.row.status != "playing" and not (undoing and self.row.status == "finished"):
            raise RuleError("this game is %s: no more actions" % self.row.status)
        result = self._apply_logged(action, replaying=False)
        changed = self._changed_lines()
        dropped = self._dropped_lines()
        finished = self.finished()
        results = self.result_rows() if finished else None
        try:
            # The action, the score lines it changed and the status: one durable commit.
            at = self.store.append_action(self.row.id, self.seq + 1, action["type"], action,
                                          changed, finished, dropped=dropped, results=results)
        except Exception:
            # The core moved but the log did not: rebuild the core from the log so the two
            # never disagree, then let the caller report the failure.
            self._rebuild()
            raise
        self.seq += 1
        for part, points, details in changed:
            self._written[part] = (points, details)
        for part in dropped:
            del self._written[part]
        if undoing:
            self.undos[-1].at = at
        self.row.status = "finished" if finished else "playing"
        return result

    def _apply_logged(self, action: Action, replaying: bool) -> Any:
        """One action of the log (or about to be logged): an undo, or the game's own."""
        if action["type"] == UNDO:
            return self.apply_undo(action, replaying)
        result = self.apply(action, replaying)
        self.stack.append((self.seq + 1, action))
        return result

    def _rebuild(self) -> None:
        # Only reads: the log just refused a write (locked, full), so writing the score
        # lines here would fail too and leave the core ahead of the log.
        fresh = type(self).resume(self.store, self.row.id, record=False)
        for key, value in vars(fresh).items():
            if key not in ("store", "row", "_written"):
                setattr(self, key, value)
        self.row.status = fresh.row.status

    def _changed_lines(self) -> list[ScoreLine]:
        return [(part, points, details) for part, points, details in self.score_lines()
                if self._written.get(part) != (points, details)]

    def _dropped_lines(self) -> list[str]:
        # Score lines an undo took away (a round no longer scored).
        current = set(part for part, _, _ in self.score_lines())
        return sorted(part for part in self._written if part not in current)

    def result_rows(self) -> list[ResultRow]:
        """[(seat, name, points, place, detail)] of a finished game, for the statistics
        (store.results): places from the points, equal points sharing one (1, 1, 3)."""
        from boardlight.sessions.results import result_rows

        return result_rows(self)

    def result_points(self) -> list[int]:
        """The final points per seat (a finished game)."""
        return next(points for part, points, _ in self.score_lines() if part == "total")

    def result_detail(self, seat: int) -> dict[str, Any]:
        """What the statistics keep of a finished game for `seat`, besides the points."""
        return {}

    def record_progress(self) -> None:
        """Write the score lines the core has so far and mark the game finished when it is
        (on a new game, and on resume in case the log came from an older boardlight)."""
        for part, points, details in self._changed_lines():
            self.store.set_scores(self.row.id, part, points, details)
            self._written[part] = (points, details)
        if self.finished() and self.row.status == "playing":
            self.store.set_status(self.row.id, "finished", results=self.result_rows())
            self.row.status = "finished"

    @property
    def players(self) -> list[str]:
        return self.row.players

    @classmethod
    def check_computers(cls, players: list[str], options: dict[str, Any]) -> None:
        """RuleError when the option `computers` (boardlight.computer.seats) does not fit
        these players and options."""
        seats.check(players, options)

    # -- hooks for each game -----------------------------------------------------------------

    @staticmethod
    def new_core(players: list[str], seed: int, options: dict[str, Any]) -> Any:
        """The game's core object for these players/seed/options (raises on bad ones)."""
        raise NotImplementedError

    def apply(self, action: Action, replaying: bool) -> Any:
        """Apply one action dict to self.core; raise RuleError (state unchanged) if illegal.

        When an action draws at random, fill in what was drawn (not replaying) or check that
        the same was drawn (replaying; raise ReplayMismatch otherwise)."""
        raise NotImplementedError

    def score_lines(self) -> list[ScoreLine]:
        """[(part, [points per seat], [detail per seat])] for every finished round/game."""
        raise NotImplementedError

    def finished(self) -> bool:
        raise NotImplementedError

    def snapshot(self) -> dict[str, Any]:
        """Everything visible about the state, as plain data (tests compare these)."""
        raise NotImplementedError

    def record_text(self) -> str:
        """The game record in the core's documented text format (`boardlight export`)."""
        raise NotImplementedError

    def summary_lines(self) -> list[str]:
        """A few lines saying where the game stands (`boardlight show`)."""
        raise NotImplementedError


def check_drawn(action: Action, key: str, drawn: object, replaying: bool) -> None:
    """Log what a random draw gave, or on replay check that the log agrees."""
    if replaying:
        if action.get(key) != drawn:
            raise ReplayMismatch("the log recorded %s %r but the replay drew %r"
                                 % (key, action.get(key), drawn))
    else:
        action[key] = drawn
