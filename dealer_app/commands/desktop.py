"""`dealer-app desktop install|uninstall`: the Linux desktop entry and icon for this user.

Writes ``applications/dealer-app.desktop`` and ``icons/hicolor/scalable/apps/dealer-app.svg``
under ``$XDG_DATA_HOME`` (``~/.local/share`` by default), with ``Exec`` naming the installed
``dealer-app`` command, so the app appears in the desktop's menu.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

from dealer_app.text import tr

ENTRY = "dealer-app.desktop"
ICON = "dealer-app.svg"


def add_parser(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", choices=("install", "uninstall"))


def data_home() -> Path:
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def targets() -> tuple[Path, Path]:
    """Where the desktop entry and the icon go."""
    home = data_home()
    return home / "applications" / ENTRY, home / "icons" / "hicolor" / "scalable" / "apps" / ICON


def desktop_entry(command: str) -> str:
    """The packaged desktop entry with ``Exec`` pointing at ``command``."""
    from dealer_app.gui.toolkit.resources import resource

    lines = resource("desktop", ENTRY).read_text(encoding="utf-8").splitlines()
    exec_line = f"Exec={command}" if " " not in command else f'Exec="{command}"'
    return "\n".join(exec_line if line.startswith("Exec=") else line for line in lines) + "\n"


def run(args: argparse.Namespace) -> int:
    from dealer_app.gui.toolkit.resources import resource

    entry, icon = targets()
    if args.action == "uninstall":
        for path in (entry, icon):
            path.unlink(missing_ok=True)
        print(tr("removed {entry} and {icon}").format(entry=entry, icon=icon))
        return 0
    command = shutil.which("dealer-app") or str(Path(sys.argv[0]).resolve())
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        icon.parent.mkdir(parents=True, exist_ok=True)
        entry.write_text(desktop_entry(command), encoding="utf-8")
        shutil.copyfile(resource("icons", "app.svg"), icon)
    except OSError as exc:
        print(tr("dealer-app desktop: cannot write {file}: {error}").format(
            file=exc.filename, error=exc.strerror), file=sys.stderr)
        return 1
    print(tr("installed {entry} and {icon}").format(entry=entry, icon=icon))
    return 0
