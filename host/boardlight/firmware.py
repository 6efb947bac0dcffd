"""The device's own modules, imported on the host from the source checkout's firmware/ folder:
the screens, the standalone dealer, the board-file validator, the button driver, the canvas
methods. The host runs them as they are, so it draws, deals, checks and debounces exactly
as the device does.

firmware/ goes at the END of sys.path, so no firmware module can shadow a host one.
"""

import importlib
import sys
from pathlib import Path

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"


def firmware_module(name):
    """The firmware module `name` ("screens", "board_config", "drivers.buttons", ...).
    RuntimeError if this is not a source checkout with the firmware beside the host."""
    if not (FIRMWARE / "app.py").exists():
        raise RuntimeError("the firmware is not in %s: this needs a source checkout of boardlight" % FIRMWARE)
    if str(FIRMWARE) not in sys.path:
        sys.path.append(str(FIRMWARE))
    return importlib.import_module(name)
