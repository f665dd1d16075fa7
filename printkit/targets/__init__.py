"""What printkit makes: each output (sheets, proofs, shop images, virtual tables, cutter
images, the table page, the documents) from a printable deck, and the kit as the list
of them a build makes."""
