"""Moved to :mod:`dealer_app.services.core.types`; its names stay importable from here."""

from dealer_app.services.core.types import *  # noqa: F403
