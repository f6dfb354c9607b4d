"""Errors in the words of the person who sees them: the one place that words a refusal of
the services (:class:`~dealer_app.services.errors.ServiceError`), called where it is shown
(the windows, the commands, an import report), never where it is raised. Qt-free: it
translates through :func:`dealer_app.text.tr`.
"""

from __future__ import annotations

from dealer_app.services.errors import AMOUNTS, PHRASES, TEMPLATES, ServiceError
from dealer_app.text import thousands, tr


def error_text(error: BaseException) -> str:
    """What to show of ``error``: a service's refusal worded from its code and values in
    the language installed now; any other error by its own message."""
    if not isinstance(error, ServiceError):
        return str(error)
    values = {key: thousands(value) if key in AMOUNTS and isinstance(value, int)
              else tr(value) if key in PHRASES and isinstance(value, str) else value
              for key, value in error.values.items()}
    template = TEMPLATES[error.code]
    return (tr(template) if template != "{said}" else template).format(**values)
