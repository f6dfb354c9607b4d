"""The `dealer-app` command: no argument starts the dealer's window; sub-commands do the rest."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# command name -> module under dealer_app.commands (imported lazily)
COMMANDS: dict[str, tuple[str, str]] = {
    "replay": ("replay", "check hand records against the rules"),
    "log": ("log", "verify, export and import the hand log"),
    "db": ("db", "database maintenance (backup)"),
    "staff": ("staff", "manage dealers and supervisors"),
    "review": ("review", "open the floor supervisor's hand log browser"),
    "gui": ("gui", "open the dealer's window (the default)"),
    "demo": ("demo", "fill a new database with a realistic floor to try"),
}


def _usage() -> str:
    lines = ["usage: dealer-app [COMMAND] [OPTIONS]", "",
             "With no command, opens the dealer's window. Commands:"]
    lines += [f"  {name:<8} {help_text}" for name, (_, help_text) in COMMANDS.items()]
    lines.append("Run 'dealer-app COMMAND --help' for a command's options.")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list or args_list[0].startswith("--db"):
        args_list = ["gui", *args_list]
    name = args_list[0]
    if name in COMMANDS:
        module = importlib.import_module(f"dealer_app.commands.{COMMANDS[name][0]}")
        parser = argparse.ArgumentParser(prog=f"dealer-app {name}",
                                         description=COMMANDS[name][1])
        module.add_parser(parser)
        args = parser.parse_args(args_list[1:])
        status: int = module.run(args)
        return status
    if name in ("-h", "--help"):
        print(_usage())
        return 0
    print(_usage(), file=sys.stderr)
    print(f"dealer-app: unknown command {name!r}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
