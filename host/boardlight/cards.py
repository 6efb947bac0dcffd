"""Physical cards and their scanner codes: which cards exist, the enrolled code -> card
registry (a JSON file in the user's data folder), and the lookup the play UI uses.

Card ids (stable, used in the registry file and by the play UI):
- FITS start cards: ``start-<TILE>`` (one per start tile, default P, T5, U, Y);
  FITS building cards: ``build-<TILE>`` (one per tile id of the core, 16).
- Forbes ownership cards: ``<symbol>-<n>``, n = 1..5 for each of the four symbols
  (the core's symbol names), 20 in all.
- Zatre has no cards.

Every failing call raises CardError (or a subclass) with a message saying what was wrong,
before anything is changed: the registry file and a round's played cards stay as they were.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from boardcore.errors import FormatError

from boardlight.files import read_json
from boardlight.invocation import command

GAMES_WITH_CARDS = ("fits", "forbes")
FORMAT_VERSION = 1

# What the registry holds per code: (game, card id).
Entry = tuple[str, str]


class CardError(Exception):
    """A card or scan the registry cannot accept; the message says why."""


class RegistryWriteError(CardError):
    """The registry file (or its folder) cannot be written: nothing was stored."""


class UnknownCode(CardError):
    """A scanned code that was never enrolled."""


class WrongGame(CardError):
    """A scanned card that belongs to another game."""


class AlreadyPlayed(CardError):
    """A scanned card that was already played in this round or game."""


class Card:
    """One physical card: its game, its stable id, its kind and what it shows."""

    __slots__ = ("game", "card_id", "kind", "shows")

    def __init__(self, game: str, card_id: str, kind: str, shows: str) -> None:
        self.game = game
        self.card_id = card_id
        self.kind = kind  # "start" / "build" (FITS) or "owner" (Forbes)
        self.shows = shows  # the tile id (FITS) or the symbol name (Forbes)

    def label(self) -> str:
        """What a person reads to find the card in the box, e.g. 'FITS building card L4'."""
        if self.game == "fits":
            kind = "start" if self.kind == "start" else "building"
            return "FITS %s card %s" % (kind, self.shows)
        return "Forbes ownership card %s (%s of 5)" % (self.shows, self.card_id.rsplit("-", 1)[1])

    def short(self) -> str:
        """A few capitals for an 8-pixel-high scrolling display, e.g. 'BUILD L4', 'STAR 2'."""
        if self.game == "fits":
            return ("START " if self.kind == "start" else "BUILD ") + self.shows
        return "%s %s" % (self.shows.upper(), self.card_id.rsplit("-", 1)[1])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and (self.game, self.card_id) == (other.game, other.card_id)

    def __hash__(self) -> int:
        return hash((self.game, self.card_id))

    def __repr__(self) -> str:
        return "Card(%r, %r)" % (self.game, self.card_id)


def _fits_cards(start_tiles: Sequence[str] | None) -> list[Card]:
    from boardcore.fits import deck as fits_deck
    from boardcore.fits import tiles as fits_tiles

    tile_ids = list(fits_tiles.TILE_IDS)
    if start_tiles is None:
        start_tiles = list(fits_deck.DEFAULT_START_TILES)
    for tile in start_tiles:
        if tile not in tile_ids:
            raise CardError("start tile %r is not a FITS tile id (%s)" % (tile, ", ".join(tile_ids)))
    if len(set(start_tiles)) != len(start_tiles):
        raise CardError("start tiles must differ, got %s" % ", ".join(start_tiles))
    cards = [Card("fits", "start-" + t, "start", t) for t in start_tiles]
    cards += [Card("fits", "build-" + t, "build", t) for t in tile_ids]
    return cards


def _forbes_cards() -> list[Card]:
    from boardcore.forbes import rules as forbes_cards

    cards = []
    for symbol in forbes_cards.SYMBOL_NAMES:
        for n in range(1, forbes_cards.CARDS_PER_SYMBOL + 1):
            cards.append(Card("forbes", "%s-%d" % (symbol, n), "owner", symbol))
    return cards


def catalogue(game: str, start_tiles: Sequence[str] | None = None) -> list[Card]:
    """The physical cards of a game, in the order enrolment walks them.

    FITS: the 4 start cards (``start_tiles``, default the core's) then the 16 building
    cards; Forbes: the 20 ownership cards. Zatre or an unknown game raises CardError.
    """
    if game == "fits":
        return _fits_cards(start_tiles)
    if game == "forbes":
        if start_tiles is not None:
            raise CardError("start tiles are a FITS setting; Forbes has none")
        return _forbes_cards()
    if game == "zatre":
        raise CardError("Zatre has no cards to scan (its tiles come from the bag)")
    raise CardError("unknown game %r: cards exist for %s" % (game, ", ".join(GAMES_WITH_CARDS)))


def default_path() -> Path:
    """The registry file in the user's data folder (platformdirs)."""
    import platformdirs

    return Path(platformdirs.user_data_dir("boardlight", appauthor=False)) / "cards.json"


def _check_code(code: object) -> str:
    if not isinstance(code, str):
        raise CardError("a card code must be text, not %r" % (code,))
    code = code.strip()
    if not code:
        raise CardError("empty card code")
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in code):
        raise CardError("card code %r holds control characters" % (code,))
    return code


class CardRegistry:
    """Enrolled codes: code -> (game, card id), kept in one JSON file.

    ``load()`` reads the file (a missing file is an empty registry); ``enrol()`` and
    ``forget()`` write it at once, atomically (temporary file then rename), so a crash
    leaves either the old or the new file, never half of one.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self._codes: dict[str, Entry] = {}  # code -> (game, card_id)

    @classmethod
    def load(cls, path: str | os.PathLike[str] | None = None) -> CardRegistry:
        reg = cls(path)
        if not reg.path.exists():
            return reg
        try:
            data = read_json(reg.path)
        except FormatError as exc:  # unreadable, not UTF-8, not JSON, nested too deep
            raise CardError("card registry %s cannot be read: %s" % (reg.path, exc.problem)) from None
        reg._codes = _parse_registry(data, reg.path)
        return reg

    def __len__(self) -> int:
        return len(self._codes)

    def card_for(self, code: str) -> Card:
        """The Card a code stands for; UnknownCode if it was never enrolled."""
        code = _check_code(code)
        entry = self._codes.get(code)
        if entry is None:
            raise UnknownCode("unknown card code %r: enrol it with `%s`" % (code, command("cards enrol")))
        return _card_from_id(*entry)

    def code_of(self, game: str, card_id: str) -> str | None:
        """The code enrolled for a card, or None."""
        for code, entry in self._codes.items():
            if entry == (game, card_id):
                return code
        return None

    def entries(self, game: str | None = None) -> list[tuple[str, Card]]:
        """(code, Card) pairs in card order, optionally of one game."""
        out = []
        for code, (g, cid) in self._codes.items():
            if game is None or g == game:
                out.append((code, _card_from_id(g, cid)))
        out.sort(key=lambda pair: (pair[1].game, pair[1].card_id, pair[0]))
        return out

    def enrol(self, code: str, card: Card) -> None:
        """Store code -> card, replacing the card's previous code; saves the file.

        A code already enrolled for a different card raises CardError and changes nothing.
        """
        code = _check_code(code)
        if not isinstance(card, Card):
            raise CardError("enrol needs a Card, not %r" % (card,))
        _card_from_id(card.game, card.card_id)  # the card must exist
        held = self._codes.get(code)
        if held is not None and held != (card.game, card.card_id):
            raise CardError(
                "code %r is already enrolled as %s; scan another card or forget that one first"
                % (code, _card_from_id(*held).label())
            )
        new = dict(self._codes)
        for old_code, entry in self._codes.items():
            if entry == (card.game, card.card_id):
                del new[old_code]
        new[code] = (card.game, card.card_id)
        self._save(new)

    def forget(self, code: str) -> None:
        """Remove one code; UnknownCode if it is not enrolled."""
        code = _check_code(code)
        if code not in self._codes:
            raise UnknownCode("unknown card code %r: nothing to forget" % code)
        new = dict(self._codes)
        del new[code]
        self._save(new)

    def _save(self, codes: dict[str, Entry]) -> None:
        data = {
            "version": FORMAT_VERSION,
            "cards": {code: {"game": g, "card": cid} for code, (g, cid) in sorted(codes.items())},
        }
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".cards-", dir=str(self.path.parent))
        except OSError as exc:
            raise RegistryWriteError("card registry %s cannot be written (%s): nothing was"
                                     " stored; pick another file with --file"
                                     % (self.path, exc.strerror or exc)) from None
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(data, f, indent=1, sort_keys=True)
                f.write("\n")
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, self.path)
        except BaseException as exc:
            if os.path.exists(tmp):
                os.unlink(tmp)
            if isinstance(exc, OSError):
                raise RegistryWriteError("card registry %s cannot be written (%s): nothing"
                                         " was stored" % (self.path, exc.strerror or exc)) from None
            raise
        self._codes = codes  # only once the file holds it


def _card_from_id(game: str, card_id: str) -> Card:
    for card in catalogue_all(game):
        if card.card_id == card_id:
            return card
    raise CardError("%s has no card %r" % (game, card_id))


def catalogue_all(game: str) -> list[Card]:
    """Every card id the registry may hold for a game: FITS start cards for every tile
    (a group may choose any four), plus the building cards; Forbes' 20 cards."""
    if game == "fits":
        from boardcore.fits import tiles as fits_tiles

        return _fits_cards(list(fits_tiles.TILE_IDS))
    return catalogue(game)


def _parse_registry(data: Any, path: Path) -> dict[str, Entry]:
    if not isinstance(data, dict) or data.get("version") != FORMAT_VERSION:
        raise CardError("card registry %s: expected a JSON object with \"version\": %d" % (path, FORMAT_VERSION))
    cards = data.get("cards")
    if not isinstance(cards, dict):
        raise CardError("card registry %s: \"cards\" must be an object of code -> card" % path)
    codes: dict[str, Entry] = {}
    seen: dict[Entry, str] = {}
    for code in sorted(cards):
        entry = cards[code]
        if not isinstance(entry, dict) or set(entry) != {"game", "card"}:
            raise CardError("card registry %s: code %r must map to {\"game\", \"card\"}" % (path, code))
        game, cid = entry["game"], entry["card"]
        if game not in GAMES_WITH_CARDS:
            raise CardError("card registry %s: code %r names unknown game %r" % (path, code, game))
        try:
            _check_code(code)
            _card_from_id(game, cid)
        except CardError as exc:
            raise CardError("card registry %s: %s" % (path, exc)) from None
        if (game, cid) in seen:
            raise CardError(
                "card registry %s: card %s %s is enrolled twice (codes %r and %r)" % (path, game, cid, seen[(game, cid)], code)
            )
        seen[(game, cid)] = code
        codes[code] = (game, cid)
    return codes


class ScanTracker:
    """The cards of one game in play: a scan is looked up, checked and marked played.

    ``accept(code)`` returns the Card or raises UnknownCode / WrongGame / AlreadyPlayed,
    and in that case marks nothing. ``new_round()`` makes every card playable again
    (FITS reshuffles both decks each round).
    """

    def __init__(self, registry: CardRegistry, game: str) -> None:
        if game not in GAMES_WITH_CARDS:
            raise CardError("%s has no cards to scan" % game)
        self.registry = registry
        self.game = game
        self.played: list[Card] = []  # Cards in the order they were accepted

    def check(self, code: str) -> Card:
        """The Card a scan stands for, if it may be played now; changes nothing."""
        card = self.registry.card_for(code)
        if card.game != self.game:
            raise WrongGame("that is a %s card (%s), but this game is %s" % (card.game, card.label(), self.game))
        if card in self.played:
            raise AlreadyPlayed("%s was already played" % card.label())
        return card

    def accept(self, code: str) -> Card:
        """check(code), then mark the card played; returns it."""
        card = self.check(code)
        self.played.append(card)
        return card

    def unplay(self, card: Card) -> None:
        """Take back a played card (e.g. when the UI undoes the turn); CardError if not played."""
        if card not in self.played:
            raise CardError("%s was not played, so cannot be taken back" % card.label())
        self.played.remove(card)

    def new_round(self) -> None:
        self.played = []


def enrol_walk(registry: CardRegistry, cards: Sequence[Card], events: Iterable[tuple[Any, ...]],
               say: Callable[[str], object],
               show: Callable[[Card], object] | None = None) -> tuple[int, int]:
    """Walk the cards one by one: name each, take the next event, store the scanned code.

    ``events`` yields event tuples as the device sends them: ("scan", CODE) enrols the
    named card; ("button", "next", "short") skips it (its old code, if any, stays);
    ("button", "menu", "short") stops the walk. Other events are ignored. A code that
    the registry refuses (e.g. already another card's) is reported with ``say`` and the
    same card is asked for again. Returns (enrolled, skipped) counts; running out of
    events ends the walk like "menu". ``show(card)``, if given, is called as each card is
    named (the device shows ``card.short()``).
    """
    enrolled = skipped = 0
    pending = iter(events)
    for index, card in enumerate(cards):
        old = registry.code_of(card.game, card.card_id)
        note = " (now %r; next skips)" % old if old is not None else ""
        say("%d/%d: scan %s%s" % (index + 1, len(cards), card.label(), note))
        if show is not None:
            show(card)
        while True:
            event = next(pending, None)
            if event is None or event[:3] == ("button", "menu", "short"):
                say("stopped: %d enrolled, %d skipped" % (enrolled, skipped))
                return enrolled, skipped
            if event[:3] == ("button", "next", "short"):
                skipped += 1
                say("skipped %s" % card.label())
                break
            if len(event) == 2 and event[0] == "scan":
                try:
                    registry.enrol(event[1], card)
                except RegistryWriteError:
                    raise  # asking again cannot help: the walk stops, nothing more is lost
                except CardError as exc:
                    say("not stored: %s" % exc)
                    continue
                enrolled += 1
                say("stored %r as %s" % (event[1].strip(), card.label()))
                break
    say("done: %d enrolled, %d skipped" % (enrolled, skipped))
    return enrolled, skipped
