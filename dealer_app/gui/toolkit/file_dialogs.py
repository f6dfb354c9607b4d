"""Every file dialog of the app: save a file, open files, choose a folder.

A file dialog must never open a file's contents. On Linux, closing *any* descriptor on the
SQLite database (or its ``-wal``/``-shm``) drops every POSIX lock the process holds on it, and
SQLite then lets a second process checkpoint and delete a WAL this process still writes to:
writes are lost and the file can end up malformed.

``strace -f -k -e trace=openat`` on a plain ``QFileDialog`` listing the database's folder
shows who opens them: ``QFileSystemModelPrivate::fileSystemChanged`` ->
``QFileInfoGatherer::getInfo`` -> ``QAbstractFileIconProvider::type`` (and ``icon``) ->
``QMimeDatabase::mimeTypeForFile(info, MatchDefault)``, which reads the first bytes of each
file whose name does not settle its type (``*.db``, ``*-wal``, ``*-shm``). A native dialog
(GTK's file chooser in our process) sniffs contents the same way. So the dialogs here are
Qt's own widgets (``DontUseNativeDialog``) with :class:`NameOnlyIconProvider`, which names
and draws each entry from its name and ``stat`` alone. The provider is set before the dialog
lists any folder.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QFileInfo
from PySide6.QtGui import QAbstractFileIconProvider
from PySide6.QtWidgets import QFileDialog, QFileIconProvider, QMessageBox, QWidget

from dealer_app.text import tr


class NameOnlyIconProvider(QFileIconProvider):
    """Icons and type names from the file's name and kind only: never reads a file."""

    def icon(self, what: object) -> object:  # type: ignore[override]
        if isinstance(what, QFileInfo):
            kind = (QAbstractFileIconProvider.IconType.Folder if what.isDir()
                    else QAbstractFileIconProvider.IconType.File)
            return super().icon(kind)
        return super().icon(what)  # type: ignore[call-overload]

    def type(self, info: QFileInfo) -> str:
        if info.isRoot():
            return tr("Drive")
        if info.isDir():
            return tr("Folder")
        suffix = info.suffix()
        return (tr("{suffix} File").format(suffix=suffix.upper()) if suffix
                else tr("File", "kind of an entry in a file dialog"))


_PROVIDER: NameOnlyIconProvider | None = None


def icon_provider() -> NameOnlyIconProvider:
    """The one provider every dialog shares (a dialog does not own its provider)."""
    global _PROVIDER
    if _PROVIDER is None:
        _PROVIDER = NameOnlyIconProvider()
    return _PROVIDER


def configure(dialog: QFileDialog) -> QFileDialog:
    """Makes ``dialog`` one that never opens a file: Qt's widgets, the name-only provider."""
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    dialog.setOption(QFileDialog.Option.DontUseCustomDirectoryIcons, True)
    dialog.setIconProvider(icon_provider())
    return dialog


def make_dialog(parent: QWidget | None, title: str, directory: str | Path = "") -> QFileDialog:
    """A file dialog that never opens a file's contents (see the module docstring).
    Set its mode, then ``exec()`` it; or use the helpers below."""
    dialog = configure(QFileDialog(parent))  # the provider is set before any event is run
    dialog.setWindowTitle(title)
    if directory:
        dialog.setDirectory(str(directory))
    return dialog


def save_dialog(parent: QWidget | None, title: str, path: str | Path,
                pattern: str = "") -> QFileDialog:
    """A save dialog proposing ``path`` (folder and file name)."""
    target = Path(path)
    dialog = make_dialog(parent, title, target.parent)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    dialog.setFileMode(QFileDialog.FileMode.AnyFile)
    if pattern:
        dialog.setNameFilter(pattern)
    dialog.selectFile(target.name)
    return dialog


def open_dialog(parent: QWidget | None, title: str, directory: str | Path,
                pattern: str = "") -> QFileDialog:
    """A dialog choosing one or more existing files."""
    dialog = make_dialog(parent, title, directory)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptOpen)
    dialog.setFileMode(QFileDialog.FileMode.ExistingFiles)
    if pattern:
        dialog.setNameFilter(pattern)
    return dialog


def folder_dialog(parent: QWidget | None, title: str, directory: str | Path) -> QFileDialog:
    """A dialog choosing an existing folder."""
    dialog = make_dialog(parent, title, directory)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptOpen)
    dialog.setFileMode(QFileDialog.FileMode.Directory)
    dialog.setOption(QFileDialog.Option.ShowDirsOnly, True)
    return dialog


def _chosen(dialog: QFileDialog) -> list[str]:
    try:
        return list(dialog.selectedFiles()) if dialog.exec() else []
    finally:
        dialog.deleteLater()


_PROTECTED: set[Path] = set()


def protect(database: Path | None) -> None:
    """Names an SQLite database this process uses: no save dialog will write over it (or
    its -wal/-shm/-journal files)."""
    if database is not None:
        _PROTECTED.add(database.absolute())


def is_protected(path: str | Path) -> bool:
    """True when ``path`` is (or is a link to) a protected database or one of its files;
    decided from names and ``stat`` only."""
    target = Path(path).absolute()
    for database in _PROTECTED:
        family = [database.with_name(database.name + suffix)
                  for suffix in ("", "-wal", "-shm", "-journal")]
        if target in family:
            return True
        for member in family:
            try:
                if target.exists() and member.exists() and target.samefile(member):
                    return True
            except OSError:
                continue
    return False


def save_file_name(parent: QWidget | None, title: str, path: str | Path,
                   pattern: str = "") -> str:
    """The file the user chose to save to, or "" if cancelled (or if it is the database)."""
    chosen = _chosen(save_dialog(parent, title, path, pattern))
    if chosen and is_protected(chosen[0]):
        QMessageBox.warning(parent, title, tr(
            "{path} is the hand log database (or one of its files); nothing was written. "
            "Choose another file name.").format(path=chosen[0]))
        return ""
    return chosen[0] if chosen else ""


def open_file_names(parent: QWidget | None, title: str, directory: str | Path,
                    pattern: str = "") -> list[str]:
    """The files the user chose to open, or [] if cancelled."""
    return _chosen(open_dialog(parent, title, directory, pattern))


def existing_directory(parent: QWidget | None, title: str, directory: str | Path) -> str:
    """The folder the user chose, or "" if cancelled."""
    chosen = _chosen(folder_dialog(parent, title, directory))
    return chosen[0] if chosen else ""
