"""The OFC engine's rulings: one sentence for every decision ``score_table`` makes.

``ofc.py`` computes (its records are in ``ofc_records.py``); this module words what it
computed, citing the ruleset's articles (the ``Citations`` of ``rulesets.py``) and the house
interpretations the decision rests on.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

from scoring.cards import Card
from scoring.hands import Category, Hand
from scoring.jokers import BoardResolution, RowResolution, key_of
from scoring.messages import Commas, Message, say
from scoring.ofc_records import SAID_ROWS, Matchup, PlayerBoard, ScoredBoard
from scoring.rulesets import ROWS, Fantasyland, Ruleset, spoken_name
from scoring.rulings import Ruling


def foul_reason(name: str, resolution: BoardResolution) -> Message:
    """Say why a board fouls, row by row (the broken orders said as a list: "A and B")."""
    top, middle, bottom = resolution.top.hand, resolution.middle.hand, resolution.bottom.hand
    broken: list[Message] = []
    if key_of(middle) > key_of(bottom):
        broken.append(
            say(
                "ofc.middle_over_bottom",
                middle=middle,
                bottom=bottom,
            )
        )
    if key_of(top) > key_of(middle):
        broken.append(
            say(
                "ofc.top_over_middle",
                top=top,
                middle=middle,
            )
        )
    if resolution.has_jokers and broken:
        return say(
            "ofc.foul_jokers_broken",
            name=name,
            broken=broken,
        )
    if resolution.has_jokers:
        return say(
            "ofc.foul_jokers",
            name=name,
        )
    return say("ofc.foul_rows", name=name, broken=broken)


def _place(name: str, row: str) -> Message:
    """A player's row as a place that holds cards: "Ann's top row"."""
    return say("ofc.row_place", name=name, row=SAID_ROWS[row])


def _joker(name: str, row: str) -> Message:
    return say("ofc.joker_place", name=name, row=SAID_ROWS[row])


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


_FLUSHES = (Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH)


def _joker_became(
    rules: Ruleset, name: str, row: str, part: RowResolution, card: Card
) -> list[Ruling]:
    """What one Joker became, and why not stronger."""
    cite = rules.citations
    joker, hand, shown = _joker(name, row), part.hand, str(card)
    if part.lowered:
        said = rules.ruling(
            cite.joker_lowered,
            name,
            say(
                "ofc.joker_lowered",
                joker=joker,
                card=shown,
                hand=hand,
                best=part.best_alone,
            ),
            interpretation=cite.joker_lowered_reading,
        )
    else:
        said = rules.ruling(
            cite.joker_best,
            name,
            say(
                "ofc.joker_best",
                joker=joker,
                card=shown,
                row=SAID_ROWS[row],
                hand=hand,
            ),
        )
    rulings = [said]
    if part.alternatives > 1:
        rulings.append(
            rules.ruling(
                cite.joker_best,
                name,
                say(
                    "ofc.joker_choice",
                    count=part.alternatives,
                    joker=joker,
                    card=shown,
                ),
                interpretation=cite.joker_choice,
            )
        )
    return rulings


def _joker_limits(
    rules: Ruleset,
    name: str,
    row: str,
    part: RowResolution,
    card: Card,
    table_cards: Mapping[Card, tuple[str, str]],
) -> list[Ruling]:
    """The limits on a Joker that a player might dispute: no five of a kind, its own row."""
    cite, joker, hand, shown = rules.citations, _joker(name, row), part.hand, str(card)
    rulings = []
    real = [c for c in part.cards if not c.is_joker]
    if any(sum(c.rank == rank for c in real) == 4 for rank in {c.rank for c in real}):
        rulings.append(
            rules.ruling(
                cite.joker_no_five,
                name,
                say(
                    "ofc.joker_no_five",
                    joker=joker,
                    hand=hand,
                ),
            )
        )
    blocked = [c for c in real if c.suit == card.suit and c.rank > card.rank]
    if part.hand.category in _FLUSHES and blocked and not part.lowered:
        rulings.append(
            rules.ruling(
                cite.joker_own_row,
                name,
                say(
                    "ofc.joker_own_row",
                    joker=joker,
                    cards=", ".join(map(str, blocked)),
                    card=shown,
                    hand=hand,
                ),
            )
        )
    # A real card is in one place only (a table with a card twice is refused), so one place.
    elsewhere = table_cards.get(card)
    if elsewhere:
        rulings.append(
            rules.ruling(
                cite.joker_elsewhere,
                name,
                say(
                    "ofc.joker_elsewhere",
                    joker=joker,
                    card=shown,
                    place=_place(*elsewhere),
                ),
            )
        )
    return rulings


def _joker_rulings(
    rules: Ruleset, board: ScoredBoard, table_cards: Mapping[Card, tuple[str, str]]
) -> list[Ruling]:
    rulings: list[Ruling] = []
    resolution, name, cite = board.resolution, board.name, rules.citations
    for row in ROWS:
        part = resolution.row(row)
        for card in part.jokers:
            if not resolution.in_order:
                rulings.append(
                    rules.ruling(
                        cite.joker_foul,
                        name,
                        say(
                            "ofc.joker_foul",
                            joker=_joker(name, row),
                            card=str(card),
                            hand=part.hand,
                        ),
                        interpretation=cite.joker_foul_shown,
                    )
                )
                continue
            rulings += _joker_became(rules, name, row, part, card)
            rulings += _joker_limits(rules, name, row, part, card, table_cards)
    return rulings


def _board_rulings(rules: Ruleset, board: ScoredBoard) -> list[Ruling]:
    rulings: list[Ruling] = []
    name, cite = board.name, rules.citations
    top, middle = board.rows["top"].hand, board.rows["middle"].hand
    if top.category == middle.category:
        outcome = (
            say("ofc.top_stronger") if key_of(top) > key_of(middle) else say("ofc.middle_stronger")
        )
        rulings.append(
            rules.ruling(
                cite.top_vs_middle,
                name,
                say(
                    "ofc.top_vs_middle",
                    name=name,
                    top=top,
                    middle=middle,
                    outcome=outcome,
                ),
            )
        )
        if top.category == Category.THREE_OF_A_KIND and top.ranks[0] == middle.ranks[0]:
            rulings.append(
                rules.ruling(
                    cite.trips_tie,
                    name,
                    say(
                        "ofc.trips_tie",
                        name=name,
                        trips=Hand(Category.THREE_OF_A_KIND, top.ranks[:1]),
                    ),
                )
            )
    if board.fouled:
        rulings.append(
            rules.ruling(
                cite.joker_foul if board.resolution.has_jokers else cite.foul,
                name,
                say(
                    "ofc.foul",
                    name=name,
                    reason=board.foul_reason or "",
                ),
            )
        )
        return rulings
    for row in ROWS:
        result = board.rows[row]
        if result.royalty:
            rulings.append(
                rules.ruling(
                    rules.royalty_citation(row),
                    name,
                    say(
                        "ofc.royalty",
                        name=name,
                        row=SAID_ROWS[row],
                        hand=result.hand,
                        royalty=result.royalty,
                    ),
                )
            )
    return rulings


def _stay_rulings(rules: Ruleset, fantasyland: Fantasyland, board: ScoredBoard) -> list[Ruling]:
    """A player who played this hand in Fantasyland: stays or leaves, and with how many cards."""
    name, result = board.name, board.fantasyland
    assert result is not None
    rulings: list[Ruling] = []
    if result.stays:
        held = [
            row
            for row, least in fantasyland.stay.items()
            if least is not None and board.rows[row].hand.category >= least
        ]
        rulings.append(
            rules.ruling(
                fantasyland.stay_citation,
                name,
                say(
                    "ofc.stays",
                    name=name,
                    hand=board.rows[held[0]].hand,
                    row=SAID_ROWS[held[0]],
                    cards=result.cards or 0,
                ),
            )
        )
        if fantasyland.same_count_citation:
            rulings.append(
                rules.ruling(
                    fantasyland.same_count_citation,
                    name,
                    say(
                        "ofc.stay_count",
                        name=name,
                        cards=result.cards or 0,
                    ),
                    interpretation=fantasyland.stay_count_interpretation,
                )
            )
    else:
        rulings.append(
            rules.ruling(
                fantasyland.stay_citation,
                name,
                say(
                    "ofc.leaves_fouled",
                    name=name,
                )
                if board.fouled
                else say(
                    "ofc.leaves",
                    name=name,
                ),
            )
        )
    if not fantasyland.played:
        rulings.append(
            rules.ruling(
                fantasyland.played_citation,
                name,
                say(
                    "ofc.played_not_dealt",
                    ruleset=spoken_name(rules),
                    name=name,
                ),
                interpretation=fantasyland.played_interpretation,
            )
        )
    return rulings


def _entry_rulings(rules: Ruleset, fantasyland: Fantasyland, board: ScoredBoard) -> list[Ruling]:
    """A player outside Fantasyland: whether the top row earns it, and what the profile deals."""
    name, top, result = board.name, board.rows["top"].hand, board.fantasyland
    assert result is not None
    if result.qualifies:
        rulings = [
            rules.ruling(
                fantasyland.entry_citation,
                name,
                say(
                    "ofc.enters",
                    name=name,
                    hand=top,
                    cards=result.cards or 0,
                ),
            )
        ]
        if not fantasyland.played:
            rulings.append(
                rules.ruling(
                    fantasyland.played_citation,
                    name,
                    say(
                        "ofc.entry_not_dealt",
                        ruleset=spoken_name(rules),
                        name=name,
                    ),
                )
            )
        return rulings
    if board.fouled and fantasyland.entry_cards(top.category, top.ranks[0]) is not None:
        return [
            rules.ruling(
                fantasyland.entry_citation,
                name,
                say(
                    "ofc.entry_fouled",
                    name=name,
                    hand=top,
                ),
            )
        ]
    return []


def _fantasyland_rulings(rules: Ruleset, board: ScoredBoard) -> list[Ruling]:
    name, top = board.name, board.rows["top"].hand
    fantasyland, result = rules.fantasyland, board.fantasyland
    if fantasyland is None or result is None:
        # OFC-BETA 9.1 names the usual entry, queens or better, to say this version has none.
        if not board.fouled and (top.category, top.ranks[0]) >= (Category.PAIR, 12):
            return [
                rules.ruling(
                    rules.citations.no_fantasyland,
                    name,
                    say(
                        "ofc.no_fantasyland",
                        name=name,
                        hand=top,
                        ruleset=spoken_name(rules),
                    ),
                )
            ]
        return []
    if result.in_fantasyland:
        rulings = _stay_rulings(rules, fantasyland, board)
    else:
        rulings = _entry_rulings(rules, fantasyland, board)
    with_joker = any(card.is_joker for card in board.rows["top"].cards) or (
        result.in_fantasyland and board.resolution.has_jokers
    )
    if with_joker and fantasyland.resolved_citation and (result.qualifies or result.stays):
        rulings.append(
            rules.ruling(
                fantasyland.resolved_citation,
                name,
                say(
                    "ofc.judged_resolved",
                    name=name,
                ),
            )
        )
    return rulings


def _matchup_rulings(rules: Ruleset, ab: Matchup, a: ScoredBoard, b: ScoredBoard) -> list[Ruling]:
    cite = rules.citations
    subject = say("ofc.matchup_subject", player=a.name, opponent=b.name)
    if a.fouled and b.fouled:
        return [
            rules.ruling(
                cite.both_foul,
                subject,
                say(
                    "ofc.both_foul",
                    a=a.name,
                    b=b.name,
                ),
            )
        ]
    if a.fouled or b.fouled:
        loser, winner = (a, b) if a.fouled else (b, a)
        return [
            rules.ruling(
                cite.foul_payout,
                subject,
                say(
                    "ofc.foul_payout",
                    loser=loser.name,
                    winner=winner.name,
                    penalty=rules.foul_penalty,
                    royalties=winner.royalties,
                    points=rules.foul_penalty + winner.royalties,
                ),
            )
        ]
    rulings: list[Ruling] = []
    for row in ROWS:
        if ab.compared[row] == 0:
            hand = a.rows[row].hand
            rulings.append(
                rules.ruling(
                    cite.ties,
                    subject,
                    say(
                        "ofc.row_tie",
                        a=a.name,
                        b=b.name,
                        row=SAID_ROWS[row],
                        hand=hand,
                    ),
                )
            )
    if ab.sweep:
        winner = a if ab.sweep > 0 else b
        rulings.append(
            rules.ruling(
                cite.sweep,
                subject,
                say(
                    "ofc.sweep",
                    winner=winner.name,
                    bonus=rules.sweep_bonus,
                ),
            )
        )
    elif sorted(ab.compared.values()) in ([0, 1, 1], [-1, -1, 0]):
        # Two rows won (or lost) and one tied, whatever a row pays: the tie stops the sweep.
        rulings.append(
            rules.ruling(
                cite.row_ties,
                subject,
                say("ofc.tie_stops_sweep"),
            )
        )
    if ab.majority:
        winner = a if ab.majority > 0 else b
        rulings.append(
            rules.ruling(
                cite.majority,
                subject,
                say(
                    "ofc.majority",
                    winner=winner.name,
                    bonus=rules.majority_bonus,
                ),
            )
        )
    parts = [say("ofc.points_rows", points=_signed(sum(ab.rows.values())))]
    if ab.sweep:
        parts.append(say("ofc.points_sweep", points=_signed(ab.sweep)))
    if ab.majority:
        parts.append(say("ofc.points_majority", points=_signed(ab.majority)))
    parts.append(say("ofc.points_royalties", mine=a.royalties, theirs=b.royalties))
    rulings.append(
        rules.ruling(
            cite.royalties,
            subject,
            say(
                "ofc.matchup_score",
                name=a.name,
                parts=parts,
                points=_signed(ab.points),
                opponent=b.name,
            ),
        )
    )
    return rulings


def _total_ruling(rules: Ruleset, name: str, mine: Sequence[Matchup], total: int) -> Ruling:
    # The parts are joined by commas, never "and": "+3 against Bob, -2 against Cy".
    parts = Commas(
        tuple(
            say("ofc.points_against", points=_signed(m.points), opponent=m.opponent) for m in mine
        )
    )
    return rules.ruling(
        rules.citations.hand_score,
        name,
        say(
            "ofc.hand_score",
            name=name,
            parts=parts or "",
            points=_signed(total),
        ),
    )


def table_rulings(
    rules: Ruleset,
    boards: Sequence[PlayerBoard],
    assessed: Sequence[ScoredBoard],
    matchups: Sequence[Matchup],
    scores: dict[str, int],
) -> list[Ruling]:
    """Every ruling of a scored table: Jokers, rows, Fantasyland, each matchup, each total."""
    names = [board.name for board in assessed]
    rulings: list[Ruling] = []
    if rules.players_interpretation and len(boards) < rules.max_players:
        rulings.append(
            rules.ruling(
                rules.citations.players,
                say("ofc.the_table"),
                say(
                    "ofc.players_interpretation",
                    ruleset=spoken_name(rules),
                    most=rules.max_players,
                    count=len(boards),
                ),
                interpretation=rules.players_interpretation,
            )
        )
    table_cards = {  # each card's player and row: a place is worded only when a ruling names it
        card: (name, row)
        for board, name in zip(boards, names, strict=True)
        for row in ROWS
        for card in board.row(row)
        if not card.is_joker
    }
    for board, player in zip(assessed, boards, strict=True):
        rulings += _joker_rulings(rules, board, table_cards)
        rulings += _board_rulings(rules, board)
        rulings += _fantasyland_rulings(rules, board)
        if player.discards is not None and player.in_fantasyland and rules.fantasyland:
            rulings.append(
                rules.ruling(
                    rules.fantasyland.deal_citation,
                    board.name,
                    say(
                        "ofc.fantasyland_discards",
                        name=board.name,
                        count=len(player.discards),
                    ),
                    interpretation=rules.fantasyland.discard_interpretation,
                )
            )
    for a, b in itertools.combinations(assessed, 2):
        rulings += _matchup_rulings(
            rules, next(m for m in matchups if (m.player, m.opponent) == (a.name, b.name)), a, b
        )
    for board in assessed:
        mine = [m for m in matchups if m.player == board.name]
        rulings.append(_total_ruling(rules, board.name, mine, scores[board.name]))
    return rulings
