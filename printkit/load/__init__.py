"""Loaders that read a deck's documents (rules, player aids) into model values."""
