"""The running-total chart: one line per player, a point per hand, the zero and target lines."""

from referee.match_chart import HEIGHT, running_chart


def test_chart_has_a_point_per_hand_for_each_player():
    running = [{"Ann": 0, "Bob": 0}, {"Ann": 8, "Bob": -8}, {"Ann": 23, "Bob": -23}]
    chart = running_chart(["Ann", "Bob"], running, [1, 2], target=30)
    assert [line["name"] for line in chart["lines"]] == ["Ann", "Bob"]
    assert all(len(line["points"].split()) == 3 for line in chart["lines"])
    assert chart["count"] == 2 and chart["summary"] == "Ann +23, Bob -23"
    ann = [marker["y"] for marker in chart["lines"][0]["markers"]]
    assert ann == sorted(ann, reverse=True)  # rising totals climb the drawing
    assert chart["target"]["y"] < ann[-1] < chart["zero"] < HEIGHT
    assert [hand["label"] for hand in chart["hands"]] == ["start", "1", "2"]
    # Lines differ by dash and marker too, not by colour alone.
    assert chart["lines"][0]["dash"] != chart["lines"][1]["dash"]


def test_empty_match_still_draws_axes():
    chart = running_chart(["Ann", "Bob", "Cy"], [{"Ann": 0, "Bob": 0, "Cy": 0}], [])
    assert chart["count"] == 0 and chart["target"] is None
    assert chart["ticks"] and len(chart["lines"]) == 3


def test_long_match_labels_at_most_about_eight_hands():
    running = [{"A": n, "B": -n} for n in range(41)]
    chart = running_chart(["A", "B"], running, list(range(1, 41)))
    assert len(chart["hands"]) <= 9 and chart["hands"][-1]["label"] == "40"
    assert len(chart["ticks"]) <= 6
