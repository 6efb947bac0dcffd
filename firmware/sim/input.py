"""The virtual board's buttons and card scanner, driven by lines from the bridge.

"down NAME" and "up NAME" are a button's edges (already clean: no bounce to filter);
the release is "long" when held for long_ms or more, as with the real buttons driver.
"scan CODE" is a card scanned. Events go to emit() as the firmware's input contract says.
"""

import time


class SimInput:
    def __init__(self, names, emit, long_ms, scanner=True, clock=None):
        self.names = names
        self.emit = emit
        self.long_ms = long_ms
        self.scanner = scanner
        self.clock = clock or time.ticks_ms
        self._down = {}

    def handle(self, line):
        """Apply one bridge line; returns an error message for a bad line, else None."""
        text = line.decode() if isinstance(line, (bytes, bytearray)) else line
        sp = text.find(" ")
        if sp < 0:
            return "bad input line %r" % text
        verb, arg = text[:sp], text[sp + 1 :]
        if verb == "scan":
            if not self.scanner:
                return "this board has no scanner"
            self.emit(("scan", arg))
            return None
        if arg not in self.names:
            return "no button %r (buttons: %s)" % (arg, " ".join(self.names))
        if verb == "down":
            if arg in self._down:
                return "button %s is already down" % arg
            self._down[arg] = self.clock()
            self.emit(("button", arg, "down"))
        elif verb == "up":
            if arg not in self._down:
                return "button %s is not down" % arg
            held = time.ticks_diff(self.clock(), self._down.pop(arg))
            self.emit(("button", arg, "long" if held >= self.long_ms else "short"))
        else:
            return "unknown input verb %r" % verb
        return None
