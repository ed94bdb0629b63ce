"""One module per sheet; each has `write(b: Builder) -> None`."""
