"""The dealer's window (PySide6).

Modules, one purpose each:

- ``prompts``: Qt-free text of the NEXT line and of the award, from an engine ``Hand``.
- ``backend``: the only module that calls the services (sign-in, sessions, seating, hands);
  the rest of the GUI sees plain values and the engine's ``Hand``.
- ``models``: Qt table models (seats, pots, hand log) with named columns and sort roles.
- ``resources``: where styles, icons and card images live.
- ``views/``: widgets that only draw (table, seats, cards, action bar, card entry, dialogs).
- ``controller``: connects signals, routes keys, calls the backend, refreshes the views.
- ``window`` / ``app``: the main window and the start of a shift.
"""
