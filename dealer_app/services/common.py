"""Moved to :mod:`dealer_app.services.core.common`; its names stay importable from here."""

from dealer_app.services.core.common import *  # noqa: F403
