"""The normalized form of a name that searches compare: no accents, any case, single spaces.

``search_key("  Ann  MÉYER ") == "ann meyer"``. Stored beside each player name of a hand
(``hand_player.player_key``) so that a substring search is a plain ``LIKE`` on one column.
"""

from __future__ import annotations

import unicodedata


def search_key(name: str) -> str:
    """``name`` without accents (NFKD, combining marks dropped), case-folded, with runs of
    white space as one space and none at either end."""
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())
