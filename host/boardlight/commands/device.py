"""`boardlight sim`, `boardlight deploy`, `boardlight devices`: the device side of the CLI."""

from __future__ import annotations

import signal
import sys
import time
from pathlib import Path
from collections.abc import Callable
from typing import Any

import click

from boardlight.commands.errors import Failure
from boardlight.commands.params import BoardFile, BoardFileValue


class HeapSize(click.ParamType):
    """--heap: MicroPython's heap size ("96k", "1m", "98304"), as the virtual board takes it."""

    name = "size"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> str:
        from boardlight.vboard.board import VirtualBoardError, heap_bytes

        try:
            heap_bytes(value)
        except VirtualBoardError as exc:
            self.fail(str(exc), param, ctx)
        return str(value).strip()


@click.command()
@click.option("--flash", type=click.Path(file_okay=False), help="Folder that stands for the board's flash (kept). Default: a temporary one.")
@click.option("--board", type=BoardFile("virtual"), default="virtual", show_default=True,
              help="Board file name or .json path (display kind virtual). With --flash: the one its board.json names, if it has one.")
@click.option("--source", is_flag=True, help="Run the firmware from .py sources instead of .mpy files (a --flash folder gets them).")
@click.option("--rom", is_flag=True,
              help="Put the firmware in a ROMFS partition, as on a board that has one: its bytecode runs in place, out of the heap.")
@click.option("--heap", type=HeapSize(), default="96k", show_default=True,
              help="MicroPython heap size, as on a microcontroller.")
@click.option("--no-tty", is_flag=True, help="Do not draw the matrix; print the port and run until Ctrl-C (or SIGTERM).")
def sim(flash: str | None, board: BoardFileValue, source: bool, rom: bool, heap: str, no_tty: bool) -> None:
    """Run the virtual board: the real firmware on the MicroPython unix port behind a
    pseudo-terminal, its LED matrix drawn live here, keys as its buttons."""
    from boardlight.vboard.board import VirtualBoard, VirtualBoardError

    if source and rom:
        raise click.UsageError("--source and --rom do not go together: a ROMFS partition holds compiled modules")
    # From the start a signal only sets stop.requested: none interrupts the set-up or the
    # clean-up (which a KeyboardInterrupt raised anywhere in them would cut short).
    with _Stop() as stop:
        config, given = board.config, board.given
        install: str | None = "source" if source else "rom" if rom else "mpy"
        if flash is not None and (Path(flash) / "main.py").exists():
            folder = Path(flash)
            own = folder / "board.json"
            if not (source or rom or _left_by_a_rom_run(folder)):
                install = None  # a flash folder that holds firmware keeps it, as a board would
                if own.exists() and _board_defaulted():
                    config = _flash_board(own, quiet=True) or config  # what the board will run
            elif own.exists() and _board_defaulted():
                # The firmware goes in again (--source or --rom asked for it; a ROMFS partition
                # does not outlive its run, and left no modules on the flash), under the board
                # file the flash already has.
                given, config = str(own), _flash_board(own)
        try:
            vb = VirtualBoard(flash=flash, install=install, board=given, heap=heap)
        except VirtualBoardError as e:
            raise Failure(str(e))
        # The board is closed however this is left.
        try:
            if stop.requested:
                return
            vb.start()
            click.echo("virtual board %s on %s (flash %s)" % (config["name"], vb.port, vb.flash), err=True)
            if no_tty or not sys.stdin.isatty():
                while not stop.requested:
                    time.sleep(0.05)  # a signal taken by another thread does not cut the sleep short
                return
            from boardlight.vboard import term  # termios: after the board could start

            # The terminal's reads block (a card code's line): there a signal interrupts.
            stop.interruptible(lambda: term.run(vb, config["buttons"], config["long_press_ms"]))
        finally:
            vb.close()


def _left_by_a_rom_run(folder: Path) -> bool:
    """The flash of a `--rom` run: the firmware's own main.py, and no modules beside it."""
    from boardlight import image

    main = image.image_dir("virtual") / "main.py"
    return (not any((folder / n).exists() for n in ("app.mpy", "app.py"))
            and (folder / "main.py").read_bytes() == main.read_bytes())


def _flash_board(path: Path, quiet: bool = False) -> Any:
    """The configuration of a flash folder's board.json; Failure naming it (or None, quiet)."""
    from boardlight import deploy

    try:
        return deploy.load_board(str(path))[0]
    except deploy.DeployError as e:
        if quiet:
            return None
        raise Failure("flash folder %s: %s; choose a board file with --board" % (path.parent, e))


def _board_defaulted() -> bool:
    """--board was not given on the command line."""
    from click.core import ParameterSource

    return click.get_current_context().get_parameter_source("board") == ParameterSource.DEFAULT


class _Stop:
    """SIGINT (Ctrl-C), SIGTERM (`kill`) and SIGHUP (its terminal closed) stop the virtual
    board: the interpreter is stopped and a temporary flash folder removed, where the
    default action would leave both behind. A signal ignored from the start (nohup) stays
    ignored. The handlers, set for the `with` block, only note the request, which the
    command polls: a signal that raised in the main thread could land in the board's set-up
    or clean-up and leave an interpreter or a folder behind (a second signal too). Only
    inside interruptible() does the first signal raise KeyboardInterrupt, once."""

    def __init__(self) -> None:
        # Plain flags, no lock: the handler runs in the main thread between any two
        # bytecodes, and would deadlock on a lock the main thread holds (Event.wait's).
        self.requested = False
        self._armed = False
        self._old: dict[int, Any] = {}

    def interruptible(self, run: Callable[[], object]) -> None:
        """run(), which the first signal ends with KeyboardInterrupt (as Ctrl-C would)."""
        try:
            self._armed = True
            try:
                if not self.requested:
                    run()
            finally:
                self._armed = False  # a signal before this raises here: the except takes it
        except KeyboardInterrupt:
            pass  # the handler disarmed itself: a second signal only notes

    def _handle(self, signum: int, frame: object) -> None:
        self.requested = True
        if self._armed:
            self._armed = False
            raise KeyboardInterrupt

    def __enter__(self) -> "_Stop":
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            old = signal.getsignal(sig)
            if old != signal.SIG_IGN:
                self._old[sig] = old
                signal.signal(sig, self._handle)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.requested:
            return  # the command is ending: a late second signal must not kill it (exit 0)
        for sig, old in self._old.items():
            signal.signal(sig, old if old is not None else signal.SIG_DFL)


@click.command("deploy")
@click.option("--port", help="Serial port of the board. Default: the one MicroPython board plugged in.")
@click.option("--board", type=BoardFile("device"),
              help="Board file (firmware/boards/NAME.json or a path). Default: the board.json already on the board.")
@click.option("--source", is_flag=True, help="Copy .py sources instead of compiling with mpy-cross.")
@click.option("--romfs", is_flag=True,
              help="Write the modules to the board's ROMFS partition (their bytecode runs in place, out of the heap); "
                   "the board's MicroPython must have one.")
@click.option("--index", help="Package index URL for mpremote mip (default: micropython.org's).")
def deploy_command(port: str | None, board: BoardFileValue | None, source: bool, romfs: bool,
                   index: str | None) -> None:
    """Compile the firmware and core with mpy-cross, copy them with mpremote, write the
    board configuration, install the packages it needs, and reset the board."""
    if source and romfs:
        raise click.UsageError("--source and --romfs do not go together: a ROMFS partition holds compiled modules")
    from boardlight import deploy
    from boardlight.link.devices import DeviceError, pick_port

    try:
        if port is None:
            port = pick_port()
        name = deploy.board_on_device(port) if board is None else board.given
        summary = deploy.deploy(
            port, name, compiled=not source, log=lambda line: click.echo(line, err=True), packages_from=index,
            romfs=romfs)
    except (deploy.DeployError, DeviceError) as e:
        raise Failure(str(e))  # the board or its port: the command line itself was read
    rom = " (and %d to its ROMFS partition)" % len(summary["rom"]) if summary["rom"] else ""
    click.echo("deployed %d files%s for board %s to %s" % (len(summary["files"]), rom, summary["board"], port))


@click.command()
@click.option("--all", "show_all", is_flag=True, help="List every serial port, not only likely boards.")
def devices(show_all: bool) -> None:
    """List serial ports that look like MicroPython boards (by USB vendor and product id)."""
    from serial.tools import list_ports

    from boardlight.link.devices import find_boards, port_order

    ports = list_ports.comports()
    boards = find_boards(ports)
    for d in boards:
        click.echo(d.line())
    if show_all:
        known = {d.port for d in boards}
        for p in sorted(ports, key=lambda p: port_order(p.device)):
            if p.device not in known:
                ids = "%04x:%04x" % (p.vid, p.pid) if p.vid is not None else "no USB ids"
                click.echo("%s  %s  %s (not a board)" % (p.device, ids, p.description))
    if not boards:
        hint = "" if show_all else "; --all lists them"
        click.echo("no MicroPython boards found (%d serial ports seen%s)" % (len(ports), hint), err=True)


COMMANDS = (sim, deploy_command, devices)
