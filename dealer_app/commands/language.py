"""The language of the commands' human messages: ``--lang``, else the workstation's setting,
else the system's locale (as the windows choose it). The translator is loaded at the first
message, so a command that prints none (``replay --json``) never pays for it; JSON output,
exit statuses and the upper-case keywords scripts look for (CHANGED, REFUSED, DAMAGED) stay
the same in every language."""

from __future__ import annotations

from typing import Any

from dealer_app import text
from dealer_app.commands.gui import LANGUAGES

__all__ = ["LANGUAGES", "take_lang_option", "use_language"]


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


def use_language(requested: str | None) -> None:
    """Routes :func:`dealer_app.text.tr` through the chosen language's Qt translator."""
    loaded: list[Any] = []

    def translate(source: str, disambiguation: str | None) -> str:
        if not loaded:
            loaded.append(_translator(requested))
        translator = loaded[0]
        if translator is None:
            return source
        return str(translator.translate("", source, disambiguation)) or source

    text.set_translate(translate)


def _translator(requested: str | None) -> Any:
    from PySide6.QtCore import QLocale, QTranslator

    from dealer_app.gui.toolkit import i18n

    code = i18n.choose_language(requested)
    QLocale.setDefault(QLocale(i18n.LOCALES[code]))
    text.set_thousands_separator(QLocale(i18n.LOCALES[code]).groupSeparator())
    if code == i18n.DEFAULT:
        return None
    translator = QTranslator()
    return translator if translator.load(i18n.translation_file(code)) else None
