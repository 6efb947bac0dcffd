"""What Blinka takes this computer for, and what to say when it cannot drive a board file.

A board file for --direct names pins of the board Blinka detects ("D17" on a Raspberry
Pi). On a PC Blinka finds a generic Linux PC, which has none of those pins: the one way to
try --direct there is Blinka's OS-agnostic board (BLINKA_OS_AGNOSTIC=1), which has pins of
its own and drives no real hardware (docs/direct.md, "Trying it on a PC").
"""

import os

from boardlight.invocation import command

# Blinka's board ids for a computer without a header of pins.
NO_PINS = ("GENERIC_LINUX_PC", "OS_AGNOSTIC_BOARD", None)


def detected() -> tuple[str | None, str | None]:
    """(board id, chip id) as Blinka's platform detection sees this computer; (None, None)
    without Blinka."""
    try:
        from adafruit_platformdetect import Detector
    except ImportError:
        return None, None
    detector = Detector()
    return detector.board.id, detector.chip.id


def detected_board() -> str:
    """Blinka's board, in words: "board RASPBERRY_PI_4B (chip BCM2XXX)"."""
    board, chip = detected()
    if board is None and chip is None:
        return "nothing (Blinka is not installed: pip install 'boardlight[direct]')"
    return "board %s (chip %s)" % (board, chip)


def cannot_drive(path: object, exc: object) -> str:
    """The one line for a board file this computer cannot drive (`exc` says why)."""
    message = "cannot drive the matrix wired as %s: %s" % (path, exc)
    board, _ = detected()
    if board in NO_PINS and os.environ.get("BLINKA_OS_AGNOSTIC") != "1":
        message += ("; Blinka detected %s, not a board with pins: to try --direct on a PC, run"
                    " `BLINKA_OS_AGNOSTIC=1 %s` with a board file for Blinka's OS-agnostic"
                    " board (docs/direct.md)" % (detected_board(), command("direct check FILE")))
    return message
