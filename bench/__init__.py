"""Benchmarks that print figures: each module runs as ``python -m bench.<name>`` from the
repository's root (``make bench`` runs the quick ones)."""
