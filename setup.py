"""Packaging beside pyproject.toml: the top-level ``resources/`` folder (style sheet, icons,
translations, desktop entry) ships inside the package as ``dealer_app.resources``, read with
``importlib.resources`` (see ``dealer_app/gui/toolkit/resources.py``)."""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["dealer_app", "dealer_app.*"]), "dealer_app.resources"],
    package_dir={"dealer_app.resources": "resources"},
)
