"""The rule library (documents, articles, house interpretations) and the append-only case log."""

from __future__ import annotations

import uuid
from typing import Any

from django.db import models
from django.urls import reverse
from django.utils import timezone

from referee.citations import article_slug


class Document(models.Model):
    """One rule document, e.g. OPR-538, cited by its id."""

    slug = models.SlugField(max_length=40, unique=True, help_text="URL key, e.g. OPR-538")
    code = models.CharField(max_length=40, unique=True, help_text="Id as cited, e.g. OPR-538")
    title = models.CharField(max_length=200)
    summary = models.TextField(blank=True)
    source = models.CharField(max_length=200, blank=True, help_text="File in shared/seeds/")
    issued = models.CharField(max_length=60, blank=True)
    order = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["order", "code"]

    def __str__(self) -> str:
        return f"{self.code}: {self.title}"

    def get_absolute_url(self) -> str:
        return reverse("rules-document", args=[self.slug])


class Article(models.Model):
    """One numbered article (or, for pineapple-2p-v1, one named topic) of a document."""

    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="articles")
    number = models.CharField(max_length=60, help_text='As cited: "1.3(a)" or "Foul payout"')
    slug = models.SlugField(max_length=80, editable=False)
    section = models.CharField(max_length=200, blank=True)
    heading = models.CharField(max_length=200)
    text = models.TextField(help_text="Paragraphs separated by a blank line")
    example = models.TextField(blank=True)
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

    def paragraphs(self) -> list[str]:
        return _paragraphs(self.text)

    def example_paragraphs(self) -> list[str]:
        return _paragraphs(self.example)


def _paragraphs(text: str) -> list[str]:
    return [part.strip() for part in text.split("\n\n") if part.strip()]


class Interpretation(models.Model):
    """A house reading of an article the documents leave open (H1, H2, ...)."""

    code = models.CharField(max_length=10, unique=True, help_text='Cited id, e.g. "H1"')
    article = models.ForeignKey(Article, on_delete=models.CASCADE, related_name="interpretations")
    title = models.CharField(max_length=200)
    question = models.TextField()
    reading = models.TextField()
    reasoning = models.TextField()
    order = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["order", "code"]

    def __str__(self) -> str:
        return f"{self.code}: {self.title}"

    def get_absolute_url(self) -> str:
        return f"{self.article.get_absolute_url()}#{self.code}"


class CaseQuerySet(models.QuerySet["Case"]):
    """Cases are never changed or removed through the app."""

    def update(self, **kwargs: Any) -> int:
        raise CaseImmutable("A case is permanent: it cannot be changed.")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise CaseImmutable("A case is permanent: it cannot be deleted.")

    def citing(self, citation: str) -> CaseQuerySet:
        """Cases whose rulings cite this article or house interpretation."""
        whole = citation.replace("|", "")  # the separator never belongs to a citation
        return self.filter(cited__contains=f"|{whole}|")


class CaseImmutable(Exception):
    """Raised on any attempt to change or delete a saved case."""


# The shape of Case.entered. 1: as each page or API logged it. 2: the game's API request body,
# as its serializer validated it, cards in canonical text (referee/games/*.py, entered()).
CASE_SCHEMA = 2


class Case(models.Model):
    """One calculation as it was made: the game, the input as entered, the result, the rulings."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    game = models.CharField(max_length=40, help_text="Ruleset key or game, e.g. island")
    entered = models.JSONField(help_text="The input as entered, in the shape CASE_SCHEMA names")
    schema = models.PositiveSmallIntegerField(default=CASE_SCHEMA, editable=False)
    result = models.JSONField()
    rulings = models.JSONField(default=list)
    # Every article and interpretation the rulings cite, as "|OPR-538 4.2|H1|": kept on the row
    # so that saving a case is one INSERT, and the citation filter is a LIKE over the log.
    cited = models.TextField(default="", editable=False)
    created = models.DateTimeField(default=timezone.now, db_index=True, editable=False)

    objects = CaseQuerySet.as_manager()

    class Meta:
        ordering = ["-created"]
        indexes = [models.Index(fields=["game", "-created"], name="case_game_created")]

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


# The rate limiter keeps its counters in the database (see ratelimit.py), and idempotent
# writes each answer under its key (see idempotency.py).
from referee.idempotency import IdempotencyKey  # noqa: E402, F401
from referee.ratelimit import RateWindow  # noqa: E402, F401

# --- Matches ---


class Match(models.Model):
    """An OFC match: ruleset, seats in order, first dealer and length; hands are MatchHand rows.

    Anyone with the id may watch; adding or voiding a hand needs the edit key, of which only
    its SHA-256 is stored (the key itself is shown once, when the match is created).
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
