# The virtual board's flash: the unix port's filesystem, rooted at the flash folder.
#
# The bridge (boardlight/vboard/bridge.py) runs this file before anything else, then
# `_flash()` and `import main`, in the flash folder (BOARDLIGHT_FLASH). _flash() replaces
# the unix port's view of the whole computer by the folder: VfsPosix rooted there, mounted
# at "/", behind a check that refuses any path with ".." in it (VfsPosix would pass it on
# as it is, and "/.." would be the folder's parent). So the firmware, mpremote's fs
# commands and the REPL see the board's files and nothing else, as on a board. It then
# sets the import path a board has. It lives outside the flash (no image holds it):
# nothing on the flash can undo it.
#
# Frugal on purpose, as all it keeps comes out of the board's heap: stat() and open(),
# which every import calls, allocate nothing (garbage made between the modules being
# loaded would leave the heap too fragmented to boot at 96 KB), and its names are ones
# MicroPython already holds (dir, file, length, method, ...: each new name would be
# interned for good, in the table the firmware's names fill).


def _flash():
    import os
    import sys

    import vfs

    src = vfs.VfsPosix(os.getenv("BOARDLIGHT_FLASH"))  # the folder, as the unix port sees it

    class FlashFS:
        # The VFS protocol (what vfs.mount takes).
        def stat(self, path):
            if ".." in path:
                raise OSError(13)  # EACCES: ".." could leave the flash
            return src.stat(path)

        def open(self, path, mode):
            if ".." in path:
                raise OSError(13)
            return src.open(path, mode)

        def ilistdir(self, path):
            # With each file's size, as a board's filesystem lists them (VfsPosix gives
            # none: mpremote ls showed every size as 0).
            if ".." in path:
                raise OSError(13)
            dir = path.rstrip("/") + "/" if path else ""
            for file in src.ilistdir(path):
                length = src.stat(dir + file[0])[6] if file[1] == 0x8000 else 0
                yield (file[0], file[1], file[2], length)

        def __getattr__(self, name):
            # mount, umount, getcwd as they are; statvfs, mkdir, remove, rmdir, chdir and
            # rename behind the check.
            value = getattr(src, name)
            if name in ("mount", "umount", "getcwd"):
                return value

            def method(path, dest=""):
                if ".." in path or ".." in dest:
                    raise OSError(13)
                return value(path, dest) if dest else value(path)

            return method

    try:
        vfs.umount("/")  # the unix port's own: the whole computer
    except OSError:
        pass
    vfs.mount(FlashFS(), "/")
    os.chdir("/")
    sys.path[:] = ["", ".frozen", "/lib"]  # as on a board
    del globals()["_flash"]  # the REPL's globals start as a board's do
