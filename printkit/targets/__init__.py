"""What printkit makes, one module for each target, listed in two tables.

The kit (``kit.EACH_DECK`` and ``kit.ONCE``): sheets (with their cut files and proofs),
idsheet, rules, calibration, guide and page; each module's ``jobs`` turns a build's
request into jobs that return files. The exports (``exports.EXPORTS``): shop, tabletop
and cricut, each a ``make`` that returns images. ``files`` holds what they share; the
scaffold of a new designed deck is in ``scaffold``."""
