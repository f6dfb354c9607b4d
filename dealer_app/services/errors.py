"""Moved to :mod:`dealer_app.services.core.errors`; its names stay importable from here."""

from dealer_app.services.core.errors import *  # noqa: F403
