"""A small seeded random source that gives the same stream on every interpreter.

CPython's and MicroPython's `random` modules differ, so decks dealt from a seed would
differ between the host and the device. This is xorshift32 (Marsaglia 2003) with the
seed mixed through a 32-bit hash first, so that nearby seeds give unrelated streams.
"""

from boardcore.compat import const

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # for the type checker only: MicroPython compiles the block away
    from typing import TypeVar

    T = TypeVar("T")

_MASK = 0xFFFFFFFF


def _mix(x: int) -> int:
    # A 32-bit integer hash (the "lowbias32" finaliser) spreads small seeds out.
    x &= _MASK
    x ^= x >> 16
    x = (x * 0x7FEB352D) & _MASK
    x ^= x >> 15
    x = (x * 0x846CA68B) & _MASK
    x ^= x >> 16
    return x


class Random:
    """Seeded generator: Random(seed) gives the same numbers on CPython and MicroPython.

    >>> rng = Random(7)
    >>> rng.below(6), rng.shuffle([1, 2, 3, 4])
    (4, [2, 4, 3, 1])
    """

    __slots__ = ("_state", "seed")

    def __init__(self, seed: int = 0) -> None:
        if not isinstance(seed, int) or seed < 0:
            raise ValueError("seed must be a non-negative integer, not %r" % (seed,))
        self.seed = seed
        state = _mix(seed ^ 0x9E3779B9) ^ _mix(seed >> 32)
        self._state = state or 0x6D2B79F5  # xorshift must never hold zero

    def next32(self) -> int:
        """The next 32-bit unsigned integer."""
        x = self._state
        x ^= (x << 13) & _MASK
        x ^= x >> 17
        x ^= (x << 5) & _MASK
        self._state = x
        return x

    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1 (rejection sampling, so no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound, not %r" % (n,))
        limit = (0x100000000 // n) * n
        while True:
            x = self.next32()
            if x < limit:
                return x % n

    def shuffle(self, items: "list[T]") -> "list[T]":
        """Shuffle a list in place (Fisher-Yates) and return it."""
        i = len(items) - 1
        while i > 0:
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1
        return items

    def getstate(self) -> int:
        return self._state

    def setstate(self, state: int) -> None:
        if not state:
            raise ValueError("state must be a non-zero 32-bit integer")
        self._state = state & _MASK
