"""Moved to :mod:`dealer_app.services.core.hand_filters`; its names stay importable from here."""

from dealer_app.services.core.hand_filters import *  # noqa: F403
