"""dealer-app: run a live table of Americana and review its hand log."""

__version__ = "0.1.0"
