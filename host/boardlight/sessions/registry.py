"""Which Session class plays which game (imported lazily: each pulls in its own core)."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from boardlight.store.gamelog import GAMES, Store, StoreError

if TYPE_CHECKING:
    from boardlight.sessions.base import Session

_MODULES = {"fits": "fits", "zatre": "zatre", "forbes": "forbes"}
_CLASSES = {"fits": "FitsSession", "zatre": "ZatreSession", "forbes": "ForbesSession"}


def session_class(game: str) -> type[Session]:
    """The Session subclass for `game` ('fits', 'zatre' or 'forbes')."""
    if game not in GAMES:
        raise StoreError("unknown game %r: one of %s" % (game, ", ".join(GAMES)))
    module = importlib.import_module("." + _MODULES[game], __package__)
    cls: type[Session] = getattr(module, _CLASSES[game])
    return cls


def resume_session(store: Store, game_id: int, record: bool = True) -> Session:
    """Rebuild stored game `game_id`, whichever game it is (`record=False`: only read the
    log, for commands that print a game: they must work on a read-only log too)."""
    return session_class(store.game(game_id).game).resume(store, game_id, record=record)
