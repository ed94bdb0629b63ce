"""The planning wizard's pages, one module each."""
