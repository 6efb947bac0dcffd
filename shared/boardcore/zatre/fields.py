"""Line helpers shared by the Zatre text formats (zatre_position, zatre_record).

Each raises FormatError(problem, source, line) on bad input.
"""

from boardcore.errors import FormatError

OPTIONS = ("strict_adjacency", "centre_doubles")


def content_lines(text):
    """(line number, stripped text) of the lines that carry content (no blanks, no # comments)."""
    out = []
    n = 0
    for raw in text.split("\n"):
        n += 1
        line = raw.strip()
        if line and not line.startswith("#"):
            out.append((n, line))
    return out


def field(line, name, source, n):
    # "name: value" -> value
    head = name + ":"
    if not line.startswith(head):
        raise FormatError("expected '%s: ...', got %r" % (name, line), source, n)
    return line[len(head):].strip()


def read_players(value, source, n):
    names = [p.strip() for p in value.split(",")]
    if not value or "" in names:
        raise FormatError("players: a comma-separated list of names, got %r" % value, source, n)
    if len(names) > 6:
        raise FormatError("Zatre takes 1 to 6 players, got %d" % len(names), source, n)
    for p in names:
        if ":" in p or " " in p or "\t" in p:
            raise FormatError("a player name may not contain ':' or spaces: %r" % p, source, n)
    if len(set(names)) != len(names):
        raise FormatError("player names must differ: %s" % value, source, n)
    return names


def read_options(value, source, n):
    opts = {"strict_adjacency": False, "centre_doubles": False}
    for item in value.split():
        key, eq, val = item.partition("=")
        if key not in opts or not eq or val not in ("on", "off"):
            raise FormatError(
                "options: expected strict_adjacency=on|off centre_doubles=on|off, got %r" % item, source, n
            )
        opts[key] = val == "on"
    return opts


def options_text(strict, centre):
    return "strict_adjacency=%s centre_doubles=%s" % ("on" if strict else "off", "on" if centre else "off")


def find_player(name, players, source, n):
    if name not in players:
        raise FormatError("unknown player %r (players: %s)" % (name, ", ".join(players)), source, n)
    return players.index(name)


def ints(value, sep, what, source, n, low, high):
    out = []
    for part in value.split(sep):
        part = part.strip()
        if not part:
            continue
        try:
            x = int(part)
        except ValueError:
            raise FormatError("%s: %r is not a number" % (what, part), source, n)
        if not low <= x <= high:
            raise FormatError("%s: %d is not in %d..%d" % (what, x, low, high), source, n)
        out.append(x)
    return out
