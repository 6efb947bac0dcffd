"""The `boardlight` command line: the top group, with each command module's commands
mounted on it (boardlight.commands; the order does not matter).

Every failure is one line on standard error, "error: ..." (a usage error after the usage
line), and one of two exit codes (README, "Exit codes"):

  0  done
  2  bad input: an option or argument the command cannot use, a file that is missing,
     not UTF-8, not JSON or against its format or the rules, a game number not in the
     log, a card code never enrolled (commands.errors.BadInput, click's usage errors,
     boardcore's FormatError and RuleError)
  1  a failure of the world: a device that does not answer, a port, mpremote, the
     virtual board, a file or the game log that cannot be written, a damaged game log
     (commands.errors.Failure); also Ctrl-C ("aborted")
"""

import sys
from collections.abc import Sequence
from typing import Any, Literal, NoReturn, overload

import click

from boardcore.errors import FormatError, RuleError

from boardlight import __version__
from boardlight.commands import (analyse, cards, device, direct, gamelog, hint, league, night,
                                 play, render, replay, score, stats)
from boardlight.commands.group import Group
from boardlight.invocation import program

COMMAND_MODULES = (play, replay, score, hint, analyse, render, cards, direct, device, gamelog,
                   stats, night, league)


def _say(message: object) -> None:
    click.echo("error: %s" % message, err=True)


def report(exc: Exception) -> int:
    """Print an exception of the command line as its one line; its exit code."""
    if isinstance(exc, click.UsageError):
        ctx = exc.ctx
        if ctx is not None:
            click.echo(ctx.get_usage(), err=True)
            click.echo("Try '%s -h' for help.\n" % ctx.command_path, err=True)
        _say(exc.format_message())
        return 2
    if isinstance(exc, click.ClickException):
        _say(exc.format_message())
        return exc.exit_code
    if isinstance(exc, (FormatError, RuleError)):
        _say(exc)
        return 2
    if isinstance(exc, click.exceptions.Abort):
        click.echo("aborted", err=True)
        return 1
    raise exc


class Boardlight(Group):
    """The top group: its main() reports errors by the convention above, whether run as
    the program or by click's test runner."""

    @overload
    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: Literal[True] = True,
             **extra: Any) -> NoReturn: ...

    @overload
    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = ...,
             **extra: Any) -> int: ...

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             **extra: Any) -> int:
        try:
            result = super().main(args, prog_name or program(), complete_var, standalone_mode=False,
                                  **extra)
            code = result if isinstance(result, int) and not isinstance(result, bool) else 0
        except (click.ClickException, click.exceptions.Abort, FormatError, RuleError) as exc:
            code = report(exc)
        if standalone_mode:
            sys.exit(code)
        return code


@click.group(cls=Boardlight, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="boardlight")
def cli() -> None:
    """boardlight: a table companion for FITS, Zatre and Forbes."""


for _module in COMMAND_MODULES:
    for _command in _module.COMMANDS:
        cli.add_command(_command)


def main(argv: Sequence[str] | None = None) -> int:
    """Console entry point: runs the command line and returns its exit code."""
    return cli.main(args=argv, standalone_mode=False)


if __name__ == "__main__":
    sys.exit(main())
