"""`python -m newsprism.cli`: the same as the `newsprism` command."""

from newsprism.cli import main

main()
