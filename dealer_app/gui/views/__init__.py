"""Widgets that draw the table, and the Qt table models they show (``models``: seats, pots,
the hand log); they hold no rules and call no services."""
