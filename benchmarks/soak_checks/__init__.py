"""The soak's invariants that need more than a few lines: one module each (see benchmarks/soak.py)."""
