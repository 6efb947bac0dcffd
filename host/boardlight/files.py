"""Reading the files people give boardlight: text and JSON, each problem one line.

    text = read_text("position.txt")        # UTF-8 text, a BOM skipped
    value = read_json("firmware/boards/pico.json")

Every problem raises boardcore.errors.FormatError naming the file: it cannot be read, it is
not UTF-8 text, it is not JSON, it nests deeper than anyone writes by hand. The command
line prints a FormatError as one line and exits with 2 (boardlight.cli).
"""

import json
import os
from typing import Any

from boardcore.errors import FormatError

# Lists and objects inside each other: board files and card registries use 3 or 4.
MAX_NESTING = 64


def read_text(path: str | os.PathLike[str]) -> str:
    """A text file as UTF-8; a BOM (which Windows editors write) is skipped."""
    try:
        with open(path, encoding="utf-8-sig") as f:
            return f.read()
    except OSError as exc:
        raise FormatError("cannot read file (%s)" % (exc.strerror or exc), str(path))
    except UnicodeDecodeError as exc:
        raise FormatError("not a text file (byte %d is not UTF-8)" % exc.start, str(path))


def parse_json(text: str, source: object) -> Any:
    """The JSON value of `text` (read from `source`, which the errors name)."""
    depth = deepest = 0
    quoted = escaped = False
    for ch in text:  # how deep it nests, before json's recursion meets it
        if quoted:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
        elif ch == "[" or ch == "{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch == "]" or ch == "}":
            depth -= 1
    if deepest > MAX_NESTING:
        raise FormatError("not a usable JSON file: lists and objects nested %d deep (at most %d)"
                          % (deepest, MAX_NESTING), str(source))
    try:
        return json.loads(text)
    except ValueError as exc:
        line = getattr(exc, "lineno", None)
        raise FormatError("not valid JSON (%s)" % getattr(exc, "msg", exc), str(source), line) from None


def read_json(path: str | os.PathLike[str]) -> Any:
    """A JSON file's value (read_text, then parse_json)."""
    return parse_json(read_text(path), path)
