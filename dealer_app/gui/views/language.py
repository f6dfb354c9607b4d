"""The workstation's language, chosen on the tables page (saved outside the database)."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QWidget

from dealer_app.gui.toolkit import i18n
from dealer_app.text import tr


class LanguageBox(QWidget):
    """A language list; a choice is saved for this workstation and applies from the next
    start (``--lang`` still overrides it)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel(tr("Language"))
        self.choice = QComboBox()
        self.choice.setObjectName("language")
        for code, name in i18n.LANGUAGES.items():
            self.choice.addItem(name, code)
        current = i18n.installed_language()  # what is on screen, --lang included
        self.choice.setCurrentIndex(self.choice.findData(current))
        self.label.setBuddy(self.choice)
        self.note = QLabel()
        self.note.setObjectName("success")
        layout.addWidget(self.label)
        layout.addWidget(self.choice)
        layout.addWidget(self.note)
        self.choice.activated.connect(self._chosen)

    def _chosen(self, index: int) -> None:
        code = str(self.choice.itemData(index))
        i18n.save_language(code)
        self.note.setText(tr("Saved: from the next start"))
