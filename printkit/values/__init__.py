"""The values every layer shares: cards, effects, decks, templates, layouts, the card set
every target prints, documents, pictures, settings, and the notations and text forms
they are written in. Immutable, and no I/O: loaders make them, everything else reads
them.
"""
