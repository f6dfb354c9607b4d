"""With Swedish installed, walking every widget of the dealer window, the review and their
dialogs finds no English source string on screen (issue 13).

A text on screen is English when either

1. it is the English source of a message of ``resources/translations/dealer_app_sv.ts``
   whose Swedish translation differs (or is missing); a source with ``{placeholders}``
   matches as a pattern (each placeholder any text), if what is left of it has a word of
   at least three letters (``{category}, {ranks}`` alone would match any comma); or
2. it is an English string literal of ``dealer_app/gui`` or ``dealer_app/services`` (read
   with ``ast``; an f-string matches as a pattern, each ``{value}`` any text) that is not
   in the .ts at all: a string nobody wrapped in ``tr()``. Only literals a person could
   read as English count: with a space and a lowercase letter, not a docstring, not the
   argument of ``setObjectName``/``setStyleSheet``/``setProperty``/``findChild`` or of a
   log call, not style sheet text (``{`` ... ``:`` ... ``;``) and not SQL.

A text that is also some message's Swedish translation is never English (``Status`` is
both). The walk itself is ``tests/ship/screens.py``.
"""

from __future__ import annotations

import ast
import os
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pytestqt.qtbot import QtBot  # noqa: E402

from dealer_app.gui.app import application  # noqa: E402
from dealer_app.gui.toolkit import i18n  # noqa: E402

from .screens import Texts, walk_everything  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
TS = ROOT / "resources" / "translations" / "dealer_app_sv.ts"
SOURCES = [ROOT / "dealer_app" / "gui", ROOT / "dealer_app" / "services"]
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_NOT_SHOWN = {"setObjectName", "setStyleSheet", "setProperty", "findChild", "findChildren",
              "property", "execute", "exec_driver_sql"}
_LOGGERS = {"log", "logger", "logging", "_log", "LOG"}
_SQL = re.compile(r"^\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|DROP|ALTER|PRAGMA)\b", re.I)
_STYLE = re.compile(r"[{;].*:|:.*;")
_KEYS_AND_CARDS = re.compile(
    r"\b(Ctrl|Shift|Alt|Enter|Esc|Home|End|Tab|Space|Backspace|F\d{1,2})\b"
    r"|\b(10|[2-9TJQKAtjqka])[shdcSHDC]\b")
COVERAGE = 0.4


@dataclass(frozen=True)
class Pattern:
    """One English string: exact text, or a pattern for one with placeholders."""

    text: str
    regex: re.Pattern[str] | None
    anchor: str
    """The longest literal piece: a text without it cannot match (a fast first test)."""
    literal: int
    """How many characters of it are literal (not placeholders)."""
    origin: str

    def matches(self, text: str) -> bool:
        """``text`` is this string, or fits its pattern with the literal part at least
        :data:`COVERAGE` of it (``{table} hand {number}`` does not match a Swedish line that
        merely says ``hand`` somewhere)."""
        if self.regex is None:
            return text == self.text
        return (self.anchor in text and self.literal >= COVERAGE * len(text)
                and self.regex.fullmatch(text) is not None)


def _pattern(pieces: list[str | None], origin: str) -> Pattern | None:
    """``pieces``: literal text, None for a placeholder."""
    literal = [p for p in pieces if p]
    text = "".join(p if p is not None else "{}" for p in pieces)
    if None not in pieces:
        return Pattern(text, None, text, len(text), origin)
    if not re.search(r"[A-Za-z]{3}", "".join(literal)):
        return None
    regex = re.compile("".join(re.escape(p) if p is not None else "(?:.+?)" for p in pieces),
                       re.S)
    return Pattern(text, regex, max(literal, key=len), sum(map(len, literal)), origin)


def _split_source(source: str) -> list[str | None]:
    pieces: list[str | None] = []
    last = 0
    for m in _PLACEHOLDER.finditer(source):
        pieces += [source[last:m.start()], None]
        last = m.end()
    pieces.append(source[last:])
    return [p for p in pieces if p != ""]


def ts_messages() -> list[tuple[str, str]]:
    """(English source, Swedish translation or "") of every message of the Swedish .ts."""
    out = []
    for message in ET.parse(TS).getroot().iter("message"):
        translation = message.find("translation")
        done = translation is not None and translation.get("type") is None
        out.append((message.findtext("source") or "",
                    (translation.text or "") if done and translation is not None else ""))
    return out


def _not_shown(call: ast.Call) -> bool:
    """A call whose string arguments nobody reads on screen (object names, style sheets,
    properties, SQL, the log file)."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    logged = (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
              and func.value.id in _LOGGERS)
    return name in _NOT_SHOWN or logged


def _shown_like(literal: str) -> bool:
    """A space, and a lowercase letter once key names and cards are left out (keys and
    cards are the same in every language: ``P / Shift+A``, ``as td 7c``); not SQL, not
    style sheet text."""
    words = _KEYS_AND_CARDS.sub("", literal)
    return (" " in literal and re.search(r"[a-z]", words) is not None
            and not _SQL.match(literal) and not _STYLE.search(literal))


def _file_literals(path: Path) -> list[Pattern]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    strings: list[ast.Constant | ast.JoinedStr] = []
    for node in ast.walk(tree):  # one pass: what to skip, and every string
        if isinstance(node, ast.Expr) and isinstance(node.value, (ast.Constant, ast.JoinedStr)):
            skip.add(id(node.value))  # docstrings and bare strings
        elif isinstance(node, ast.Call) and _not_shown(node):
            skip.update(id(n) for arg in [*node.args, *(k.value for k in node.keywords)]
                        for n in ast.walk(arg))
        elif isinstance(node, ast.JoinedStr):
            skip.update(id(v) for v in node.values)
            strings.append(node)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            strings.append(node)
    where = str(path.relative_to(ROOT))
    out: list[Pattern] = []
    for node in strings:
        if id(node) in skip:
            continue
        if isinstance(node, ast.Constant):
            if _shown_like(node.value):
                out.append(Pattern(node.value, None, node.value, len(node.value),
                                   f"{where}:{node.lineno}"))
            continue
        pieces: list[str | None] = [
            v.value if isinstance(v, ast.Constant) and isinstance(v.value, str) else None
            for v in node.values]
        if _shown_like("".join(p for p in pieces if p)):
            pattern = _pattern(pieces, f"{where}:{node.lineno}")
            if pattern is not None:
                out.append(pattern)
    return out


def source_literals() -> list[Pattern]:
    """English-looking string literals (and f-strings) of the windows and the services."""
    return [p for folder in SOURCES for path in sorted(folder.rglob("*.py"))
            for p in _file_literals(path)]


def english_patterns() -> tuple[list[Pattern], list[Pattern]]:
    """What counts as English on screen, and what counts as Swedish (never English)."""
    messages = ts_messages()
    sources = {s for s, _ in messages}
    english: list[Pattern] = []
    swedish: list[Pattern] = []
    for source, translation in messages:
        if translation != source:
            p = _pattern(_split_source(source), "dealer_app_sv.ts")
            if p is not None:
                english.append(p)
        if translation:
            p = _pattern(_split_source(translation), "dealer_app_sv.ts")
            if p is not None:
                swedish.append(p)
    english += [p for p in source_literals() if p.text not in sources]
    return english, swedish


def english_on_screen(texts: Texts, patterns: tuple[list[Pattern], list[Pattern]] | None = None
                      ) -> list[tuple[str, str, str]]:
    """(widget path, text, where the English comes from) of each English text on screen."""
    english, swedish = patterns or english_patterns()
    exact = {p.text: p for p in english if p.regex is None}
    fitting = [p for p in english if p.regex is not None]
    swedish_exact = {p.text for p in swedish if p.regex is None}
    swedish_patterns = [p for p in swedish if p.regex is not None]
    found = []
    seen: set[tuple[str, str]] = set()
    for path, text in texts:
        if (path, text) in seen:
            continue
        seen.add((path, text))
        hit = exact.get(text) or next((p for p in fitting if p.matches(text)), None)
        if hit is None or text in swedish_exact or any(p.matches(text)
                                                      for p in swedish_patterns):
            continue
        found.append((path, text, hit.origin))
    return found


@pytest.fixture
def swedish() -> Iterator[None]:
    i18n.install(application(), "sv")
    yield
    i18n.install(application(), "en")


def test_no_english_on_any_screen_in_swedish(qtbot: QtBot, tmp_path: Path,
                                             swedish: None) -> None:
    with ThreadPoolExecutor(1) as pool:  # the sources are read while the windows are built
        patterns = pool.submit(english_patterns)
        texts = walk_everything(qtbot, tmp_path)
        found = english_on_screen(texts, patterns.result())
    assert len(texts) > 200, "the walk reads the screens"
    listing = "\n".join(f"  {path}\n      {text!r}  ({origin})" for path, text, origin in found)
    assert not found, f"{len(found)} English text(s) on screen in Swedish:\n{listing}"
