"""On a computer without pseudo-terminals (Windows) the CLI, the link, deploy and the table
still import: only the virtual board's bridge and terminal need pty and tty, and they are
imported only once the virtual board is known to be able to run."""

import subprocess
import sys

CODE = """
import sys
sys.modules["pty"] = sys.modules["tty"] = None  # importing them now fails, as on Windows
import boardlight.cli, boardlight.deploy, boardlight.image, boardlight.link.connection
import boardlight.tui.app, boardlight.tui.device, boardlight.vboard.board
from boardlight.cli import main
assert main(["play", "fits", "--help"]) == 0
assert main(["sim", "--help"]) == 0
print("imported")
"""


def test_nothing_but_the_virtual_board_needs_pty():
    done = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("imported")
