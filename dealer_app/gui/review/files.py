"""The review's one place that asks for a file name (plain ``QFileDialog`` static calls;
the app's shared file dialogs can replace them here)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QWidget


def save_path(parent: QWidget | None, title: str, name: str, pattern: str) -> str:
    """A file name to write, or empty when the user cancels."""
    path, _ = QFileDialog.getSaveFileName(parent, title, str(Path.home() / name), pattern)
    return path


def folder_path(parent: QWidget | None, title: str) -> str:
    """A folder to write into, or empty when the user cancels."""
    return QFileDialog.getExistingDirectory(parent, title, str(Path.home()))
