"""`--direct`: the device's screens and buttons on a matrix wired straight to a Raspberry
Pi (or any Linux board Blinka supports), with no microcontroller in between.

    device = open_direct("wiring.json")      # see direct_config for the file
    device.draw("fits_card", "L4", start=True, round_no=2)   # any firmware screen
    for event in device.poll():             # ("button", "next", "short"), ...
        ...

The screens are the firmware's own (firmware/screens/, from the firmware installed with
boardlight: boardlight.firmware), drawn on a CPython canvas (direct_canvas) that the MAX7219 or
NeoPixel driver (direct_max7219, direct_neopixel) pushes to the hardware through Blinka
and Adafruit's CircuitPython driver libraries. Events follow the device's contract, so
the play UI handles them exactly as events arriving from a device over USB.
"""

from pathlib import Path

from boardlight.direct import wiring as direct_config
from boardlight.direct.buttons import Buttons, blinka_inputs
from boardlight.firmware import import_module


def load_screens():
    """The firmware's `screens` module (boardlight.firmware.import_module says where from)."""
    return import_module("screens")


def build_display(disp, board_module=None, spi=None):
    """The canvas driver for a validated display config (direct_config). `spi` is for
    tests (a recording bus); by default the board's hardware SPI on SCK/MOSI."""
    if board_module is None:
        import board as board_module
    if disp["kind"] == "max7219":
        import digitalio

        from boardlight.direct.max7219 import Max7219Matrix

        cs_pin = getattr(board_module, disp["cs"], None)
        if cs_pin is None:
            raise ValueError("display.cs: this board has no pin %r" % disp["cs"])
        if spi is None:
            import busio

            spi = busio.SPI(board_module.SCK, MOSI=board_module.MOSI)
        return Max7219Matrix(spi, digitalio.DigitalInOut(cs_pin), disp["width"], disp["height"], disp["rotation"])
    from boardlight.direct.neopixel import NeoPixelMatrix

    pin = getattr(board_module, disp["pin"], None)
    if pin is None:
        raise ValueError("display.pin: this board has no pin %r" % disp["pin"])
    return NeoPixelMatrix(pin, disp["width"], disp["height"], disp["serpentine"], disp["order"], disp["max_brightness"])


class DirectDevice:
    """A display canvas plus buttons, driven from the host process."""

    def __init__(self, display, inputs, long_ms=600, debounce_ms=20, clock=None, screens=None):
        self.display = display
        self.screens = screens if screens is not None else load_screens()
        self._events = []
        self.buttons = Buttons(inputs, self._events.append, debounce_ms, long_ms, clock)

    def draw(self, screen, *args, **kwargs):
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

    def step(self, scroller):
        """Advance a Scroller one frame and show it; False once it has finished."""
        more = scroller.step()
        self.display.show()
        return more

    def brightness(self, level):
        self.display.brightness(level)
        self.display.show()

    def poll(self):
        """Read the buttons once; returns the events that happened since the last call."""
        self.buttons.poll()
        events, self._events[:] = list(self._events), []
        return events

    def close(self):
        """Blank the matrix."""
        self.display.fill(0)
        self.display.show()


def open_direct(config, board_module=None, spi=None, clock=None, screens=None):
    """A DirectDevice from a wiring config (a path, or a dict as direct_config.validate
    takes). ValueError names the field of any wiring problem."""
    cfg = direct_config.load(config) if isinstance(config, (str, Path)) else direct_config.validate(config)
    display = build_display(cfg["display"], board_module, spi)
    inputs = blinka_inputs(cfg["buttons"], board_module)
    return DirectDevice(display, inputs, cfg["long_ms"], cfg["debounce_ms"], clock, screens)
