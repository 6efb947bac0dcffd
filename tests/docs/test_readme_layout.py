"""The layout table of README.md matches the tree: a row for every top-level folder, every
package of the rules core and the host tool and every folder of the firmware with code, and
no row for a folder that is not there."""

import re
import subprocess

from conftest import ROOT

README = (ROOT / "README.md").read_text()


def _table_folders():
    section = README.split("\n## Layout\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `([^`]+/)` \|", section, re.M)


def _tracked_top_folders():
    # The folders the repository holds (not .venv, caches or build output).
    try:
        out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return {line.split("/")[0] + "/" for line in out.splitlines() if "/" in line}


def _packages(top):
    return {str(p.relative_to(ROOT)) + "/" for p in [top, *top.iterdir()]
            if p.is_dir() and (p / "__init__.py").is_file()}


def test_every_row_is_a_folder_of_the_tree():
    assert [f for f in _table_folders() if not (ROOT / f).is_dir()] == []


def test_every_top_level_folder_has_a_row():
    top = _tracked_top_folders()
    if top is None:  # not a git checkout (an sdist): the folders on disk, hidden ones aside
        top = {p.name + "/" for p in ROOT.iterdir() if p.is_dir() and not p.name.startswith(".")}
    expected = {"host/boardlight/" if f == "host/" else "shared/boardcore/" if f == "shared/" else f for f in top}
    assert sorted(expected - set(_table_folders())) == []


def test_every_package_of_the_core_and_the_host_has_a_row():
    wanted = _packages(ROOT / "shared" / "boardcore") | _packages(ROOT / "host" / "boardlight")
    wanted |= {str(p.relative_to(ROOT)) + "/" for p in (ROOT / "firmware").iterdir()
               if p.is_dir() and any(p.glob("*.py"))}
    assert sorted(wanted - set(_table_folders())) == []


def test_the_table_has_no_row_twice():
    rows = _table_folders()
    assert len(rows) == len(set(rows))
