"""The illegal FITS actions, one RuleError subclass each.

Every message says what was wrong in the coordinates of docs/rules.md (rows 1..12 from the bottom,
columns 1..6 from the left); the state is unchanged when one is raised.
"""

from boardcore.errors import RuleError


class FitsError(RuleError):
    """Any illegal FITS action."""


class UnknownTileError(FitsError):
    """A tile id that is not one of the 16."""


class OrientationError(FitsError):
    """An orientation number the tile does not have."""


class OffBoardError(FitsError):
    """A drop whose cells would stick out past the left or right edge."""


class NoCellOnGridError(FitsError):
    """A drop that would leave no cell of the tile on the grid."""


class OverhangError(FitsError):
    """A drop sticking out above the top by more than the max_overhang option allows."""


class TileUsedError(FitsError):
    """A tile already placed (or set aside) this round."""


class WrongTileError(FitsError):
    """A tile the player may not place now (not the card shown, not their start tile)."""


class TurnError(FitsError):
    """An action out of turn: the player already acted, or must skip, or others are pending."""


class PhaseError(FitsError):
    """An action that does not fit the state of the round (e.g. a card before the deal)."""


class PlayerError(FitsError):
    """A player name that is not in the game."""


class DealError(FitsError):
    """Cards given from outside (a record, a scanner) that cannot be the deal."""


class OptionError(FitsError):
    """A game set up with options the rules do not allow (players, boards, start tiles)."""


class RecordError(FitsError):
    """A game record whose written scores or structure contradict the replayed game."""
