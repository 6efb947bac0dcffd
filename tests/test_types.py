"""The core and the host type-check: mypy, pinned in the test extra and configured in
pyproject.toml ([tool.mypy]: every function of shared/boardcore and host/boardlight
annotated), finds no error. A run from an empty cache takes seconds, which `make
test-fast` saves: `make test` runs it."""

import subprocess
import sys

import pytest

from conftest import ROOT


@pytest.mark.slow
def test_mypy_finds_no_error_in_the_core_or_the_host(tmp_path):
    # A cache of its own: one left by a run over a single file can report false errors.
    proc = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache")],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "no issues found" in proc.stdout
