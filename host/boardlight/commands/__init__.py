"""The command line's command groups, one module each: play, replay, score, hint, render,
cards, direct, device (sim, deploy, devices) and gamelog (history, show, export). Each
module lists its click commands in COMMANDS; boardlight.cli mounts them, in any order."""
