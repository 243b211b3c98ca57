"""The leave table: what kept tiles, and traits of the kept rack, are worth.

Written by ``python -m tools.leaves`` (do not edit by hand) from 4,782 plays of greedy bots
in two-player standard matches: the mean next-turn score was 45.5 points, 47.7
for an empty leave. ``duplicates`` counts repeated tiles beyond the first, ``imbalance`` is
abs(vowels − consonants); see docs/bots.md.
"""

LEAVE_WEIGHTS: dict[str, float] = {
    'A': 2.36,
    'B': 0.76,
    'C': 0.73,
    'D': 0.71,
    'E': -0.64,
    'F': -0.43,
    'G': 0.15,
    'H': -0.25,
    'I': -0.40,
    'J': 0.77,
    'K': -2.59,
    'L': 0.14,
    'M': -0.52,
    'N': 1.52,
    'O': -0.23,
    'P': -0.01,
    'Q': -2.25,
    'R': 1.02,
    'S': 3.21,
    'T': -1.22,
    'U': -2.45,
    'V': -0.59,
    'W': -5.24,
    'X': 2.21,
    'Y': -4.17,
    'Z': 4.74,
    '?': 8.08,
    '?V': -0.46,
    '?C': 7.04,
    'duplicates': -3.08,
    'imbalance': -0.97,
}
