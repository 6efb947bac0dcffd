"""The command line's command groups, one module each: play, replay, score, hint, render,
cards, direct, device (sim, deploy, devices), gamelog (history, show, export), stats and
night (start, end, show). Each module lists its click commands in COMMANDS; boardlight.cli
mounts them, in any order."""
