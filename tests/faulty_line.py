"""A noisy cable for the virtual board: corrupts, drops and duplicates whole lines.

Give `FaultyLine(rate, seed).filters()` to VirtualBoard(filters=...): each line passing
between host and firmware, each way, is with probability `rate` corrupted (one character
changed to another printable one), with probability `rate` dropped, and with probability
`rate` sent twice. Only the firmware's running program is filtered, never the REPL.
"""

import random

PRINTABLE = bytes(range(32, 127))


class _Direction:
    def __init__(self, rng, rate):
        self.rng = rng
        self.rate = rate
        self.partial = b""
        self.lines = self.corrupted = self.dropped = self.duplicated = 0

    def __call__(self, data):
        buf = self.partial + data
        *lines, self.partial = buf.split(b"\n")
        out = []
        for line in lines:
            line += b"\n"
            self.lines += 1
            r = self.rng.random()
            if r < self.rate:
                self.corrupted += 1
                i = self.rng.randrange(len(line) - 1)
                old = line[i]
                new = self.rng.choice([c for c in PRINTABLE if c != old])
                line = line[:i] + bytes([new]) + line[i + 1 :]
            elif r < 2 * self.rate:
                self.dropped += 1
                continue
            elif r < 3 * self.rate:
                self.duplicated += 1
                out.append(line)
            out.append(line)
        return b"".join(out)


class FaultyLine:
    def __init__(self, rate=0.01, seed=1):
        rng = random.Random(seed)
        self.to_device = _Direction(rng, rate)
        self.to_host = _Direction(rng, rate)

    def filters(self):
        return (self.to_device, self.to_host)

    def summary(self):
        return {
            name: {"lines": d.lines, "corrupted": d.corrupted, "dropped": d.dropped, "duplicated": d.duplicated}
            for name, d in (("to_device", self.to_device), ("to_host", self.to_host))
        }
