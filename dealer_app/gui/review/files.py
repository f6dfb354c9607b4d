"""The review's one place that asks for a file name, through the app's lock-safe file
dialogs (:mod:`dealer_app.gui.file_dialogs`)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QWidget

from dealer_app.gui import file_dialogs


def save_path(parent: QWidget | None, title: str, name: str, pattern: str) -> str:
    """A file name to write, or empty when the user cancels."""
    return file_dialogs.save_file_name(parent, title, Path.home() / name, pattern)


def folder_path(parent: QWidget | None, title: str) -> str:
    """A folder to write into, or empty when the user cancels."""
    return file_dialogs.existing_directory(parent, title, Path.home())
