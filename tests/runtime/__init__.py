"""The engine, protocol and handler suites on the functions' own Python (CPython 3.14, as
Pyodide in node): ``python -m tests.runtime``."""
