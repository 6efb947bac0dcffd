"""A chain of MAX7219 8 x 8 modules wired to a Linux board's SPI pins, as a canvas.

The picture is laid on the modules as the firmware's driver (firmware/drivers/max7219.py)
lays it, so a board file means the same on a Pi as on a Pico: the canvas is cut into 8 x 8
tiles read left to right, top row of tiles first; tile 0 is the module farthest along the
chain; in a module, digit register r drives row r (top = DIG0) and data bit D7 the left
column; `rotation` (0, 90, 180, 270 degrees clockwise, one for all or a list, one per module)
says how each module is turned on the panel.

show() puts each module's row bytes into Adafruit's CircuitPython driver
(adafruit_max7219.matrices.CustomMatrix), which writes them over Blinka's SPI: for each digit
register 1..8, one chip-select frame carrying one (register, data) pair per module, the
farthest module's first. brightness(0..15) is the intensity register (0x0A) of every module,
held at `max_level`.
"""

from collections.abc import Sequence
from typing import Any

from boardlight.canvas import Canvas

ROTATIONS = (0, 90, 180, 270)


class Max7219Matrix(Canvas):
    """width x height pixels (multiples of 8, at most 8 modules) on a MAX7219 chain.

    spi: a busio.SPI (or anything with its try_lock/configure/write/unlock);
    cs: a digitalio.DigitalInOut for the chain's LOAD/CS pin.
    """

    def __init__(self, spi: Any, cs: Any, width: int, height: int,
                 rotation: int | Sequence[int] = 0, level: int = 15,
                 max_level: int = 15) -> None:
        if width % 8 or height % 8 or width <= 0 or height <= 0:
            raise ValueError("a MAX7219 chain is made of 8 x 8 modules: %d x %d is not" % (width, height))
        n = (width // 8) * (height // 8)
        if n > 8:
            raise ValueError("a MAX7219 chain of %d modules: at most 8" % n)
        rotations = [rotation] * n if isinstance(rotation, int) else list(rotation)
        if len(rotations) != n or any(r not in ROTATIONS for r in rotations):
            raise ValueError("rotation must be 0, 90, 180 or 270 (or a list, one per module), not %r" % (rotation,))
        super().__init__(width, height, colour=False)
        from adafruit_max7219 import matrices

        self.tiles_x = width // 8
        self.modules = n
        self.rotation = tuple(rotations)
        self.max_level = max_level
        # The driver initialises the chain here (shutdown off, no test, scan all 8
        # digits, no decode) and sends a blank frame.
        self.matrix = matrices.CustomMatrix(spi, cs, width, height)
        self.brightness(level)

    def _set_brightness(self, level: int) -> None:
        self.matrix.brightness(min(level, self.max_level))

    def _row(self, tile: int, r: int) -> int:
        """The data byte for digit r of module `tile` (bit 7 = the module's left column)."""
        tx0 = (tile % self.tiles_x) * 8
        ty0 = (tile // self.tiles_x) * 8
        rot = self.rotation[tile]
        b = 0
        for c in range(8):
            # Where the module's own (column c, row r) LED sits on the panel, turned `rot` clockwise.
            if rot == 0:
                x, y = c, r
            elif rot == 90:
                x, y = 7 - r, c
            elif rot == 180:
                x, y = 7 - c, 7 - r
            else:
                x, y = r, 7 - c
            if self.pixel(tx0 + x, ty0 + y):
                b |= 0x80 >> c
        return b

    def show(self) -> None:
        # CustomMatrix.show() sends byte r * modules + k of its buffer as digit r + 1 of the
        # k-th module along the chain: fill it with our rows, not through its own pixel().
        buf = self.matrix._buffer
        n = self.modules
        for r in range(8):
            for tile in range(n):
                buf[r * n + tile] = self._row(tile, r)
        self.matrix.show()
