"""The Zatre bag: 121 tiles (21 ones, 20 each of 2..6) drawn with the core's seeded source."""

from boardcore.compat import const

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # for the type checker only: MicroPython compiles the block away
    from boardcore.rng import Random

TOTAL = const(121)
COUNTS = (0, 21, 20, 20, 20, 20, 20)  # tiles of each value 1..6 in a full bag (index = value)


class Bag:
    """The tiles not yet drawn. draw() takes a uniformly random one with rng.below, so the
    same seed draws the same tiles on CPython and MicroPython."""

    __slots__ = ("_tiles", "_n", "_rng")

    def __init__(self, rng: "Random") -> None:
        t = bytearray(TOTAL)
        k = 0
        for v in range(1, 7):
            for _ in range(COUNTS[v]):
                t[k] = v
                k += 1
        self._tiles = t
        self._n = TOTAL
        self._rng = rng

    def __len__(self) -> int:
        return self._n

    def counts(self) -> "list[int]":
        """How many tiles of each value are left: a list indexed by value (index 0 unused)."""
        c = [0] * 7
        for k in range(self._n):
            c[self._tiles[k]] += 1
        return c

    def draw(self) -> int:
        """Take one random tile out of the bag and return its value."""
        if not self._n:
            raise ValueError("the bag is empty")
        t = self._tiles
        i = self._rng.below(self._n)
        n = self._n - 1
        v = t[i]
        t[i] = t[n]
        t[n] = v
        self._n = n
        return v

    def put_back(self, value: int) -> None:
        """Return a tile to the bag (the opening draw puts its tiles back)."""
        if self._n >= TOTAL:
            raise ValueError("the bag is full")
        self._tiles[self._n] = value
        self._n += 1
