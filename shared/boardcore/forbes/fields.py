"""What the Forbes text formats share: line splitting, option lines and header checks.

docs/forbes-formats.md describes the position and match-record files built on these.
"""

from boardcore.digits import is_digits
from boardcore.errors import FormatError
from boardcore.forbes.rules import Options

_TRUE = ("on", "true", "yes", "1")
_FALSE = ("off", "false", "no", "0")


def token_lines(text):
    """(line number, [words]) for every line that is not blank; "#" starts a comment."""
    out = []
    number = 0
    for raw in text.split("\n"):
        number += 1
        cut = raw.find("#")
        if cut >= 0:
            raw = raw[:cut]
        words = raw.split()
        if words:
            out.append((number, words))
    return out


def check_header(lines, name, source):
    """The first line must be `<name> 1`; returns the remaining lines."""
    if not lines:
        raise FormatError("empty file: expected a first line '%s 1'" % name, source, 1)
    number, words = lines[0]
    if words[0] != name:
        raise FormatError("expected a first line '%s 1', not %r" % (name, " ".join(words)), source, number)
    if len(words) != 2 or words[1] != "1":
        raise FormatError("unsupported %s version %r (this reads version 1)" % (name, " ".join(words[1:])), source, number)
    return lines[1:]


def parse_option(words, values, source, number):
    """Read `option NAME VALUE` into the dict `values` (checked again by Options)."""
    if len(words) != 3:
        raise FormatError("an option line is 'option NAME VALUE'", source, number)
    name, value = words[1], words[2].lower()
    if name not in Options.NAMES:
        raise FormatError("unknown option %r (known: %s)" % (name, ", ".join(Options.NAMES)), source, number)
    if name in values:
        raise FormatError("option %s is set twice" % name, source, number)
    if name == "target_score":
        if not is_digits(value) or int(value) < 1:
            raise FormatError("target_score must be a positive whole number, not %r" % words[2], source, number)
        values[name] = int(value)
    elif value in _TRUE:
        values[name] = True
    elif value in _FALSE:
        values[name] = False
    else:
        raise FormatError("option %s must be on or off, not %r" % (name, words[2]), source, number)


def format_options(options, skip_defaults=True):
    """`option NAME VALUE` lines for the options (only those that differ from the default)."""
    default = Options().to_dict()
    out = []
    values = options.to_dict()
    for name in Options.NAMES:
        value = values[name]
        if skip_defaults and value == default[name]:
            continue
        if value is True:
            value = "on"
        elif value is False:
            value = "off"
        out.append("option %s %s" % (name, value))
    return out
