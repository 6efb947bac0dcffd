"""Audit of the cards at the table: enrolling typed at the prompt, scans during play."""

from click.testing import CliRunner

from boardlight.cards import CardRegistry
from boardlight.cli import cli


def test_typed_enrol_stopped_by_the_end_of_input_reports_and_succeeds(tmp_path):
    # Ctrl-D at the "code>" prompt (or a piped list that ends) stops the walk: the codes
    # stored so far stay, the summary is printed and the exit code is 0 (it was "Aborted!"
    # and exit 1, with no word of what had been stored).
    path = tmp_path / "cards.json"
    result = CliRunner().invoke(cli, ["cards", "enrol", "forbes", "--file", str(path)],
                                input="F1\n\nF3\n")
    assert result.exit_code == 0, result.output
    assert "stored 'F1' as Forbes ownership card square (1 of 5)" in result.output
    assert "skipped Forbes ownership card square (2 of 5)" in result.output
    assert "stored 'F3' as Forbes ownership card square (3 of 5)" in result.output
    assert result.output.rstrip().endswith("stopped: 2 enrolled, 1 skipped")
    assert [code for code, _card in CardRegistry.load(path).entries()] == ["F1", "F3"]
