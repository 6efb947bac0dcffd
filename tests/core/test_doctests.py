"""The examples in the rules core's docstrings run as written: every `>>>` line of every
module of shared/boardcore must give the output printed under it (on CPython; the same
code runs on MicroPython in the conformance scenarios)."""

import doctest
import importlib
import pkgutil

import pytest

import boardcore

MODULES = sorted(name for _, name, _ in pkgutil.walk_packages(boardcore.__path__, "boardcore."))


def _tests(name):
    module = importlib.import_module(name)
    # exclude_empty: a module without examples yields no test, not an empty one.
    return [t for t in doctest.DocTestFinder(exclude_empty=True).find(module, name) if t.examples]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in _tests(name):
        runner.run(test)
    failed, attempted = runner.summarize(verbose=False)
    assert failed == 0, "%d of %d examples in %s failed (see the output above)" % (failed, attempted, name)


def test_the_games_and_their_text_formats_have_examples():
    wanted = ["boardcore.%s.%s" % (game, job) for game in ("fits", "zatre", "forbes") for job in ("game", "record")]
    wanted += ["boardcore.%s.position" % game for game in ("fits", "zatre", "forbes")] + ["boardcore.textfile"]
    assert [name for name in wanted if not _tests(name)] == []
