"""Writing files into a folder the player owns: every file together or none, recoverable
whatever happens, never over a file printkit did not write."""
