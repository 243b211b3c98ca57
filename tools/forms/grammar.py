"""Portuguese inflection for theme words: the plurals, feminines and diminutives of a base.

Everything works on the written word, accents included (lowercase), because the accents carry
what the endings need: the stress (FUZIL → FUZIS but FÓSSIL → FÓSSEIS; PAPEL → PAPÉIS but
NÍVEL → NÍVEIS) and the spelling changes (CAFÉ → CAFEZINHO drops the acute, PÃO → PÃOZINHO
keeps the tilde). The functions propose; the dictionary and the editor dispose: a proposal that
is no word is dropped, and one that is a word of its own (BOLA from BOLO) is flagged later, in
:mod:`tools.forms.decide`.

The rules are the ones of the school grammars (Cunha & Cintra, Bechara), kept to the regular
cases, plus a table of the irregular feminines a player meets (ATOR → ATRIZ, REI → RAINHA).
"""

from __future__ import annotations

from collections.abc import Mapping

VOWELS = "aeiouáéíóúâêôãõàü"
_GRAVE = str.maketrans("áéíóúâêô", "aeiouaeo")  # the written stress marks (not ã õ)

#: Feminines no ending rule gives: (base, feminine). Only true pairs of one word in two genders;
#: a different word for the other sex (PAI/MÃE, BOI/VACA, GENRO/NORA) is a word of its own.
IRREGULAR_FEMININES: Mapping[str, tuple[str, ...]] = {
    "ator": ("atriz",), "imperador": ("imperatriz",),
    "embaixador": ("embaixadora", "embaixatriz"), "juiz": ("juíza",), "tigre": ("tigresa",),
    "cru": ("crua",), "nu": ("nua",), "espanhol": ("espanhola",),
    "príncipe": ("princesa",), "duque": ("duquesa",), "conde": ("condessa",),
    "visconde": ("viscondessa",), "barão": ("baronesa",), "rei": ("rainha",),
    "herói": ("heroína",), "galo": ("galinha",),
    "réu": ("ré",), "judeu": ("judia",), "avô": ("avó",), "bisavô": ("bisavó",),
    "tataravô": ("tataravó",), "poeta": ("poetisa",), "sacerdote": ("sacerdotisa",),
    "profeta": ("profetisa",), "abade": ("abadessa",), "czar": ("czarina",),
    "maestro": ("maestrina",), "frade": ("freira",), "papa": ("papisa",),
    "sultão": ("sultana",), "cão": ("cadela",), "ladrão": ("ladra", "ladrona"),
    "compadre": ("comadre",), "padrinho": ("madrinha",), "felino": ("felina",),
    "hóspede": ("hóspeda",), "monge": ("monja",), "marajá": ("marani",),
    "deus": ("deusa",), "guri": ("guria",), "peru": ("perua",), "mestre": ("mestra",),
    "parente": ("parenta",), "presidente": ("presidenta",), "elefante": ("elefanta",),
    "infante": ("infanta",), "gigante": ("giganta",),
}

#: Diminutives the endings do not make (-ino, and the doubled one).
IRREGULAR_DIMINUTIVES: Mapping[str, tuple[str, ...]] = {
    "pequeno": ("pequenino", "pequenininho"), "pequena": ("pequenina", "pequenininha"),
}


def unstress(word: str) -> str:
    """Drop the acute and circumflex marks (a diminutive moves the stress: CAFÉ → CAFEZ-)."""
    return word.translate(_GRAVE)


def _accented(word: str) -> bool:
    return any(c in "áéíóúâêô" for c in word)


def _syllable_vowels(word: str) -> int:
    """A rough syllable count: groups of vowels (enough to tell monosyllables apart)."""
    count, previous = 0, False
    for ch in word:
        vowel = ch in VOWELS
        if vowel and not previous:
            count += 1
        previous = vowel
    return count


def _plural_l(w: str) -> set[str]:
    """-l: -al → -ais, -ul → -uis; -el, -ol and -il depend on the stress (PAPEL → PAPÉIS but
    NÍVEL → NÍVEIS; ANZOL → ANZÓIS; FUZIL → FUZIS but FÓSSIL → FÓSSEIS)."""
    if w == "mal":
        return {"males"}  # not MAIS
    stem, unstressed = w[:-2], _accented(w[:-2])
    table = {"il": stem + "eis" if unstressed else w[:-1] + "s",
             "el": stem + ("eis" if unstressed else "éis"),
             "ol": stem + ("ois" if unstressed else "óis")}
    return {table.get(w[-2:], w[:-1] + "is")}


def _plural_s(w: str) -> set[str]:
    """-s: oxytones and monosyllables take -es (MÊS → MESES, PAÍS → PAÍSES, DEUS → DEUSES);
    words stressed earlier do not change (LÁPIS, ÔNIBUS, VÍRUS)."""
    last = w[-2]
    if last in "aeo" and not _accented(w) and _syllable_vowels(w) > 1:
        return set()  # a paroxytone of a plural's shape (FRUTOS, PIRES) takes no -es
    if last in "áêô":
        return {w[:-2] + unstress(last) + "ses"}
    if last in "íú" or not _accented(w):
        return {w + "es"}
    return set()


def plurals(word: str) -> set[str]:
    """The regular plural(s) of a written word; for -ão all three, the dictionary picks."""
    w = word
    if w.endswith("ão"):
        out = {w[:-2] + "ões", w[:-2] + "ães", w + "s"}
    elif w[-1] in VOWELS:
        out = {w + "s"}  # CASA, CAFÉ, AVÓ, PAI, REI, HERÓI
    elif w.endswith("m"):
        out = {w[:-1] + "ns"}  # HOMEM → HOMENS, BOM → BONS
    elif w.endswith("l"):
        out = _plural_l(w)
    elif w.endswith(("iz", "uz")) and len(w) > 2 and w[-3] in "aeiou":
        out = {w[:-2] + {"i": "í", "u": "ú"}[w[-2]] + "zes"}  # RAIZ → RAÍZES, JUIZ → JUÍZES
    elif w.endswith(("r", "z")):
        out = {w + "es"}  # FLOR → FLORES, LUZ → LUZES
    elif w.endswith("s"):
        out = _plural_s(w)
    elif w.endswith("n"):
        out = {unstress(w) + "s", w + "es"}  # HÍFEN → HIFENS, HÍFENES
    else:
        out = set()  # -x (TÓRAX) and the rest do not change
    return out


def feminines(word: str) -> set[str]:
    """The feminine(s) of a written masculine noun or adjective: the irregular table, then the
    regular endings (-o → -a, -ão → -ã / -oa / -ona, -or → -ora, -ês → -esa, -eu → -eia,
    -e → -a is only in the table: most nouns in -e do not change)."""
    w = word
    if w in IRREGULAR_FEMININES:
        return set(IRREGULAR_FEMININES[w])  # ATOR → ATRIZ only (not ATORA)
    out: set[str] = set()
    if w.endswith("ão"):
        out |= {w[:-2] + "ã", w[:-2] + "oa", w[:-2] + "ona"}
    elif w.endswith("o") and len(w) > 2:
        out.add(w[:-1] + "a")  # GATO → GATA, FILHO → FILHA
    elif w.endswith(("dor", "tor", "sor", "nhor", "stor")):
        out.add(w + "a")  # PROFESSOR → PROFESSORA, SENHOR → SENHORA (not FLOR, COR, AMOR)
    elif w.endswith("ês") and _syllable_vowels(w) > 1:
        out.add(w[:-2] + "esa")  # FREGUÊS → FREGUESA (not MÊS)
    elif w.endswith("eu") and w not in ("céu", "chapéu"):
        out.add(w[:-2] + "eia")  # EUROPEU → EUROPEIA
    return out


def _inho_stem(word: str) -> str:
    """The stem -inho/-inha attaches to, for a word ending in an unstressed vowel (a final -e
    keeps a soft C or G soft: DOCE → DOCINHO, MONGE → MONGINHO)."""
    stem = unstress(word[:-1])
    if word[-1] == "e":
        return stem
    if stem.endswith("c"):
        return stem[:-1] + "qu"  # BARCO → BARQUINHO, VACA → VAQUINHA
    if stem.endswith("g"):
        return stem[:-1] + "gu"  # AMIGO → AMIGUINHO, FORMIGA → FORMIGUINHA
    if stem.endswith("ç"):
        return stem[:-1] + "c"  # MOÇO → MOCINHO, PRAÇA → PRACINHA
    return stem


def diminutives(word: str) -> dict[str, str]:
    """The diminutive(s) of a written word and their plurals, each with the word it is made
    from (the word itself, a diminutive for its plural, or one of the word's plurals).

    -inho/-inha replace a final unstressed vowel (CASA → CASINHA, GATO → GATINHO, with the
    spelling changes of :func:`_inho_stem`); -zinho/-zinha follow a stressed vowel, a nasal,
    a diphthong or a consonant (CAFÉ → CAFEZINHO, PÃO → PÃOZINHO, FLOR → FLORZINHA), and also
    a final -e (PENTE → PENTEZINHO). A final consonant may take -inho as well (FLOR →
    FLORINHA). The plural of a -zinho form is built on the word's plural (PÃES → PÃEZINHOS,
    FLORES → FLOREZINHAS). Only a final unstressed -o or -a tells the gender; otherwise both
    are proposed and the editor settles it (GOLZINHO, not GOLINHA)."""
    w = word
    out: dict[str, str] = {}
    last = w[-1]
    stressed_end = last in "áéíóúâêôãõ" or w.endswith(("ão", "ãe", "õe", "om", "um", "im"))
    diphthong = len(w) > 1 and w[-2] in VOWELS and last in "iu"
    if last in "aoe" and not stressed_end and not diphthong and _syllable_vowels(w) > 1:
        stem = _inho_stem(w)
        endings = {"o": ("inho",), "a": ("inha",), "e": ("inho", "inha")}[last]
        out.update({stem + e: w for e in endings})
    genders = ("o", "a") if stressed_end else {"o": ("o",), "a": ("a",)}.get(last, ("o", "a"))
    zinho = tuple(f"zinh{g}" for g in genders)
    takes_zinho = last != "z" and (last == "e" or stressed_end or diphthong
                                   or last not in VOWELS or _syllable_vowels(w) == 1)
    # a final -m is written -n before the z (TREM → TRENZINHO, HOMEM → HOMENZINHO, BOM → BONZINHO)
    zinho_stem = unstress(w)[:-1] + "n" if last == "m" else unstress(w)
    if takes_zinho:
        out.update({zinho_stem + z: w for z in zinho})
    # a final -s of a plural's shape takes no -inho (GATOS, MISTÉRIOS, SONS: no GATOSINHO;
    # LÁPIS: LAPISINHO), nor a stressed one (PÉS, PÓS: the diminutive is PEZINHO)
    plural_shape = w[-2:] in ("as", "es", "os", "ns")
    if last in "rlzs" and not w.endswith(("ês", "ás", "és", "ós")) and not plural_shape:
        out.update({unstress(w) + "inho": w, unstress(w) + "inha": w})
    out.update({d: w for d in IRREGULAR_DIMINUTIVES.get(w, ())})
    plural_out = {d + "s": d for d in out}
    for p in plurals(w):
        if p.endswith("s") and takes_zinho:
            stem = unstress(p[:-1])
            plural_out.update({stem + z + "s": p for z in zinho})
    return {**out, **plural_out}


#: The kinds of form, as the editor reads them.
PLURAL = "plural"
FEMININE = "feminino"
FEMININE_PLURAL = "feminino plural"
DIMINUTIVE = "diminutivo"


def inflections(base: str) -> dict[str, tuple[str, str]]:
    """Every form :func:`plurals`, :func:`feminines` and :func:`diminutives` propose for a
    written base, each with its kind and the word it was made from (the base, or one of its
    feminines): its plurals, its feminines and their plurals, and the diminutives of both.
    The first way a form is found wins."""
    found: dict[str, tuple[str, str]] = {}

    def add(form: str, kind: str, source: str) -> None:
        if form != base and form not in found:
            found[form] = (kind, source)

    for p in sorted(plurals(base)):
        add(p, PLURAL, base)
    fems = sorted(feminines(base))
    for f in fems:
        add(f, FEMININE, base)
        for p in sorted(plurals(f)):
            add(p, FEMININE_PLURAL, f)
    for word in (base, *fems):
        for d, source in sorted(diminutives(word).items()):
            add(d, DIMINUTIVE, source)
    return found
