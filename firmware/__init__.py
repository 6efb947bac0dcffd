"""The firmware folder as package data of the host tool (boardlight._firmware), so that an
installed boardlight finds it. The device never imports this file: no image holds it."""
