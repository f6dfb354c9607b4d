"""Errors in the words of the person who sees them: the one place that words a refusal of
the services (:class:`~dealer_app.services.core.errors.ServiceError`), called where it is shown
(the windows, the commands, an import report), never where it is raised. Qt-free: it
translates through :func:`dealer_app.text.tr`.
"""

from __future__ import annotations

from collections.abc import Callable

from dealer_app import words
from dealer_app.engine import RuleError
from dealer_app.services.core.errors import (
    AMOUNTS,
    CORRECTION_NAMED,
    INPUT_NAMED,
    PHRASES,
    TEMPLATES,
    CorrectionRefused,
    Refusal,
    ServiceError,
)
from dealer_app.text import thousands, tr

RuleText = Callable[[RuleError], str]
"""How a window words the engine's refusal (``dealer_app.gui.wording.refusals.refusal_text``)."""


def error_text(error: BaseException, rule_text: RuleText | None = None) -> str:
    """What to show of ``error``: a service's refusal worded from its code and values in
    the language installed now; any other error by its own message. ``rule_text`` words the
    engine's refusal inside a refused correction (else: the engine's English message)."""
    if not isinstance(error, ServiceError):
        return str(error)
    values: dict[str, object] = {
        key: thousands(value) if key in AMOUNTS and isinstance(value, int)
        else tr(value) if key in PHRASES and isinstance(value, str) else value
        for key, value in error.values.items()}
    if isinstance(error, CorrectionRefused):
        _correction_values(error, values, rule_text)
    template = TEMPLATES[error.code]
    return (tr(template) if template != "{said}" else template).format(**values)


def _correction_values(error: CorrectionRefused, values: dict[str, object],
                       rule_text: RuleText | None) -> None:
    """The input a refused correction names, and the engine's reason, in the words of now."""
    if error.event is not None:
        values["input"] = words.event_text(error.event)
        if error.code is Refusal.RULES_REFUSE:
            values["what"] = (tr(CORRECTION_NAMED) if error.seq is None
                              else tr(INPUT_NAMED)).format(seq=error.seq,
                                                           input=values["input"])
    if rule_text is not None and isinstance(error.error, RuleError) and "reason" in values:
        values["reason"] = rule_text(error.error)
