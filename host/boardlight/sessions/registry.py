"""Which Session class plays which game (imported lazily: each pulls in its own core)."""

import importlib

from boardlight.store.gamelog import GAMES, StoreError

_MODULES = {"fits": "fits", "zatre": "zatre", "forbes": "forbes"}
_CLASSES = {"fits": "FitsSession", "zatre": "ZatreSession", "forbes": "ForbesSession"}


def session_class(game: str):
    """The Session subclass for `game` ('fits', 'zatre' or 'forbes')."""
    if game not in GAMES:
        raise StoreError("unknown game %r: one of %s" % (game, ", ".join(GAMES)))
    module = importlib.import_module("." + _MODULES[game], __package__)
    return getattr(module, _CLASSES[game])


def resume_session(store, game_id: int, record=True):
    """Rebuild stored game `game_id`, whichever game it is (`record=False`: only read the
    log, for commands that print a game: they must work on a read-only log too)."""
    return session_class(store.game(game_id).game).resume(store, game_id, record=record)
