"""The FITS docs against the commands: what the layout page says about the full-screen table
UI and --layout."""

from conftest import ROOT

from boardlight.cli import cli


def _option_names(command):
    return {opt for p in command.params for opt in getattr(p, "opts", ())}


def test_layout_page_says_what_the_table_ui_does_with_layout():
    # `play fits` (the table UI, no --plain) takes --layout since the layout text is kept
    # with the game; the page said it did not and told users to replace the default files.
    table_play = cli.commands["play"].commands["fits"]
    assert "--layout" in _option_names(table_play)
    page = (ROOT / "docs" / "fits-layouts.md").read_text()
    intro = page[:page.index("## Format")]
    assert "does not take `--layout`" not in intro
    table = intro[intro.index("The full-screen table UI"):]
    assert "takes `--layout FILE` too" in table.replace("\n", " ")


def test_layout_page_names_render_and_render_takes_layout():
    # README says render takes --layout; the layout page, where users look, did not say so.
    page = (ROOT / "docs" / "fits-layouts.md").read_text()
    intro = page[:page.index("## Format")].replace("\n", " ")
    assert "`boardlight render position fits` and `render record fits` take `--layout FILE`" in intro
    render = cli.commands["render"]
    for sub in ("position", "record"):
        assert "--layout" in _option_names(render.commands[sub])
