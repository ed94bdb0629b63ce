"""The benchmark program that `gpuplanner bench-script` writes, as real modules (ruff and mypy read them).

gpuplanner never imports these modules: `benchscript.writer` copies their source into one self-contained script,
in the order of `writer.PROGRAM`, each from its line "# bench-script: the writer copies from here" on. What
comes before that line is for the linters only: the module docstring and imports, of which the writer keeps the
standard-library ones (once each, at the top of the script) and drops the relative imports, since every part ends
up in the same namespace. Only `common.py`'s leading comments and docstring reach the script. The scenario's
values arrive as JSON in `common.CONFIG_JSON`, never as generated code.
"""
