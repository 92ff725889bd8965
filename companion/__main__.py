"""``python -m companion serve …``."""

from companion.cli import main

main()
