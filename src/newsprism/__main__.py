"""``python -m newsprism`` (and the script spark-submit runs: docs/spark.md)."""

from newsprism.cli import main

if __name__ == "__main__":
    main()
