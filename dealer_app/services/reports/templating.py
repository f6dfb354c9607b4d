"""The reports' HTML comes from Jinja2 templates (``templates/*.html``, package data) with
autoescape on: every value a template prints is escaped unless it is
:class:`markupsafe.Markup`, so a player named ``<b>&"x'`` prints as written. The words
come in already translated (the ``tr()`` literals stay in Python, where
``scripts/update-translations`` finds them); the templates hold the layout only."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup, escape


def nobreak(text: object) -> Markup:
    """Escaped for HTML, its spaces not broken (a time stays on one line)."""
    return Markup(str(escape(text)).replace(" ", "&nbsp;"))


@lru_cache(maxsize=1)
def environment() -> Environment:
    env = Environment(loader=PackageLoader("dealer_app.services.reports", "templates"),
                      autoescape=True, undefined=StrictUndefined, trim_blocks=True,
                      lstrip_blocks=True)
    env.filters["nobreak"] = nobreak
    return env


def render(template: str, **context: Any) -> str:
    """``templates/<template>`` filled in with ``context`` (escaped), as one string."""
    return environment().get_template(template).render(**context)
