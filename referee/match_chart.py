"""The running-total chart of a match, laid out for a server-rendered SVG (no script needed).

The drawing is 360 x 220 units and scales to the width of the screen, so it reads on a
390-pixel phone: one line per player (colour and dash pattern both differ, for colour-blind
readers), a marker on every hand, the zero line, the target line of a target match, and the
hand numbers along the bottom.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import pgettext

WIDTH, HEIGHT = 360, 220
LEFT, RIGHT, TOP, BOTTOM = 46, 10, 14, 30
# Colour, dash pattern and marker shape per seat: distinguishable without colour.
STYLES = (
    {"colour": "#0b6e4f", "dash": "", "marker": "circle"},
    {"colour": "#c1121f", "dash": "7 4", "marker": "square"},
    {"colour": "#1560bd", "dash": "2 3", "marker": "diamond"},
)


MOST_MARKERS = 40  # past this many hands, only each line's last point is marked


def _ticks(low: int, high: int) -> list[int]:
    """Up to five round values from low to high for the vertical axis."""
    span = max(high - low, 1)
    step = 1
    for candidate in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        step = candidate
        if span / candidate <= 4:
            break
    first = -(-low // step) * step
    return list(range(first, high + 1, step))


def running_chart(
    players: Sequence[str],
    running: Sequence[Mapping[str, int]],
    hand_numbers: Sequence[int],
    target: int | None = None,
) -> dict[str, Any]:
    """Lay out each player's running total after each counted hand (``running[0]`` is 0s)."""
    values = [totals[name] for totals in running for name in players]
    marks = [0, *([target] if target is not None else [])]
    low, high = min(values + marks), max(values + marks)
    if low == high:
        low, high = low - 1, high + 1
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    steps = max(len(running) - 1, 1)

    def x(index: int) -> float:
        return round(LEFT + plot_w * index / steps, 1)

    def y(value: int) -> float:
        return round(TOP + plot_h * (high - value) / (high - low), 1)

    lines = []
    for seat, name in enumerate(players):
        style = STYLES[seat % len(STYLES)]
        points = [(x(index), y(totals[name])) for index, totals in enumerate(running)]
        # A marker a hand helps read a short match; a long one would drown in them (and weigh).
        marked = points if len(points) <= MOST_MARKERS else [points[-1]]
        lines.append(
            {
                "name": name,
                "total": running[-1][name],
                "points": " ".join(f"{px},{py}" for px, py in points),
                "markers": [
                    {"x": px, "y": py, "x0": round(px - 4, 1), "y0": round(py - 4, 1)}
                    for px, py in marked
                ],
                **style,
            }
        )
    labels = [pgettext("chart: before the first hand", "start"), *map(str, hand_numbers)]
    every = max(1, -(-len(labels) // 8))  # at most about eight labels along the bottom
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "tick_x": LEFT - 9,
        "right": WIDTH - RIGHT,
        "bottom": HEIGHT - BOTTOM,
        "label_y": HEIGHT - BOTTOM + 18,
        "zero": y(0),
        "target": None if target is None else {"value": target, "y": y(target)},
        "ticks": [{"value": value, "y": y(value)} for value in _ticks(low, high)],
        "hands": [
            {"label": label, "x": x(index)}
            for index, label in enumerate(labels)
            if index % every == 0 or index == len(labels) - 1
        ],
        "lines": lines,
        "summary": ", ".join(f"{line['name']} {line['total']:+d}" for line in lines),
        "count": len(running) - 1,
    }
