"""printkit's own files: where its data/, templates/ and art/ are, its typefaces (from
their font packages) and its cache of faces made from variable fonts."""
