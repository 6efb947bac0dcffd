"""The league: tables, tournaments, rounds and the games the tables push, over one
database (league.db). The web app (league.app) and the tests call these methods; each is
one transaction.

Rounds: the director pairs round r + 1 once round r is locked; a round is locked by the
push that finishes the last game of its tables (byes need none), and from then on its
results stand: no action of its games is taken any more, an undo included.
"""

from __future__ import annotations

import json
import threading
from dataclasses import asdict
from datetime import datetime, timezone
from typing import Any, Callable, Sequence

from boardcore.names import name_problem

from boardlight.league import push as pushing
from boardlight.league import schema, tokens
from boardlight.league.db import Database, Tx
from boardlight.league.push import LeagueError, bad
from boardlight.league.replay import Sessions, new_session
from boardlight.league.tournament.model import Entrant, Result, Seating
from boardlight.league.tournament.pairing import PairingError, seat_round
from boardlight.league.tournament.standings import standings, team_standings
from boardlight.store.gamelog import GAMES

SYSTEMS = ("swiss", "round_robin")
# Players per table (fewest, preferred, most) when the director does not say.
SIZES = {"zatre": (2, 2, 2), "forbes": (3, 4, 5), "fits": (3, 4, 5)}
# Players a game of each can seat (the rules cores' limits).
LIMITS = {"zatre": (2, 4), "forbes": (2, 5), "fits": (1, 5)}
NAME_MAX = 40


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def _name(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > NAME_MAX or any(c < " " for c in value):
        raise bad("%s must be a name of 1 to %d printable characters, not %r" % (what, NAME_MAX, value))
    return value.strip()


def _optional(value: Any, what: str) -> str | None:
    return None if value in (None, "") else _name(value, what)


class League:
    """An open league. `on_change(tournament_id)` is called after every committed change
    of a tournament (the web app wakes its live pages with it)."""

    def __init__(self, db: Database, on_change: Callable[[int], None] | None = None) -> None:
        self.db = db
        self.on_change = on_change or (lambda tid: None)
        self.sessions = Sessions()
        self._versions: dict[int, int] = {}
        self.changes = 0  # every tournament's changes: what the club rankings are worked from
        self._views: dict[int, tuple[int, dict[str, Any]]] = {}
        self._views_lock = threading.Lock()
        with db.tx() as tx:
            schema.create(tx, db.postgres)

    def _changed(self, tid: int) -> None:
        with self._views_lock:
            self._versions[tid] = self._versions.get(tid, 0) + 1
            self.changes += 1
        self.on_change(tid)

    # -- tokens ------------------------------------------------------------------------

    def director_token(self, renew: bool = False) -> str | None:
        """A new director's token when the league has none yet (or `renew`: the old one
        stops working); None when it has one, which only its holder knows."""
        with self.db.tx() as tx:
            held = tx.one("SELECT value FROM meta WHERE key = 'director'")
            if held is not None and not renew:
                return None
            token = tokens.new_token(tokens.PREFIX_DIRECTOR)
            if held is None:
                tx.run("INSERT INTO meta (key, value) VALUES ('director', ?)", (tokens.digest(token),))
            else:
                tx.run("UPDATE meta SET value = ? WHERE key = 'director'", (tokens.digest(token),))
        return token

    def check_director(self, token: str | None) -> None:
        with self.db.tx() as tx:
            held = tx.one("SELECT value FROM meta WHERE key = 'director'")
        if token is None or held is None or not tokens.matches(token, held[0]):
            raise LeagueError(401, "this needs the tournament director's token")

    def table_of(self, token: str | None, tx: Tx | None = None) -> tuple[int, str]:
        """(id, name) of the table whose token this is (inside `tx`, or a transaction of
        its own)."""
        if token:
            if tx is None:
                with self.db.tx() as own:
                    return self.table_of(token, own)
            row = tx.one("SELECT id, name FROM tables WHERE token_hash = ?", (tokens.digest(token),))
            if row is not None:
                return int(row[0]), str(row[1])
        raise LeagueError(401, "not a table's token of this league")

    def add_table(self, name: Any) -> str:
        """A new table and its token (shown once)."""
        name = _name(name, "a table's name")
        token = tokens.new_token(tokens.PREFIX_TABLE)
        with self.db.tx() as tx:
            if tx.one("SELECT 1 FROM tables WHERE name = ?", (name,)):
                raise LeagueError(409, "the league has a table %r already" % name)
            tx.insert("INSERT INTO tables (name, token_hash, created) VALUES (?, ?, ?)",
                      (name, tokens.digest(token), now()))
        return token

    def new_table_token(self, name: Any) -> str:
        """A new token for a table (its old one stops working: a lost or leaked one)."""
        name = _name(name, "a table's name")
        token = tokens.new_token(tokens.PREFIX_TABLE)
        with self.db.tx() as tx:
            if not tx.run("UPDATE tables SET token_hash = ? WHERE name = ?", (tokens.digest(token), name)):
                raise LeagueError(404, "the league has no table %r" % name)
        return token

    # -- tournaments -------------------------------------------------------------------

    def new_tournament(self, spec: Any) -> int:
        """A tournament from the director's spec: name, game, system ("swiss" or
        "round_robin"), rounds, tables (names, in order), and optionally sizes [fewest,
        preferred, most], avoid ("nation"/"city"), season (default: this year) and
        options (the rule options every table plays with)."""
        if not isinstance(spec, dict):
            raise bad("a tournament is a JSON object (name, game, system, rounds, tables)")
        name = _name(spec.get("name"), "the tournament's name")
        game = spec.get("game")
        if game not in GAMES:
            raise bad("game must be one of %s, not %r" % (", ".join(GAMES), game))
        system = spec.get("system", "swiss")
        if system not in SYSTEMS:
            raise bad("system must be swiss or round_robin, not %r" % (system,))
        rounds = spec.get("rounds")
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= 99:
            raise bad("rounds must be a number of rounds, 1 to 99, not %r" % (rounds,))
        sizes = spec.get("sizes", SIZES[game])
        low, high = LIMITS[game]
        if (not isinstance(sizes, (list, tuple)) or len(sizes) != 3
                or not all(isinstance(s, int) and not isinstance(s, bool) for s in sizes)
                or not low <= sizes[0] <= sizes[1] <= sizes[2] <= high or sizes[0] < 2):
            raise bad("sizes must be [fewest, preferred, most] players at a table, within %d to %d for %s,"
                      " not %r" % (max(low, 2), high, game, sizes))
        avoid = spec.get("avoid")
        if avoid not in (None, "nation", "city"):
            raise bad("avoid must be nation or city (team-mates kept apart), not %r" % (avoid,))
        season = spec.get("season", str(datetime.now().year))
        season = _name(season, "the season")
        options = spec.get("options", {})
        if not isinstance(options, dict):
            raise bad("options must be the rule options, a JSON object")
        self._check_options(game, options)
        table_names = spec.get("tables")
        if not isinstance(table_names, list) or not table_names:
            raise bad("tables must list the league's tables the tournament plays on, in order")
        with self.db.tx() as tx:
            ids = []
            for t in table_names:
                row = tx.one("SELECT id FROM tables WHERE name = ?", (t,))
                if row is None:
                    raise LeagueError(404, "the league has no table %r (add it first)" % (t,))
                ids.append(int(row[0]))
            if len(set(ids)) != len(ids):
                raise bad("a table is listed twice")
            tid = tx.insert(
                "INSERT INTO tournaments (name, game, system, rounds, fewest, preferred, most, avoid,"
                " season, options, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (name, game, system, rounds, sizes[0], sizes[1], sizes[2], avoid, season,
                 json.dumps(options, sort_keys=True), now()))
            for no, table_id in enumerate(ids, 1):
                tx.run("INSERT INTO tournament_tables (tournament_id, table_no, table_id) VALUES (?, ?, ?)",
                       (tid, no, table_id))
        self._changed(tid)
        return tid

    @staticmethod
    def _check_options(game: str, options: dict[str, Any]) -> None:
        from boardcore.errors import RuleError

        from boardlight.sessions.registry import session_class

        players = ["P%d" % (i + 1) for i in range(max(2, LIMITS[game][0]))]
        try:
            session_class(game).new_core(players, 1, options)
        except (RuleError, TypeError, ValueError) as exc:
            raise bad("the rule options %s do not go with %s: %s" % (json.dumps(options), game, exc)) from None

    def _tournament(self, tx: Tx, tid: Any) -> Any:
        if not isinstance(tid, int):
            raise bad("a tournament is known by its number")
        row = tx.one("SELECT id, name, game, system, rounds, fewest, preferred, most, avoid, season,"
                     " options, created FROM tournaments WHERE id = ?", (tid,))
        if row is None:
            raise LeagueError(404, "no tournament %d in this league" % tid)
        return row

    def tournaments(self) -> list[dict[str, Any]]:
        with self.db.tx() as tx:
            rows = tx.all("SELECT id, name, game, system, rounds, season FROM tournaments ORDER BY id")
        return [{"id": int(r[0]), "name": r[1], "game": r[2], "system": r[3], "rounds": int(r[4]),
                 "season": r[5]} for r in rows]

    def _current_round(self, tx: Tx, tid: int) -> tuple[int, str | None]:
        row = tx.one("SELECT round, status FROM rounds WHERE tournament_id = ? ORDER BY round DESC LIMIT 1", (tid,))
        return (0, None) if row is None else (int(row[0]), str(row[1]))

    def enter(self, tid: int, who: Any) -> dict[str, Any]:
        """Enter a player ({name, nation, city}); after round 1 is paired it is a late
        entry, seated from the next round on."""
        if not isinstance(who, dict):
            raise bad("an entrant is a JSON object with a name (and a nation, a city)")
        name = _name(who.get("name"), "an entrant's name")
        problem = name_problem(name)
        if problem is not None:  # the name a table's game is played under
            raise bad(problem)
        nation = _optional(who.get("nation"), "a nation")
        city = _optional(who.get("city"), "a city")
        with self.db.tx() as tx:
            self._tournament(tx, tid)
            tx.lock("tournaments", "id = ?", (tid,))
            if tx.one("SELECT 1 FROM entrants WHERE tournament_id = ? AND name = ?", (tid, name)):
                raise LeagueError(409, "%s is entered already" % name)
            current, _ = self._current_round(tx, tid)
            entry = tx.one("SELECT count(*) FROM entrants WHERE tournament_id = ?", (tid,))[0] + 1
            tx.run("INSERT INTO entrants (tournament_id, name, entry, nation, city, joined, withdrawn)"
                   " VALUES (?, ?, ?, ?, ?, ?, NULL)", (tid, name, entry, nation, city, current + 1))
        self._changed(tid)
        return {"name": name, "joined": current + 1}

    def withdraw(self, tid: int, name: Any) -> dict[str, Any]:
        """Withdraw a player: not seated from the next round to be paired on; the games
        played stay."""
        name = _name(name, "an entrant's name")
        with self.db.tx() as tx:
            self._tournament(tx, tid)
            current, _ = self._current_round(tx, tid)
            if not tx.run("UPDATE entrants SET withdrawn = ? WHERE tournament_id = ? AND name = ?"
                          " AND withdrawn IS NULL", (current + 1, tid, name)):
                raise LeagueError(404, "%s is not an entrant still playing" % name)
        self._changed(tid)
        return {"name": name, "withdrawn": current + 1}

    def _entrants(self, tx: Tx, tid: int) -> list[Entrant]:
        return [Entrant(r[0], r[1], r[2], int(r[3]), None if r[4] is None else int(r[4]))
                for r in tx.all("SELECT name, nation, city, joined, withdrawn FROM entrants"
                                " WHERE tournament_id = ? ORDER BY entry", (tid,))]

    def _seatings(self, tx: Tx, tid: int) -> list[Seating]:
        out: list[Seating] = []
        for (r,) in tx.all("SELECT round FROM rounds WHERE tournament_id = ? ORDER BY round", (tid,)):
            tables: dict[int, list[str]] = {}
            for no, name in tx.all("SELECT table_no, name FROM seats WHERE tournament_id = ? AND round = ?"
                                   " ORDER BY table_no, seat", (tid, r)):
                tables.setdefault(int(no), []).append(name)
            byes = tuple(n for (n,) in tx.all("SELECT name FROM byes WHERE tournament_id = ? AND round = ?"
                                              " ORDER BY name", (tid, r)))
            out.append(Seating(int(r), tuple(tuple(tables[k]) for k in sorted(tables)), byes))
        return out

    def _results(self, tx: Tx, tid: int) -> list[Result]:
        return [Result(int(r), int(no), tuple(json.loads(players)), tuple(json.loads(points)))
                for r, no, players, points in tx.all(
                    "SELECT round, table_no, players, points FROM games WHERE tournament_id = ?"
                    " AND status = 'finished' ORDER BY round, table_no", (tid,))]

    def pair_next(self, tid: int) -> dict[str, Any]:
        """Pair the next round (the last one must be locked) and seat it at the
        tournament's tables."""
        with self.db.tx() as tx:
            t = self._tournament(tx, tid)
            tx.lock("tournaments", "id = ?", (tid,))
            current, status = self._current_round(tx, tid)
            if status == "playing":
                raise LeagueError(409, "round %d is still being played: its results are not all in" % current)
            if current >= int(t[4]):
                raise LeagueError(409, "all %d rounds of %s are played" % (int(t[4]), t[1]))
            try:
                seating = seat_round(t[3], self._entrants(tx, tid), current + 1, self._seatings(tx, tid),
                                     self._results(tx, tid), (int(t[5]), int(t[6]), int(t[7])), t[8])
            except PairingError as exc:
                raise LeagueError(409, "round %d cannot be paired: %s" % (current + 1, exc)) from None
            tables = tx.one("SELECT count(*) FROM tournament_tables WHERE tournament_id = ?", (tid,))[0]
            if len(seating.tables) > tables:
                raise LeagueError(409, "round %d needs %d tables; %s plays on %d" % (
                    current + 1, len(seating.tables), t[1], tables))
            r = seating.round
            tx.run("INSERT INTO rounds (tournament_id, round, status, paired, locked) VALUES (?, ?, ?, ?, NULL)",
                   (tid, r, "playing" if seating.tables else "locked", now()))
            for no, names in enumerate(seating.tables, 1):
                for seat, name in enumerate(names):
                    tx.run("INSERT INTO seats (tournament_id, round, table_no, seat, name) VALUES (?, ?, ?, ?, ?)",
                           (tid, r, no, seat, name))
            for name in seating.byes:
                tx.run("INSERT INTO byes (tournament_id, round, name) VALUES (?, ?, ?)", (tid, r, name))
        self._changed(tid)
        return {"round": seating.round, "tables": [list(t) for t in seating.tables], "byes": list(seating.byes)}

    # -- pushes ------------------------------------------------------------------------

    def held(self, token: str | None, local_id: int) -> dict[str, Any]:
        """What the league holds of the table's game `local_id` (a table that lost a
        push's answer asks before sending again)."""
        table_id, _ = self.table_of(token)
        with self.db.tx() as tx:
            row = tx.one("SELECT action_count, chain_head, status FROM games WHERE table_id = ? AND local_id = ?",
                         (table_id, local_id))
        if row is None:
            return {"held": 0, "head": "", "status": None}
        return {"held": int(row[0]), "head": row[1], "status": row[2]}

    def push(self, token: str | None, body: Any) -> dict[str, Any]:
        """Store a table's push (module league.push); what the league now holds of the game."""
        session = None
        new: list[pushing.Action] = []
        try:
            with self.db.tx() as tx:
                table_id, table_name = self.table_of(token, tx)  # one transaction a push
                header, actions = pushing.parse(body)
                row = tx.one("SELECT id FROM games WHERE table_id = ? AND local_id = ?", (table_id, header.local_id))
                created = row is None
                game_id = self._new_game(tx, table_id, table_name, header) if created else int(row[0])
                tx.lock("games", "id = ?", (game_id,))
                g = tx.one("SELECT tournament_id, round, table_no, game, seed, options, players, action_count,"
                           " chain_head, status, started FROM games WHERE id = ?", (game_id,))
                tid, rnd, table_no = int(g[0]), int(g[1]), int(g[2])
                if (g[3], int(g[4]), g[5], g[6]) != header.stored():
                    raise LeagueError(409, "the table's game %d is not the game it pushed before under that"
                                      " number (its game, seed, options or players differ)" % header.local_id)
                held, head = int(g[7]), str(g[8])
                new = pushing.check_held(tx, game_id, header, actions, held)
                if new:
                    answer = self._take(tx, game_id, header, g, held, head, new)
                    session = answer.pop("session")
                else:
                    answer = self._answer(game_id, tid, rnd, table_no, held, head, str(g[9]), tx, 0)
        except BaseException:
            session = None  # the core may have moved past what the database kept
            raise
        finally:
            # A finished game's session is not kept: an undo in its round rebuilds it.
            if session is not None and not session.finished():
                self.sessions.keep(game_id, session)
        if new or created:
            self._changed(tid)  # a game begun shows on the pages, as does every move
        return answer

    def _take(self, tx: Tx, game_id: int, header: pushing.Header, g: Any, held: int, head: str,
              new: list[pushing.Action]) -> dict[str, Any]:
        """Store the new actions of a push (inside its transaction, the game's and the
        round's rows locked): the answer, with the game's session under "session"."""
        tid, rnd, table_no = int(g[0]), int(g[1]), int(g[2])
        # The round's row is locked by the pushes that end a game or open a finished one
        # again (an undo): those are taken one after the other, so the last to end sees every
        # other finished and locks the round, and no undo slips past a lock. A move in a game
        # still being played needs no lock: its round cannot lock before the game ends.
        round_locked = g[9] == "finished"
        if round_locked:
            tx.lock("rounds", "tournament_id = ? AND round = ?", (tid, rnd))
        locked = tx.one("SELECT status FROM rounds WHERE tournament_id = ? AND round = ?", (tid, rnd))[0]
        if locked == "locked":
            raise LeagueError(409, "round %d is locked: its results stand, and the game at table %d"
                              " takes no more actions" % (rnd, table_no))
        head = pushing.check_chain(header, head, new)
        session = self.sessions.take(game_id)
        if session is None or session.seq != held:
            session = self._rebuild(tx, game_id, header, g)
        pushing.replay(session, new)
        for a in new:
            tx.run("INSERT INTO actions (game_id, seq, kind, data, at, chain) VALUES (?, ?, ?, ?, ?, ?)",
                   (game_id, a.seq, a.kind, a.data, a.at, a.chain))
        finished = session.finished()
        points = json.dumps(list(session.result_points())) if finished else None
        status = "finished" if finished else "playing"
        tx.run("UPDATE games SET action_count = ?, chain_head = ?, status = ?, points = ?, finished = ?"
               " WHERE id = ?", (new[-1].seq, head, status, points, now() if finished else None, game_id))
        if finished:
            if not round_locked:
                tx.lock("rounds", "tournament_id = ? AND round = ?", (tid, rnd))
            self._lock_if_done(tx, tid, rnd)
        answer = self._answer(game_id, tid, rnd, table_no, new[-1].seq, head, status, tx, len(new))
        answer["session"] = session
        return answer

    def _answer(self, game_id: int, tid: int, rnd: int, table_no: int, held: int, head: str,
                status: str, tx: Tx, took: int) -> dict[str, Any]:
        """The answer to a push: what the league holds of the game now (`held` actions,
        the chain's `head`), and how many of the push's actions were new to it (`took`)."""
        locked = tx.one("SELECT status FROM rounds WHERE tournament_id = ? AND round = ?", (tid, rnd))[0]
        return {"game": game_id, "tournament": tid, "round": rnd, "table": table_no, "held": held,
                "took": took, "head": head, "status": status, "round_locked": locked == "locked"}

    def _new_game(self, tx: Tx, table_id: int, table_name: str, header: pushing.Header) -> int:
        """The league's record of a table's new game: it must be the game its seating in
        the round being played at this table says."""
        tx.lock("tables", "id = ?", (table_id,))
        row = tx.one("SELECT id FROM games WHERE table_id = ? AND local_id = ?", (table_id, header.local_id))
        if row is not None:  # a push of the same game got in first
            return int(row[0])
        places = tx.all(
            "SELECT t.id, t.name, t.game, t.options, r.round, tt.table_no FROM tournament_tables tt"
            " JOIN tournaments t ON t.id = tt.tournament_id"
            " JOIN rounds r ON r.tournament_id = t.id AND r.status = 'playing'"
            " WHERE tt.table_id = ? ORDER BY t.id", (table_id,))
        wanted = []
        for tid, tname, game, options, rnd, table_no in places:
            names = [n for (n,) in tx.all("SELECT name FROM seats WHERE tournament_id = ? AND round = ?"
                                          " AND table_no = ? ORDER BY seat", (tid, rnd, table_no))]
            if not names:
                continue
            wanted.append("%s round %d: %s (%s)" % (tname, rnd, ", ".join(names), game))
            if names != header.players or game != header.game:
                continue
            if pushing.core_options(header.options) != json.loads(options):
                raise LeagueError(409, "%s plays %s with the options %s; this game has %s" % (
                    tname, game, options, json.dumps(pushing.core_options(header.options), sort_keys=True)))
            before = tx.one("SELECT id, table_id, action_count FROM games WHERE tournament_id = ? AND round = ?"
                            " AND table_no = ?", (tid, rnd, table_no))
            if before is not None and int(before[1]) == table_id and int(before[2]) == 0:
                # This table's game that never had a move (its device did not start, and the
                # table took it out of its log): the new one takes its place.
                tx.run("DELETE FROM games WHERE id = ?", (int(before[0]),))
                self.sessions.take(int(before[0]))
            elif before is not None:
                raise LeagueError(409, "%s round %d already has its game at table %s (another of this table's"
                                  " games): resume that one" % (tname, rnd, table_name))
            return tx.insert(
                "INSERT INTO games (table_id, local_id, tournament_id, round, table_no, game, seed, options,"
                " players, started, status, action_count, chain_head, points, finished)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'playing', 0, '', NULL, NULL)",
                (table_id, header.local_id, tid, rnd, table_no) + header.stored() + (header.started,))
        if not wanted:
            raise LeagueError(409, "table %s has no game to play: no round being played seats anybody at it"
                              % table_name)
        raise LeagueError(409, "this game (%s: %s) is not the one table %s plays now: %s" % (
            header.game, ", ".join(header.players), table_name, "; ".join(wanted)))

    def _rebuild(self, tx: Tx, game_id: int, header: pushing.Header, g: Any) -> Any:
        """A game's session replayed from the actions the league holds."""
        from boardcore.errors import RuleError

        from boardlight.store.gamelog import StoreError

        try:
            session = new_session(header.local_id, g[3], int(g[4]), json.loads(g[5]), json.loads(g[6]), g[10])
        except (RuleError, StoreError) as exc:
            raise LeagueError(422, "the table's game %d cannot be played so: %s" % (header.local_id, exc)) from None
        held = [pushing.Action({"seq": int(s), "kind": k, "data": d, "at": a, "chain": c}, i)
                for i, (s, k, d, a, c) in enumerate(tx.all(
                    "SELECT seq, kind, data, at, chain FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)))]
        pushing.replay(session, held)
        return session

    def _lock_if_done(self, tx: Tx, tid: int, rnd: int) -> None:
        seated = tx.one("SELECT count(DISTINCT table_no) FROM seats WHERE tournament_id = ? AND round = ?",
                        (tid, rnd))[0]
        done = tx.one("SELECT count(*) FROM games WHERE tournament_id = ? AND round = ? AND status = 'finished'",
                      (tid, rnd))[0]
        if done == seated:
            tx.run("UPDATE rounds SET status = 'locked', locked = ? WHERE tournament_id = ? AND round = ?",
                   (now(), tid, rnd))

    # -- what everybody sees -----------------------------------------------------------

    def version(self, tid: int) -> int:
        with self._views_lock:
            return self._versions.get(tid, 0)

    def view(self, tid: int) -> dict[str, Any]:
        """Everything the standings page shows of a tournament (plain data: JSON)."""
        version = self.version(tid)
        with self._views_lock:
            cached = self._views.get(tid)
        if cached is not None and cached[0] == version:
            return cached[1]
        with self.db.tx() as tx:
            view = self._view(tx, tid)
        view["version"] = version
        with self._views_lock:
            self._views[tid] = (version, view)
        return view

    def _view(self, tx: Tx, tid: int) -> dict[str, Any]:
        t = self._tournament(tx, tid)
        entrants = self._entrants(tx, tid)
        seatings = self._seatings(tx, tid)
        results = self._results(tx, tid)
        table_names = {int(no): name for no, name in tx.all(
            "SELECT tt.table_no, tb.name FROM tournament_tables tt JOIN tables tb ON tb.id = tt.table_id"
            " WHERE tt.tournament_id = ?", (tid,))}
        games = {(int(r), int(no)): (status, held, points) for r, no, status, held, points in tx.all(
            "SELECT round, table_no, status, action_count, points FROM games WHERE tournament_id = ?", (tid,))}
        statuses = {int(r): s for r, s in tx.all("SELECT round, status FROM rounds WHERE tournament_id = ?", (tid,))}
        table = standings(entrants, seatings, results, t[3])
        rounds = []
        for s in seatings:
            tables = []
            for no, names in enumerate(s.tables, 1):
                status, held, points = games.get((s.round, no), ("waiting", 0, None))
                tables.append({"table": no, "at": table_names.get(no, str(no)), "players": list(names),
                               "status": status, "actions": int(held),
                               "points": None if points is None else json.loads(points)})
            rounds.append({"round": s.round, "status": statuses.get(s.round, "playing"), "tables": tables,
                           "byes": list(s.byes)})
        teams = {by: [asdict(ts) | {"members": list(ts.members)} for ts in team_standings(entrants, table, by)]
                 for by in ("nation", "city") if any(getattr(e, by) for e in entrants)}
        return {
            "tournament": {"id": int(t[0]), "name": t[1], "game": t[2], "system": t[3], "rounds": int(t[4]),
                           "sizes": [int(t[5]), int(t[6]), int(t[7])], "avoid": t[8], "season": t[9],
                           "options": json.loads(t[10])},
            "entrants": [{"name": e.name, "nation": e.nation, "city": e.city, "joined": e.joined,
                          "withdrawn": e.withdrawn} for e in entrants],
            "standings": [asdict(s) for s in table],
            "teams": teams,
            "rounds": rounds,
        }

    def finished_games(self, season: str | None = None) -> list[dict[str, Any]]:
        """Every finished game of the league (of one season), oldest finish first: the
        club rankings' input."""
        sql = ("SELECT g.id, g.game, g.players, g.points, g.finished, t.season, t.id FROM games g"
               " JOIN tournaments t ON t.id = g.tournament_id WHERE g.status = 'finished'")
        params: Sequence[Any] = ()
        if season is not None:
            sql += " AND t.season = ?"
            params = (season,)
        with self.db.tx() as tx:
            rows = tx.all(sql + " ORDER BY g.finished, g.id", params)
        return [{"id": int(r[0]), "game": r[1], "players": json.loads(r[2]), "points": json.loads(r[3]),
                 "finished": r[4], "season": r[5], "tournament": int(r[6])} for r in rows]
