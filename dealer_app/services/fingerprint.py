"""Moved to :mod:`dealer_app.services.core.fingerprint`; its names stay importable from here."""

from dealer_app.services.core.fingerprint import *  # noqa: F403
