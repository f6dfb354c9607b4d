"""Moved to :mod:`dealer_app.storage.models.chained` (the mark a model joins the ledger by);
its names stay importable from here."""

from dealer_app.storage.models.chained import *  # noqa: F403
