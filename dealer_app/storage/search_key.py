"""Moved to :mod:`dealer_app.storage.models.search_key` (the key a name is stored and
searched by); its names stay importable from here."""

from dealer_app.storage.models.search_key import *  # noqa: F403
