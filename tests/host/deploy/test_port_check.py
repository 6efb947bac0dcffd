"""`boardlight deploy --board NAME` checks that the board runs the MicroPython port of the
board file's mcu before copying anything. Without the check, a Pico's board file copied
to an ESP32 (or the virtual board's to a Pico) deployed "successfully" and the firmware
then failed at boot on a bus id or pin the chip does not have."""

import sys

import pytest

from boardlight import deploy
from boardlight.vboard.board import VirtualBoard


def test_a_board_file_for_another_chip_is_refused_before_copying(tmp_path):
    flash = tmp_path / "flash"
    flash.mkdir()
    with VirtualBoard(flash=flash, install=None) as board:  # the unix port: sys.platform "linux"
        with pytest.raises(deploy.DeployError) as e:
            deploy.deploy(board.port, "pico", log=lambda line: None)
        msg = str(e.value)
        assert "board file pico is for rp2040" in msg
        assert "runs MicroPython's '%s' port" % sys.platform in msg
        assert "nothing was copied" in msg and "virtual" in msg
        assert sorted(p.name for p in flash.iterdir()) == []  # not a file written
        # The right file for this board deploys.
        summary = deploy.deploy(board.port, "virtual", log=lambda line: None)
        assert summary["board"] == "virtual" and (flash / "board.json").exists()


def test_the_device_side_check_names_the_ports():
    # rp2040 boards run the "rp2" port, ESP32-S3 boards the "esp32" one; the virtual board
    # anything but those.
    assert "if (sys.platform in ('rp2',)) != True:" in deploy._platform_check("rp2040")
    assert "if (sys.platform in ('esp32',)) != True:" in deploy._platform_check("esp32s3")
    assert "if (sys.platform in ('rp2', 'esp32')) != False:" in deploy._platform_check("unix")
