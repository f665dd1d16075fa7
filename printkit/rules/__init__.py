"""The rules of Death Mesa and BANG! as plain functions, one module per question.

* ``negation`` - does a ghost's card take effect, or is it negated?
* ``draw``     - what a flipped card does to a draw! check (High Noon, Lucky Duke)
* ``odds``     - the exact chance of each outcome of a check
* ``roles``    - who is dealt what, and what each role wants

No printing and no command-line code here: ``printkit.cli`` formats what these return,
and the rulebook's worked examples call the same functions, so book and tool agree.
"""
