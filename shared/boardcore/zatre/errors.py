"""The illegal Zatre actions, one RuleError subclass each.

Messages use the coordinates of docs/rules.md: (row, col) from the top-left of the 15 x 15 box,
0-based. The game state is unchanged whenever one is raised.
"""

from boardcore.errors import RuleError


class ZatreError(RuleError):
    """Any illegal Zatre action."""


class CellError(ZatreError):
    """A cell outside the box, not one of the 193 playable cells, or already covered."""


class HandError(ZatreError):
    """A tile value the player does not hold (or not 1..6)."""


class AdjacencyError(ZatreError):
    """A tile touching no tile on the board (or, with strict_adjacency, none from earlier turns),
    or a first tile not on the red start square."""


class SumError(ZatreError):
    """A run (unbroken row or column of tiles) that would sum to 13 or more."""


class GreyError(ZatreError):
    """A tile on a grey square whose row and column runs make no 10, 11 or 12, while the
    tile could be placed somewhere else."""


class DutyError(ZatreError):
    """A turn placing fewer tiles than could be placed (every placeable tile must go down)."""


class TurnError(ZatreError):
    """An action when the game is over or out of order."""


class OptionError(ZatreError):
    """A game set up with settings the rules do not allow (players, seed, options)."""
