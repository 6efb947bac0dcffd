"""The rules core type-checks: mypy, pinned in the test extra and configured in
pyproject.toml ([tool.mypy]), finds no error in shared/boardcore."""

import subprocess
import sys

from conftest import ROOT


def test_mypy_finds_no_error_in_the_core():
    proc = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "no issues found" in proc.stdout
