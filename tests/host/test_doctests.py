"""The examples in the host's docstrings run as written: every `>>>` line of every module of
host/boardlight that has one must give the output printed under it."""

import doctest
import importlib
import re

import pytest

from conftest import ROOT

HOST = ROOT / "host" / "boardlight"
EXAMPLE = re.compile(r"^\s*>>> ", re.M)


def _module_name(path):
    parts = list(path.relative_to(HOST.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


# Only the modules whose source holds an example are imported (the others pull in the UI,
# the web server and the serial port for nothing).
MODULES = sorted(_module_name(p) for p in HOST.rglob("*.py") if EXAMPLE.search(p.read_text()))


def _tests(name):
    module = importlib.import_module(name)
    return [t for t in doctest.DocTestFinder(exclude_empty=True).find(module, name) if t.examples]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    tests = _tests(name)
    assert tests, "%s has a '>>>' line outside any docstring the doctests read" % name
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in tests:
        runner.run(test)
    failed, attempted = runner.summarize(verbose=False)
    assert failed == 0, "%d of %d examples in %s failed (see the output above)" % (failed, attempted, name)


def test_the_small_pure_helpers_have_examples():
    wanted = ["boardlight.commands.params", "boardlight.render.text.fits", "boardlight.render.text.scores",
              "boardlight.tui.device_names", "boardlight.tui.intents", "boardlight.computer.seats",
              "boardlight.stats.night", "boardlight.sessions.results"]
    assert [name for name in wanted if name not in MODULES or not _tests(name)] == []
