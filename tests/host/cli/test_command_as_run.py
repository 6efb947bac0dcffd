"""Messages name the command as the user ran it: after `make play` the program is
.venv/bin/boardlight, which is not on PATH, and "`boardlight play --resume`" sent people
to "command not found"."""

import os
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

from boardlight import invocation

VENV_BIN = Path(sys.executable).parent


def _run(argv, tmp_path):
    env = dict(os.environ, PATH="/usr/bin:/bin", BOARDLIGHT_DB=str(tmp_path / "log.sqlite3"))
    return subprocess.run(argv + ["play", "zatre", "--players", "Ann,Bob", "--plain"],
                          input="quit\n", capture_output=True, text=True, cwd=ROOT, env=env,
                          timeout=60)


def test_the_venv_program_is_named_by_its_path(tmp_path):
    program = os.path.relpath(VENV_BIN / "boardlight", ROOT)
    done = _run([program], tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Game 1 is saved: `%s play --resume --plain` continues it." % program in done.stdout


def test_python_dash_m_boardlight_is_named_so(tmp_path):
    done = _run([sys.executable, "-m", "boardlight"], tmp_path)
    assert done.returncode == 0, done.stderr
    # The venv's python is not on that PATH: named by its path from the current folder.
    python = os.path.relpath(sys.executable, ROOT)
    assert "`%s -m boardlight play --resume --plain`" % python in done.stdout


def test_usage_lines_name_it_too(tmp_path):
    program = os.path.relpath(VENV_BIN / "boardlight", ROOT)
    env = dict(os.environ, PATH="/usr/bin:/bin")
    done = subprocess.run([program, "play", "fits", "--seed", "x"], capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=60)
    assert done.returncode == 2
    assert done.stderr.startswith("Usage: %s play fits [OPTIONS]" % program)


def test_the_program_as_found_on_path(monkeypatch, tmp_path):
    script = tmp_path / "boardlight"
    script.write_text("")
    monkeypatch.setattr(invocation.shutil, "which", lambda name: str(script) if name == "boardlight" else None)
    assert invocation.program(str(script)) == "boardlight"
    monkeypatch.setattr(invocation.shutil, "which", lambda name: None)
    assert invocation.program(".venv/bin/boardlight") == ".venv/bin/boardlight"
    # Run some other way (a test runner, an import): the plain name.
    assert invocation.program("/usr/bin/pytest") == "boardlight"
    assert invocation.command("history") == "boardlight history"
