"""The words around a number word that decide whether it is one: which language a message reads as, pronouns
and articles ("a low one", "ein Stapel"), idioms ("my two cents", "à deux doigts", "gib acht") and the words
that make a roman numeral a size or an editor ("XL", "vi").

All keys are folded like the detector's words: lowercase, no accents, "ü" as "u" ("für" -> "fur").
"""

from __future__ import annotations

from typing import Final


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# --------------------------------------------------------------------------- language guess

# Frequent function words, to tell the language of a message where a word means something in one language and
# something else in another ("seize", "cent", "elf", "null"). Words common to two of the languages ("on", "a",
# "me", "as", "pile", "six", "es", "du", "des", "was", "will", "in", "so", "mal", "also") and the ones every
# chat uses ("ok", "oh") are left out.
EN_WORDS: Final = _words(
    """the and i you he she it we they is are was be to of in at my your our this that can do don t have
has will please play just not no yes what if with for so us let go get got its card cards take hand turn
would could should think know want need wait good nice but or any all more try"""
)
FR_WORDS: Final = _words(
    """le la les de des du je tu il elle nous vous et est pas sur un une que qui ne j c d l n qu avec pour
mais ou moi toi peux peut vais joue jouer carte cartes mon ma mes ton ta tes ce cette ca oui non si
en y au aux tres bien fait faire attends sais veux dois suis es ai alors donc quoi rien tout
ici"""
)
DE_WORDS: Final = _words(
    """ich er sie wir ihr der die das den dem und ist nicht nein ja bitte habe hab hast kann kannst konnen
muss musst mussen soll sollen bist sind auch aber oder wenn dann jetzt noch schon nur mit auf fur von zu
zum zur bei nach vor uber unter wer wie wo warum mein meine meinen dein deine kein keine keinen karte karten
stapel zug runde spiel spielen spiele lege leg legen gut sehr doch ein eine einen einem mir mich dich dir
uns euch gleich ziemlich vielleicht oben unten hoch niedrig klar danke warte alle alles nichts etwas viel
wenig ganz weit nah nahe"""
)

# --------------------------------------------------------------------------- one / un / une / eins / ein

# The number 1 after these words: "exactly one", "number one", "plus one", "numéro un", "genau eine".
ONE_NUMBER_BEFORE: Final = _words(
    """exactly precisely number plus minus times exactement precisement numero chiffre genau exakt nummer
zahl"""
)
# ... and before these: "one less", "one fewer", "one away", "one apart", "one off" (not "a one-off").
ONE_NUMBER_AFTER: Final = _words("less fewer away apart off")
# "off by one", "up by one", "down by one".
ONE_BY_BEFORE: Final = _words("off up down out only just exactly")
# German: "einer weniger", "eine mehr", "eins drüber", "eins daneben" (one less, one more, one above, off by
# one); and after "eins", which is no article, the comparatives: "eins höher", "eins kleiner".
DE_ONE_NUMBER_AFTER: Final = _words("weniger mehr drunter druber drueber daneben entfernt auseinander")
DE_EINS_NUMBER_AFTER: Final = _words("hoher hoeher niedriger tiefer kleiner groser grosser groesser")

# --------------------------------------------------------------------------- French

# "les deux" / "des deux" / "aux deux" / "tous deux" / "toutes les deux" mean "both".
DEUX_BOTH_BEFORE: Final = _words("les des aux tous toutes")
# "à deux doigts de" is "within an inch of": (word before, word after).
DEUX_IDIOMS: Final = frozenset({("a", "doigts")})
# "neuf" means "new" after these: "quoi de neuf", "du neuf", "tout neuf", "comme neuf", "flambant neuf".
NEUF_NEW_BEFORE: Final = _words("de d du tout toute comme flambant jeu jeux paquet deck truc coeur")
# "remis à neuf", "refait à neuf".
NEUF_A_VERBS: Final[tuple[str, ...]] = ("remi", "remet", "refai", "refait", "repart")

# --------------------------------------------------------------------------- false friends

# The words after a false friend that give it its other meaning: "seize the day", "null Ahnung" (no idea).
FALSE_FRIEND_AFTER: Final[dict[str, frozenset[str]]] = {
    "seize": _words("the this that it them control power up on upon your my our every"),
    "null": _words("ahnung bock plan komma problemo problem chance chancen peilung lust"),
}

# --------------------------------------------------------------------------- German "achte"

# "achte" / "achten" is the ordinal after an article or a determiner ("der achte", "am achten", "jede achte
# Karte") and the verb "to mind" anywhere else ("achte auf C", "wir achten darauf").
ACHTE_ORDINAL_BEFORE: Final = _words(
    """der die das den dem des ein eine einen einem einer eines zum zur am im beim vom mein meine meinen
meinem meiner dein deine deinen deinem deiner sein seine seinen seinem seiner unser unsere unseren unserem
unserer jede jeder jedes jeden jedem diese dieser dieses diesen diesem welche welcher welchen"""
)

# --------------------------------------------------------------------------- big numbers

# Idioms where a big number (100 and more, never a card value) is a figure of speech: "mille mercis",
# "cent fois", "a hundred percent", "thanks a million", "one in a million", "mille-feuille", "hundert
# Prozent", "hundert pro", "tausend Dank", "tausend Mal".
BIG_IDIOM_AFTER: Final = _words(
    """times percent per fois pour merci mercis excuses pardons sabords feuille feuilles bornes prozent pro dank
mal"""
)
BIG_IDIOM_BEFORE_A: Final = _words("thanks in merci")

# --------------------------------------------------------------------------- idioms

# Idioms with a small number word that state no value: "my two cents"; the German "acht geben", "gib acht",
# "außer Acht lassen", "nimm dich in Acht" (to mind, to ignore, to beware). The words that may follow the
# number, and the words that may come just before it.
IDIOMS_AFTER: Final[dict[str, frozenset[str]]] = {
    "two": _words("cents"),
    "acht": _words("geben gegeben gibt nehmen genommen nimm nimmt lassen gelassen"),
}
IDIOMS_BEFORE: Final[dict[str, frozenset[tuple[str, ...]]]] = {
    "acht": frozenset(
        {("gib",), ("gebt",), ("gab",), ("ausser",), ("auser",)}
        | {(pronoun, "in") for pronoun in _words("dich euch sich mich uns")}
    ),
}
IDIOM_WORDS: Final[frozenset[str]] = frozenset([*IDIOMS_AFTER, *IDIOMS_BEFORE])

# --------------------------------------------------------------------------- roman numerals

# Two-letter lowercase roman numerals that are also common chat words: "xx" (kisses), "xl" (a size), "vi"
# (the editor), "xi" and "li" (names).
ROMAN_LOWER_WORDS: Final = _words("xx xl vi xi li")
# A roman numeral in capitals that is also a word passes when the message has a word of that meaning: a size
# ("XL" with "size", "taille", "Größe", "shirt", "XXL"...), the editor ("VI or Emacs").
ROMAN_WORD_CONTEXTS: Final[dict[str, frozenset[str]]] = {
    "xl": _words(
        """size sizes taille tailles grose grosse groesse shirt shirts tshirt tee hoodie sweat sweater
sweatshirt pull pulli pullover jacket veste jacke hemd chemise jeans pants pantalon hose pizza xs xxs xxl
xxxl"""
    ),
    "vi": _words("emacs vim nvim neovim nano editor editors editeur editeurs vscode notepad sublime"),
}
