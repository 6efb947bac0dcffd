"""The decorators of the game log's methods: a write the database cannot take, or a read
that meets a damaged file, becomes a StoreError that says why in one line."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Concatenate, ParamSpec, Protocol, TypeVar

from boardlight.store.errors import StoreError, cannot_write, damaged, is_busy


class Log(Protocol):
    """What the decorators need of the object whose method they wrap."""

    path: Path
    readonly: bool


L = TypeVar("L", bound=Log)
P = ParamSpec("P")
R = TypeVar("R")


def writes(outcome: str, again: str = "try it again"
           ) -> Callable[[Callable[Concatenate[L, P], R]], Callable[Concatenate[L, P], R]]:
    """A write the database cannot take (locked past the timeout, a full disk, a read-only
    file) becomes a StoreError that says why; the transaction has been rolled back, so
    `outcome` ("nothing was written") is what the message says it left."""

    def decorate(method: Callable[Concatenate[L, P], R]) -> Callable[Concatenate[L, P], R]:
        def wrapper(self: L, *args: P.args, **kwargs: P.kwargs) -> R:
            if self.readonly:
                raise StoreError("the game log %s was opened only to read: %s"
                                 % (self.path, outcome))
            try:
                return method(self, *args, **kwargs)
            except sqlite3.Error as exc:
                raise cannot_write(self.path, exc, outcome, again) from None

        wrapper.__name__ = method.__name__
        wrapper.__doc__ = method.__doc__
        return wrapper

    return decorate


def reads(method: Callable[Concatenate[L, P], R]) -> Callable[Concatenate[L, P], R]:
    """A read that meets a damaged file (a bad page found only now) becomes a StoreError
    saying so, not a sqlite3 traceback."""

    def wrapper(self: L, *args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(self, *args, **kwargs)
        except sqlite3.Error as exc:
            if is_busy(exc):
                raise StoreError("the game log %s is busy (%s): another program holds it;"
                                 " try again" % (self.path, exc)) from None
            raise damaged(self.path, exc) from None

    wrapper.__name__ = method.__name__
    wrapper.__doc__ = method.__doc__
    return wrapper
