"""boardlight: the host tool (CPython). The rules live in `boardcore`, shared with the device."""

from boardcore import VERSION as __version__  # noqa: F401
