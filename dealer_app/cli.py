"""The `dealer-app` command: no argument starts the dealer's window; sub-commands do the rest."""

from __future__ import annotations

import argparse
import contextlib
import errno
import importlib
import os
import sys
from collections.abc import Sequence

from dealer_app import text
from dealer_app.commands.language import LANGUAGES, command_language, take_lang_option

# command name -> module under dealer_app.commands (imported lazily)
COMMANDS: dict[str, tuple[str, str]] = {
    "replay": ("replay", "check hand records against the rules"),
    "log": ("log", "verify, export and import the hand log"),
    "db": ("db", "database maintenance (backup, PostgreSQL roles)"),
    "staff": ("staff", "manage dealers and supervisors"),
    "keys": ("keys", "the workstation keys the floor trusts (show, admit, export, import)"),
    "review": ("review", "open the floor supervisor's hand log browser"),
    "floor": ("floor", "open the live floor view (every table, calls)"),
    "display": ("display", "open a table's players' screen"),
    "gui": ("gui", "open the dealer's window (the default)"),
    "desktop": ("desktop", "install the Linux desktop entry and icon for this user"),
    "demo": ("demo", "fill a new database with a realistic floor to try"),
}


def _usage() -> str:
    lines = ["usage: dealer-app [COMMAND] [OPTIONS]", "",
             "With no command, opens the dealer's window. Commands:"]
    lines += [f"  {name:<8} {help_text}" for name, (_, help_text) in COMMANDS.items()]
    lines.append("Run 'dealer-app COMMAND --help' for a command's options;"
                 " 'dealer-app --version' for the version.")
    return "\n".join(lines)


EXIT_PIPE_CLOSED = 141
"""128 + SIGPIPE, as a shell reports a command whose reader went away (``| head -1``)."""


def _quiet_stdout() -> None:
    """Points standard output at /dev/null, so the interpreter's last flush cannot fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def version_text() -> str:
    """``dealer-app X.Y.Z (schema NNNN)``: the installed version and the database schema it
    writes (the newest Alembic revision)."""
    from importlib.metadata import PackageNotFoundError, version

    from dealer_app import __version__
    from dealer_app.storage.migrate import head_revision

    try:
        installed = version("dealer-app")
    except PackageNotFoundError:  # a source tree that was never installed
        installed = __version__
    return f"dealer-app {installed} (schema {head_revision()})"


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command. A closed pipe (``| head -1``) or a full output device ends it with a
    plain message and no traceback: exit 141 for a reader that went away, 1 for a failed
    write."""
    hook = sys.excepthook  # a command may put its own in place while it runs
    try:
        try:
            status = _dispatch(argv)
        except SystemExit as exc:  # argparse: --help, or a usage error already printed
            status = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 2
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        _quiet_stdout()
        return EXIT_PIPE_CLOSED
    except OSError as exc:
        if exc.errno not in (errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EDQUOT):
            raise
        _quiet_stdout()
        with contextlib.suppress(OSError):
            print(text.tr("dealer-app: cannot write the output: {error}").format(
                error=exc.strerror), file=sys.stderr)
        return 1
    except Exception:
        from dealer_app.app_log import log_uncaught

        log_uncaught(*sys.exc_info())
        raise
    finally:
        sys.excepthook = hook


def _start_log(command: str) -> None:
    from dealer_app.app_log import setup_logging

    setup_logging(command)


def _refused_db_argument(name: str, url: str | None) -> int | None:
    """Exit status 2 with the reason for a ``--db`` URL that holds a password (the process
    list shows it to everyone) or cannot be read; None when it is fine."""
    if not url or "://" not in url:  # a file, or none (replay never imports SQLAlchemy)
        return None
    from dealer_app.storage.errors import StorageError
    from dealer_app.storage.location import refuse_password_in_argument

    try:
        refuse_password_in_argument(url)
    except StorageError as exc:
        print(f"dealer-app: {exc}", file=sys.stderr)
        return 2
    return None


def _dispatch(argv: Sequence[str] | None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list or args_list[0].startswith(("--db", "--lang")):
        args_list = ["gui", *args_list]
    name = args_list[0]
    if name in COMMANDS:
        module = importlib.import_module(f"dealer_app.commands.{COMMANDS[name][0]}")
        parser = argparse.ArgumentParser(prog=f"dealer-app {name}",
                                         description=COMMANDS[name][1])
        module.add_parser(parser)
        rest = args_list[1:]
        lang: str | None = None
        if not any("--lang" in action.option_strings for action in parser._actions):
            lang, rest = take_lang_option(rest)  # anywhere after the command's name
            if lang is not None and lang not in LANGUAGES:
                print(f"dealer-app {name}: --lang: choose one of {', '.join(LANGUAGES)}",
                      file=sys.stderr)
                return 2
        args = parser.parse_args(rest)
        refused = _refused_db_argument(name, getattr(args, "db", None))
        if refused is not None:
            return refused
        from dealer_app.station import set_view

        set_view("dealer" if name == "gui" else name)  # PostgreSQL's application_name
        if name != "replay":  # replay reads files only; every other command keeps a log
            _start_log(name)
        # the language is this command's only (main() runs in-process in tests too)
        with text.language(command_language(getattr(args, "lang", None) or lang)):
            status: int = module.run(args)
        return status
    if name in ("-V", "--version"):
        print(version_text())
        return 0
    if name in ("-h", "--help"):
        print(_usage())
        return 0
    print(_usage(), file=sys.stderr)
    print(text.tr("dealer-app: unknown command {name}").format(name=repr(name)),
          file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
