"""printkit: print-and-play kit and table companion for Death Mesa, a fan expansion for BANG!

The data flows one way: data files -> validated model (catalogue) -> card faces ->
pages -> imposed sheets -> files. The table companion (lookup, rules) reads the same
catalogue and never imports the drawing libraries.
"""

__version__ = "0.1.0"
