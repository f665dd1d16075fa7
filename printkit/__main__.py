"""``python -m printkit`` runs the command line."""

from .cli import console

console()
