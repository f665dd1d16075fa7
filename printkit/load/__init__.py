"""Reading what a player or a designer gives printkit into values, checked as a
stranger's files: decks (the catalogue's and designed ones), their documents, layouts,
templates, pictures, fonts and card files. Every failure is one line naming the file,
the place and the fix; nothing here draws.
"""
