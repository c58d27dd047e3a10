"""Match pages: start a match, join it by code, watch it, send your own board, run it.

Who may do what comes from the phone's cookie (``referee/tables.py``): a seat sends its own
board, the editing enters whole hands, voids them and hands out codes; anyone with the link
watches. The standings poll every 1.5 seconds, so a new hand reaches every phone within 2, and
are answered 304 while nothing changed.

Every answer that holds a join code or sets the seat cookie is no-store (``never_cache``): the
join pages, the edit page and its forms, a new match's redirect, the old edit links' redirects.
"""

from __future__ import annotations

import csv
import threading
import time
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control, never_cache
from django.views.decorators.http import condition, require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import trigger_client_event
from rest_framework.exceptions import ValidationError

from referee import devices, matches, tables
from referee.cases import ruling_links
from referee.games.base import errors_by_path
from referee.games.match_hand import HandForm, SeatForm, add_hand, seat_board, submit_board
from referee.games.ofc_rules import joker_rulesets
from referee.match_chart import running_chart
from referee.match_form import MatchForm, MoneyForm
from referee.messages import said
from referee.models import JoinCode, Match
from referee.qr import qr_svg
from scoring.match import MatchError, MatchFinished

DETAIL = "matches/detail.html"
EDIT = "matches/edit.html"
JOIN = "matches/join.html"
HISTORY = 20  # hands shown on a page of the history
STANDINGS_KEPT = 60  # seconds a drawn standings partial is kept for the next phone
_DRAWING = threading.Lock()  # one drawing of the watchers' standings at a time, per worker


def _match_or_404(match_id: str) -> Match:
    try:
        return matches.find_match(match_id)
    except matches.MatchNotFound as error:
        raise Http404(_("No such match")) from error


class NotHeld(Exception):
    """This phone holds neither the seat nor the editing a page needs."""

    def __init__(self, match: Match, message: str) -> None:
        super().__init__(message)
        self.match = match


def _editor_or_403(request: HttpRequest, match_id: str) -> tuple[Match, tables.Role]:
    match = _match_or_404(match_id)
    role = tables.role_of(request, match)
    if not role.editor:
        raise NotHeld(match, _("Only a phone that holds the editing of this match can do that."))
    return match, role


def holding(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Answer a phone that holds nothing the view needs with a 403 page saying how to join."""

    @wraps(view)
    def checked(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except NotHeld as error:
            context = {"match": error.match, "message": str(error)}
            return render(request, "matches/forbidden.html", context, status=403)

    return checked


def standings_context(request: HttpRequest, match: Match, editing: bool = False) -> dict[str, Any]:
    """What the standings partial shows: totals, next dealer, the end, the chart, the hands.

    On the edit page (``editing``, or its poll's ``?edit=1``) an editor also gets the void
    buttons.
    """
    hands = matches.hands_of(match)
    current = matches.standings_of(match, hands)
    spec = current.spec
    role = tables.role_of(request, match)
    editing = role.editor and (editing or request.GET.get("edit") == "1")
    totals = sorted(
        ({"name": name, "points": current.totals[name]} for name in spec.players),
        key=lambda row: -row["points"],
    )
    asked = request.GET.get("hands", "")
    page = int(asked) if asked.isdigit() and 0 < len(asked) < 6 and int(asked) > 0 else 1
    rows = matches.hand_rows(match, hands)[::-1]  # the newest first
    return {
        "match": match,
        "role": role,
        "ruleset": spec.profile,
        "ruleset_title": said(spec.profile.title),
        "length": said(spec.length_message()),
        "standings": current,
        "totals": totals,
        "winners": list(current.winners),
        "money": matches.money(match, dict(current.totals)),
        "waiting": matches.boards_waiting(match, current.next_number)
        if not current.finished
        else (),
        "chart": running_chart(
            spec.players,
            current.running,
            current.counted,
            spec.value if spec.kind == "target" else None,
        ),
        "hands": rows[(page - 1) * HISTORY : page * HISTORY],
        "older": page + 1 if len(rows) > page * HISTORY else None,
        "fantasyland": [
            {"name": name, **state.as_dict()} for name, state in current.fantasyland.items()
        ]
        if current.fantasyland and spec.profile.fantasyland
        else [],
        "rulings": ruling_links(current.rulings),
        "editing": editing,
        "poll_url": poll_url(match, role, editing, current.next_number),
    }


def poll_url(match: Match, role: tables.Role, editing: bool, number: int) -> str:
    """Where the page polls: a seat's phone says which hand its board form is for."""
    url = reverse("match-standings", args=[match.id])
    if editing:
        return f"{url}?edit=1"
    return f"{url}?hand={number}" if role.seat is not None else url


@never_cache
def match_new(request: HttpRequest) -> HttpResponse:
    """Start a match; this phone gets its editing, and the edit page shows the seats' codes."""
    asked = request.GET.get("ruleset", "")
    form = MatchForm(request.POST or None, initial={"ruleset": asked} if asked else None)
    if form.is_valid():
        try:
            match, _created = matches.create_match(**form.match_args())
        except MatchError as error:
            form.add_match_error(error)
        else:
            tables.issue_all(match)
            response = HttpResponseRedirect(reverse("match-edit", args=[match.id]) + "?new=1")
            tables.grant(request, response, match, JoinCode.EDITOR)
            return response
    return render(request, "matches/new.html", {"form": form})


# A poll's answer depends on the reader's language and on the phone's seat cookie.
STANDINGS_VARY = ("Accept-Language", "Cookie")


def standings_etag(request: HttpRequest, match_id: str, version: int | None = None) -> str | None:
    """The standings' version and what this phone may see: one indexed lookup, no more (none
    when the version is known)."""
    version = matches.match_version(match_id) if version is None else version
    if version is None:
        return None
    held = tables.role_from_cookie(request, match_id)
    asked = "-".join(request.GET.get(part, "") for part in ("hands", "edit", "hand"))
    return f'"{version}-{held}-{asked}-{get_language()}"'


def standings_key(request: HttpRequest, match_id: object, version: int) -> str | None:
    """Where the watchers' drawn standings are cached: by version, language and the poll's
    address (page, hand); None for the editor's, which holds a CSRF token and is never kept."""
    if request.GET.get("edit") == "1":
        return None
    query = request.GET.urlencode()[:100]
    return f"standings:{matches.find_match_id(match_id)}:{version}:{get_language()}:{query}"


def standings_response(request: HttpRequest, drawn: tuple[str, int]) -> HttpResponse:
    """The drawn standings as a poll's answer."""
    html, number = drawn
    response = HttpResponse(html)
    shown = request.GET.get("hand")
    if shown and shown != str(number):
        # The board form on this seat's page is for a hand now scored: show the next one.
        response["HX-Refresh"] = "true"
    return response


# Outside the condition, so that its 304 says the same: revalidate each time, per language
# and cookie.
@cache_control(no_cache=True)
@vary_on_headers(*STANDINGS_VARY)
@condition(etag_func=standings_etag)
def match_standings(request: HttpRequest, match_id: str) -> HttpResponse:
    """The standings alone, for a phone's poll: 304 while nothing changed.

    When a hand lands, every phone at the table fetches the new standings within two seconds:
    the watchers' copy is drawn once per version and worker and kept in the cache, keyed by
    the version, so a stale copy can never be served.
    """
    match = _match_or_404(match_id)
    key = standings_key(request, match.id, match.version)
    if key is None:
        return standings_response(request, _draw_standings(request, match))
    drawn = cache.get(key)
    if drawn is None:
        # Every phone asks at once when a hand lands: one thread draws, the others wait for it
        # and read its copy, instead of each drawing the same standings again.
        with _DRAWING:
            drawn = cache.get(key)
            if drawn is None:
                drawn = _draw_standings(request, match)
                cache.set(key, drawn, STANDINGS_KEPT)
    return standings_response(request, drawn)


def _draw_standings(request: HttpRequest, match: Match) -> tuple[str, int]:
    context = standings_context(request, match)
    html = render_to_string(f"{DETAIL}#standings", context, request)
    return html, context["standings"].next_number


def match_detail(request: HttpRequest, match_id: str) -> HttpResponse:
    """Watch a match; a phone holding a seat sends its own board for the next hand here."""
    match = _match_or_404(match_id)
    context = standings_context(request, match)
    role = context["role"]
    if role.seat is not None and not context["standings"].finished:
        form = SeatForm(match=match, seat=role.seat, initial=seat_board(match, role.seat))
        context.update(seat_form=form, **_seat_context(match, role.seat, context))
    return render(request, DETAIL, context)


def _seat_context(match: Match, seat: int, context: dict[str, Any]) -> dict[str, Any]:
    player = match.players[seat]
    return {
        "player": player,
        "sent": player not in context["waiting"],
        "next_fantasyland": _fantasyland_cards(context, player),
        "joker_rulesets": joker_rulesets(),
    }


@holding
@require_POST
def match_board(request: HttpRequest, match_id: str) -> HttpResponse:
    """A seat's phone sends its board; back to the match page (post, redirect, get)."""
    match = _match_or_404(match_id)
    role = tables.role_of(request, match)
    if role.seat is None:
        raise NotHeld(match, _("This phone holds no seat at this match: join it with a code."))
    form = SeatForm(request.POST, match=match, seat=role.seat)
    try:
        body = {**form.body(), "seat": match.players[role.seat]}
        submit_board(body, match, role, devices.maker(request))
    except ValidationError as error:
        form.show_errors(errors_by_path(error.detail))
    except MatchFinished as error:
        form.show_errors({"non_field_errors": [str(error)]})
    else:
        return devices.keep(request, HttpResponseRedirect(match.get_absolute_url() + "#standings"))
    context = standings_context(request, match)
    context.update(seat_form=form, **_seat_context(match, role.seat, context))
    return render(request, DETAIL, context)


@never_cache
def legacy_edit(request: HttpRequest, match_id: str, key: str) -> HttpResponse:
    """An edit link from before the cookies: the key gives this phone the editing, once, and
    the page moves to its key-free address."""
    match = _match_or_404(match_id)
    if not match.key_matches(key):
        return render(request, "matches/forbidden.html", {"match": match}, status=403)
    response = HttpResponseRedirect(reverse("match-edit", args=[match.id]), status=307)
    tables.grant(request, response, match, JoinCode.EDITOR)
    return response


@never_cache
@require_POST
def legacy_void(request: HttpRequest, match_id: str, key: str, number: int) -> HttpResponse:
    """A void button from before the cookies: as legacy_edit, keeping the POST (307)."""
    match = _match_or_404(match_id)
    if not match.key_matches(key):
        return render(request, "matches/forbidden.html", {"match": match}, status=403)
    response = HttpResponseRedirect(reverse("match-void", args=[match.id, number]), status=307)
    tables.grant(request, response, match, JoinCode.EDITOR)
    return response


@never_cache
@holding
def match_edit(request: HttpRequest, match_id: str) -> HttpResponse:
    """Run a match: enter or confirm a whole hand, void hands, hand out the seats' codes."""
    match, _held = _editor_or_403(request, match_id)
    added = None
    sent = {seat: seat_board(match, seat) for seat in range(len(match.players))}
    form = HandForm(request.POST or None, match=match, initial=_flat(sent))
    refused: dict[str, list[str]] = {}
    if form.is_bound:
        try:
            with matches.locked(match.id) as table:
                added = add_hand(form.body(), table, devices.maker(request))
        except ValidationError as error:
            refused = errors_by_path(error.detail)
            form.show_errors(refused)
        except MatchFinished as error:
            refused = {"non_field_errors": [str(error)]}
            form.show_errors(refused)
        else:
            if not request.htmx:  # post, redirect, get: a reload does not post it again
                moved = HttpResponseRedirect(f"{request.path}?added={added.hand.number}")
                return devices.keep(request, moved)
            form = HandForm(match=match)
    context = standings_context(request, match, editing=True)
    context.update(
        form=form,
        seats=[
            {**fields, "next_fantasyland": _fantasyland_cards(context, fields["player"])}
            for fields in form.seats()
        ],
        joker_rulesets=joker_rulesets(),
        added=added or _added(match, request.GET.get("added", "")),
        new=request.GET.get("new") == "1",
        codes=_codes(request, match),
        money_form=MoneyForm(initial=_money_initial(match)),
        watch_url=request.build_absolute_uri(match.get_absolute_url()),
    )
    if request.htmx:
        response = render(request, f"{EDIT}#entry", context)
        # Said in a header too, for a hand kept offline and sent by a script (sending.js).
        if added is not None:
            trigger_client_event(response, "hand-added", {"number": added.hand.number})
        elif refused:
            trigger_client_event(response, "hand-refused", {"errors": refused})
        return devices.keep(request, response)
    return render(request, EDIT, context)


def _flat(sent: dict[int, dict[str, Any] | None]) -> dict[str, Any]:
    """The boards the seats sent, as the hand form's initial values."""
    return {
        f"players-{seat}-{part}": value
        for seat, board in sent.items()
        if board
        for part, value in board.items()
        if part != "name" and value not in (None, False)
    }


def _added(match: Match, number: str) -> Any:
    hand = (
        match.hands.filter(number=int(number)).select_related("case").first()
        if (number.isdigit() and len(number) < 9)
        else None
    )
    return {"hand": hand} if hand else None


def _codes(request: HttpRequest, match: Match) -> list[dict[str, Any]]:
    """Each seat's live code with its QR, then the editing's; a seat nobody has taken yet can
    be taken by this phone, when it holds no seat here."""
    live = tables.live_codes(match)
    seated = tables.role_of(request, match).seat is not None
    rows = []
    for seat, name in [*enumerate(match.players), (JoinCode.EDITOR, _("Editing"))]:
        code = live.get(seat)
        url = tables.join_url(request, code) if code else ""
        rows.append(
            {
                "seat": seat,
                "name": name,
                "code": code,
                "url": url,
                "qr": qr_svg(url, _("Join code for %(name)s") % {"name": name}) if code else "",
                "takeable": code is not None and seat != JoinCode.EDITOR and not seated,
            }
        )
    return rows


def _money_initial(match: Match) -> dict[str, Any]:
    if not match.cents_per_point:
        return {"currency": match.currency}
    return {"point_value": f"{match.cents_per_point / 100:.2f}", "currency": match.currency}


def _fantasyland_cards(context: dict[str, Any], name: str) -> int | None:
    """The Fantasyland deal this player gets in the next hand, if any."""
    return next((row["cards"] for row in context["fantasyland"] if row["name"] == name), None)


@holding
@require_POST
def match_void(request: HttpRequest, match_id: str, number: int) -> HttpResponse:
    """Void one hand (kept in the history, no longer counted), then back to the edit page."""
    match, _held = _editor_or_403(request, match_id)
    try:
        matches.void_hand(match.id, number)
    except matches.MatchNotFound as error:
        raise Http404(str(error)) from error
    if request.htmx:
        # The hand form's number and dealer change too: reload the whole page.
        return HttpResponse(status=204, headers={"HX-Refresh": "true"})
    return HttpResponseRedirect(reverse("match-edit", args=[match.id]))


@never_cache
@holding
@require_POST
def match_code(request: HttpRequest, match_id: str) -> HttpResponse:
    """A new code for one seat (or the editing); the seat's old code stops working."""
    match, _held = _editor_or_403(request, match_id)
    seat = request.POST.get("seat", "")
    valid = {str(seat) for seat in range(len(match.players))} | {str(JoinCode.EDITOR)}
    if seat in valid:
        tables.issue_code(match, int(seat))
    return HttpResponseRedirect(reverse("match-edit", args=[match.id]) + "#codes")


@never_cache
@holding
@require_POST
def match_take_seat(request: HttpRequest, match_id: str) -> HttpResponse:
    """The editing phone takes a seat nobody has taken, in one tap: it then sends that seat's
    board like any other, and the seat's code stops working."""
    match, held = _editor_or_403(request, match_id)
    seat = request.POST.get("seat", "")
    if held.seat is not None or seat not in {str(seat) for seat in range(len(match.players))}:
        return HttpResponseRedirect(reverse("match-edit", args=[match.id]) + "#codes")
    taken = int(seat)
    if taken not in tables.live_codes(match):  # its code was used: someone has the seat
        return HttpResponseRedirect(reverse("match-edit", args=[match.id]) + "#codes")
    tables.take_seat(match, taken)
    response = HttpResponseRedirect(match.get_absolute_url())
    tables.grant(request, response, match, taken)
    return response


@never_cache
@holding
@require_POST
def match_money(request: HttpRequest, match_id: str) -> HttpResponse:
    """Set what a point is worth (or clear it) and the currency's label."""
    match, _held = _editor_or_403(request, match_id)
    form = MoneyForm(request.POST)
    if form.is_valid():
        matches.set_money(match, form.cleaned_data["cents"], form.cleaned_data["currency"])
        return HttpResponseRedirect(reverse("match-edit", args=[match.id]) + "#standings")
    context = standings_context(request, match)
    context.update(money_form=form, codes=_codes(request, match), form=None, seats=[])
    return render(request, EDIT, context, status=400)


@never_cache
def join(request: HttpRequest, code: str = "") -> HttpResponse:
    """Type a code (or open a QR code's link), then take the seat with one tap.

    Opening a code's link and posting it are both tries (``tables.attempt``): counted, limited
    and logged alike. A refused code says why (unknown, used, expired, too many tries) and
    what to do next; every answer here is no-store, as it holds a code or the seat's cookie.
    """
    typed = request.POST.get("code", code) if request.method == "POST" else code
    context: dict[str, Any] = {"code": tables.spaced(tables.normalise(typed))}
    if not tables.normalise(typed):
        if request.method == "POST":
            context["error"] = _(
                "Type the code the host's phone shows for your seat, or scan its QR code."
            )
        return render(request, JOIN, context, status=400 if request.method == "POST" else 200)
    try:
        found = tables.attempt(request, typed, time.time(), use=request.method == "POST")
    except tables.CodeRefused as refused:
        held = refused.match is not None and not tables.role_of(request, refused.match).anyone
        context.update(error=str(refused), held=refused.match if held else None)
        status = 400 if refused.retry_after is None else 429
        response = render(request, JOIN, context, status=status)
        if refused.retry_after is not None:
            response["Retry-After"] = str(refused.retry_after)
        return response
    if request.method != "POST":
        return render(request, JOIN, {**context, "offered": found})
    target = (
        reverse("match-edit", args=[found.match_id])
        if found.gives_editing
        else found.match.get_absolute_url()
    )
    response = HttpResponseRedirect(target)
    tables.grant(request, response, found.match, found.seat)
    return response


def my_matches(request: HttpRequest) -> HttpResponse:
    """The matches this phone holds a seat or the editing at, newest first."""
    ids = tables.held_matches(request)
    found = {str(match.id): match for match in Match.objects.filter(pk__in=ids)}
    rows = [
        {"match": found[match_id], "role": tables.role_of(request, found[match_id])}
        for match_id in ids
        if match_id in found
    ]
    return render(request, "matches/mine.html", {"rows": rows})


def hands_csv(request: HttpRequest, match_id: str) -> HttpResponse:
    """Every hand and player as a line: number, dealer, player, rows, points, void, case."""
    match = _match_or_404(match_id)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="match-{match.id}.csv"'
    writer = csv.writer(response)
    writer.writerow(matches.EXPORT_COLUMNS)
    for line in matches.export_lines(match, request.build_absolute_uri("/")[:-1]):
        writer.writerow(line)
    return response
