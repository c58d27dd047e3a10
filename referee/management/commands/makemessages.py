"""Django's makemessages, also finding the engines' messages: ``say("...")`` in ``scoring/``.

The engines mark their English with ``scoring.messages.say`` rather than a gettext function,
since they never import Django; this adds that name to xgettext's keywords (Django's documented
way: https://docs.djangoproject.com/en/stable/topics/i18n/translation/#customizing-the-makemessages-command).
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=say"]
