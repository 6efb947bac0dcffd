"""Buttons wired straight to a Linux board's pins (through Blinka's digitalio).

The same contract as the device's buttons (firmware/drivers/buttons.py): active low
(a switch to GND, the pin's pull-up holds it high), debounced, and for each press
("button", NAME, "down") then ("button", NAME, "short") or ("button", NAME, "long") on
release, long when held >= long_ms between the debounced press and release.
Call poll() every few milliseconds; time comes from `clock` (milliseconds), which a
test replaces with a fake.
"""

import time


def _ms():
    return time.monotonic_ns() // 1_000_000


class Buttons:
    """pins: NAME -> an input with a boolean `value` (a digitalio.DigitalInOut)."""

    def __init__(self, pins, emit, debounce_ms=20, long_ms=600, clock=None):
        self.names = sorted(pins)
        self.pins = [pins[n] for n in self.names]
        self.emit = emit
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self.clock = clock or _ms
        now = self.clock()
        n = len(self.names)
        self.raw = [False] * n  # last level read, True = pressed
        self.stable = [False] * n  # the debounced state
        self.changed = [now] * n  # when the raw level last changed
        self.pressed_at = [now] * n  # when the current press was debounced

    def poll(self):
        now = self.clock()
        for i, pin in enumerate(self.pins):
            pressed = not pin.value  # active low
            if pressed != self.raw[i]:
                # An edge or a bounce: the level must hold for debounce_ms first.
                self.raw[i] = pressed
                self.changed[i] = now
            elif pressed != self.stable[i] and now - self.changed[i] >= self.debounce_ms:
                self.stable[i] = pressed
                name = self.names[i]
                if pressed:
                    self.pressed_at[i] = now
                    self.emit(("button", name, "down"))
                else:
                    held = now - self.pressed_at[i]
                    self.emit(("button", name, "long" if held >= self.long_ms else "short"))


def blinka_inputs(pin_names, board_module=None):
    """NAME -> digitalio.DigitalInOut inputs with pull-ups, for pins named as in Blinka's
    `board` module (e.g. {"next": "D17"}); ValueError naming the button for an unknown pin."""
    import digitalio

    if board_module is None:
        import board as board_module
    out = {}
    for name in sorted(pin_names):
        pin = getattr(board_module, pin_names[name], None)
        if pin is None:
            raise ValueError("buttons.%s: this board has no pin %r" % (name, pin_names[name]))
        io = digitalio.DigitalInOut(pin)
        io.direction = digitalio.Direction.INPUT
        io.pull = digitalio.Pull.UP
        out[name] = io
    return out
