"""Giving a module's heap back on the device: forget whole packages, import them again on use.

A game's rules and screens take 5-20 KB each; the device keeps only those of the mode it
is in. Removing a module means removing it from sys.modules and from its parent package,
which holds it as an attribute.
"""

import sys


def _named(key, names):
    # True for a module named in `names` or inside a package named there.
    for name in names:
        if key.startswith(name) and (len(key) == len(name) or key[len(name)] == "."):
            return True
    return False


def unload(names):
    """Forget every loaded module named in `names`, or inside a package named there
    (dotted names: "boardcore.fits", "screens.zatre", "standalone"). It needs next to no
    heap itself: it runs when the heap is short, to get some back."""
    while True:
        found = None
        for key in sys.modules:  # no copy of the table: one module at a time, then again
            if _named(key, names):
                found = key
                break
        if found is None:
            return
        del sys.modules[found]
        i = found.rfind(".")
        package = sys.modules.get(found[:i]) if i > 0 else None
        if package is not None:
            try:
                delattr(package, found[i + 1 :])
            except AttributeError:
                pass
