"""Bots: move generation over the lexicon graph and the levels of play."""
