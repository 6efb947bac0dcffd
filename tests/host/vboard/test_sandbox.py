"""The virtual board's filesystem is its flash folder and nothing else: mpremote lists,
copies and removes the board's files, with their sizes, and no path leaves the folder."""

import os
import subprocess
import sys
import time

import pytest

from boardlight.vboard.board import VirtualBoard


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    # The flash folder in a folder of its own: the test below checks that folder is left
    # as it was, which a shared /tmp (other boards come and go there) would not show.
    with VirtualBoard(flash=tmp_path_factory.mktemp("sandbox") / "flash") as b:
        b.wait_firmware(15)
        yield b


def mpremote(board, *args, ok=True):
    done = subprocess.run([sys.executable, "-m", "mpremote", "connect", board.port, *args],
                          capture_output=True, text=True, timeout=30)
    if ok:
        assert done.returncode == 0, done.stdout + done.stderr
    return done


def listing(out):
    """{name: size} from `mpremote fs ls` output ("    105 main.py", "      0 lib/")."""
    rows = [line.split(None, 1) for line in out.splitlines()[1:] if line.strip()]
    return {name: int(size) for size, name in rows}


def test_ls_of_the_root_is_the_flash_folder_with_sizes(board):
    got = listing(mpremote(board, "fs", "ls", ":/").stdout)
    want = {}
    for entry in os.scandir(board.flash):
        want[entry.name + "/" if entry.is_dir() else entry.name] = 0 if entry.is_dir() else entry.stat().st_size
    assert got == want
    assert got["main.py"] > 0 and got["app.mpy"] > 0 and got["lib/"] == 0
    inner = listing(mpremote(board, "fs", "ls", ":/lib/boardcore/fits/boards").stdout)
    folder = board.flash / "lib" / "boardcore" / "fits" / "boards"
    assert inner == {p.name: p.stat().st_size for p in folder.iterdir()}


def test_cp_mkdir_and_rm_work_inside_the_flash(board, tmp_path):
    src = tmp_path / "note.txt"
    src.write_text("kept on the board\n")
    mpremote(board, "fs", "mkdir", ":notes")
    mpremote(board, "fs", "cp", str(src), ":notes/note.txt")
    assert (board.flash / "notes" / "note.txt").read_text() == "kept on the board\n"
    assert listing(mpremote(board, "fs", "ls", ":notes").stdout) == {"note.txt": 18}
    mpremote(board, "fs", "rm", ":/notes/note.txt")
    mpremote(board, "fs", "rmdir", ":notes")
    assert not (board.flash / "notes").exists()


ESCAPES = r"""
import os
tried = []
def attempt(what, fn):
    try:
        fn()
        tried.append(what + " ok")
    except OSError as e:
        tried.append(what + " refused")
attempt("write /..", lambda: open("/../escaped.txt", "w").write("x"))
attempt("write ../..", lambda: open("../../escaped.txt", "w").write("x"))
attempt("write lib/../..", lambda: open("lib/../../escaped.txt", "w").write("x"))
attempt("mkdir ..", lambda: os.mkdir("../escaped"))
attempt("rename to ..", lambda: os.rename("board.json", "../escaped.json"))
attempt("list /..", lambda: os.listdir("/.."))
attempt("chdir ..", lambda: os.chdir(".."))
attempt("write host path", lambda: open(%r, "w").write("x"))
print(";".join(tried))
print(os.getcwd(), sorted(os.listdir("/")) == sorted(os.listdir("")))
"""


def test_no_path_leaves_the_flash(board, tmp_path):
    outside = tmp_path / "outside.txt"
    parent = board.flash.parent
    before = set(os.listdir(parent))
    out = mpremote(board, "exec", ESCAPES % str(outside)).stdout.splitlines()
    assert out[0].split(";") == [
        "write /.. refused", "write ../.. refused", "write lib/../.. refused", "mkdir .. refused",
        "rename to .. refused", "list /.. refused", "chdir .. refused",
        # A path of this computer is a path in the flash: its folders are not there.
        "write host path refused",
    ]
    assert out[1] == "/ True"
    assert set(os.listdir(parent)) == before and not outside.exists()
    assert (board.flash / "board.json").exists()


def test_imports_resolve_as_on_a_board(board):
    out = mpremote(board, "exec", "import sys, app; print(sys.path); print(app.__file__)").stdout.split("\n")
    assert out[0] == "['', '.frozen', '/lib']"
    assert out[1] == "app.mpy"


MEASURE = """import gc, os
os.stat("main.py"); os.listdir("/"); open("main.py").close(); os.statvfs("/"); os.chdir("/"); os.getcwd()
gc.collect()
print("LIVE %d" % gc.mem_alloc())
"""


def test_a_board_with_a_romfs_partition_imports_its_modules_from_rom(tmp_path):
    with VirtualBoard(install="rom") as rom_board:
        rom_board.wait_firmware(15)
        assert sorted(os.listdir(rom_board.flash)) == ["board.json", "board.ok", "main.py"]
        out = mpremote(rom_board, "exec", "import sys, app; print(sys.path); print(app.__file__)").stdout.split("\n")
        assert out[0] == "['', '.frozen', '/rom', '/rom/lib', '/lib']"
        assert out[1] == "/rom/app.mpy"
        # The ROM holds the compiled image's files: names and sizes, and bytes as built.
        from boardlight import image

        built = image.image_dir("virtual") / "lib" / "boardcore"
        listed = listing(mpremote(rom_board, "fs", "ls", ":/rom/lib/boardcore").stdout)
        assert sorted(listed) == sorted(p.name + ("/" if p.is_dir() else "") for p in built.iterdir())
        assert {n: size for n, size in listed.items() if not n.endswith("/")} == {
            p.name: p.stat().st_size for p in built.iterdir() if p.is_file()}
        mpremote(rom_board, "fs", "cp", ":/rom/lib/boardcore/digits.mpy", str(tmp_path / "digits.mpy"))
        assert (tmp_path / "digits.mpy").read_bytes() == (built / "digits.mpy").read_bytes()


def test_the_rom_cannot_be_written():
    with VirtualBoard(install="rom") as rom_board:
        rom_board.wait_firmware(15)
        done = mpremote(rom_board, "exec", "open('/rom/app.mpy', 'wb')", ok=False)
        assert done.returncode != 0 and "OSError" in done.stdout + done.stderr


def test_the_filesystem_keeps_less_heap_than_the_interpreter_is_given_for_it(tmp_path):
    # The bridge starts the unix port with SANDBOX_HEAP more than the heap asked for, so
    # that the firmware has what a board of that size leaves it: the mounted filesystem,
    # every method used once, must fit in it. (A ROMFS partition's mount is not in it: a
    # board keeps that on its heap too.)
    from boardlight.vboard.bridge import SANDBOX_HEAP
    from conftest import FIGURES, MICROPYTHON

    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "main.py").write_text(MEASURE)
    with VirtualBoard(flash=flash, install=None) as board:
        end = time.monotonic() + 10
        while b"LIVE" not in board.bridge.output_log and time.monotonic() < end:
            time.sleep(0.02)
        boxed = int(bytes(board.bridge.output_log).split(b"LIVE ")[1].split()[0])
    bare = subprocess.run([str(MICROPYTHON), "-X", "heapsize=96k", "main.py"], cwd=flash, capture_output=True, text=True,
                          env=dict(os.environ, MICROPYPATH=".frozen" + os.pathsep + str(flash)), timeout=30)
    alone = int(bare.stdout.split("LIVE ")[1].split()[0])
    assert 0 < boxed - alone <= SANDBOX_HEAP, (boxed, alone)
    FIGURES["virtual board's filesystem on the heap"] = "%d bytes (given %d)" % (boxed - alone, SANDBOX_HEAP)
