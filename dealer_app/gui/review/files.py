"""The review's one place that asks for a file name, through the app's lock-safe file
dialogs (:mod:`dealer_app.gui.toolkit.file_dialogs`): in the folder last saved to on this
workstation (first the user's documents folder), under a name a person reads (the table
and hand number or date), never one made of database ids."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QWidget

from dealer_app.gui.toolkit import file_dialogs, i18n

_FOLDER_SETTING = "review/export-folder"


def export_folder() -> Path:
    """Where the next export dialog opens: the folder last saved to, else Documents."""
    saved = i18n.settings().value(_FOLDER_SETTING)
    if isinstance(saved, str) and saved and Path(saved).is_dir():
        return Path(saved)
    documents = QStandardPaths.writableLocation(
        QStandardPaths.StandardLocation.DocumentsLocation)
    return Path(documents) if documents and Path(documents).is_dir() else Path.home()


def remember_folder(folder: str | Path) -> None:
    i18n.settings().setValue(_FOLDER_SETTING, str(folder))


def readable_name(*parts: object, suffix: str) -> str:
    """``Table 3``, ``hand 42`` → ``Table-3-hand-42.pdf``: words and numbers a person
    reads, safe in a file name on every system."""
    words = "-".join(str(p) for p in parts if p not in (None, ""))
    safe = re.sub(r"[^\w.-]+", "-", words, flags=re.UNICODE).strip("-.") or "export"
    return f"{safe}.{suffix}"


def day(moment: datetime, *, time: bool = False) -> str:
    """A local date (and time) for a file name: ``2026-12-01`` (``2026-12-01-2210``)."""
    return f"{moment.astimezone():%Y-%m-%d-%H%M}" if time else f"{moment.astimezone():%Y-%m-%d}"


def save_path(parent: QWidget | None, title: str, name: str, pattern: str) -> str:
    """A file name to write, or empty when the user cancels."""
    chosen = file_dialogs.save_file_name(parent, title, export_folder() / name, pattern)
    if chosen:
        remember_folder(Path(chosen).parent)
    return chosen


def folder_path(parent: QWidget | None, title: str) -> str:
    """A folder to write into, or empty when the user cancels."""
    chosen = file_dialogs.existing_directory(parent, title, export_folder())
    if chosen:
        remember_folder(chosen)
    return chosen
