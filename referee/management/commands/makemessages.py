"""Django's makemessages, also finding the engines' sentences in ``scoring/wording/``.

The wording layer marks its English with ``N_("...")`` and ``Plural("one", "other", ...)``
(``scoring.wording.base``) rather than Django's gettext functions, since the engine never
imports Django; this adds those names to xgettext's keywords (Django's documented way:
https://docs.djangoproject.com/en/stable/topics/i18n/translation/#customizing-the-makemessages-command).
A record's kind (``say("ofc.foul")``) is a key, not a sentence, so ``say`` is no keyword.
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=N_",
        "--keyword=Plural:1,2",
    ]
