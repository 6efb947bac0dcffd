"""The device commands' errors on bad input: one line naming the problem, no traceback."""

from click.testing import CliRunner

from boardlight.cli import cli
from boardlight.vboard.board import VirtualBoard


def test_sim_with_an_unknown_board_names_the_boards_there_are():
    result = CliRunner().invoke(cli, ["sim", "--board", "nope", "--no-tty"])
    assert result.exit_code == 2  # bad input
    assert isinstance(result.exception, SystemExit)  # click's error exit, not a DeployError
    assert "error: Invalid value for '--board': no board 'nope' (boards: esp32s3, esp32s3-32x8, pico" in result.output


def test_deploy_to_a_port_that_does_not_exist_says_so(tmp_path):
    port = str(tmp_path / "ttyACM9")  # no such device
    result = CliRunner().invoke(cli, ["deploy", "--port", port])
    assert result.exit_code == 1
    assert "error: cannot read board.json from %s: mpremote: failed to access %s" % (port, port) in result.output
    assert "no board.json yet" not in result.output


def test_deploy_without_board_to_a_blank_board_asks_for_one(tmp_path):
    flash = tmp_path / "flash"
    flash.mkdir()
    with VirtualBoard(flash=flash, install=None) as board:  # REPL only, no board.json
        result = CliRunner().invoke(cli, ["deploy", "--port", board.port])
    assert result.exit_code == 1
    assert "error: %s has no board.json yet: choose a board with --board (esp32s3," % board.port in result.output


def test_sim_refuses_a_heap_size_micropython_would_not_start_with():
    # The interpreter exits at once on these; the bridge used to restart it in a loop
    # while the sim showed a dark matrix and no error.
    for heap, said in (("lots", "heap size 'lots': a number of bytes"), ("4k", "heap size '4k' is too small for MicroPython: at least 8k")):
        result = CliRunner().invoke(cli, ["sim", "--heap", heap, "--no-tty"])
        assert result.exit_code == 2, heap  # bad input
        assert "error: Invalid value for '--heap': " + said in result.output


def test_heap_sizes_as_micropython_reads_them():
    from boardlight.vboard.board import heap_bytes

    assert heap_bytes("96k") == 96 * 1024
    assert heap_bytes("2M") == 2 * 1024 * 1024
    assert heap_bytes("98304") == 98304


def test_rom_and_source_do_not_go_together():
    # A ROMFS partition holds compiled modules: neither command starts anything.
    for argv in (["sim", "--rom", "--source", "--no-tty"], ["deploy", "--romfs", "--source", "--port", "/dev/null"]):
        result = CliRunner().invoke(cli, argv)
        assert result.exit_code == 2, argv  # bad input
        assert "do not go together: a ROMFS partition holds compiled modules" in result.output
