"""What VERO's affix flags mean, read from the comments of its .aff file.

VERO names its classes in comments ("Plural -B-", "Diminutivos femininos -O-", "VERBOS -c-",
"ÊNCLISES E MESÓCLISES -k-" ...). The lexicon needs three facts about each suffix flag:
whether it inflects a word (the result is a form of the same word: number, gender, degree,
conjugation) or derives a new one (-mente, -idade, -ismo ...), whether its inflection is one
that counts as the base word for themes (plural, feminine, diminutive, conjugation), and whether
it attaches a pronoun (enclisis and mesoclisis, always written with a hyphen).
"""

from __future__ import annotations

# Number and gender: plural, feminine.
NUMBER_GENDER = frozenset("ABCDEFG")
# Diminutives (-inho, -inha, -zinho, -zinha).
DIMINUTIVE = frozenset("OPQRSTU7")
# Augmentatives and superlatives: degree, so the same word, but not a theme base.
AUGMENTATIVE_SUPERLATIVE = frozenset("VW6HI")
# Participle variants and conjugation classes.
VERB = frozenset("Labcdefghituw")
# Pronoun-attached forms (amá-lo, amamo-nos, dir-se-ia).
ENCLITIC = frozenset("kmnopqrsv")
# New words built from a word: adverbs in -mente, nouns in -mento, -idade, -ismo, -ista,
# adjectives in -tório, -ógico, -ante, -dor.
DERIVATION = frozenset("JKMNXYZ1234j")
# Place names and their abbreviations: capitalised, dropped by the letter filter anyway.
PROPER = frozenset("589")

INFLECTION = NUMBER_GENDER | DIMINUTIVE | AUGMENTATIVE_SUPERLATIVE | VERB
BASE_FLAGS = NUMBER_GENDER | DIMINUTIVE | VERB

KNOWN_SUFFIX_FLAGS = INFLECTION | ENCLITIC | DERIVATION | PROPER

# Outputs of the mixed number/gender/degree classes E and G that are augmentatives.
AUGMENTATIVE_ENDINGS = ("zão", "zões", "zona", "zonas", "zães")

# Rules of the irregular-verb class "e" written for one verb, whose Hunspell condition also
# matches other verbs: "dar → deu, dera, deem" matches SAUDAR, AMIUDAR, ENCANUDAR, so VERO's
# own checker accepts SAUDEU and SAUDEEM. The build applies them to that verb only.
WHOLE_WORD_CONDITIONS = frozenset({("e", "dar")})


def applies_to(flag: str, condition: str, word: str) -> bool:
    """Whether a rule whose condition matched ``word`` is meant for it (see above)."""
    return (flag, condition) not in WHOLE_WORD_CONDITIONS or word == condition
