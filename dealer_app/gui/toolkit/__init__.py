"""What every window is built with, and nothing of a table: the language of the windows and
its number and time formats (``i18n``), where styles, icons and translations live
(``resources``), window sizes that fit the screen (``screen``), every file dialog
(``file_dialogs``), the base of the Qt table models (``table_model``) and what the windows
write to the log about people (``audit_log``). Imports no other part of ``gui``."""
