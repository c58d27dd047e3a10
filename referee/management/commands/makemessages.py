"""Django's makemessages, also finding the engines' messages: ``say("...")`` in ``scoring/``.

The engines mark their English with ``scoring.messages.say`` rather than a gettext function,
since they never import Django (and data that stays text with ``N_``, e.g. a preset's title);
this adds those names to xgettext's keywords (Django's documented
way: https://docs.djangoproject.com/en/stable/topics/i18n/translation/#customizing-the-makemessages-command).
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=say",
        "--keyword=N_",
        "--keyword=Plural:1,2",
    ]
