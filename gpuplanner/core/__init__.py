"""The planning engine: pure Python and numpy, no Qt, no openpyxl (spec §3)."""
