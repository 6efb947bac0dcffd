"""Where the device's files are, wherever boardlight is installed.

The firmware (firmware/ in the source tree: the device program and its board files) is
package data of boardlight, `boardlight._firmware`; the rules core that the device runs
too is the `boardcore` package itself. Both are found through importlib.resources, so a
wheel installed anywhere (pip, pipx) can deploy the firmware, run the virtual board and
draw the device's screens on the host, as a source checkout can.
"""

import importlib
import importlib.resources
import sys
from pathlib import Path
from types import ModuleType

FIRMWARE_PACKAGE = "boardlight._firmware"
CORE_PACKAGE = "boardcore"


class FirmwareMissing(RuntimeError):
    """The installed boardlight has no firmware files (a broken or partial install)."""


def _folder(package: str, marker: str) -> Path:
    # Deploying and the unix port need real files: `marker`, a file every such folder
    # holds, is a pathlib.Path when the package lies on disk (as pip installs it).
    try:
        found = importlib.resources.files(package).joinpath(marker)
    except ModuleNotFoundError:
        found = None
    if not isinstance(found, Path) or not found.is_file():
        raise FirmwareMissing("the %s package has no %s on disk: reinstall boardlight" % (package, marker))
    return found.parent


def firmware_dir() -> Path:
    """The firmware's folder: the flash root's sources (main.py, app.py, screens/, ...)."""
    return _folder(FIRMWARE_PACKAGE, "main.py")


def boards_dir() -> Path:
    """The board files (boards/NAME.json)."""
    return firmware_dir() / "boards"


def core_dir() -> Path:
    """The rules core's package folder (boardcore/), which the device holds as lib/boardcore."""
    return _folder(CORE_PACKAGE, "__init__.py")


def import_module(name: str) -> ModuleType:
    """A firmware module imported on this computer (board_config, screens, ...), with the
    firmware's folder at the END of sys.path so that no firmware module shadows a host one."""
    folder = str(firmware_dir())
    if folder not in sys.path:
        sys.path.append(folder)
    return importlib.import_module(name)
