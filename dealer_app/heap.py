"""The garbage collector after start-up.

A long shift makes the collector's oldest generation run now and then, inside whichever
call allocates at that moment: with start-up's ~100,000 objects (modules, the ORM's
mappers, Qt's wrappers) in it, such a pass took 40–150 ms, in the middle of a dealer's
input. :func:`settle_heap`, once start-up is over, collects once and moves what is left
into the permanent generation (``gc.freeze``): later passes scan only what the shift made.
"""

from __future__ import annotations

import gc


def settle_heap() -> None:
    """Collects once, then freezes every object alive now out of the collector's reach."""
    gc.collect()
    gc.freeze()
