"""The windows (PySide6). The top of ``gui/`` is the dealer's window and the app's start; it
imports its subpackages, and none of them imports it.

The dealer's window, one purpose each:

- ``backend`` (its calls about people in ``backend_staff``): the dealer's window's door to
  the services (sign-in, sessions, seating, hands); the rest of the window sees plain values
  and the engine's ``Hand``.
- ``controller`` with ``shift_control``, ``table_input`` and ``supervisor_acts`` (which see
  it through ``parts``): connects signals, routes keys, calls the backend, refreshes the
  views.
- ``floor_keys`` and ``box_clock``: the floor's part of the dealer's window (F8, F3, F9's
  call; the dealer's time in the box).
- ``window`` / ``app``: the main window and the start of a shift.

Subpackages, lowest first (each imports only those before it):

- ``toolkit/``: what every window is built with: the language and its number formats
  (``i18n``), resources, screen sizes, file dialogs, the table-model base, the audit log.
- ``wording/``: what the table shows in words, without widgets: the command table and its
  keys (``commands``), the NEXT line (``prompts``), seat, pot and log rows (``rows``), the
  engine's refusals (``refusals``).
- ``views/``: widgets that only draw (table, seats, cards, action bar, card entry, the
  dealer's page, dialogs) and the dealer window's Qt table models (``models``).
- ``review/``: the review window; ``floor/``: the supervisor's floor view;
  ``display/``: the players' screen.
"""
