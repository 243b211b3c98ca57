"""End-to-end tests: the whole local stack (the `stack` fixture in tests/conftest.py)."""
