"""The live floor: the supervisor's view of every table (``window``), its tiles
(``tiles``), calls (``calls``), a table's live hand read-only (``live_table``), the change
feed bridged to Qt (``feed``). The dealer window's floor keys are ``gui.floor_keys``."""
