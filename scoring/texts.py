"""What a typed text may hold: the one check of a text's characters, made on the server
(``referee.fields``: every name, title, choice and card text) and on the phone
(``scoring.offline``) alike, each saying what is wrong in the reader's language through the
``gettext`` it gives."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

# Characters no text takes, anywhere (names, titles, the currency, a choice): what cannot be
# stored (a lone UTF-16 surrogate, which PostgreSQL refuses), what drives a terminal (C0 and C1
# controls, DEL) and what reorders or hides text (bidi embeddings, overrides, isolates and marks;
# zero-width characters and the byte-order mark): a name spelt with them can pass for another.
HIDDEN = frozenset(
    [0x061C, 0xFEFF, *range(0x200B, 0x2010), *range(0x202A, 0x202F), *range(0x2060, 0x2065),
     *range(0x2066, 0x206A)]
)  # fmt: skip
NEW_LINES = "\n\r"  # what a multi-line text takes beside the rest (a form sends CR LF)


def _code(character: str) -> str:
    return f"U+{ord(character):04X}"


def text_problem(
    value: str, gettext: Callable[[str], str], allowed: str = "", accepted: str = ""
) -> str | None:
    """What is wrong with a text's characters, in the reader's language, or None when nothing
    is; ``allowed`` control characters are taken (a new line in a multi-line text). The
    message names a character by its code point, never as itself ("U+202E").
    """
    for character in value:
        code = ord(character)
        if character in allowed:
            continue
        if 0xD800 <= code <= 0xDFFF:
            wrong = gettext(
                "the text holds %(code)s, half of a UTF-16 surrogate pair with no other half"
            ) % {"code": _code(character)}
        elif code < 0x20 or 0x7F <= code < 0xA0:
            wrong = gettext("the text holds the control character %(code)s") % {
                "code": _code(character)
            }
        elif code in HIDDEN:
            wrong = gettext(
                "the text holds %(code)s (%(name)s), an invisible character that can reorder or "
                "hide text"
            ) % {"code": _code(character), "name": unicodedata.name(character, "").lower()}
        else:
            continue
        if not accepted:
            accepted = (
                gettext("letters, digits, spaces, punctuation and new lines")
                if "\n" in allowed
                else gettext("letters, digits, spaces and punctuation, on one line")
            )
        return gettext("%(wrong)s: enter %(accepted)s") % {"wrong": wrong, "accepted": accepted}
    return None
