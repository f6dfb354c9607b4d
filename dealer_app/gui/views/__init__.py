"""Widgets that draw the table; they hold no rules and call no services."""
