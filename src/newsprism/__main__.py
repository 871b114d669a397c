"""``python -m newsprism``: the same command line as ``newsprism``."""

from newsprism.cli import main

if __name__ == "__main__":
    main()
