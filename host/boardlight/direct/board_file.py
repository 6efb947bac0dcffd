"""The board file of a matrix wired to this computer, for `boardlight direct` and `play
--direct`: a firmware board file (firmware/boards/*.json, docs/building.md) whose "mcu" is
"linux", its pins named as in Blinka's `board` module ("D17"), checked by the firmware's own
validator (firmware/board_config.py) as the device checks its /board.json.

    config = load("firmware/boards/raspberry-pi.json")

Every problem raises ValueError naming the file and the field, e.g.
"pi.json: display.cs: pin 'D17' is already used by buttons.next". An old --direct wiring
file is refused with how to convert it (old_wiring.py).
"""

import os
from pathlib import Path
from typing import Any

from boardlight.direct import old_wiring
from boardlight.files import read_json
from boardlight.firmware import import_module
from boardlight.invocation import command


def validate(raw: Any, name: str = "wiring") -> dict[str, Any]:
    """The checked config (defaults filled in) of a parsed board file for a Linux board;
    `name` is the file's stem, for the conversion of an old wiring file."""
    old_wiring.check(raw, name)
    config = import_module("board_config").validate(raw)
    if config["mcu"] != "linux":
        raise ValueError("mcu: --direct drives a matrix wired to this computer: its board file has "
                         "\"mcu\": \"linux\", not %r (that one is for a microcontroller: %s)"
                         % (config["mcu"], command("deploy")))
    return config


def load(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read and check a board file; ValueError names the file and the field (a FormatError
    of boardlight.files when it cannot be read as JSON)."""
    raw = read_json(path)
    try:
        return validate(raw, Path(path).stem)
    except old_wiring.OldWiringFile as exc:
        raise old_wiring.OldWiringFile("%s: %s" % (path, exc)) from None
    except ValueError as exc:
        raise ValueError("%s: %s" % (path, exc)) from None
