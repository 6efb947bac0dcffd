"""Giving a module's heap back on the device: forget whole packages, import them again on use.

A game's rules and screens take 5-20 KB each; the device keeps only those of the mode it
is in. Removing a module means removing it from sys.modules and from its parent package,
which holds it as an attribute.
"""

import sys


def unload(names):
    """Forget every loaded module named in `names`, or inside a package named there
    (dotted names: "boardcore.fits", "screens.zatre", "standalone")."""
    for key in list(sys.modules):
        for name in names:
            if key == name or key.startswith(name + "."):
                del sys.modules[key]
                parent, _, child = key.rpartition(".")
                package = sys.modules.get(parent) if parent else None
                if package is not None:
                    try:
                        delattr(package, child)
                    except AttributeError:
                        pass
                break
