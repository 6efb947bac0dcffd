"""Exceptions shared by every game of the core.

Every illegal action raises a RuleError subclass whose message says what was wrong;
the game state is left exactly as it was before the action.
"""


class RuleError(Exception):
    """An action that the rules do not allow."""


class FormatError(ValueError):
    """A malformed text file (position, record, layout).

    The message names the source (file name), the line number when known, and the problem.
    """

    def __init__(self, problem: str, source: "str | None" = None, line: "int | None" = None) -> None:
        self.problem = problem
        self.source = source
        self.line = line
        where = ""
        if source is not None:
            where = str(source)
        if line is not None:
            where = (where + ":" if where else "line ") + str(line)
        # super(): MicroPython's ValueError has no __init__ attribute to call directly.
        super().__init__((where + ": " if where else "") + problem)
