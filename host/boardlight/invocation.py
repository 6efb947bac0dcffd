"""How the user ran boardlight, so that every message names a command they can type.

After `make play` the program is .venv/bin/boardlight, which is not on PATH: a message
saying "`boardlight play --resume` continues it" would send them to "command not found".

    program()                 # "boardlight", ".venv/bin/boardlight" or "python -m boardlight"
    command("play --resume")  # "boardlight play --resume", as the user would type it
"""

import os
import shutil
import sys

NAME = "boardlight"


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _as_typed(path: str, name: str) -> str:
    # `name` alone when that is what PATH finds; else the path as the user gave it.
    found = shutil.which(name)
    if found is not None and _same_file(found, path):
        return name
    return path


def program(argv0: str | None = None, executable: str | None = None) -> str:
    """The way to run this boardlight: from sys.argv[0] (`argv0`), the console script or
    `python -m boardlight`; "boardlight" when it runs some other way (a test, an import)."""
    argv0 = sys.argv[0] if argv0 is None else argv0
    executable = sys.executable if executable is None else executable
    base = os.path.basename(argv0)
    if base == NAME or base == NAME + ".exe":
        return _as_typed(argv0, NAME)
    if base == "__main__.py" and os.path.basename(os.path.dirname(argv0)) == NAME:
        return "%s -m %s" % (_python(executable), NAME)
    return NAME


def _python(executable: str) -> str:
    for name in ("python3", "python"):
        found = shutil.which(name)
        if found is not None and _same_file(found, executable):
            return name
    here = os.path.relpath(executable)
    return here if not here.startswith("..") else executable


def command(words: str) -> str:
    """`words` (a command line after the program's name) as the user would type it."""
    return "%s %s" % (program(), words)
