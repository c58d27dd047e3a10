"""Open-Face Chinese Poker rulesets as data: a new house profile is a new entry in RULESETS.

Each ruleset says how many players sit, which deck is used, how many cards a row holds, what
each row pays in royalties, when Fantasyland is entered and kept, how long a match lasts, and
which article each of those rules comes from, so the scoring engine (``ofc.py``), the matches
(``match.py``) and the pages never branch on a ruleset's name: the web layer's choices, help
texts and case-log names all come from these records. A ruleset's name and title are names kept
as data (``say(N_("Joker OFC"))``): their English is the catalogue's msgid, so the web layer says
them in the reader's language from the entry itself; ``description()`` records the ruleset in a
line, worded by ``scoring.wording.common``.

The royalty tables are pineapple-2p-v1's for all three rulesets: OFC-BETA promises tables it
does not print, and the figures it does give (QQ pays 7, 555 pays 13) agree with them.

>>> get_ruleset("joker-ofc").jokers
2
>>> get_ruleset("pineapple-2p-v1").royalty("top", Category.PAIR, 12)
7
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from scoring.errors import InputError
from scoring.hands import Category
from scoring.messages import Message, Unstopped, say
from scoring.players import count_phrase
from scoring.rulings import Ruling
from scoring.wording.base import N_ as N_  # also marks a preset's title (scoring/house.py)

ROWS = ("top", "middle", "bottom")


@dataclass(frozen=True)
class Citations:
    """The article each rule of a ruleset comes from."""

    players: str
    deck: str
    rows: str
    discards: str
    foul: str
    top_hands: str
    top_vs_middle: str
    ties: str
    row_points: str
    row_ties: str
    sweep: str
    royalties: str
    foul_payout: str
    both_foul: str
    hand_score: str
    top_royalties: str
    middle_royalties: str
    bottom_royalties: str
    no_fantasyland: str = "OFC-BETA 9.1"
    # A point for winning more rows than the opponent, under 2-4 scoring (house rules only).
    majority: str = "OFC-BETA 6.2"
    # Jokers (JOKER-OFC 3-4): what one becomes, and the readings the documents leave open.
    joker_best: str = "JOKER-OFC 3.1"
    joker_no_five: str = "JOKER-OFC 3.2"
    joker_own_row: str = "JOKER-OFC 3.3"
    joker_elsewhere: str = "JOKER-OFC 3.4"
    trips_tie: str = "JOKER-OFC 3.5"
    joker_lowered: str = "JOKER-OFC 4.1"
    joker_foul: str = "JOKER-OFC 4.2"  # a board whose Jokers cannot be resolved in order
    joker_choice: str = "H12"  # equal candidates: the highest suit
    joker_lowered_reading: str = "H31"  # "a little lower": strongest bottom, middle, top
    joker_foul_shown: str = "H10"  # a fouled board shows each row at its own best


@dataclass(frozen=True)
class FantasylandEntry:
    """A top row of at least ``category`` with its first rank at least ``rank`` earns ``cards``."""

    category: Category
    rank: int
    cards: int


@dataclass(frozen=True)
class Fantasyland:
    """How Fantasyland is entered, how many cards it deals, and what keeps a player in it."""

    entries: tuple[FantasylandEntry, ...]
    # The least hand per row that keeps a Fantasyland player there (None: that row never does).
    stay: Mapping[str, Category | None]
    played: bool
    entry_citation: str
    deal_citation: str
    stay_citation: str
    played_citation: str
    # Joker rulesets judge entry and stay on the rows as the Jokers were resolved.
    resolved_citation: str | None = None
    # Whether a stay keeps the card count the player entered with (it always does when flat).
    same_count_citation: str | None = None
    # A house reading applied to Fantasyland hands of this ruleset, if any.
    played_interpretation: str | None = None
    # A house reading of how many cards a Fantasyland player discards, if the text is silent.
    discard_interpretation: str | None = None
    # In Fantasyland only the stay rule decides the next hand (with same_count_citation).
    stay_count_interpretation: str | None = None
    # The cards a stay deals; None: the count the player entered Fantasyland with.
    stay_cards: int | None = None

    @property
    def deal_sizes(self) -> tuple[int, ...]:
        """The card counts a Fantasyland hand may be dealt, smallest first."""
        return tuple(sorted({entry.cards for entry in self.entries}))

    def entry_cards(self, category: Category, first_rank: int) -> int | None:
        """How many cards a top row of this category and first rank earns, or None."""
        earned = [
            entry.cards
            for entry in self.entries
            if (category, first_rank) >= (entry.category, entry.rank)
        ]
        return max(earned) if earned else None


@dataclass(frozen=True)
class MatchRules:
    """How a ruleset's matches are measured: the lengths allowed and the articles saying so."""

    # kind -> the values allowed, or None for any positive whole number up to a sane target
    lengths: Mapping[str, tuple[int, ...] | None]
    length_citation: str
    dealer_citation: str = "OFC-BETA 4.2"
    total_citation: str = "OFC-BETA 6.6"


@dataclass(frozen=True)
class Ruleset:
    """One OFC profile: who plays, with what deck, what pays, and where each rule is written."""

    key: str
    # What people call it, say(N_("Joker OFC")): a name kept as data, its own msgid; a table's
    # own rules keep the words the table gave.
    name: Message | str
    # The name with its document, as a choice lists it: say(N_("Joker OFC Pineapple (JOKER-OFC)")).
    title: Message | str
    document: str
    min_players: int
    max_players: int
    jokers: int
    row_sizes: Mapping[str, int]
    dealt_cards: int  # cards a player is dealt in a normal hand (placed plus discarded)
    row_point: int  # won row +1, lost row -1
    sweep_bonus: int
    foul_penalty: int
    top_pairs: Mapping[int, int]  # pair rank -> royalty
    top_trips: Mapping[int, int]  # trips rank -> royalty
    middle: Mapping[Category, int]
    bottom: Mapping[Category, int]
    citations: Citations
    fantasyland: Fantasyland | None
    match: MatchRules
    players_interpretation: str | None = None
    majority_bonus: int = 0  # 2-4 scoring: a point for winning more rows (1-6: none)
    # A table's own rules say, for each citation of theirs, what the document would give.
    house_notes: Mapping[str, Message] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def placed_cards(self) -> int:
        """Cards on a finished board (13)."""
        return sum(self.row_sizes.values())

    @property
    def deck_size(self) -> int:
        """Cards in the deck, Jokers included."""
        return 52 + self.jokers

    def ruling(
        self,
        citation: str,
        subject: str | Message,
        message: Message,
        interpretation: str | None = None,
    ) -> Ruling:
        """A ruling under these rules; on a table's own rule (a citation in ``house_notes``) it
        says, as it is made, what the document would give: "... (OFC-BETA 6.5 gives 6)."."""
        note = self.house_notes.get(citation)
        if note is not None:
            unstopped = Unstopped(message.kind, message.values)
            message = say("ofc.noted", ruling=unstopped, note=note)
        return Ruling(citation, subject, message, interpretation)

    def royalty(self, row: str, category: Category, first_rank: int) -> int:
        """The royalty a row pays for a hand of this category and first rank.

        >>> get_ruleset("pineapple-ofc").royalty("middle", Category.THREE_OF_A_KIND, 5)
        2
        """
        if row == "top":
            if category == Category.PAIR:
                return self.top_pairs.get(first_rank, 0)
            if category == Category.THREE_OF_A_KIND:
                return self.top_trips.get(first_rank, 0)
            return 0
        table = self.middle if row == "middle" else self.bottom
        return table.get(category, 0)

    def describe(self) -> str:
        """Say in a line who plays, with what deck and what Fantasyland.

        >>> get_ruleset("joker-ofc").describe()
        'Joker OFC: 2 or 3 players; 54 cards with 2 Jokers (X); Fantasyland 14-17 cards.'
        """
        return str(self.description())

    def description(self) -> Message:
        """``describe()`` as a message, to be said in the reader's language."""
        if self.jokers:
            deck = say("common.ruleset_deck_jokers", count=self.deck_size, jokers=self.jokers)
        else:
            deck = say("common.ruleset_deck", count=self.deck_size)
        if self.fantasyland is None:
            fantasyland = say("common.ruleset_no_fantasyland")
        else:
            sizes = self.fantasyland.deal_sizes
            if len(sizes) > 1:
                fantasyland = say(
                    "common.ruleset_fantasyland_range", least=sizes[0], most=sizes[-1]
                )
            else:
                fantasyland = say("common.ruleset_fantasyland_cards", count=sizes[0])
        return say(
            "common.ruleset_summary",
            name=self.name,
            players=count_phrase(self.min_players, self.max_players),
            deck=deck,
            fantasyland=fantasyland,
        )

    def royalty_citation(self, row: str) -> str:
        """The article a row's royalty comes from."""
        return {
            "top": self.citations.top_royalties,
            "middle": self.citations.middle_royalties,
            "bottom": self.citations.bottom_royalties,
        }[row]


# pineapple-2p-v1 Top royalties: 66 pays 1 up to AA 9; 222 pays 10 up to AAA 22.
TOP_PAIRS: Mapping[int, int] = MappingProxyType({rank: rank - 5 for rank in range(6, 15)})
TOP_TRIPS: Mapping[int, int] = MappingProxyType({rank: rank + 8 for rank in range(2, 15)})
MIDDLE: Mapping[Category, int] = MappingProxyType(
    {
        Category.THREE_OF_A_KIND: 2,
        Category.STRAIGHT: 4,
        Category.FLUSH: 8,
        Category.FULL_HOUSE: 12,
        Category.FOUR_OF_A_KIND: 20,
        Category.STRAIGHT_FLUSH: 30,
        Category.ROYAL_FLUSH: 50,
    }
)
BOTTOM: Mapping[Category, int] = MappingProxyType(
    {
        Category.STRAIGHT: 2,
        Category.FLUSH: 4,
        Category.FULL_HOUSE: 6,
        Category.FOUR_OF_A_KIND: 10,
        Category.STRAIGHT_FLUSH: 15,
        Category.ROYAL_FLUSH: 25,
    }
)
ROW_SIZES: Mapping[str, int] = MappingProxyType({"top": 3, "middle": 5, "bottom": 5})

OFC_BETA = Citations(
    players="OFC-BETA 2.1",
    deck="OFC-BETA 2.1",
    rows="OFC-BETA 1.1",
    discards="OFC-BETA 2.1",
    foul="OFC-BETA 1.2",
    top_hands="OFC-BETA 3.2",
    top_vs_middle="OFC-BETA 3.3",
    ties="OFC-BETA 3.1",
    row_points="OFC-BETA 6.2",
    row_ties="OFC-BETA 6.2",
    sweep="OFC-BETA 6.3",
    royalties="OFC-BETA 6.4",
    foul_payout="OFC-BETA 6.5",
    both_foul="OFC-BETA 6.5",
    hand_score="OFC-BETA 6.6",
    top_royalties="OFC-BETA 6.7",
    middle_royalties="OFC-BETA 6.8",
    bottom_royalties="OFC-BETA 6.8",
)


def _v1(topic: str) -> str:
    return f"pineapple-2p-v1 {topic}"


_OFC_BETA_LENGTHS: Mapping[str, tuple[int, ...] | None] = MappingProxyType(
    {"hands": (1,), "rounds": (1, 2)}
)

PINEAPPLE_OFC = Ruleset(
    key="pineapple-ofc",
    name=say(N_("Pineapple OFC")),
    title=say(N_("Pineapple OFC (OFC-BETA)")),
    document="OFC-BETA",
    min_players=2,
    max_players=3,
    jokers=0,
    row_sizes=ROW_SIZES,
    dealt_cards=17,
    row_point=1,
    sweep_bonus=3,
    foul_penalty=6,
    top_pairs=TOP_PAIRS,
    top_trips=TOP_TRIPS,
    middle=MIDDLE,
    bottom=BOTTOM,
    citations=OFC_BETA,
    fantasyland=None,
    match=MatchRules(_OFC_BETA_LENGTHS, "OFC-BETA 6.9"),
)

PINEAPPLE_2P_V1 = Ruleset(
    key="pineapple-2p-v1",
    name=say(N_("Heads-up Pineapple OFC")),
    title=say(N_("Default Pineapple OFC, heads-up (pineapple-2p-v1)")),
    document="pineapple-2p-v1",
    min_players=2,
    max_players=2,
    jokers=0,
    row_sizes=ROW_SIZES,
    dealt_cards=17,
    row_point=1,
    sweep_bonus=3,
    foul_penalty=6,
    top_pairs=TOP_PAIRS,
    top_trips=TOP_TRIPS,
    middle=MIDDLE,
    bottom=BOTTOM,
    citations=Citations(
        players=_v1("Number of players"),
        deck=_v1("Deck"),
        rows=_v1("Rows"),
        discards=_v1("Each later street"),
        foul=_v1("Foul definition"),
        top_hands=_v1("Top row hand types"),
        top_vs_middle="OFC-BETA 3.3",
        ties="OFC-BETA 3.1",
        row_points=_v1("Row points"),
        row_ties=_v1("Row ties"),
        sweep=_v1("Scoop bonus"),
        royalties="OFC-BETA 6.4",
        foul_payout=_v1("Foul payout"),
        both_foul=_v1("Both players foul"),
        hand_score=_v1("Scoring method"),
        top_royalties=_v1("Top royalties"),
        middle_royalties=_v1("Middle royalties"),
        bottom_royalties=_v1("Bottom royalties"),
    ),
    fantasyland=Fantasyland(
        entries=(FantasylandEntry(Category.PAIR, 12, 14),),
        stay=MappingProxyType(
            {
                "top": Category.THREE_OF_A_KIND,
                "middle": Category.FULL_HOUSE,
                "bottom": Category.FOUR_OF_A_KIND,
            }
        ),
        played=False,
        entry_citation=_v1("Fantasyland qualification"),
        deal_citation=_v1("Fantasyland deal size"),
        stay_citation=_v1("Fantasyland stay"),
        played_citation=_v1("Fantasyland hands"),
        played_interpretation="H30",
    ),
    match=MatchRules(MappingProxyType({"target": None}), _v1("Match end")),
)

# JOKER-OFC 1.2: apart from the two Jokers (and Fantasyland, which OFC-BETA 9.1 leaves out) the
# game is OFC Pineapple, so its rows, scoring, royalties and articles are OFC-BETA's.
JOKER_OFC = replace(
    PINEAPPLE_OFC,
    key="joker-ofc",
    name=say(N_("Joker OFC")),
    title=say(N_("Joker OFC Pineapple (JOKER-OFC)")),
    document="JOKER-OFC",
    jokers=2,
    citations=replace(
        OFC_BETA, players="JOKER-OFC 7.1", deck="JOKER-OFC 2.1", discards="JOKER-OFC 2.2"
    ),
    fantasyland=Fantasyland(
        # Ultimate Fantasyland: QQ 14, KK 15, AA 16, any trips 17.
        entries=(
            FantasylandEntry(Category.PAIR, 12, 14),
            FantasylandEntry(Category.PAIR, 13, 15),
            FantasylandEntry(Category.PAIR, 14, 16),
            FantasylandEntry(Category.THREE_OF_A_KIND, 2, 17),
        ),
        stay=MappingProxyType(
            {
                "top": Category.THREE_OF_A_KIND,
                "middle": None,
                "bottom": Category.FOUR_OF_A_KIND,
            }
        ),
        played=True,
        entry_citation="JOKER-OFC 7.2",
        deal_citation="JOKER-OFC 7.2",
        stay_citation="JOKER-OFC 7.2",
        played_citation="JOKER-OFC 7.2",
        resolved_citation="JOKER-OFC 5.2",
        same_count_citation="JOKER-OFC 5.3",
        discard_interpretation="H32",
        stay_count_interpretation="H33",
    ),
    players_interpretation="H11",
)

# The built-in profiles, in the order the pages offer them. RULESETS is a live view of this table:
# a profile added here (a test registers one with ``monkeypatch.setitem``) is offered everywhere.
_ENTRIES: dict[str, Ruleset] = {
    ruleset.key: ruleset for ruleset in (PINEAPPLE_OFC, PINEAPPLE_2P_V1, JOKER_OFC)
}
RULESETS: Mapping[str, Ruleset] = MappingProxyType(_ENTRIES)
DEFAULT = PINEAPPLE_OFC.key  # the profile a page starts from
DEFAULT_FANTASYLAND = PINEAPPLE_2P_V1.key  # the setter's, among those that deal Fantasyland


def fantasyland_rulesets() -> dict[str, Ruleset]:
    """The profiles that deal Fantasyland hands, by key."""
    return {key: rules for key, rules in RULESETS.items() if rules.fantasyland is not None}


def joker_keys(rulesets: Mapping[str, Ruleset] = RULESETS) -> list[str]:
    """The keys of the profiles that deal Jokers (a page shows the Joker picker for them)."""
    return [key for key, rules in rulesets.items() if rules.jokers]


def documents(rulesets: Mapping[str, Ruleset] = RULESETS) -> list[str]:
    """The rule documents the profiles come from, each once, in order."""
    return list(dict.fromkeys(rules.document for rules in rulesets.values()))


def spoken_name(rules: Ruleset) -> Message | str:
    """A ruleset's name inside a sentence, to be said in the reader's language: the entry's
    own message (a table's own rules keep the words the table gave them).

    >>> str(spoken_name(get_ruleset("joker-ofc")))
    'Joker OFC'
    """
    return rules.name


def spoken_title(rules: Ruleset) -> Message | str:
    """A ruleset's title with its document, as a choice lists it, in the reader's language.

    >>> str(spoken_title(get_ruleset("pineapple-ofc")))
    'Pineapple OFC (OFC-BETA)'
    """
    return rules.title


class UnknownRuleset(InputError):
    """A ruleset key that is not one of RULESETS."""


def get_ruleset(key: str) -> Ruleset:
    """The ruleset for a key, or an error listing the keys that exist.

    >>> get_ruleset("pineapple-ofc").max_players
    3
    """
    try:
        return RULESETS[key]
    except (KeyError, TypeError):
        known = ", ".join(RULESETS)
        raise UnknownRuleset(
            say("common.ruleset_unknown", known=known, key=repr(key)),
            "ruleset",
        ) from None
