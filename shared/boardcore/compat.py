"""The few things that differ between CPython and MicroPython, in one place."""

try:
    from micropython import const  # noqa: F401
except ImportError:  # CPython

    def const(value: int) -> int:  # type: ignore[misc]  # the same no-op as micropython.const
        return value


try:
    import sys

    IS_MICROPYTHON = sys.implementation.name == "micropython"
except AttributeError:  # pragma: no cover
    IS_MICROPYTHON = False
