"""The app's resources (style sheet, icons, translations, desktop entry), packaged as
``dealer_app.resources``; read them with ``importlib.resources``."""
