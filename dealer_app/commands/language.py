"""The language of the commands' human messages: ``--lang``, else the workstation's setting,
else the system's locale (as the windows choose it). The translator is loaded at the first
message, so a command that prints none (``replay --json``) never pays for it; JSON output,
exit statuses and the upper-case keywords scripts look for (CHANGED, REFUSED, DAMAGED) stay
the same in every language."""

from __future__ import annotations

from dealer_app import text
from dealer_app.commands.gui import LANGUAGES

__all__ = ["LANGUAGES", "command_language", "take_lang_option"]


def take_lang_option(args: list[str]) -> tuple[str | None, list[str]]:
    """``--lang X`` (or ``--lang=X``) taken out of a command's arguments, wherever it is."""
    rest: list[str] = []
    lang: str | None = None
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            rest += args[i:]
            break
        if arg == "--lang" and i + 1 < len(args):
            lang, i = args[i + 1], i + 2
            continue
        if arg.startswith("--lang="):
            lang = arg.partition("=")[2]
        else:
            rest.append(arg)
        i += 1
    return lang, rest


def command_language(requested: str | None) -> text.Language:
    """The language of a command's messages (``--lang``, else the setting, else the
    system's), chosen and its translator loaded at its first word: the cli runs the command
    inside ``with text.language(command_language(lang)):``."""
    return _ChosenAtFirstWord(requested)


class _ChosenAtFirstWord(text.Language):
    """A :class:`~dealer_app.text.Language` that asks Qt which one it is only when it words
    something (so a command that prints nothing never loads Qt for it)."""

    __slots__ = ("_requested", "_chosen")
    _requested: str | None
    _chosen: text.Language | None

    def __init__(self, requested: str | None) -> None:
        super().__init__(code=requested or "", name="")
        object.__setattr__(self, "_requested", requested)
        object.__setattr__(self, "_chosen", None)

    def chosen(self) -> text.Language:
        chosen: text.Language | None = self._chosen
        if chosen is None:
            chosen = _load_language(self._requested)
            object.__setattr__(self, "_chosen", chosen)
        return chosen

    def tr(self, source: str, disambiguation: str | None = None) -> str:
        return self.chosen().tr(source, disambiguation)

    def thousands(self, value: int) -> str:
        return self.chosen().thousands(value)

    def thousands_signed(self, value: int) -> str:
        return self.chosen().thousands_signed(value)


def _load_language(requested: str | None) -> text.Language:
    from PySide6.QtCore import QLocale

    from dealer_app.gui.import_scan import skip_feature_scan
    from dealer_app.gui.toolkit import i18n

    skip_feature_scan()  # what the command imports from now on is read by nobody

    code = i18n.choose_language(requested)
    QLocale.setDefault(QLocale(i18n.LOCALES[code]))  # for i18n.amount and moment
    return i18n.language(code)
