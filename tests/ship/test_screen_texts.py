"""The tools of the Swedish walk (``screens.py``, ``test_swedish_screens.py``), checked on
their own while the walk waits for the complete Swedish .ts."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtGui import QStandardItemModel  # noqa: E402
from PySide6.QtWidgets import (  # noqa: E402
    QComboBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)
from pytestqt.qtbot import QtBot  # noqa: E402

from .screens import split_text, visible_texts  # noqa: E402
from .test_swedish_screens import (  # noqa: E402
    _pattern,
    _shown_like,
    _split_source,
    english_on_screen,
    source_literals,
)


def test_visible_texts_reads_what_is_shown_and_nothing_hidden(qtbot: QtBot) -> None:
    window = QWidget()
    window.setWindowTitle("Some window")
    layout = QVBoxLayout(window)
    layout.addWidget(QLabel("<b>Bold</b> words<br>second line"))
    hidden = QLabel("hidden words")
    layout.addWidget(hidden)
    button = QPushButton("&Open hand")
    button.setToolTip("opens the hand")
    layout.addWidget(button)
    edit = QLineEdit()
    edit.setPlaceholderText("a name")
    edit.setObjectName("nameEdit")
    layout.addWidget(edit)
    combo = QComboBox()
    combo.addItems(["first item", "second item"])
    layout.addWidget(combo)
    model = QStandardItemModel(1, 2)
    model.setHorizontalHeaderLabels(["Left column", "Right column"])
    view = QTableView()
    view.setModel(model)
    view.setColumnHidden(1, True)
    layout.addWidget(view)
    qtbot.addWidget(window)
    window.show()
    hidden.hide()
    qtbot.waitExposed(window)
    texts = visible_texts(window)
    shown = {t for _, t in texts}
    assert {"Some window", "Bold", "words", "second line", "Open hand", "opens the hand",
            "a name", "first item", "second item", "Left column"} <= shown
    assert "hidden words" not in shown and "Right column" not in shown
    assert ("QWidget/QLineEdit#nameEdit", "a name") in texts
    assert split_text("one\ttwo\nthree") == ["one", "two", "three"]


def test_english_is_found_by_source_pattern_but_swedish_is_not() -> None:
    english = [p for p in (_pattern(_split_source(s), "ts") for s in
                           ("Seat {seat} antes", "Open hand", "{category}, {ranks}",
                            "{table} hand {number}")) if p is not None]
    swedish = [p for p in (_pattern(_split_source(s), "ts") for s in
                           ("Plats {seat} lägger ante", "Öppna hand", "Status")) if p]
    assert len(english) == 3  # a pattern of placeholders and a comma says nothing
    texts = [("a", "Seat 3 antes"), ("b", "Plats 3 lägger ante"), ("c", "Open hand"),
             ("d", "Öppet · dealer Dana · hand 4 pågår"), ("e", "Table 3 hand 4")]
    found = english_on_screen(texts, (english, swedish))
    assert [(path, text) for path, text, _ in found] == [
        ("a", "Seat 3 antes"), ("c", "Open hand"), ("e", "Table 3 hand 4")]


def test_source_literals_are_the_english_a_person_reads() -> None:
    literals = {p.text for p in source_literals()}
    assert "Start of the hand" in literals  # wrapped or not, a literal is one
    assert "reportStatus" not in literals  # object names have no space anyway
    assert not any(t.startswith("Supervisor reports, Qt-free") for t in literals)  # docstring
    assert not _shown_like("P / Shift+A") and not _shown_like("as td 7c 10h")
    assert not _shown_like("QLabel { color: red; }") and not _shown_like("SELECT id FROM x")
    assert _shown_like("Go to") and _shown_like("Sign out")
