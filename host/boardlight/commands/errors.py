"""The command line's two kinds of failure, each a one-line "error: ..." (boardlight.cli).

- BadInput, exit 2: what the user gave cannot be used: an option's value, a file that is
  missing, not UTF-8, not JSON or against its format or the rules, a game number not in
  the log, a card code never enrolled.
- Failure, exit 1: something outside the command line failed: the device or its port,
  mpremote, the virtual board, writing a file or the game log, a damaged game log.
"""

import click


class BadInput(click.ClickException):
    exit_code = 2


class Failure(click.ClickException):
    exit_code = 1
