"""tui.markup: plain text stays plain whichever way it is combined with the code's markup."""

from boardlight.tui.markup import Markup, escape, to_plain, to_text


def test_formatting_escapes_the_plain_arguments_only():
    line = Markup("[b]%s[/b] %d %r %5.1f") % ("[/b]", 3, "[i]", 2.25)
    text = to_text(line)
    assert text.plain == "[/b] 3 '[i]'   2.2"
    assert [(s.start, s.end, str(s.style)) for s in text.spans] == [(0, 4, "bold")]
    named = Markup("[red]%(who)s[/]") % {"who": "[@click=app.quit]"}
    assert to_plain(named) == "[@click=app.quit]"


def test_joining_and_adding_keep_plain_parts_plain():
    cell = Markup("[b]#[/b]")
    assert to_plain(Markup(" ").join(["[/]", cell, "[b]"])) == "[/] # [b]"
    assert to_plain("[/b]" + cell) == "[/b]#"  # a plain str on the left
    assert to_plain(cell + "[/b]") == "#[/b]"
    assert isinstance("x" + cell, Markup)


def test_markup_inside_a_plain_str_shows_its_tags():
    assert to_plain("%s" % Markup("[b]#[/b]")) == "[b]#[/b]"
    assert to_plain("[/b] [@click=app.quit] :smile:") == "[/b] [@click=app.quit] :smile:"


def test_a_backslash_at_the_end_of_plain_text_does_not_escape_the_next_tag():
    line = Markup("%s[b]x[/b]") % "dir\\"
    assert to_plain(line) == "dir\\x"
    assert to_plain(escape("a :smile: b")) == "a :smile: b"


def test_control_characters_are_shown_as_escapes_not_sent_to_the_terminal():
    # ESC [2J clears a terminal's screen; U+202E shows the rest of the line reversed.
    assert to_plain("a\x1b[2Jb\u202ec\x07") == "a\\x1b[2Jb\\u202ec\\x07"
    assert to_plain("two\nlines\tand a tab") == "two\nlines\tand a tab"
    assert to_plain(Markup("[b]%s[/b]") % "\x1b[b]x") == "\\x1b[b]x"
    assert "\x1b" not in to_text("\x9b31m").plain
