"""Match pages: start a match, watch it (anyone with the link), and run it (the edit link)."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_POST
from rest_framework.exceptions import ValidationError

from referee import matches
from referee.cases import ruling_links
from referee.games.base import errors_by_path
from referee.games.match_hand import HandForm, add_hand
from referee.games.ofc import JOKER_RULESETS
from referee.match_chart import running_chart
from referee.match_form import MatchForm
from referee.models import Match
from scoring.match import MatchError, MatchFinished
from scoring.rulesets import get_ruleset

DETAIL = "matches/detail.html"
EDIT = "matches/edit.html"


def _match_or_404(match_id: str) -> Match:
    try:
        return matches.find_match(match_id)
    except matches.MatchNotFound as error:
        raise Http404("No such match") from error


def _editable_or_403(request: HttpRequest, match_id: str, key: str | None) -> Match | HttpResponse:
    match = _match_or_404(match_id)
    if not match.key_matches(key if key is not None else request.GET.get("key", "")):
        return render(request, "matches/forbidden.html", {"match": match}, status=403)
    return match


def standings_context(match: Match, edit_key: str | None = None) -> dict[str, Any]:
    """What the standings partial shows: totals, next dealer, the end, the chart, the hands."""
    hands = matches.hands_of(match)
    current = matches.standings_of(match, hands)
    spec = current.spec
    totals = sorted(
        ({"name": name, "points": current.totals[name]} for name in spec.players),
        key=lambda row: -row["points"],
    )
    return {
        "match": match,
        "ruleset": get_ruleset(match.ruleset),
        "standings": current,
        "totals": totals,
        "winners": list(current.winners),
        "chart": running_chart(
            spec.players,
            current.running,
            current.counted,
            spec.value if spec.kind == "target" else None,
        ),
        "hands": matches.hand_rows(match, hands),
        "fantasyland": [
            {"name": name, **state.as_dict()} for name, state in current.fantasyland.items()
        ]
        if current.fantasyland and get_ruleset(match.ruleset).fantasyland
        else [],
        "rulings": ruling_links(current.rulings),
        "edit_key": edit_key,
        "poll_url": reverse("match-edit", args=[match.id, edit_key])
        if edit_key
        else reverse("match-detail", args=[match.id]),
    }


def match_new(request: HttpRequest) -> HttpResponse:
    """Start a match; on success go to its edit page, which shows the edit link once."""
    form = MatchForm(request.POST if request.method == "POST" else None)
    if form.is_valid():
        try:
            match, key = matches.create_match(**form.match_args())
        except MatchError as error:
            form.add_match_error(error)
        else:
            return HttpResponseRedirect(reverse("match-edit", args=[match.id, key]) + "?new=1")
    return render(request, "matches/new.html", {"form": form})


def match_detail(request: HttpRequest, match_id: str) -> HttpResponse:
    """Watch a match: standings, next dealer, the winner, the chart and the hands (no key)."""
    match = _match_or_404(match_id)
    context = standings_context(match)
    if request.htmx:
        return render(request, f"{DETAIL}#standings", context)
    return render(request, DETAIL, context)


def match_edit(request: HttpRequest, match_id: str, key: str | None = None) -> HttpResponse:
    """Run a match: the watch page plus the OFC hand form and a void button per hand."""
    found = _editable_or_403(request, match_id, key)
    if isinstance(found, HttpResponse):
        return found
    match, key = found, key if key is not None else request.GET.get("key", "")
    added = None
    form = HandForm(request.POST if request.method == "POST" else None, match=match)
    if form.is_bound:
        try:
            added = add_hand(form.body(), match)
        except ValidationError as error:
            form.show_errors(errors_by_path(error.detail))
        except MatchFinished as error:
            form.show_errors({"non_field_errors": [str(error)]})
        else:
            form = HandForm(match=match)
    elif request.htmx:
        return render(request, f"{EDIT}#standings", standings_context(match, key))
    context = standings_context(match, key)
    context.update(
        form=form,
        seats=[
            {**fields, "next_fantasyland": _fantasyland_cards(context, fields["player"])}
            for fields in form.seats()
        ],
        joker_rulesets=JOKER_RULESETS,
        added=added,
        added_rulings=ruling_links(added.table.rulings) if added else [],
        new=request.GET.get("new") == "1",
        edit_url=request.build_absolute_uri(reverse("match-edit", args=[match.id, key])),
        watch_url=request.build_absolute_uri(match.get_absolute_url()),
    )
    if request.htmx:
        return render(request, f"{EDIT}#entry", context)
    return render(request, EDIT, context)


def _fantasyland_cards(context: dict[str, Any], name: str) -> int | None:
    """The Fantasyland deal this player gets in the next hand, if any."""
    return next((row["cards"] for row in context["fantasyland"] if row["name"] == name), None)


@require_POST
def match_void(request: HttpRequest, match_id: str, key: str, number: int) -> HttpResponse:
    """Void one hand (kept in the history, no longer counted), then back to the edit page."""
    found = _editable_or_403(request, match_id, key)
    if isinstance(found, HttpResponse):
        return found
    try:
        matches.void_hand(found.id, number)
    except matches.MatchNotFound as error:
        raise Http404(str(error)) from error
    if request.htmx:
        # The hand form's number and dealer change too: reload the whole page.
        return HttpResponse(status=204, headers={"HX-Refresh": "true"})
    return HttpResponseRedirect(reverse("match-edit", args=[found.id, key]))
