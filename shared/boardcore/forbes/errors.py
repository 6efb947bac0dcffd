"""The illegal actions of Forbes, one RuleError subclass each.

Whatever raised, the game or match is exactly as it was before the call.
"""

from boardcore.errors import RuleError


class ForbesError(RuleError):
    """Any action the Forbes rules do not allow."""


class OffBoardError(ForbesError):
    """A cell outside the 4 x 4 board."""


class CellTakenError(ForbesError):
    """A cell that already holds a stone (stones never move)."""


class OutOfTurnError(ForbesError):
    """A player acting when it is someone else's turn."""


class PlayerCountError(ForbesError):
    """Fewer than 2 or more than 5 players, or a repeated or unusable player name."""


class DrawError(ForbesError):
    """Placing before drawing, drawing twice, or drawing a symbol that has run out."""


class HandError(ForbesError):
    """Dealt hands that are impossible: not 4 cards each, or more than 5 cards of a symbol."""


class GameOverError(ForbesError):
    """An action on a game whose board is full, or a match that has ended."""


class GameNotOverError(ForbesError):
    """Asking for the final scores, or starting the next game, before the board is full."""


class UnknownPlayerError(ForbesError):
    """A seat number or player name that is not in the game."""
