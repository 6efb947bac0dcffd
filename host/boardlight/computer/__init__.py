"""Computer players, hints and analysis: the host's side of the engines of the rules core
(boardcore.fits.engine, boardcore.zatre.engine, boardcore.forbes.engine).

- seats: `--players Ann,cpu:3`, the computer seats' names and the game option that keeps
  them ("computers": {name: level}).
- fits, zatre, forbes: per game, what a seat's engine position is, how a move becomes a
  session action, a sentence and a device screen, and the ranked lines of a hint.
- turns: what the computer players must do now in a session (a move to think about, or a
  step of a game that plays itself), the same for the table UI and the line-based game.
- analysis: every move of a record beside the engine's choice and the points it lost.
"""
