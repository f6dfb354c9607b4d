"""Words shown to people, through one translation hook that keeps the core Qt-free.

Every visible string of the windows, reports and refusals is written as
``tr("Seat {seat} to act").format(seat=2)``: a plain literal (never an f-string) that
``scripts/update-translations`` extracts into ``resources/translations/*.ts``. Placeholders
are named ``{...}`` fields filled after translation, so a translator may move them. Two
different meanings of one English word take a disambiguation: ``tr("Open", "verb")``.

Without a translator ``tr`` returns the English text; the windows install Qt's translators
(:func:`dealer_app.gui.toolkit.i18n.install`), which replace it with
``QCoreApplication.translate``. The engine stays standard-library only and never calls this:
its refusals carry a stable code and details that the windows put into words.
"""

from __future__ import annotations

from collections.abc import Callable

Translate = Callable[[str, str | None], str]


def _english(text: str, disambiguation: str | None) -> str:
    return text


_translate: Translate = _english


def tr(text: str, disambiguation: str | None = None) -> str:
    """``text`` in the language of the windows (English when none is installed)."""
    return _translate(text, disambiguation)


def tr_noop(text: str) -> str:
    """Marks a literal for translation where it is defined (a table of labels, say);
    translate it with :func:`tr` where it is shown."""
    return text


def translate_function() -> Translate:
    """The function behind :func:`tr` now (to put it back after a command)."""
    return _translate


_group = ","


def thousands(value: int) -> str:
    """An amount or count with the language's thousands separator (``1,250``; Swedish
    ``1 250``), for the Qt-free layers (reports, messages)."""
    return f"{value:,}".replace(",", _group)


def thousands_signed(value: int) -> str:
    """A change of chips with its sign: ``+1,250``, ``-40``, ``+0``."""
    return f"{value:+,}".replace(",", _group)


def thousands_separator() -> str:
    """The separator :func:`thousands` uses now (to put it back after a command)."""
    return _group


def set_thousands_separator(separator: str) -> None:
    """The separator :func:`thousands` uses (the windows set their language's)."""
    global _group
    _group = separator or ","


def set_translate(function: Translate | None) -> None:
    """Install the function behind :func:`tr` (None: English again)."""
    global _translate
    _translate = function or _english
