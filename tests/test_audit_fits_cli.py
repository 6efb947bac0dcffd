"""Audit of the FITS commands as a user runs them: bad files, bad typed input."""

from boardlight.cli import main


def test_binary_files_are_a_clear_error_not_a_traceback(tmp_path, capsys):
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"\xff\xfe\x00FITS")
    assert main(["score", "fits", str(junk)]) == 2
    assert "junk.bin: not a text file" in capsys.readouterr().err
    assert main(["replay", "fits", str(junk)]) == 2
    assert "junk.bin: not a text file" in capsys.readouterr().err
    pos = tmp_path / "pos.txt"
    pos.write_text("FITS board 2\n" + "".join("%d . . . . . .\n" % r for r in range(12, 0, -1)))
    assert main(["score", "fits", "--layout", str(junk), str(pos)]) == 2
    assert "junk.bin: cannot read layout file (not UTF-8 text)" in capsys.readouterr().err
    assert main(["replay", "fits", "--layout", str(junk), str(pos)]) == 2
    assert "junk.bin: cannot read layout file (not UTF-8 text)" in capsys.readouterr().err
