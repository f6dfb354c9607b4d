"""The players' screen: what a table shows its players (``model``, no Qt) and the
full-screen window (``window``)."""
