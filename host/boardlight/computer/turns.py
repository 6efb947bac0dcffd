"""What the computer players must do now: a Job for the front end to run.

A Job is one thing a computer seat does: a move to think about (`compute`, run anywhere:
it works on a copy of the state made when the job was made, so the table UI runs it on a
worker thread), or, with `compute` None, a step the game takes by itself (deal, turn the
card, draw a stone: the view's `next`). `key` names the situation it was made for: when
the result comes back, the view makes the job again and drops the result if the key is
not the same (the game moved on meanwhile). `finish(result)` turns the engine's answer
into a Proposal: the entry a person would type for that move, what to say, and the
device screen that shows it.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable

# A device screen: (kind, payload), as boardcore.protocol.screens draws it.
Screen = tuple[str, dict[str, Any]]


class Job:
    """One thing a computer seat does now (see the module docstring)."""

    __slots__ = ("key", "seat", "level", "compute", "finish")

    def __init__(self, key: Hashable, seat: int | None, level: int | None = None,
                 compute: Callable[[], Any] | None = None,
                 finish: Callable[[Any], Proposal] | None = None) -> None:
        self.key = key
        self.seat = seat
        self.level = level
        self.compute = compute
        self.finish = finish

    def __repr__(self) -> str:
        return "Job(%r)" % (self.key,)


class Proposal:
    """A computer's move, ready: `entry` (what a person would type for it), `text` (the
    move in words, for the table), `short` (a few words for the card panel's top line),
    `screen` (kind, payload) for the device."""

    __slots__ = ("key", "seat", "entry", "text", "short", "screen")

    def __init__(self, key: Hashable, seat: int, entry: str, text: str, short: str,
                 screen: Screen) -> None:
        self.key = key
        self.seat = seat
        self.entry = entry
        self.text = text
        self.short = short
        self.screen = screen

    def __repr__(self) -> str:
        return "Proposal(%r, %r)" % (self.key, self.entry)


def run_now(job: Job) -> Any:
    """The job's result, computed here and now (the line-based game and tests)."""
    return job.compute() if job.compute is not None else None
