"""Taking back the last action of a game without letting anyone change a move knowing what
came after it.

An undo is an action like any other: {"type": "undo", "undoes": SEQ, "by": WHO}, appended
to the log (never an edit of it), so the checksum chain, the append-only log and the
resume by replay stay as they are. The action it takes back stays in the log; the undo
marks it undone, and the log row of the undo says when.

The session keeps the actions that stand (`stack`) and how far back an undo may reach
(`locked`): every action that showed hidden information (a FITS card turned, a Zatre hand
drawn, a Forbes stone drawn or the cards of a finished Forbes game) locks itself and every
action before it, and an undo does not unlock them: what the table has seen stays seen.
Taking back an action rebuilds the game from the seed by replaying the actions that still
stand, so the state after an undo is exactly that of a game in which the action was never
taken (the seeded source draws the same cards, tiles and stones).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from boardcore.errors import RuleError

if TYPE_CHECKING:
    from boardlight.store.gamelog import GameRow, Store

UNDO = "undo"

# An action as the log holds it: a JSON object {"type": ..., ...}.
Action = dict[str, Any]

# The session's own bookkeeping, kept when a rebuilt game's state is adopted.
_KEPT = ("store", "row", "seq", "_written", "stack", "locked", "lock_reason", "undos")


class Undone:
    """One undo as the log holds it: `seq` of the undo action, `undoes` the seq of the action
    taken back, `action` that action's data, `by` who took it back, `at` when (the undo's
    log time, '' until it is logged), `place` where the game's record writes it."""

    __slots__ = ("seq", "undoes", "action", "by", "at", "place")

    def __init__(self, seq: int, undoes: int, action: Action, by: str, at: str,
                 place: tuple[Any, ...] | None) -> None:
        self.seq = seq
        self.undoes = undoes
        self.action = action
        self.by = by
        self.at = at
        self.place = place

    def note(self) -> str:
        """The record's comment on it: who took it back and when."""
        return "taken back by %s%s" % (self.by, " at %s" % self.at[:19] if self.at else "")

    def as_dict(self, describe: Callable[[Action], str]) -> dict[str, Any]:
        return {"seq": self.seq, "undoes": self.undoes, "action": describe(self.action),
                "by": self.by, "at": self.at}


class Undoable:
    """What a Session needs to take actions back (mixed into sessions.base.Session).

    A game's session says what reveals hidden information by calling `reveals(why)` (this
    action showed it) or `reveals_before(why)` (it was shown just before this action, which
    itself may still be taken back) from its apply(); it words what an undo reaches
    (UNDO_LIMIT), says what an action was (describe) and where the record writes an undone
    action (undone_place)."""

    # "the next building card is turned": how far back an undo goes.
    UNDO_LIMIT = "the next hidden thing is shown"

    if TYPE_CHECKING:
        # Provided by the Session this is mixed into.
        store: Store
        row: GameRow
        seq: int

        def __init__(self, store: Store, row: GameRow) -> None: ...

        def act(self, action: Action) -> Any: ...

        def _apply_logged(self, action: Action, replaying: bool) -> Any: ...

    def init_undo(self) -> None:
        self.stack: list[tuple[int, Action]] = []  # the actions that stand, oldest first
        self.locked = 0  # actions up to this seq cannot be taken back
        self.lock_reason = ""
        self.undos: list[Undone] = []  # in the order they were made

    # -- asked by the game's apply() -----------------------------------------------------

    def reveals(self, why: str) -> None:
        """The action being applied shows hidden information: it and all before it stay.
        `why` says what was shown, in the past tense ("card L4 was turned")."""
        self._lock(self.seq + 1, why)

    def reveals_before(self, why: str) -> None:
        """Hidden information was shown just before the action being applied: the actions
        before it stay, the action itself may still be taken back."""
        self._lock(self.seq, why)

    def _lock(self, seq: int, why: str) -> None:
        if seq >= self.locked:
            self.locked = seq
            self.lock_reason = why

    # -- hooks for each game -------------------------------------------------------------

    def describe(self, action: Action) -> str:
        """What an action was, in a few words ("Ann's drop of Y at column 3")."""
        return action["type"]

    def undone_place(self, action: Action) -> tuple[Any, ...] | None:
        """Where the record writes `action`, taken back, from the state just after it
        (each game's record says what it needs); None when the record does not show it."""
        return None

    # -- asking and doing ----------------------------------------------------------------

    def undo_refusal(self) -> str | None:
        """Why the last action cannot be taken back now (one line), or None."""
        if self.row.status == "abandoned":
            return "this game is abandoned: nothing can be taken back"
        if not self.stack:
            return "there is nothing to take back yet"
        seq, action = self.stack[-1]
        if seq <= self.locked:
            if seq == self.locked:
                return "Nothing can be taken back now: %s, and what the table has seen stays" \
                       " seen" % self.lock_reason
            return "%s cannot be taken back: %s after it (undo goes back only until %s)" % (
                _capital(self.describe(action)), self.lock_reason, self.UNDO_LIMIT)
        return None

    def can_undo(self) -> bool:
        return self.undo_refusal() is None

    def last_action(self) -> tuple[int, Action] | None:
        """(seq, action) of the last action that stands, or None."""
        return self.stack[-1] if self.stack else None

    def undo_seat(self) -> int | None:
        """The seat whose action an undo would take back now, or None (nothing to take
        back, or an action of the table's, such as a deal)."""
        if not self.can_undo():
            return None
        seat = self.stack[-1][1].get("seat")
        return seat if isinstance(seat, int) and not isinstance(seat, bool) else None

    def undo(self, by: str = "table") -> Action:
        """Take back the last action that stands (logged as an undo action); returns the
        action taken back. RuleError, saying why in one line, past what an undo reaches."""
        self.act({"type": UNDO, "by": by})
        return self.undos[-1].action

    def apply_undo(self, action: Action, replaying: bool) -> Action:
        """Apply an undo action (from act, or from the log on resume)."""
        why = self.undo_refusal()
        if why is not None:
            raise RuleError(why)
        target, undone = self.stack[-1]
        if replaying:
            if action.get("undoes") != target:
                raise RuleError("the log's undo takes back action %r, but the last action"
                                " that stands is %d" % (action.get("undoes"), target))
        else:
            by = action.get("by")
            action["by"] = by if isinstance(by, str) and by.strip() else "table"
            action["undoes"] = target
        place = self.undone_place(undone)
        fresh = type(self)(self.store, self.row)
        for seq, standing in self.stack[:-1]:
            fresh.seq = seq - 1
            fresh._apply_logged(dict(standing), replaying=True)
        # The game as if the action had never been taken; the locks stay as they were.
        for key, value in vars(fresh).items():
            if key not in _KEPT:
                setattr(self, key, value)
        self.stack.pop()
        self.undos.append(Undone(self.seq + 1, target, undone, action["by"], "", place))
        return undone


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
