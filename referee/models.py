"""The rule library (documents, articles, house interpretations) and the append-only case log."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language

from referee.fastjson import JsonEncoder
from scoring.citations import article_slug

JAPANESE = "ja"


def is_japanese(language: str | None) -> bool:
    """Say whether a language code ("ja", "ja-jp") is Japanese."""
    return bool(language) and str(language).lower().split("-")[0] == JAPANESE


class Translated:
    """Texts with a Japanese twin: `<field>_ja`, blank where there is no translation yet."""

    def in_language(self, field: str, language: str | None = None) -> str:
        """Return the field's Japanese text under Japanese (the active language by default)."""
        if is_japanese(get_language() if language is None else language):
            japanese: str = getattr(self, f"{field}_ja")
            if japanese:
                return japanese
        english: str = getattr(self, field)
        return english

    def shows_japanese(self, field: str, language: str | None = None) -> bool:
        """Say whether in_language(field, language) gives the Japanese text."""
        language = get_language() if language is None else language
        return is_japanese(language) and bool(getattr(self, f"{field}_ja"))


class Document(Translated, models.Model):
    """One rule document, e.g. OPR-538, cited by its id."""

    slug = models.SlugField(max_length=40, unique=True, help_text="URL key, e.g. OPR-538")
    code = models.CharField(max_length=40, unique=True, help_text="Id as cited, e.g. OPR-538")
    title = models.CharField(max_length=200)
    summary = models.TextField(blank=True)
    title_ja = models.CharField(max_length=200, blank=True)
    summary_ja = models.TextField(blank=True)
    source = models.CharField(max_length=200, blank=True, help_text="File in shared/seeds/")
    issued = models.CharField(max_length=60, blank=True)
    order = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["order", "code"]

    def __str__(self) -> str:
        return f"{self.code}: {self.title}"

    def get_absolute_url(self) -> str:
        return reverse("rules-document", args=[self.slug])

    @property
    def shown_title(self) -> str:
        return self.in_language("title")

    @property
    def shown_summary(self) -> str:
        return self.in_language("summary")

    @property
    def in_japanese(self) -> bool:
        """Whether the page shows this document's Japanese (so the English note is due)."""
        return self.shows_japanese("summary")


class Article(Translated, models.Model):
    """One numbered article (or, for pineapple-2p-v1, one named topic) of a document."""

    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="articles")
    number = models.CharField(max_length=60, help_text='As cited: "1.3(a)" or "Foul payout"')
    slug = models.SlugField(max_length=80, editable=False)
    section = models.CharField(max_length=200, blank=True)
    heading = models.CharField(max_length=200)
    text = models.TextField(help_text="Paragraphs separated by a blank line")
    example = models.TextField(blank=True)
    section_ja = models.CharField(max_length=200, blank=True)
    heading_ja = models.CharField(max_length=200, blank=True)
    text_ja = models.TextField(blank=True)
    example_ja = models.TextField(blank=True)
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["document__order", "position"]
        constraints = [
            models.UniqueConstraint(fields=["document", "number"], name="article_number_unique"),
            models.UniqueConstraint(fields=["document", "slug"], name="article_slug_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.citation}: {self.heading}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.slug = article_slug(self.number)
        super().save(*args, **kwargs)

    @property
    def citation(self) -> str:
        return f"{self.document.code} {self.number}"

    def get_absolute_url(self) -> str:
        return reverse("rules-article", args=[self.document.slug, self.slug])

    @property
    def shown_heading(self) -> str:
        return self.in_language("heading")

    @property
    def shown_section(self) -> str:
        return self.in_language("section")

    @property
    def in_japanese(self) -> bool:
        """Whether the page shows this article's Japanese (so the English note is due)."""
        return self.shows_japanese("text")

    def text_in(self, language: str | None = None) -> str:
        """Return the text in the language (the active one by default), English if untranslated."""
        return self.in_language("text", language)

    def paragraphs(self) -> list[str]:
        return _paragraphs(self.text_in())

    def example_paragraphs(self) -> list[str]:
        return _paragraphs(self.in_language("example"))


def _paragraphs(text: str) -> list[str]:
    return [part.strip() for part in text.split("\n\n") if part.strip()]


class Interpretation(Translated, models.Model):
    """A house reading of an article the documents leave open (H1, H2, ...)."""

    code = models.CharField(max_length=10, unique=True, help_text='Cited id, e.g. "H1"')
    article = models.ForeignKey(Article, on_delete=models.CASCADE, related_name="interpretations")
    title = models.CharField(max_length=200)
    question = models.TextField()
    reading = models.TextField()
    reasoning = models.TextField()
    title_ja = models.CharField(max_length=200, blank=True)
    question_ja = models.TextField(blank=True)
    reading_ja = models.TextField(blank=True)
    reasoning_ja = models.TextField(blank=True)
    order = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["order", "code"]

    def __str__(self) -> str:
        return f"{self.code}: {self.title}"

    def get_absolute_url(self) -> str:
        return f"{self.article.get_absolute_url()}#{self.code}"

    @property
    def shown_title(self) -> str:
        return self.in_language("title")

    @property
    def shown_question(self) -> str:
        return self.in_language("question")

    @property
    def shown_reading(self) -> str:
        return self.in_language("reading")

    @property
    def shown_reasoning(self) -> str:
        return self.in_language("reasoning")


class CaseQuerySet(models.QuerySet["Case"]):
    """Cases are never changed or removed through the app."""

    def update(self, **kwargs: Any) -> int:
        raise CaseImmutable("A case is permanent: it cannot be changed.")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise CaseImmutable("A case is permanent: it cannot be deleted.")

    def seen_by(self, maker: str) -> CaseQuerySet:
        """The cases a device may list: those it made, and those their makers published.

        The one rule every list of cases follows (through ``referee.cases.visible_cases``).
        It is asked as a set of ids, the device's and the published, so the database reads
        those rows alone rather than the whole log: with 200,000 cases on PostgreSQL an
        article's latest cases take 8 ms, where "made by it OR published" took 100.
        """
        published = PublishedCase.objects.order_by().values("case_id")
        if not maker:  # "" marks the cases made before devices were told apart: nobody's
            return self.filter(pk__in=published)
        own = self.model.objects.order_by().filter(maker=maker).values("pk")
        return self.filter(pk__in=own.union(published, all=True))

    def citing(self, citation: str) -> CaseQuerySet:
        """Cases whose rulings cite this article or house interpretation."""
        whole = citation.replace("|", "")  # the separator never belongs to a citation
        return self.filter(cited__contains=f"|{whole}|")


class CaseImmutable(Exception):
    """Raised on any attempt to change or delete a saved case."""


# The shape of a case. 1: entered as each page or API logged it. 2: entered is the game's API
# request body, as its serializer validated it, cards in canonical text (referee/games/*.py,
# entered()). 3: as 2, and each ruling's message is the engine's record, by its kind
# (scoring.wording), said again in each reader's language; 1 and 2 keep their English template.
CASE_SCHEMA = 3
ENTERED_AS_BODY = 2  # the first schema whose entered record the game's engine can decide again


class Case(models.Model):
    """One calculation as it was made: the game, the input as entered, the result, the rulings."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    game = models.CharField(max_length=40, help_text="Ruleset key or game, e.g. island")
    # Written by orjson: a case is some 10 KB of JSON, saved on every calculation.
    entered = models.JSONField(
        encoder=JsonEncoder, help_text="The input as entered, in the shape CASE_SCHEMA names"
    )
    schema = models.PositiveSmallIntegerField(default=CASE_SCHEMA, editable=False)
    result = models.JSONField(encoder=JsonEncoder)
    rulings = models.JSONField(encoder=JsonEncoder, default=list)
    # Every article and interpretation the rulings cite, as "|OPR-538 4.2|H1|": kept on the row
    # so that saving a case is one INSERT, and the citation filter is a LIKE over the log.
    cited = models.TextField(default="", editable=False)
    created = models.DateTimeField(default=timezone.now, db_index=True, editable=False)
    # The SHA-256 of the device that made it (referee/devices.py): its own case list shows it.
    maker = models.CharField(max_length=64, blank=True, default="", editable=False)

    objects = CaseQuerySet.as_manager()

    class Meta:
        ordering = ["-created"]
        indexes = [
            models.Index(fields=["game", "-created"], name="case_game_created"),
            models.Index(fields=["maker", "-created"], name="case_maker_created"),
        ]

    def __str__(self) -> str:
        return f"{self.game} case {self.id}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise CaseImmutable("A case is permanent: it cannot be changed.")
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise CaseImmutable("A case is permanent: it cannot be deleted.")

    def get_absolute_url(self) -> str:
        return reverse("case-detail", args=[self.id])


class PublishedCase(models.Model):
    """A case its maker chose to show in everyone's case list (a case itself never changes)."""

    case = models.OneToOneField(Case, on_delete=models.PROTECT, related_name="publication")
    published = models.DateTimeField(default=timezone.now, db_index=True)

    def __str__(self) -> str:
        return f"published {self.case_id}"


class RefusedCase(models.Model):
    """A case made on a phone with no connection that the server's own engine refused or
    answered otherwise (``referee.offline_cases``): kept under the phone's id with the reasons,
    which the phone shows, so that no such case is ever dropped silently."""

    id = models.UUIDField(primary_key=True, editable=False, help_text="The phone's id for it")
    game = models.CharField(max_length=40)
    # Kept as JSON text with every character escaped, as it came: a body from a phone may hold
    # what a database's JSON cannot (PostgreSQL's: U+0000, half a surrogate pair).
    entered = models.TextField(help_text="The body as the phone sent it, as ASCII JSON")
    phone_answer = models.TextField(help_text="The phone's own answer, as ASCII JSON")
    errors = models.JSONField(encoder=JsonEncoder, help_text="{path: [messages]}, as said")
    created = models.DateTimeField(default=timezone.now, editable=False)
    maker = models.CharField(max_length=64, blank=True, default="", editable=False)

    def __str__(self) -> str:
        return f"refused {self.game} case {self.id}"


# --- What every request shares: idempotent answers, rate counts, the health check's probe ---


class IdempotencyKey(models.Model):
    """A write's answer, kept under its idempotency key to answer its retries."""

    digest = models.CharField(
        max_length=64, unique=True, help_text="HMAC of the method, path, seat held and key"
    )
    request = models.CharField(max_length=64, help_text="SHA-256 of what was asked")
    status = models.PositiveSmallIntegerField(default=0)
    content_type = models.CharField(max_length=200, blank=True)
    answer = models.BinaryField(default=b"", help_text="Headers and body, encrypted")
    created = models.DateTimeField(default=timezone.now, db_index=True)

    def __str__(self) -> str:
        return f"idempotency key {self.digest[:12]}… ({self.status})"

    @staticmethod
    def lifetime() -> timedelta:
        """How long a key answers its retries (REFEREE_IDEMPOTENCY_HOURS)."""
        return timedelta(hours=settings.REFEREE_IDEMPOTENCY_HOURS)

    @classmethod
    def purge(cls) -> int:
        """Forget the keys older than their lifetime; give how many."""
        deleted, _ = cls.objects.filter(created__lt=timezone.now() - cls.lifetime()).delete()
        return deleted


class RateCount(models.Model):
    """How many writes (or wrong join codes) one bucket made in one second (ratelimit.py)."""

    bucket = models.CharField(max_length=80, help_text="Who is counted: a client, a /48, a match")
    second = models.BigIntegerField(help_text="Seconds since the epoch")
    count = models.IntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["bucket", "second"], name="rate_count_unique")
        ]
        indexes = [models.Index(fields=["second"], name="rate_count_second")]

    def __str__(self) -> str:
        return f"{self.bucket} @ {self.second}: {self.count}"


class HealthProbe(models.Model):
    """A row /healthz writes and rolls back, to learn that the database takes writes."""

    written = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"health probe {self.written}"


# --- Matches ---


class Match(models.Model):
    """An OFC match: ruleset, seats in order, first dealer and length; hands are MatchHand rows.

    Anyone with the id may watch. A phone holds a seat or the editing by a cookie it got from a
    single-use join code (``JoinCode``, ``referee/tables.py``); the API's tools use the edit key,
    of which only its SHA-256 is stored (the key itself is shown once, when the match is made).
    """

    LENGTH_KINDS = [("hands", "hands"), ("rounds", "rounds"), ("target", "target score")]

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    ruleset = models.CharField(max_length=40)
    players = models.JSONField(help_text="Names in seat order; each seat is left of the one before")
    first_dealer = models.CharField(max_length=40)
    length_kind = models.CharField(max_length=10, choices=LENGTH_KINDS)
    length_value = models.PositiveIntegerField()
    edit_key_hash = models.CharField(max_length=64, editable=False)
    created = models.DateTimeField(default=timezone.now, db_index=True, editable=False)
    cents_per_point = models.PositiveIntegerField(
        null=True, blank=True, help_text="What a point is worth, in cents; empty: points only"
    )
    currency = models.CharField(max_length=8, blank=True, help_text='A label, e.g. "EUR" or "$"')
    # Bumped by every change a phone should see: the standings' ETag.
    version = models.PositiveIntegerField(default=0, editable=False)
    # What the hands add up to (scoring.match.Tally.as_dict), updated with each hand under the
    # row lock, so a new hand reads no other hand. Null for a match stored before it was kept.
    tally = models.JSONField(null=True, editable=False)

    class Meta:
        ordering = ["-created"]
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return f"{self.ruleset} match {self.id}"

    def get_absolute_url(self) -> str:
        return reverse("match-detail", args=[self.id])

    @staticmethod
    def hash_key(key: str) -> str:
        import hashlib

        return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()

    def key_matches(self, key: object) -> bool:
        """Whether ``key`` is this match's edit key, compared in constant time."""
        if not isinstance(key, str) or not key:
            return False
        import secrets

        return secrets.compare_digest(self.hash_key(key), self.edit_key_hash)


class MatchHand(models.Model):
    """One hand of a match, as scored (its case) and never edited: a mistake is voided."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    dealer = models.CharField(max_length=40)
    scores = models.JSONField(help_text="Player name -> points for this hand")
    fantasyland = models.JSONField(default=dict, help_text="Player name -> the engine's report")
    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="match_hands")
    void = models.BooleanField(default=False)
    voided_at = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            # The backstop behind the row lock: one hand per number in a match.
            models.UniqueConstraint(fields=["match", "number"], name="match_hand_number_unique")
        ]

    def __str__(self) -> str:
        return f"hand {self.number} of {self.match_id}"


class JoinCode(models.Model):
    """A short, single-use code that gives one phone a seat at a match, or its editing."""

    EDITOR = -1  # the seat of a code that gives the editing

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="join_codes")
    seat = models.SmallIntegerField(help_text="Index into the match's players; -1 the editing")
    tag = models.CharField(
        max_length=3, blank=True, default="", help_text="The code's first letters: its match's"
    )
    code = models.CharField(max_length=12, unique=True)
    expires = models.DateTimeField()
    used = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["tag", "expires"], name="join_code_tag")]

    def __str__(self) -> str:
        return f"join code for seat {self.seat} of {self.match_id}"

    @property
    def shown(self) -> str:
        """The code in groups of three, to read out: "K7M QX2 PAB"."""
        return " ".join(self.code[at : at + 3] for at in range(0, len(self.code), 3))

    @property
    def gives_editing(self) -> bool:
        return self.seat == self.EDITOR

    @property
    def player(self) -> str:
        """The name of the seat it gives ("" for the editing)."""
        return "" if self.gives_editing else str(self.match.players[self.seat])


class SeatBoard(models.Model):
    """One seat's board for a match's next hand, waiting for the others; gone once scored."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seat_boards")
    hand = models.PositiveIntegerField(help_text="The number of the hand it is for")
    seat = models.SmallIntegerField()
    board = models.JSONField(help_text="The board as the OFC API spells it, cards canonical")
    submitted = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "hand", "seat"], name="seat_board_unique")
        ]

    def __str__(self) -> str:
        return f"seat {self.seat}'s board for hand {self.hand} of {self.match_id}"


class HouseRule(models.Model):
    """A table's own OFC rules: a profile and the settings it changes (scoring/house.py).

    Permanent and never changed, so every case scored under it keeps meaning what it meant: a
    change makes a new record.
    """

    id = models.CharField(primary_key=True, max_length=16, editable=False)
    title = models.CharField(max_length=80)
    base = models.CharField(max_length=40, help_text="The profile it starts from")
    changes = models.JSONField(help_text="Setting -> value, as scoring.house reads them")
    created = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"house rules {self.id}: {self.title}"

    @property
    def key(self) -> str:
        return f"house:{self.id}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise CaseImmutable("House rules are permanent: make new ones to change them.")
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("house-rule", args=[self.id])
