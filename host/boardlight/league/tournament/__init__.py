"""Pairings and standings of a tournament: pure functions of its entrants, its seatings
and its tables' results (no database, no I/O), so the rules can be read and checked
alone.

- `model`: the values (`Entrant`, `Seating`, `Result`) and the checks of a tournament's
  inputs (`check`).
- `tables`: how many tables of which size seat a round, and who gets the byes.
- `pairing`: who sits where in the next round (`seat_round`).
- `standings`: the table (`standings`) and the team cups (`team_standings`).
"""
