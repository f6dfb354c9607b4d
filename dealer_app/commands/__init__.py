"""The `dealer-app` sub-commands, one module each.

Each module has ``add_parser(subparsers)`` and ``run(args) -> int`` (the exit status).
Modules are imported only when their command runs, so ``replay`` never imports Qt or
SQLAlchemy.
"""
