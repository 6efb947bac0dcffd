"""The `boardlight` command line: the top group, with each command module's commands
mounted on it (boardlight.commands; the order does not matter)."""

import sys

import click

from boardcore.errors import FormatError, RuleError

from boardlight import __version__
from boardlight.commands import analyse, cards, device, direct, gamelog, hint, play, render, replay, score

COMMAND_MODULES = (play, replay, score, hint, analyse, render, cards, direct, device, gamelog)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="boardlight")
def cli():
    """boardlight: a table companion for FITS, Zatre and Forbes."""


for _module in COMMAND_MODULES:
    for _command in _module.COMMANDS:
        cli.add_command(_command)


def main(argv=None):
    """Console entry point: rule and format errors become a one-line message and exit 2."""
    try:
        cli.main(args=argv, prog_name="boardlight", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        return 1
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except (FormatError, RuleError) as exc:
        click.echo("error: %s" % exc, err=True)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
