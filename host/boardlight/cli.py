"""The `boardlight` command line.

Each game keeps its commands in its own module under `boardlight.commands`; this file
only builds the command groups (play, replay, score, hint, ...) and mounts them.
"""

import sys

import click

from boardcore.errors import FormatError, RuleError

from boardlight import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="boardlight")
def cli():
    """boardlight: a table companion for FITS, Zatre and Forbes."""


@cli.group()
def play():
    """Play a game at the table."""


@cli.group()
def replay():
    """Check a game record action by action and print the final scores as JSON."""


@cli.group()
def score():
    """Score a board position and print the breakdown as JSON."""


@cli.group()
def hint():
    """Print the hints for a position as JSON."""


# The modules under boardlight.commands that add commands; each adds its own name here.
COMMAND_MODULES = (
    "cards",
    "fits",
    "render",
    "direct",
    "forbes",
    "zatre",
    "device",
    "table",  # last: wraps each game's `play` as --plain
)


def _mount():
    # Imported here so that `cli` exists before the command modules attach to it.
    # Each module's register(**groups) picks the groups it needs from these.
    import importlib

    groups = {"cli": cli, "play": play, "replay": replay, "score": score, "hint": hint}
    for name in COMMAND_MODULES:
        importlib.import_module(".commands." + name, __package__).register(**groups)


_mount()


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
