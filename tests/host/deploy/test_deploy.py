"""`deploy` against the virtual board: compile, copy with mpremote, configure, reset."""

import json
import sys

import pytest

from boardlight import deploy
from boardlight.link.connection import Link
from boardlight.vboard.board import VirtualBoard


def test_deploy_to_an_empty_board_then_the_firmware_answers(tmp_path):
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "app.py").write_text("raise SystemExit('an old app.py that would shadow app.mpy')\n")
    with VirtualBoard(flash=flash, install=None) as board:  # a blank board: REPL only
        lines = []
        summary = deploy.deploy(board.port, "virtual", log=lines.append)
        assert summary["board"] == "virtual"
        assert summary["installed"] == [] and summary["builtin"] == []  # virtual needs nothing
        # Everything in the image is on the board; main.py as source, the rest compiled.
        for rel in summary["files"]:
            assert (flash / rel).exists(), rel
        assert "main.py" in summary["files"] and "app.mpy" in summary["files"]
        assert "lib/boardcore/protocol/codec.mpy" in summary["files"]
        assert (flash / "app.mpy").read_bytes()[:1] == b"M"  # the .mpy magic byte
        assert not (flash / "app.py").exists()  # the shadowing source was removed
        assert json.loads((flash / "board.json").read_text())["name"] == "virtual"
        assert lines[-1].startswith("reset ")
        # After the reset the firmware runs and shakes hands.
        board.wait_firmware(15)
        with Link(board.port) as link:
            info = link.wait_connected(10)
            assert (info["board"], info["fw"]) == ("virtual", "0.1.0")


def test_packages_built_into_the_board_are_not_installed(tmp_path):
    # The OLED board needs micropython-lib's ssd1306. Here the board already has a module
    # of that name, so deploy must see it and not call mip (no network needed).
    flash = tmp_path / "flash"
    (flash / "lib").mkdir(parents=True)
    (flash / "lib" / "ssd1306.py").write_text("# stands in for a frozen ssd1306\n")
    assert deploy.required_packages(deploy.load_board("pico-oled")[0]) == ["ssd1306"]
    with VirtualBoard(flash=flash, install=None) as board:
        summary = deploy.deploy(board.port, "pico-oled", log=lambda line: None, check_platform=False)
    assert summary["builtin"] == ["ssd1306"] and summary["installed"] == []


def test_bad_board_file_names_the_field(tmp_path):
    bad = tmp_path / "mine.json"
    config = json.loads((deploy.BOARDS / "virtual.json").read_text())
    del config["buttons"]["next"]
    bad.write_text(json.dumps(config))
    with pytest.raises(deploy.DeployError, match=r"mine.json: buttons.next: missing"):
        deploy.load_board(str(bad))
    with pytest.raises(deploy.DeployError, match=r"no board 'nosuch' \(boards: .*virtual"):
        deploy.load_board("nosuch")


def test_a_linux_board_file_is_not_deployed():
    # raspberry-pi.json is for `boardlight direct` on the Pi: refused before any port is opened.
    with pytest.raises(deploy.DeployError, match=r"board file raspberry-pi is for a matrix wired to a Linux computer"):
        deploy.deploy("/dev/no-such-port", "raspberry-pi", log=lambda line: None)


def test_missing_packages_are_installed_with_mip_from_an_index(tmp_path):
    # An offline package index in micropython-lib's layout (what `mpremote mip` reads):
    # package/<mpy version>/<name>/latest.json lists files by sha256 prefix, served from
    # file/<first two hex digits>/<prefix>.
    import hashlib
    import http.server
    import threading
    from functools import partial

    index = tmp_path / "index"
    module = b"# an ssd1306 stand-in from the test index\nclass SSD1306_I2C:\n    pass\n"
    short = hashlib.sha256(module).hexdigest()[:8]
    (index / "file" / short[:2]).mkdir(parents=True)
    (index / "file" / short[:2] / short).write_bytes(module)
    # The unix port reports sys.implementation._mpy = 2822: its low byte, 6, names the folder.
    pkg = index / "package" / "6" / "ssd1306"
    pkg.mkdir(parents=True)
    (pkg / "latest.json").write_text(json.dumps({"hashes": [["ssd1306.py", short]], "version": "0.1"}))
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), partial(Quiet, directory=str(index)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        flash = tmp_path / "flash"
        flash.mkdir()
        with VirtualBoard(flash=flash, install=None) as board:
            url = "http://127.0.0.1:%d" % server.server_address[1]
            summary = deploy.deploy(board.port, "pico-oled", log=lambda line: None, packages_from=url,
                                    check_platform=False)
    finally:
        server.shutdown()
        server.server_close()
    assert summary["installed"] == ["ssd1306"] and summary["builtin"] == []
    assert (flash / "lib" / "ssd1306.py").read_bytes() == module


def test_a_romfs_deploy_to_a_board_without_a_partition_writes_nothing(tmp_path):
    # The unix port has no ROMFS partition to write (no vfs.rom_ioctl): the deploy says so
    # before touching the board: its files are left as they were.
    with VirtualBoard(flash=tmp_path / "flash") as board:
        before = {p: p.read_bytes() for p in board.flash.rglob("*") if p.is_file()}
        with pytest.raises(deploy.DeployError) as err:
            deploy.deploy(board.port, "virtual", log=lambda line: None, romfs=True)
        said = str(err.value)
        assert said.startswith("the board on %s has no ROMFS partition of " % board.port)
        assert "its MicroPython has no ROMFS support" in said and "nothing was written" in said
        assert {p: p.read_bytes() for p in board.flash.rglob("*") if p.is_file()} == before


def test_the_removal_before_a_romfs_deploy_leaves_nothing_that_hides_the_rom(tmp_path):
    # Run on the board as deploy --romfs runs it, over a flash an earlier deploy filled:
    # every module and source goes, and every folder that leaves empty (an empty folder
    # is a package to MicroPython, found before /rom's); a maker's own module stays.
    import subprocess
    import sys

    from boardlight import image

    with VirtualBoard(flash=tmp_path / "flash") as board:
        board.wait_firmware(15)
        (board.flash / "lib" / "keep.py").write_text("# a maker's own module\n")
        (board.flash / "app.py").write_text("# an old source\n")
        script = "import os\n" + deploy._remove_script(*image.shadows("virtual"))
        done = subprocess.run([sys.executable, "-m", "mpremote", "connect", board.port, "exec", script],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stdout + done.stderr
        left = sorted(p.relative_to(board.flash).as_posix() for p in board.flash.rglob("*"))
    assert left == ["board.json", "board.ok", "lib", "lib/keep.py", "main.py"]


def test_the_check_before_a_romfs_deploy_finds_a_makers_file_in_a_firmware_folder(tmp_path):
    # Run on the board as deploy --romfs runs it, before anything is written.
    import subprocess
    import sys

    from boardlight import image

    check = deploy._strangers_check(*image.shadows("virtual"))
    with VirtualBoard(flash=tmp_path / "flash") as board:
        board.wait_firmware(15)

        def run():
            return subprocess.run([sys.executable, "-m", "mpremote", "connect", board.port, "exec", check],
                                  capture_output=True, text=True, timeout=60)

        assert run().returncode == 0  # a flash an earlier deploy filled: nothing of its own
        (board.flash / "lib" / "keep.py").write_text("# beside the ROM's packages: harmless\n")
        assert run().returncode == 0
        (board.flash / "hw" / "notes.txt").write_text("mine\n")
        (board.flash / "lib" / "boardcore" / "mine.py").write_text("# mine\n")
        done = run()
    assert done.returncode != 0
    assert deploy._STRANGERS_MARK + "hw/notes.txt, lib/boardcore/mine.py" in done.stdout + done.stderr


def test_romfs_and_source_do_not_go_together():
    with pytest.raises(deploy.DeployError, match="--romfs does not go with --source"):
        deploy.deploy("/dev/null", "virtual", compiled=False, romfs=True)


class _FakeVfs:
    """What a board's vfs module answers for ROMFS partition 0."""

    def __init__(self, partition):
        if partition is not None:
            self.rom_ioctl = lambda op, rom_id: partition  # op 2: the partition


class _BlockDevice:
    def __init__(self, blocks, size):
        self.answers = {4: blocks, 5: size}

    def ioctl(self, op, arg):
        return self.answers[op]


@pytest.mark.parametrize("partition, said", [
    (None, "its MicroPython has no ROMFS support"),
    (-19, "its MicroPython has no ROMFS partition"),  # ENODEV: built without one
    (memoryview(bytearray(4096)), "its partition holds 4096 bytes"),
    (_BlockDevice(2, 4096), "its partition holds 8192 bytes"),
    (memoryview(bytearray(65536)), None),
    (_BlockDevice(16, 4096), None),
])
def test_the_romfs_check_reads_the_partition_as_mpremote_does(monkeypatch, partition, said):
    monkeypatch.setitem(sys.modules, "vfs", _FakeVfs(partition))
    check = deploy._romfs_check(60000)
    if said is None:
        exec(check, {})
    else:
        with pytest.raises(OSError) as err:
            exec(check, {})
        assert str(err.value) == deploy._ROMFS_MARK + said
