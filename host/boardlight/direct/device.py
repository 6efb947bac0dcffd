"""`--direct`: the device's screens and buttons on a matrix wired straight to a Raspberry
Pi (or any Linux board Blinka supports), with no microcontroller in between.

    device = open_direct("firmware/boards/raspberry-pi.json")   # a board file, "mcu": "linux"
    device.draw("fits_card", "L4", start=True, round_no=2)     # any firmware screen
    for event in device.poll():             # ("button", "next", "short"), ...
        ...

The board file is the firmware's format, checked by the firmware's validator (board_file.py).
The screens are the firmware's own (firmware/screens/, from the firmware installed with
boardlight: boardlight.firmware), drawn on the host's canvas (boardlight.canvas) that the
MAX7219 or NeoPixel driver (max7219.py, neopixel.py) pushes to the hardware through Blinka
and Adafruit's CircuitPython driver libraries. The buttons are read by the firmware's own
driver (buttons.py), so events follow the device's contract and the play UI handles them
exactly as events from a device over USB.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from boardlight.direct import board_file
from boardlight.direct.buttons import blinka_inputs, wired_buttons
from boardlight.direct.pins import board_pins
from boardlight.firmware import import_module

if TYPE_CHECKING:
    from boardlight.canvas import Canvas
    from boardlight.link.connection import Event


def load_screens() -> ModuleType:
    """The firmware's `screens` package (boardlight.firmware.import_module says where from)."""
    return import_module("screens")


def build_display(disp: dict[str, Any], pins: Mapping[str, Any], spi: Any = None) -> Canvas:
    """The canvas driver for a checked display config; `pins` is board_pins() of its board
    file. `spi` is for tests (a recording bus); by default a busio.SPI on the file's pins."""
    if disp["kind"] == "max7219":
        import digitalio

        from boardlight.direct.max7219 import Max7219Matrix

        if spi is None:
            import busio

            spi = busio.SPI(pins["display.spi.sck"], MOSI=pins["display.spi.mosi"])
        return Max7219Matrix(spi, digitalio.DigitalInOut(pins["display.cs"]), disp["width"], disp["height"],
                             disp["rotation"], disp["brightness"], disp["max_brightness"])
    from boardlight.direct.neopixel import NeoPixelMatrix

    return NeoPixelMatrix(pins["display.pin"], disp["width"], disp["height"], disp["wiring"],
                          disp["brightness_cap"], disp["max_current_ma"], disp["order"], disp["brightness"])


class DirectDevice:
    """A display canvas plus buttons, driven from the host process."""

    def __init__(self, display: Canvas, inputs: Mapping[str, Any], long_press_ms: int = 600,
                 debounce_ms: int = 20, clock: Callable[[], int] | None = None,
                 screens: object = None) -> None:
        self.display = display
        # The firmware's screens package, or a stand-in with the same functions.
        self.screens = screens if screens is not None else load_screens()
        self._events: list[Event] = []
        self.names = sorted(inputs)  # the buttons wired, as the board file names them
        self.buttons = wired_buttons(inputs, self._events.append, debounce_ms, long_press_ms, clock)

    def draw(self, screen: str, *args: Any, **kwargs: Any) -> Any:
        """Draw one firmware screen (a function name of firmware/screens/__init__.py, e.g.
        "fits_card") on the matrix and show it; returns what the screen returns
        (a Scroller for message/scores, to be stepped with step())."""
        fn = getattr(self.screens, screen, None)
        if fn is None or screen.startswith("_"):
            raise ValueError("no screen %r in firmware/screens/__init__.py" % (screen,))
        result = fn(self.display, *args, **kwargs)
        if hasattr(result, "step"):
            result.step()
        self.display.show()
        return result

    def step(self, scroller: Any) -> bool:
        """Advance a Scroller one frame and show it; False once it has finished."""
        more = scroller.step()
        self.display.show()
        return more

    def brightness(self, level: int) -> None:
        self.display.brightness(level)
        self.display.show()

    def poll(self) -> list[Event]:
        """Read the buttons once; returns the events that happened since the last call."""
        self.buttons.poll()
        events, self._events[:] = list(self._events), []
        return events

    def close(self) -> None:
        """Blank the matrix."""
        self.display.fill(0)
        self.display.show()


def open_direct(config: str | os.PathLike[str] | dict[str, Any], board_module: Any = None,
                spi: Any = None, clock: Callable[[], int] | None = None,
                screens: object = None) -> DirectDevice:
    """A DirectDevice from a board file (a path, or a parsed dict as board_file.validate
    takes). ValueError names the field of any problem."""
    cfg = board_file.load(config) if isinstance(config, (str, Path)) else board_file.validate(config)
    if board_module is None:
        import board

        board_module = board
    pins = board_pins(cfg, board_module)
    display = build_display(cfg["display"], pins, spi)
    inputs = blinka_inputs({name: pins["buttons." + name] for name in cfg["buttons"]})
    return DirectDevice(display, inputs, cfg["long_press_ms"], cfg["debounce_ms"], clock, screens)
