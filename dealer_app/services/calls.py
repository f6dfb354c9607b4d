"""Moved to :mod:`dealer_app.services.core.calls`; its names stay importable from here."""

from dealer_app.services.core.calls import *  # noqa: F403
