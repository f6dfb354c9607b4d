"""Moved to :mod:`dealer_app.services.core.stints`; its names stay importable from here."""

from dealer_app.services.core.stints import *  # noqa: F403
