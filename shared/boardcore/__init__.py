"""boardcore: the rules core of boardlight.

The same files run on CPython and on MicroPython (see DESIGN.md for the subset):
no typing, dataclasses, enum, functools or itertools; never depend on dict order.
"""

VERSION = "0.1.0"
