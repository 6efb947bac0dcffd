"""The pins of a checked Linux board file, looked up in Blinka's `board` module.

The validator checks the names' form and that no name is used twice; only the board module
knows which names exist and which are two names for one pin (on a Raspberry Pi "SCK" is
"D11"), so those problems are found here, named by field.
"""

from types import ModuleType
from typing import Any

from boardlight.firmware import import_module


def board_pins(config: dict[str, Any], board_module: ModuleType | Any) -> dict[str, Any]:
    """field -> Blinka pin for every pin of `config` ("display.cs", "buttons.next", ...)."""
    out: dict[str, Any] = {}
    named: dict[str, str] = {}  # field -> name, for the error about a pin under two names
    for name, _, field in import_module("board_config").pin_uses(config):
        pin = getattr(board_module, name, None)
        if pin is None:
            raise ValueError("%s: this board has no pin %r" % (field, name))
        for other, seen in out.items():
            if seen == pin and named[other] != name:
                raise ValueError("%s: pin %r is %r (%s) under another name" % (field, name, named[other], other))
        out[field] = pin
        named[field] = name
    return out
