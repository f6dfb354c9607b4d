"""Words shown to people, in a :class:`Language` that is a value, never a process global.

Every visible string of the windows, reports and refusals is written as
``tr("Seat {seat} to act").format(seat=2)``: a plain literal (never an f-string) that
``scripts/update-translations`` extracts into ``resources/translations/*.ts``. Placeholders
are named ``{...}`` fields filled after translation, so a translator may move them. Two
different meanings of one English word take a disambiguation: ``tr("Open", "verb")``.

A :class:`Language` is a value: its code and name, its translate function and its thousands
separator. ``tr`` and :func:`thousands` resolve against the language *current in this
context* (a :class:`contextvars.ContextVar`), English unless a caller says otherwise:

- what words things for someone (a report, an export, a command's output) takes the
  language as an argument and runs its wording inside ``with language(lang):``, which puts
  the previous one back at its end, so a Swedish report made on one thread leaves the
  English of another thread, and of the rest of this one, as it was;
- the windows choose theirs once (:func:`dealer_app.gui.toolkit.i18n.install`, the only caller of
  :func:`use_language`), for the thread Qt calls them on.

The Qt translator behind a non-English language is built by ``gui.toolkit.i18n``; this module and
the reports stay Qt-free. The engine stays standard-library only and never calls this: its
refusals carry a stable code and details that the windows put into words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

Translate = Callable[[str, str | None], str]


def _english(text: str, disambiguation: str | None) -> str:
    return text


@dataclass(frozen=True, slots=True)
class Language:
    """A language to word things in: ``code`` (``"en"``, ``"sv"``), its ``name`` in itself,
    the function that translates an English source (with its disambiguation) and the
    separator that groups thousands (``1,250``; Swedish ``1 250``, a no-break space)."""

    code: str = "en"
    name: str = "English"
    translate: Translate = _english
    separator: str = ","

    def tr(self, text: str, disambiguation: str | None = None) -> str:
        """``text`` in this language (the English when it has no translation)."""
        return self.translate(text, disambiguation) or text

    def thousands(self, value: int) -> str:
        return f"{value:,}".replace(",", self.separator)

    def thousands_signed(self, value: int) -> str:
        return f"{value:+,}".replace(",", self.separator)


ENGLISH = Language()
"""The language of the source: ``tr`` returns its argument."""

_current: ContextVar[Language] = ContextVar("dealer_app.text.language", default=ENGLISH)


def current_language() -> Language:
    """The language :func:`tr` speaks in this context now (English unless set)."""
    return _current.get()


@contextmanager
def language(lang: Language | None) -> Iterator[Language]:
    """Speak ``lang`` inside the block (None: the current one), in this context only; the
    previous language is back at its end, whatever happens inside."""
    chosen = lang if lang is not None else _current.get()
    token = _current.set(chosen)
    try:
        yield chosen
    finally:
        _current.reset(token)


def use_language(lang: Language) -> None:
    """The windows' language from now on in this context (the GUI thread's): for
    :func:`dealer_app.gui.toolkit.i18n.install` only. Everything else says ``with language(x):``."""
    _current.set(lang)


def tr(text: str, disambiguation: str | None = None) -> str:
    """``text`` in the current language (English when none was chosen)."""
    return _current.get().tr(text, disambiguation)


def tr_noop(text: str) -> str:
    """Marks a literal for translation where it is defined (a table of labels, say);
    translate it with :func:`tr` where it is shown."""
    return text


def thousands(value: int) -> str:
    """An amount or count with the current language's thousands separator (``1,250``;
    Swedish ``1 250``), for the Qt-free layers (reports, messages)."""
    return _current.get().thousands(value)


def thousands_signed(value: int) -> str:
    """A change of chips with its sign: ``+1,250``, ``-40``, ``+0``."""
    return _current.get().thousands_signed(value)
