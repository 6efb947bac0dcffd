"""Push buttons: active low (switch to GND, the pin's pull-up holds it high), debounced,
with short and long presses, as many as the board has.

Events go to `emit(event)`: ("button", NAME, "down") once a press has been stable for
`debounce_ms`, then ("button", NAME, "short") or ("button", NAME, "long") on release, long when
held for `long_ms` or more (measured from the debounced press to the debounced release: both
lag their last bounce by debounce_ms). Drive it by calling `poll()` often (every
few ms) or by running `run()` as an asyncio task; time comes from `clock` (time.ticks_ms unless
a test passes a fake one).

Plain Python apart from the ticks: on CPython (`boardlight direct`, pins read through Blinka)
the clock is monotonic milliseconds, which never wrap.
"""

import time

try:
    from time import ticks_diff, ticks_ms
except ImportError:  # CPython

    def ticks_ms():
        return time.monotonic_ns() // 1000000

    def ticks_diff(a, b):
        return a - b


class Buttons:
    def __init__(self, pins, emit, debounce_ms=20, long_ms=600, clock=None):
        """pins: a dict NAME -> machine.Pin (already an input with its pull-up on), or any
        object whose value() reads the pin's level."""
        self.names = sorted(pins)  # fixed order: MicroPython's dict order is not stable
        self.pins = [pins[name] for name in self.names]
        self.emit = emit
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self.clock = clock or ticks_ms
        now = self.clock()
        n = len(self.names)
        self.raw = bytearray(n)  # last level read, 1 = pressed
        self.stable = bytearray(n)  # debounced state
        self.changed = [now] * n  # ticks of the last raw edge
        self.pressed_at = [now] * n  # ticks when the current press was debounced

    def poll(self):
        now = self.clock()
        for i in range(len(self.pins)):
            level = 0 if self.pins[i].value() else 1  # active low: 0 V = pressed
            if level != self.raw[i]:
                # An edge (or a bounce): wait until the level has held for debounce_ms.
                self.raw[i] = level
                self.changed[i] = now
            elif level != self.stable[i] and ticks_diff(now, self.changed[i]) >= self.debounce_ms:
                self.stable[i] = level
                name = self.names[i]
                if level:
                    self.pressed_at[i] = now
                    self.emit(("button", name, "down"))
                else:
                    held = ticks_diff(now, self.pressed_at[i])
                    self.emit(("button", name, "long" if held >= self.long_ms else "short"))

    async def run(self, period_ms=5):
        import asyncio

        while True:
            self.poll()
            await asyncio.sleep_ms(period_ms)
