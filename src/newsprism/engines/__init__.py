"""Engines: where the analysis of many stories runs (local: this machine, every core)."""
