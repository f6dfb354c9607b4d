"""The live floor: the supervisor's view of every table (``window``), its tiles
(``tiles``), calls (``calls``), a table's live hand read-only (``live_table``), the change
feed bridged to Qt (``feed``) and the dealer window's floor keys (``dealer_wiring``)."""
