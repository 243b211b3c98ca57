"""The Portuguese lexicon: folding, the artifact format and the look-up API."""

from engine.lexicon.fold import MAX_WORD_LENGTH, fold, normalize_word
from engine.lexicon.lexicon import DEFAULT_PATH, Lexicon, WordInfo

__all__ = ["DEFAULT_PATH", "MAX_WORD_LENGTH", "Lexicon", "WordInfo", "fold", "normalize_word"]
