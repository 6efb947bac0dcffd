"""boardcore: the rules core of boardlight.

The same files run on CPython and on MicroPython (docs/core-conventions.md gives the
subset): no dataclasses, enum, functools or itertools, typing only for annotations; never
depend on dict order.
"""

VERSION = "0.1.0"
