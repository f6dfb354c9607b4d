"""The live floor: the supervisor's view of every table (``window``), its tiles
(``tiles``), calls (``calls``: the panel; ``open_calls``: their alert and answers), waiting
lists (``waiting``: the panel; ``waiting_wiring``: reads and acts), the dealers' rotation
and the shift (``rotation``, ``shift``, ``shift_wiring``), a table's live hand read-only
(``live_table``) and the change feed bridged to Qt (``feed``). The window's parts see it
through ``parts``. The dealer window's floor keys are ``gui.floor_keys``."""
