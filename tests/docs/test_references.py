"""The repository is its own reference: no file points at the rules or design notes kept
outside it (docs/rules.md is the rules reference), and test files are named after what they
check."""

import re

from conftest import ROOT

FOLDERS = ("shared", "firmware", "host", "tests", "docs", "bench", "hardware")
SUFFIXES = {".py", ".md", ".txt", ".json"}
# Spelled in two parts so that this file does not name them itself.
OUTSIDE = re.compile("(RULES|DESIGN)" + r"\.md")


def _files():
    for folder in FOLDERS:
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in SUFFIXES and path.is_file() and "__pycache__" not in path.parts:
                yield path
    yield ROOT / "README.md"


def test_no_file_cites_notes_outside_the_repository():
    found = ["%s:%d" % (path.relative_to(ROOT), n) for path in _files()
             for n, line in enumerate(path.read_text(errors="replace").splitlines(), 1) if OUTSIDE.search(line)]
    assert found == []


def test_no_test_file_is_named_after_a_review_pass():
    names = [str(p.relative_to(ROOT)) for p in (ROOT / "tests").rglob("test_*.py")
             if re.match(r"test_(audit|gap|review|issue)", p.name)]
    assert names == []
