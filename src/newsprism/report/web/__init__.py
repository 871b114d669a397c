"""The story workbench: the HTML report (one self-contained file) and `newsprism serve`."""
