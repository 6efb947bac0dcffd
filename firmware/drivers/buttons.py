"""Push buttons: active low (switch to GND, the pin's pull-up holds it high), with short and
long presses, as many as the board has.

Events go to `emit(event)`: ("button", NAME, "down") on the press's first clean edge, then
("button", NAME, "short") or ("button", NAME, "long") on the release's, long when held for
`long_ms` or more (from the one edge to the other). A clean edge is the new level read on
two polls in a row (a spike read once is not a press); the bounce comes after it: for
`debounce_ms` after an edge the button's level is not looked at. So a press is sent one
poll after the pin changes, not after the bouncing has died down.

Drive it by calling `poll()` often (every few ms) or by running `run()` as an asyncio task,
which sleeps until a pin changes where the pins can tell (machine.Pin.irq) and polls every
`period_ms` only while a button is being settled; time comes from `clock` (time.ticks_ms
unless a test passes a fake one).

Plain Python apart from the ticks: on CPython (`boardlight direct`, pins read through Blinka)
the clock is monotonic milliseconds, which never wrap.
"""

import time

try:
    from time import ticks_add, ticks_diff, ticks_ms
except ImportError:  # CPython

    def ticks_ms():
        return time.monotonic_ns() // 1000000

    def ticks_diff(a, b):
        return a - b

    def ticks_add(a, b):
        return a + b


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
        self.stable = bytearray(n)  # the level last sent, 1 = pressed
        self.pending = bytearray(n)  # 1: the last poll read the other level, once
        self.edge_at = [ticks_add(now, -debounce_ms)] * n  # ticks of the last edge sent
        self.pressed_at = [now] * n  # ticks of the current press's edge
        self._flag = None  # set by the pins' interrupts, where they have them

    def poll(self):
        now = self.clock()
        for i in range(len(self.pins)):
            level = 0 if self.pins[i].value() else 1  # active low: 0 V = pressed
            if level == self.stable[i]:
                self.pending[i] = 0
                continue
            if ticks_diff(now, self.edge_at[i]) < self.debounce_ms:
                continue  # still bouncing from the last edge
            if not self.pending[i]:
                self.pending[i] = 1  # read once: a clean edge if the next poll agrees
                continue
            self.pending[i] = 0
            self.stable[i] = level
            self.edge_at[i] = now
            name = self.names[i]
            if level:
                self.pressed_at[i] = now
                self.emit(("button", name, "down"))
            else:
                held = ticks_diff(now, self.pressed_at[i])
                self.emit(("button", name, "long" if held >= self.long_ms else "short"))

    def settled(self):
        """True when no button waits for a second read or is inside its bounce time: until
        a pin changes, polling would find nothing."""
        now = self.clock()
        for i in range(len(self.pins)):
            if self.pending[i] or ticks_diff(now, self.edge_at[i]) < self.debounce_ms:
                return False
        return True

    def _watch(self):
        # An asyncio.ThreadSafeFlag that every pin's change sets, or None where the pins
        # have no interrupts (CPython, fakes without irq) or asyncio has no such flag.
        try:
            import asyncio

            self._flag = asyncio.ThreadSafeFlag()
            for pin in self.pins:
                pin.irq(self._edge, pin.IRQ_FALLING | pin.IRQ_RISING)
        except (AttributeError, ImportError):
            self._flag = None
        return self._flag

    def _edge(self, pin):
        flag = self._flag
        if flag is not None:
            flag.set()

    async def run(self, period_ms=2):
        import asyncio

        if self._flag is None:
            self._watch()
        while True:
            self.poll()
            if self._flag is not None and self.settled():
                await self._flag.wait()
            else:
                await asyncio.sleep_ms(period_ms)
