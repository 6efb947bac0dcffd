"""The Zatre and Forbes file commands: a file saved by a Windows editor (UTF-8 with a BOM)
reads like the FITS files do, and a file that cannot be read is a one-line error with exit
status 2, not a traceback."""

import builtins

import pytest

from conftest import ROOT

from boardlight.cli import main


def _doc_block(page, kind):
    text = (ROOT / "docs" / page).read_text()
    start = text.index("```" + kind + "\n") + len(kind) + 4
    return text[start:text.index("```", start)]


@pytest.mark.parametrize("command, kind, key", [
    (["replay", "zatre"], "zatre-record", '"turns": 4'),
    (["hint", "zatre"], "zatre-position", '"player": "Ann"'),
])
def test_zatre_files_with_a_bom_are_read(tmp_path, capsys, command, kind, key):
    path = tmp_path / "game.txt"
    path.write_bytes(b"\xef\xbb\xbf" + _doc_block("zatre-formats.md", kind).encode("utf-8"))
    assert main(command + [str(path)]) == 0
    assert key in capsys.readouterr().out


@pytest.mark.parametrize("command", [["replay", "zatre"], ["hint", "zatre"],
                                     ["replay", "forbes"], ["score", "forbes"]])
def test_an_unreadable_file_is_a_one_line_error(tmp_path, capsys, monkeypatch, command):
    path = tmp_path / "locked.txt"
    path.write_text("x\n")
    real_open = builtins.open

    def refusing_open(file, *args, **kwargs):
        if str(file) == str(path):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", refusing_open)
    assert main(command + [str(path)]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "error: %s: cannot read file (Permission denied)" % path


def test_hint_zatre_reads_a_record_that_starts_with_a_comment(tmp_path, capsys):
    # Both formats skip '#' lines, and replay read this record; hint took it for a position
    # ("the first line must be 'zatre position'").
    path = tmp_path / "game.txt"
    path.write_text("# Tuesday's game\n\n" + _doc_block("zatre-formats.md", "zatre-record"))
    assert main(["hint", "zatre", str(path)]) == 0
    out = capsys.readouterr().out
    assert '"player": "Ann"' in out and '"hand": [\n    2,\n    6\n  ]' in out


def test_hint_zatre_names_both_formats_when_the_file_is_neither(tmp_path, capsys):
    path = tmp_path / "other.txt"
    path.write_text("FITS board 1\n")
    assert main(["hint", "zatre", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "error: %s: the first line must be 'zatre position' or 'zatre record'" % path
