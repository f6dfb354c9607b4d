"""Moved to :mod:`dealer_app.services.core.files`; its names stay importable from here."""

from dealer_app.services.core.files import *  # noqa: F403
