"""The API answered in the phone's browser, for a table with no signal (issue 38).

The phone runs this module under Pyodide in a Web Worker (``static/js/engine.js``, through
``referee/phone.py``). It reads a
game's API body by the fields the server's serializer declares (``referee/offline.py`` exports
them into the bundle at build time: ``shapes.json``), makes the game's engine call
(``scoring.calls``, the server's own) and answers in the API's JSON shape, each ruling said in
the reader's language and linked to its article as the server links it. Saved house rules are
played when the phone has kept them (``houses``: each as ``GET /api/house-rules/<id>/`` gave it,
kept when a page used it online); any other is refused at its field as needing the network.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping
from typing import Any

from scoring import calls
from scoring.cards import MAX_CARD_TEXT, CardError, parse_cards
from scoring.citations import article_slug, split_citation
from scoring.errors import InputError
from scoring.house import BASES, ISLAND, PINEAPPLE, house_readings, house_ruleset
from scoring.island_readings import PLAIN_READINGS as ISLAND_PLAIN
from scoring.messages import Message, say
from scoring.pineapple_readings import PLAIN_READINGS as PINEAPPLE_PLAIN
from scoring.players import default_name_message, seat_names
from scoring.rulesets import RULESETS, Ruleset
from scoring.rulings import INTERPRETATIONS, Ruling
from scoring.texts import text_problem
from scoring.wording.speak import speak

Shape = Mapping[str, Any]
MISSING = object()  # a field left out, as DRF leaves it out of the validated data

House = Mapping[str, Any]  # saved house rules: id, base, changes, title


def ruleset(chosen: str | House) -> Ruleset:
    """A built-in profile by its key, or saved house rules as the server plays them."""
    if isinstance(chosen, str):
        return RULESETS[chosen]
    return house_ruleset(chosen["id"], chosen["base"], chosen["changes"], chosen["title"])


def readings(house: House | None, base: str, plain: Any) -> Any:
    """The readings saved house rules switch, or the plain ones."""
    return house_readings(house["id"], house["changes"], base).readings if house else plain


def fits(base: str | None, made_from: str) -> bool:
    """Whether house rules made from ``made_from`` are played where ``base`` is taken (None:
    any OFC profile), as the server checks."""
    start = BASES.get(made_from)
    if base is None:
        return start is not None and not start.readings
    return made_from == base


# Each game's engine call once its request is read, as the server's game slices make it.
GAMES: dict[str, Callable[[dict[str, Any]], Any]] = {
    "ofc": lambda r: calls.ofc(r, ruleset(r["ruleset"])),
    "fantasyland": lambda r: calls.fantasyland(r, ruleset(r["ruleset"])),
    "island": lambda r: calls.island(r, readings(r.get("house_rules"), ISLAND, ISLAND_PLAIN)),
    "pineapple": lambda r: calls.pineapple(
        r, readings(r.get("house_rules"), PINEAPPLE, PINEAPPLE_PLAIN)
    ),
    "discards": lambda r: calls.discards(
        r,
        readings(r["house_rules"]["house"], PINEAPPLE, PINEAPPLE_PLAIN),
        r["house_rules"]["names"],
    ),
}


class Reader:
    """Reads one request by its shape, keeping each refusal at its field's path."""

    def __init__(
        self, language: str, t: gettext.NullTranslations, houses: Mapping[str, House]
    ) -> None:
        self.language, self.t, self.houses = language, t, houses
        self.errors: dict[str, list[str]] = {}

    def refuse(self, path: str, message: str) -> object:
        self.errors.setdefault(path or "non_field_errors", []).append(message)
        return MISSING

    def words(self, shape: Shape, key: str, **values: Any) -> str:
        """A field's own refusal in the reader's language, as the server words it."""
        said = shape["words"][key]
        text = str(said.get(self.language) or said["en"])
        for name, value in values.items():
            text = text.replace(f"{{{name}}}", str(value))
        return text

    def field(self, shape: Shape, given: Mapping[str, Any], name: str, path: str) -> Any:
        if name not in given:
            if shape.get("required"):
                return self.refuse(path, self.words(shape, "required"))
            return shape.get("default", MISSING)
        value = given[name]
        if value is None:
            return None if shape["null"] else self.refuse(path, self.words(shape, "null"))
        read: Callable[[Shape, Any, str], Any] = getattr(self, f"read_{shape['kind']}")
        return read(shape, value, path)

    def read_object(self, shape: Shape, value: Any, path: str) -> Any:
        if not isinstance(value, dict):
            return self.refuse(path, self.words(shape, "invalid", datatype=type(value).__name__))
        read = {}
        for name, field in shape["fields"].items():
            item = self.field(field, value, name, f"{path}.{name}" if path else name)
            if item is not MISSING:
                read[name] = item
        return read

    def read_list(self, shape: Shape, value: Any, path: str) -> Any:
        if not isinstance(value, list):
            return self.refuse(
                path, self.words(shape, "not_a_list", input_type=type(value).__name__)
            )
        if shape["most"] is not None and len(value) > shape["most"]:
            return self.refuse(path, self.words(shape, "max_length", max_length=shape["most"]))
        item = shape["item"]
        read = [self.field(item, {"": v}, "", f"{path}.{i}") for i, v in enumerate(value)]
        return MISSING if any(v is MISSING for v in read) else read

    def read_players(self, shape: Shape, value: Any, path: str) -> Any:
        players = self.read_list(shape, value, path)
        if players is MISSING or not shape["name_seats"]:
            return players
        names = seat_names(
            [player.get("name", "") for player in players],
            default=lambda index: self.say(default_name_message(index)),
        )
        return [{**player, "name": name} for player, name in zip(players, names, strict=True)]

    def read_cards(self, shape: Shape, value: Any, path: str) -> Any:
        t, count = self.t, shape["count"]
        if not isinstance(value, str):
            return self.refuse(path, t.gettext("enter cards as text, e.g. As Kd 7c"))
        problem = text_problem(value, t.gettext, " \t\n\r", t.gettext("cards such as As Kd 7c"))
        if problem:
            return self.refuse(path, problem)
        if len(value) > MAX_CARD_TEXT:
            return self.refuse(
                path,
                t.gettext("too long: at most %(most)d characters of cards")
                % {"most": MAX_CARD_TEXT},
            )
        try:
            cards = parse_cards(value)
        except CardError as error:
            return self.refuse(path, self.say(next(iter(error.messages.values()))[0]))
        if not cards and not shape.get("required"):
            return cards
        if not shape["jokers"] and any(card.is_joker for card in cards):
            return self.refuse(
                path, t.gettext("Jokers are only in the Joker OFC deck; use a card like As or Td")
            )
        if count is not None and len(cards) != count:
            wrong = t.ngettext(
                "needs exactly %(count)d card, got %(got)d, e.g. %(example)s",
                "needs exactly %(count)d cards, got %(got)d, e.g. %(example)s",
                count,
            )
            return self.refuse(
                path, wrong % {"count": count, "got": len(cards), "example": shape["example"]}
            )
        return cards

    def read_name(self, shape: Shape, value: Any, path: str) -> Any:
        if not isinstance(value, str):
            return self.refuse(path, self.t.gettext("enter a name as text, e.g. Ann"))
        problem = text_problem(value, self.t.gettext)
        if problem:
            return self.refuse(path, problem)
        return self.read_text(shape, value, path)

    def read_text(self, shape: Shape, value: Any, path: str) -> Any:
        if not isinstance(value, str):
            return self.refuse(
                path,
                self.t.gettext(
                    'enter this as text in quotes, e.g. "Friday game", not a number or a list'
                ),
            )
        text = value.strip()  # DRF's CharField trims
        if shape["most"] is not None and len(text) > shape["most"]:
            return self.refuse(path, self.words(shape, "max_length", max_length=shape["most"]))
        return text

    def read_whole(self, shape: Shape, value: Any, path: str) -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            return self.refuse(path, self.t.gettext("enter a whole number, e.g. 15"))
        if shape["least"] is not None and value < shape["least"]:
            return self.refuse(path, self.words(shape, "min_value", min_value=shape["least"]))
        if shape["most"] is not None and value > shape["most"]:
            return self.refuse(path, self.words(shape, "max_value", max_value=shape["most"]))
        return value

    def read_flag(self, shape: Shape, value: Any, path: str) -> Any:
        if not isinstance(value, bool):
            return self.refuse(path, self.t.gettext("enter true or false"))
        return value

    def read_choice(self, shape: Shape, value: Any, path: str) -> Any:
        if shape.get("checked") and isinstance(value, str):  # referee.fields.ChoiceField's
            t, accepted = self.t, ", ".join(shape["choices"])
            one_of = t.gettext("one of: %(accepted)s") % {"accepted": accepted}
            problem = text_problem(value, t.gettext, accepted=one_of)
            if problem:
                return self.refuse(path, problem)
            if len(value) > max((len(choice) for choice in shape["choices"]), default=0) + 20:
                return self.refuse(
                    path,
                    t.gettext("too long for a choice: use one of %(accepted)s")
                    % {"accepted": accepted},
                )
        if isinstance(value, str | int) and str(value) in shape["choices"]:
            return str(value)
        return self.refuse(path, self.words(shape, "invalid_choice", input=value))

    def read_ruleset(self, shape: Shape, value: Any, path: str) -> Any:
        if isinstance(value, str) and value in shape["choices"]:
            return value
        if isinstance(value, str) and value.startswith("house:"):
            return self.read_house(shape, value, path)
        known = ", ".join(shape["choices"])
        return self.refuse(
            path, self.say(say("common.ruleset_unknown", known=known, key=repr(value)))
        )

    def read_house(self, shape: Shape, value: Any, path: str) -> Any:
        """Saved house rules the phone has kept, made from what the field takes."""
        house = self.houses.get(value) if isinstance(value, str) else None
        if house is None or not fits(shape.get("base"), house["base"]):
            return self.refuse(path, self.needs_network())
        return house

    def read_switches(self, shape: Shape, value: Any, path: str) -> Any:
        """The discard referee's house rules: switch names, and at most one saved key."""
        items = [value] if isinstance(value, str) else value
        if not isinstance(items, list):
            return self.read_server(shape, value, path)
        house, names = None, []
        for item in items:
            if item in shape["choices"] and item not in names:
                names.append(item)
            elif isinstance(item, str) and item.startswith("house:") and house is None:
                house = self.read_house(shape, item, path)
                if house is MISSING:
                    return MISSING
            else:
                return self.read_server(shape, value, path)
        return {"house": house, "names": names}

    def read_server(self, shape: Shape, value: Any, path: str) -> Any:
        return self.refuse(path, self.needs_network())

    def needs_network(self) -> str:
        return self.t.gettext("this needs the network: the phone's engine plays the built-in rules")

    def say(self, message: str | Message | Mapping[str, Any], english_text: str = "") -> str:
        """A record in the reader's language, as ``referee.messages.said`` says it."""
        if isinstance(message, str):
            return message
        if self.language == "en":
            return str(message) if isinstance(message, Message) else english_text
        try:
            return speak(message if isinstance(message, Mapping) else message.as_dict(), self.t)
        except (KeyError, TypeError, ValueError):
            return english_text or str(message)

    def links(self, rulings: list[Ruling], links: Mapping[str, str]) -> list[dict[str, Any]]:
        """Each ruling as ``referee.cases.ruling_links`` gives it."""
        linked = []
        for ruling in rulings:
            entry = ruling.as_dict()
            for key, said_key in (("text", "message"), ("subject", "subject_message")):
                message = entry.pop(said_key, None)
                if message is not None:
                    entry[key] = self.say(message, entry.get(key, ""))
            entry["url"] = _url(links, entry.get("citation", ""))
            code = entry.get("interpretation")
            if code:
                found = _url(links, INTERPRETATIONS.get(code, ""))
                entry["interpretation_url"] = f"{found}#{code}" if found else ""
            linked.append(entry)
        return linked


def _url(links: Mapping[str, str], citation: str) -> str:
    """``referee.cases.citation_url`` with the addresses given (``referee.offline.links``); ""
    for what is not a citation."""
    try:
        document, number = split_citation(citation)
    except ValueError:
        return ""
    if document.startswith("HOUSE-"):
        return f"{links['house'].replace('ID', document[6:])}#{number}"
    return links["article"].replace("DOCUMENT", document).replace("SLUG", article_slug(number))


def answer(
    game: str,
    body: Any,
    language: str,
    shapes: Mapping[str, Shape],
    links: Mapping[str, str],
    t: gettext.NullTranslations,
    houses: Mapping[str, House] | None = None,
) -> dict[str, Any]:
    """The API's answer to ``body`` for ``game``, made here: ``{"answer": ...}`` as the API's
    200, or ``{"errors": {path: [message]}}`` as its 400. ``houses``: the saved house rules
    the phone has kept, by key ("house:<id>")."""
    reader = Reader(language, t, houses or {})
    request = reader.field(shapes[game], {"": body}, "", "")
    if reader.errors or request is MISSING:
        return {"errors": reader.errors}
    try:
        outcome = GAMES[game](request)
    except InputError as error:
        return {"errors": {p: [reader.say(m) for m in ms] for p, ms in error.messages.items()}}
    return {
        "answer": {
            **outcome.as_dict(),
            "rulings": reader.links(list(outcome.rulings), links),
            "case": None,
        }
    }
