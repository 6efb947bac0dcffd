"""The virtual board's ROMFS partition is mapped as a board's flash is: its bytes where
flashrom.py says, and read-only (a write faults, as on flash mapped for execute in place)."""

import ctypes
import signal
import subprocess
import sys

from boardlight.vboard import flashrom


def test_the_image_is_mapped_byte_for_byte(tmp_path):
    image = tmp_path / "romfs.img"
    image.write_bytes(bytes(range(256)) * 40)
    address, size = flashrom.map_read_only(str(image))
    assert size == 10240
    assert ctypes.string_at(address, size) == image.read_bytes()


def test_a_write_to_the_mapped_image_faults(tmp_path):
    image = tmp_path / "romfs.img"
    image.write_bytes(b"\xd2\xcd\x31" + bytes(100))
    code = ("import ctypes, sys\nfrom boardlight.vboard import flashrom\n"
            "address, size = flashrom.map_read_only(sys.argv[1])\n"
            "ctypes.memset(address, 0, 1)\nprint('written')\n")
    done = subprocess.run([sys.executable, "-c", code, str(image)], capture_output=True, text=True, timeout=30)
    assert done.returncode in (-signal.SIGSEGV, -signal.SIGBUS), (done.returncode, done.stdout, done.stderr)
    assert "written" not in done.stdout
    assert image.read_bytes() == b"\xd2\xcd\x31" + bytes(100)


def test_a_missing_image_is_an_error_naming_it(tmp_path):
    done = subprocess.run([sys.executable, flashrom.__file__, str(tmp_path / "none.img")],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 1
    assert done.stderr == "flashrom.py: cannot map the ROMFS image %s: No such file or directory\n" % (tmp_path / "none.img")
