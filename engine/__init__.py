"""Vanlexis game engine: pure rules, no I/O beyond loading its own data files.

The engine imports only the standard library, its own modules and the compact dictionary
package (marisa-trie) behind the lexicon loader; ``tests/unit/test_engine_imports.py`` keeps
that promise checked.
"""
