"""A match's tally: kept hand by hand, it says what folding every hand says."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.match import (
    FantasylandRecord,
    HandRecord,
    Standings,
    Tally,
    left_of,
    new_match,
    standings,
    tally,
)

PLAYERS = ["Ann", "Bob", "Cy"]

# What the OFC engine may report for a player in a hand (the match decides what it means).
REPORTS = st.one_of(
    st.none(),
    st.builds(
        FantasylandRecord,
        qualifies=st.booleans(),
        cards=st.sampled_from([None, 14, 15, 16, 17]),
        stays=st.booleans(),
        played_with=st.sampled_from([None, 14, 15]),
    ),
)
HANDS = st.lists(
    st.tuples(
        st.lists(st.integers(-18, 18), min_size=2, max_size=2),  # Ann's and Bob's scores
        st.booleans(),  # voided
        st.lists(REPORTS, min_size=3, max_size=3),
    ),
    max_size=12,
)
SPECS = st.sampled_from(
    [
        ("joker-ofc", "rounds", 2),
        ("pineapple-ofc", "rounds", 2),
        ("pineapple-2p-v1", "target", 20),
    ]
)


def records(players: list[str], hands) -> list[HandRecord]:
    made, dealer = [], players[0]
    for number, (scores, void, reports) in enumerate(hands, start=1):
        points = dict(zip(players, [*scores, 0][: len(players)], strict=True))
        points[players[-1]] -= sum(points.values())  # a hand's scores add up to 0
        fantasyland = {name: r for name, r in zip(players, reports, strict=False) if r is not None}
        made.append(HandRecord(number, dealer, points, void=void, fantasyland=fantasyland))
        if not void:
            dealer = left_of(players, dealer)
    return made


@settings(max_examples=60, deadline=None)
@given(spec=SPECS, hands=HANDS)
def test_adding_each_hand_to_the_kept_tally_gives_the_fold_of_all(spec, hands):
    """Hand by hand, through the row's JSON as the web layer keeps it, the tally and every
    ruling worded from it are those of folding all the hands at once."""
    ruleset, kind, value = spec
    players = PLAYERS[:2] if ruleset == "pineapple-2p-v1" else PLAYERS
    match = new_match(ruleset, players, players[0], kind, value)
    made = records(players, hands)
    kept = Tally.start(match).as_dict()
    for record in made:
        kept = json.loads(json.dumps(Tally.from_dict(kept).add(match, record).as_dict()))
    folded = standings(match, made)
    assert Tally.from_dict(kept) == folded.tally == tally(match, made)
    assert [r.as_dict() for r in Standings(match, Tally.from_dict(kept)).rulings] == [
        r.as_dict() for r in folded.rulings
    ]


def test_a_void_hand_counts_for_nothing_and_keeps_its_number():
    match = new_match("pineapple-ofc", PLAYERS, "Ann", "rounds", 2)
    made = [
        HandRecord(1, "Ann", {"Ann": 6, "Bob": -3, "Cy": -3}),
        HandRecord(2, "Bob", {"Ann": -6, "Bob": 3, "Cy": 3}, void=True),
        HandRecord(3, "Bob", {"Ann": 1, "Bob": 1, "Cy": -2}),
    ]
    kept = tally(match, made)
    assert dict(kept.totals) == {"Ann": 7, "Bob": -2, "Cy": -5}
    assert kept.counted == (1, 3) and kept.voided == (2,) and kept.last_dealer == "Bob"
    assert standings(match, made).next_number == 4 and standings(match, made).dealer == "Cy"
