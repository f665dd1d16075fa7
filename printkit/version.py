"""printkit's version, as its files and its --version say it (the same as pyproject.toml's)."""

__version__ = "0.1.0"
