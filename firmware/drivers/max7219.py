"""MAX7219 8 x 8 LED modules, 1 to 8 chained on one SPI bus (one chip-select / LOAD line).

In the style of micropython-lib's ssd1306: the bus and pin are passed in, the registers are
const() as the MAX7219 datasheet numbers them. Every write is a 16-bit packet (register address
byte, then data byte, MSB first); the chip latches it on the rising edge of LOAD (our `cs`).
With modules chained DOUT -> DIN, the first packet clocked out ends in the module farthest from
the microcontroller, so one LOAD window carries one packet per module, farthest first.

Module layout: the canvas is cut into 8 x 8 tiles read left to right, top row of tiles first;
tile 0 is the module farthest along the chain, the last tile is the one wired to the board.
A module's own picture: digit register r drives row r (top = DIG0), data bit D7 is the left
column. `rotation` (0, 90, 180, 270 degrees clockwise, one for all or one per module) says how
each module is turned on the panel; the driver turns the picture back.

show() sends only the digits that changed: a one-row change on a chain of n modules is one
window of 2n bytes, an unchanged frame nothing. refresh() sends them all.
"""

from micropython import const
import framebuf
from display import Display

_NOOP = const(0x00)
_DIGIT0 = const(0x01)  # DIG0..DIG7 are registers 0x01..0x08
_DECODE_MODE = const(0x09)
_INTENSITY = const(0x0A)
_SCAN_LIMIT = const(0x0B)
_SHUTDOWN = const(0x0C)
_DISPLAY_TEST = const(0x0F)

ROTATIONS = (0, 90, 180, 270)


class MAX7219(Display):
    def __init__(self, spi, cs, width=8, height=8, rotation=0, level=15, max_level=15):
        if width < 8 or height < 8 or width % 8 or height % 8:
            raise ValueError("MAX7219 width and height must be multiples of 8, not %dx%d" % (width, height))
        self.tiles_x = width // 8
        n = self.tiles_x * (height // 8)
        if n > 8:
            raise ValueError("MAX7219 chain of %d modules: at most 8" % n)
        if isinstance(rotation, int):
            rotation = [rotation] * n
        if len(rotation) != n:
            raise ValueError("MAX7219 rotation: %d values for %d modules" % (len(rotation), n))
        for r in rotation:
            if r not in ROTATIONS:
                raise ValueError("MAX7219 rotation must be 0, 90, 180 or 270, not %r" % (r,))
        super().__init__(width, height, False, framebuf.MONO_HLSB)
        self.spi = spi
        self.cs = cs
        self.modules = n
        self.rotation = tuple(rotation)
        self.max_level = max_level  # the board's cap: keeps a USB-powered chain inside its budget
        self._tx = bytearray(2 * n)  # one packet per module, reused for every write
        # What each module's digit registers hold (digit r of module m at 8 * m + r):
        # show() sends a digit's window only when a module's byte in it changed.
        self._sent = bytearray(8 * n)
        self._stale = True  # the chip's registers are not known: send every digit
        # Where digit 0 of each unturned module is in the canvas buffer (the digit r byte
        # is r rows of tiles_x bytes further); None for a turned module, whose bytes are
        # read pixel by pixel.
        self._base = [((m // self.tiles_x) * 8) * self.tiles_x + m % self.tiles_x if self.rotation[m] == 0 else None
                      for m in range(n)]
        cs.init(cs.OUT, value=1)
        self.init_display(level)

    def init_display(self, level):
        # Power-up leaves the chip in shutdown with the other registers undefined, so set
        # each one (datasheet, "Initial Power-Up"), push a blank frame, then wake it.
        self._all(_DISPLAY_TEST, 0x00)  # normal operation
        self._all(_SCAN_LIMIT, 0x07)  # scan all 8 digits (rows)
        self._all(_DECODE_MODE, 0x00)  # no BCD decode: data bits are segments (pixels)
        self.brightness(level)
        self.fill(0)
        self.refresh()
        self._all(_SHUTDOWN, 0x01)  # normal operation

    def poweroff(self):
        self._all(_SHUTDOWN, 0x00)

    def poweron(self):
        self._all(_SHUTDOWN, 0x01)

    def _set_brightness(self, level):
        # Intensity 0x0..0xF gives 1/32..31/32 duty: the same 16 steps as Display.level,
        # held at the board's max_level.
        self._all(_INTENSITY, min(level, self.max_level))

    def _all(self, reg, data):
        tx = self._tx
        for i in range(0, len(tx), 2):
            tx[i] = reg
            tx[i + 1] = data
        self._send()

    def _send(self):
        self.cs(0)
        self.spi.write(self._tx)
        self.cs(1)

    def _row(self, tile, r):
        """The data byte for digit r of module `tile` (bit 7 = the module's left column)."""
        tx0 = (tile % self.tiles_x) * 8
        ty0 = (tile // self.tiles_x) * 8
        rot = self.rotation[tile]
        if rot == 0:
            return self.buffer[(ty0 + r) * self.tiles_x + tile % self.tiles_x]
        b = 0
        for c in range(8):
            # Where the module's own (column c, row r) LED sits on the panel, turned `rot` clockwise.
            if rot == 90:
                x, y = 7 - r, c
            elif rot == 180:
                x, y = 7 - c, 7 - r
            else:
                x, y = r, 7 - c
            if self.pixel(tx0 + x, ty0 + y):
                b |= 0x80 >> c
        return b

    def show(self):
        """Send the digits (pixel rows of the modules) that changed since the last show():
        one LOAD window of 2 bytes per module for each, none for an unchanged frame."""
        tx = self._tx
        sent = self._sent
        buf = self.buffer
        base = self._base
        stride = self.tiles_x
        stale = self._stale
        self._stale = True  # until every window is out: a failed write sends all again
        for r in range(8):
            changed = stale
            for tile in range(self.modules):
                at = base[tile]
                b = buf[at + r * stride] if at is not None else self._row(tile, r)
                if b != sent[8 * tile + r]:
                    sent[8 * tile + r] = b
                    changed = True
                tx[2 * tile] = _DIGIT0 + r
                tx[2 * tile + 1] = b
            if changed:
                self._send()
        self._stale = False

    def refresh(self):
        """Send every digit whether it changed or not (after a power glitch, say)."""
        self._stale = True
        self.show()
