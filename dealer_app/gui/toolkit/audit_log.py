"""What the windows write to the app's log file about people: sign-ins, supervisor
authorisations and refusals. Names and reasons only: a PIN is never passed here."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

log = logging.getLogger("dealer_app.gui")


@contextmanager
def logged_sign_in(what: str, name: str, reason: str = "") -> Iterator[None]:
    """Logs the outcome of the block: ``what`` by ``name`` accepted or refused (and why)."""
    about = f" ({reason})" if reason else ""
    typed = name
    if any(ch.isdigit() for ch in name) and not any(ch.isalpha() for ch in name):
        name = "<digits typed as a name>"  # most likely a PIN in the wrong box
    try:
        yield
    except Exception as exc:
        why = str(exc).replace(typed, name) if typed.strip() else str(exc)
        log.warning("%s refused for %r%s: %s", what, name, about, why)
        raise
    log.info("%s: %r%s", what, name, about)


def log_refusal(what: str, exc: BaseException) -> None:
    """A dealer input or act the rules or the database refused."""
    log.info("refused %s: %s", what, getattr(exc, "message", None) or exc)
