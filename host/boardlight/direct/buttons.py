"""Buttons wired straight to this computer's pins, read by the firmware's own driver
(firmware/drivers/buttons.py: active low, debounced, "down" then "short" or "long"), so they
behave exactly as the device's.

The driver reads a pin as machine.Pin does, `pin.value()`; DigitalInput lets it read a Blinka
digitalio input, whose level is the `value` property.
"""

from boardlight.firmware import import_module


class DigitalInput:
    """A digitalio.DigitalInOut input (anything with a boolean `value`) as the driver reads a pin."""

    __slots__ = ("io",)

    def __init__(self, io):
        self.io = io

    def value(self):
        return self.io.value


def wired_buttons(inputs, emit, debounce_ms=20, long_press_ms=600, clock=None):
    """The firmware's Buttons on `inputs` (NAME -> digitalio input with its pull-up on). Its
    poll() emits ("button", NAME, "down"), then "short" or "long"; `clock` (milliseconds) is
    for tests."""
    buttons = import_module("drivers.buttons")
    pins = {name: DigitalInput(io) for name, io in inputs.items()}
    return buttons.Buttons(pins, emit, debounce_ms, long_press_ms, clock)


def blinka_inputs(pins):
    """NAME -> digitalio.DigitalInOut input with its pull-up on, for NAME -> Blinka board pin."""
    import digitalio

    out = {}
    for name in sorted(pins):
        io = digitalio.DigitalInOut(pins[name])
        io.direction = digitalio.Direction.INPUT
        io.pull = digitalio.Pull.UP
        out[name] = io
    return out
