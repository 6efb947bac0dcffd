"""Computer seats: `--players Ann,cpu:3` plays the second seat by the engine at level 3.

A word `cpu:N` (N a level 1..5) in a list of players is a computer seat. Its name is
`CPU<N>`, or `CPU<N>-<seat number>` when that name is taken (two computers at one level,
or a person called CPU3), so every name stays a player name of boardcore.names. A word
`NAME=cpu:N` names the seat itself (an engine entered in a league as "Hal"). Which
seats are computers is kept in the game's options as {"computers": {name: level}}: a
resumed game plays them again, and `show` and `export` say so.

>>> names, computers = computer_names(["Ann", "cpu:3", "cpu:3"])
>>> names, computers
(['Ann', 'CPU3', 'CPU3-3'], {'CPU3': 3, 'CPU3-3': 3})
>>> levels(names, {"computers": computers})
{1: 3, 2: 3}
>>> describe(names, {"computers": computers})
'CPU3 (seat 2) at level 3, CPU3-3 (seat 3) at level 3'
>>> computer_names(["Ann", "Hal=cpu:5"])
(['Ann', 'Hal'], {'Hal': 5})
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from boardcore.errors import RuleError

OPTION = "computers"
TOKEN = "cpu:"
LEVELS = (1, 2, 3, 4, 5)


def is_token(word: str) -> bool:
    """Is this word of a player list a computer seat (`cpu:N` or `NAME=cpu:N`, any case)?"""
    return word.lower().startswith(TOKEN) or "=" + TOKEN in word.lower()


def _split(word: str) -> tuple[str | None, str]:
    """(the name given, or None; the `cpu:N` part) of a computer seat's word."""
    at = word.lower().find("=" + TOKEN)
    return (None, word) if at < 0 else (word[:at], word[at + 1:])


def token_level(word: str) -> int:
    """The level of a `cpu:N` (or `NAME=cpu:N`) word; ValueError saying what a level is."""
    text = _split(word)[1][len(TOKEN):]
    if not text.isdecimal() or int(text) not in LEVELS:
        raise ValueError("%r: a computer player is cpu:LEVEL with a level 1 to 5 (cpu:1 plays"
                         " as a beginner, cpu:5 its best), e.g. cpu:3" % word)
    return int(text)


def computer_names(words: Sequence[str]) -> tuple[list[str], dict[str, int]]:
    """(names, {name: level}) for a list of player words where `cpu:N` words are computer
    seats (see the module docstring for their names); ValueError for a bad level."""
    levels_by_seat: dict[int, int] = {}
    for seat, word in enumerate(words):
        if is_token(word):
            levels_by_seat[seat] = token_level(word)
    given = {seat: _split(words[seat])[0] for seat in levels_by_seat}
    taken = {w.lower() for seat, w in enumerate(words) if seat not in levels_by_seat}
    taken |= {name.lower() for name in given.values() if name}
    names: list[str] = []
    computers: dict[str, int] = {}
    for seat, word in enumerate(words):
        if seat not in levels_by_seat:
            names.append(word)
            continue
        level = levels_by_seat[seat]
        own = given[seat]
        if own:
            names.append(own)
            computers[own] = level
            continue
        name = "CPU%d" % level
        if name.lower() in taken:
            name = "CPU%d-%d" % (level, seat + 1)
        taken.add(name.lower())
        names.append(name)
        computers[name] = level
    return names, computers


def check(players: Sequence[str], options: Mapping[str, Any] | None,
          tally: bool = False) -> None:
    """RuleError when the option `computers` of a game is not {name of a player: level}, or
    when the game cannot have computer players (`tally`: a quick-tally FITS game has no
    drops for an engine to choose)."""
    computers = (options or {}).get(OPTION)
    if computers is None:
        return
    if not isinstance(computers, dict):
        raise RuleError("the option computers is {player name: level}, not %r" % (computers,))
    for name in sorted(computers):
        level = computers[name]
        if name not in players:
            raise RuleError("computer player %r is not one of the players (%s)"
                            % (name, ", ".join(players)))
        if not isinstance(level, int) or isinstance(level, bool) or level not in LEVELS:
            raise RuleError("computer player %s plays at a level 1 to 5, not %r" % (name, level))
    if computers and tally:
        raise RuleError("computer players choose drops: a quick-tally game has none (play"
                        " without --tally)")


def core_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The game's options without `computers`, which only the host reads."""
    out = dict(options or {})
    out.pop(OPTION, None)
    return out


def levels(players: Sequence[str], options: Mapping[str, Any] | None) -> dict[int, int]:
    """{seat: level} of a game's computer seats (0-based seats, in seat order)."""
    computers = (options or {}).get(OPTION) or {}
    return {seat: computers[name] for seat, name in enumerate(players) if name in computers}


def describe(players: Sequence[str], options: Mapping[str, Any] | None) -> str:
    """'CPU3 (seat 2) at level 3, ...', or '' when every seat is a person."""
    found = levels(players, options)
    return ", ".join("%s (seat %d) at level %d" % (players[seat], seat + 1, found[seat])
                     for seat in sorted(found))


def record_note(text: str, players: Sequence[str], options: Mapping[str, Any] | None) -> str:
    """A game record with a comment after its first line naming the computer seats (the
    record formats skip '#' lines, so it replays as before); the record as it is when
    every seat is a person."""
    said = describe(players, options)
    if not said:
        return text
    head, _, rest = text.partition("\n")
    return "%s\n# computer players (boardlight's engine): %s\n%s" % (head, said, rest)


def engine_seed(game_seed: int | None, move_number: int) -> int:
    """The engine's seed for one move: the game's seed (0 without one) and the move's
    number, so the same game with the same computer players plays the same moves."""
    return (game_seed or 0) * 100003 + move_number
