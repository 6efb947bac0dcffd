"""Every command's --help works, and every command line README.md shows that needs no
device runs as shown (the table UI itself replaced by a recorder: only the command line
is checked here; the line-based game is played, and stops at once)."""

import io
import itertools
import re

import click
import pytest
from click.testing import CliRunner

from boardlight.cli import cli, main
from conftest import ROOT
from session_scripts import play_out

README = (ROOT / "README.md").read_text()

# Commands that drive hardware: the virtual board, a board on a port, a wired matrix, the
# card scanner (and `play --direct`). Their --help is checked; their README lines are not run.
NEEDS_A_DEVICE = ("sim", "deploy", "direct", "cards enrol")
# Commands that need a league server (tests/host/league and tests/e2e run them against one).
NEEDS_A_LEAGUE = ("league",)


def _commands(group, path=()):
    yield path
    if isinstance(group, click.Group):
        for name, command in sorted(group.commands.items()):
            yield from _commands(command, path + (name,))


@pytest.mark.parametrize("path", list(_commands(cli)), ids=lambda p: " ".join(p) or "boardlight")
def test_every_command_has_help(path):
    result = CliRunner().invoke(cli, list(path) + ["--help"], prog_name="boardlight")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Usage: boardlight %s" % " ".join(path))


def _readme_lines():
    """The `boardlight ...` lines of the README's sh blocks and its inline `play ...` ones,
    comments removed."""
    lines = []
    for block in re.findall(r"```sh\n(.*?)```", README, re.S):
        for line in block.splitlines():
            line = line.split("#")[0].strip()
            if line.startswith("boardlight "):
                lines.append(line[len("boardlight "):])
    prose = README.replace("\n", " ")
    lines += re.findall(r"`(?:\.venv/bin/)?boardlight ([^`]*)`", prose)
    lines += re.findall(r"`(play [^`]*)`", prose)
    return lines


def _variants(line):
    """The command lines a README line stands for: each of 'fits|zatre|forbes' (or
    '<game>'), and '[OPTIONAL]' parts left out and given."""
    words = line.replace("<game>", "fits|zatre|forbes").split()
    choices = [w.split("|") if "|" in w and not w.startswith("[") else [w] for w in words]
    out = []
    for chosen in itertools.product(*choices):
        text = " ".join(chosen)
        optional = re.findall(r"\[([^\]]*)\]", text)
        out.append(re.sub(r"\s*\[[^\]]*\]", "", text))
        if optional:
            out.append(re.sub(r"\[([^\]]*)\]", r"\1", text))
    return out


def test_the_readme_shows_the_commands_of_every_section():
    lines = _readme_lines()
    for start in ("play ", "play --resume", "history", "show ", "export ", "score ", "replay ",
                  "hint ", "render ", "sim", "devices", "deploy", "cards "):
        assert any(line.startswith(start) for line in lines), start


def _files(tmp_path, game, record_file):
    """The files a README line names, for `game`: positions, records, a layout, a wiring
    file (FILE is a record when `record_file`, else a position)."""
    fits_doc = (ROOT / "docs" / "fits-formats.md").read_text()
    zatre_doc = (ROOT / "docs" / "zatre-formats.md").read_text()
    positions = {
        "fits": re.findall(r"```fits-position\n(.*?)```", fits_doc, re.S)[0],
        "zatre": re.findall(r"```zatre-position\n(.*?)```", zatre_doc, re.S)[0],
        # One cell empty: `hint forbes` has a stone to place.
        "forbes": "forbes-position 1\nboard SSTC\nboard SSSS\nboard XSST\nboard CSX.\n"
                  "hand Ann SSTC\nhand Bob STXX\n",
    }
    records = {
        "fits": re.findall(r"```fits-record\n(.*?)```", fits_doc, re.S)[0],
        "zatre": re.findall(r"```zatre-record\n(.*?)```", zatre_doc, re.S)[0],
        "forbes": "forbes-match 1\nplayers Ann Bob\nseed 3\ngame dealer Ann\n",
    }
    (tmp_path / "position.txt").write_text(positions[game])
    (tmp_path / "FILE").write_text((records if record_file else positions)[game])
    for name in ("game.txt", "match.txt"):
        (tmp_path / name).write_text(records[game])
    # "Your own board 2": the same spaces as the default, so the docs' position fits it.
    default = (ROOT / "shared" / "boardcore" / "fits" / "boards" / "board2.txt").read_text()
    (tmp_path / "myboard2.txt").write_text(default.replace("\nillustrative\n", "\n"))
    (tmp_path / "wiring.json").write_text("{}")


def _game_of(args):
    for game in ("fits", "zatre", "forbes"):
        if game in args:
            return game
    return "fits"


def test_every_readme_command_line_that_needs_no_device_runs(tmp_path, monkeypatch, capsys):
    from boardlight.sessions.registry import session_class
    from boardlight.store.gamelog import Store
    from boardlight.tui import app as tui_app

    started = []
    monkeypatch.setattr(tui_app, "run_table",
                        lambda session, **kw: started.append(session.GAME) or "playing")
    monkeypatch.chdir(tmp_path)
    db = tmp_path / "games.sqlite3"
    monkeypatch.setenv("BOARDLIGHT_DB", str(db))
    with Store(db) as store:  # a finished game, for the lines that print or export one
        finished = session_class("zatre").start(store, ["Ann", "Bob"], 3)
        play_out(finished)
        finished = finished.row.id
    ran = []
    for line in _readme_lines():
        if line.startswith(NEEDS_A_DEVICE + NEEDS_A_LEAGUE) or "--direct" in line or "--league" in line:
            continue
        for variant in _variants(line):
            args = variant.split()
            if args[0] in ("show", "export"):
                args[1] = str(finished)  # "12": a game number from `boardlight history`
            _files(tmp_path, _game_of(args), args[:2] == ["render", "record"])
            monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
            code = main(args)
            assert code == 0, (variant, capsys.readouterr())
            capsys.readouterr()
            ran.append(args[0])
    assert {"play", "history", "show", "export", "score", "replay", "hint", "render",
            "devices"} <= set(ran)
    assert started  # the table UI lines reached the UI
