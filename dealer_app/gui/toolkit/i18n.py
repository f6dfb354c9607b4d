"""The language of the windows: which one, its Qt translators, and number and time formats.

The language is ``--lang`` if given, else the workstation's setting (the tables page stores
it with :func:`save_language`), else the system's locale, else English. Translations are
Qt Linguist files: ``resources/translations/dealer_app_<lang>.ts`` compiled to ``.qm``
(``scripts/update-translations``); Qt's own dialogs use the ``qtbase_<lang>.qm`` that PySide6
ships. Numbers and times follow the language (Swedish: ``1 250`` and ``2026-11-30 22:10``);
card ranks and suits keep their international symbols in every language.
"""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator

from dealer_app import text
from dealer_app.gui.toolkit.resources import resource

LANGUAGES: dict[str, str] = {"en": "English", "sv": "Svenska"}
"""The languages the app ships, by code, each named in its own language."""
DEFAULT = "en"
LOCALES = {"en": "en_GB", "sv": "sv_SE"}
"""The locale whose number and date formats each language uses."""
_SETTING = "language"
_translators: list[QTranslator] = []
_installed: list[str] = []


def settings() -> QSettings:
    """This workstation's settings (per user, outside the database)."""
    return QSettings("dealer-app", "dealer-app")


def saved_language() -> str | None:
    value = settings().value(_SETTING)
    return value if isinstance(value, str) and value in LANGUAGES else None


def save_language(code: str) -> None:
    """Remember ``code`` for this workstation (takes effect at the next start)."""
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; choose one of {', '.join(LANGUAGES)}")
    settings().setValue(_SETTING, code)


def system_language() -> str:
    for name in QLocale.system().uiLanguages():
        code = name.replace("_", "-").split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT


def choose_language(requested: str | None = None) -> str:
    """``requested`` (from ``--lang``), else the saved setting, else the system's."""
    if requested is not None:
        if requested not in LANGUAGES:
            raise ValueError(
                f"unknown language {requested!r}; choose one of {', '.join(LANGUAGES)}")
        return requested
    return saved_language() or system_language()


def installed_language() -> str:
    """The language the windows speak now (``--lang``, the setting or the system's), as
    last installed; before any install, the one :func:`choose_language` would pick."""
    return _installed[0] if _installed else choose_language()


def translation_file(code: str) -> str:
    return str(resource("translations", f"dealer_app_{code}.qm"))


def install(app: QCoreApplication, code: str) -> list[str]:
    """Load the translators for ``code`` into ``app`` (replacing any earlier ones) and make
    its locale the default for formatting. Returns the files loaded."""
    for old in _translators:
        app.removeTranslator(old)
    _translators.clear()
    _installed[:] = [code]
    QLocale.setDefault(QLocale(LOCALES[code]))
    text.set_thousands_separator(QLocale(LOCALES[code]).groupSeparator())
    loaded: list[str] = []
    if code == DEFAULT:
        text.set_translate(None)
        return loaded
    text.set_translate(_qt_translate)
    qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    for name, folder in ((f"qtbase_{code}", qt_dir),
                         (f"dealer_app_{code}", str(resource("translations")))):
        translator = QTranslator(app)
        if translator.load(name, folder):
            app.installTranslator(translator)
            _translators.append(translator)
            loaded.append(translator.filePath())
    return loaded


def _qt_translate(source: str, disambiguation: str | None) -> str:
    return QCoreApplication.translate("", source, disambiguation)


def amount(value: int) -> str:
    """An amount with the language's thousands separator (``1,250``; Swedish ``1 250``);
    English grouping when no language was installed (the C locale groups nothing)."""
    locale = QLocale()
    if locale.language() == QLocale.Language.C:
        return f"{value:,}"
    return locale.toString(value)


def group_separators() -> str:
    """The characters :func:`amount` groups thousands with (a space also, where that is a
    no-break space), which a typed amount may hold."""
    sep = amount(1000)[1:-3]
    return sep + (" " if sep.isspace() else "")


def parse_amount(text: str) -> int | None:
    """A typed whole amount, with or without the language's thousands separators
    (``1,000``; Swedish ``1 000``); None when ``text`` is not one."""
    digits = text.strip()
    for sep in group_separators():
        digits = digits.replace(sep, "")
    return int(digits) if digits.isdigit() and digits.isascii() else None


def moment(value: datetime) -> str:
    """A date and time in the language's order, 24-hour clock, local time zone named."""
    local = value.astimezone()
    return f"{local:%Y-%m-%d %H:%M} {local.tzname() or ''}".rstrip()
