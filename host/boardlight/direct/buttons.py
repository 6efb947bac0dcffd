"""Buttons wired straight to this computer's pins, read by the firmware's own driver
(firmware/drivers/buttons.py: active low, debounced, "down" then "short" or "long"), so they
behave exactly as the device's.

The driver reads a pin as machine.Pin does, `pin.value()`; DigitalInput lets it read a Blinka
digitalio input, whose level is the `value` property.
"""

from collections.abc import Callable, Mapping
from typing import Any

from boardlight.firmware import import_module


class DigitalInput:
    """A digitalio.DigitalInOut input (anything with a boolean `value`) as the driver reads a pin."""

    __slots__ = ("io",)

    def __init__(self, io: Any) -> None:
        self.io = io

    def value(self) -> bool:
        return self.io.value


def wired_buttons(inputs: Mapping[str, Any], emit: Callable[[tuple[str, ...]], object],
                  debounce_ms: int = 20, long_press_ms: int = 600,
                  clock: Callable[[], int] | None = None) -> Any:
    """The firmware's Buttons on `inputs` (NAME -> digitalio input with its pull-up on). Its
    poll() emits ("button", NAME, "down"), then "short" or "long"; `clock` (milliseconds) is
    for tests."""
    buttons = import_module("drivers.buttons")
    pins = {name: DigitalInput(io) for name, io in inputs.items()}
    return buttons.Buttons(pins, emit, debounce_ms, long_press_ms, clock)


def blinka_inputs(pins: Mapping[str, Any]) -> dict[str, Any]:
    """NAME -> digitalio.DigitalInOut input with its pull-up on, for NAME -> Blinka board pin."""
    import digitalio

    out = {}
    for name in sorted(pins):
        io = digitalio.DigitalInOut(pins[name])
        io.direction = digitalio.Direction.INPUT
        io.pull = digitalio.Pull.UP
        out[name] = io
    return out
