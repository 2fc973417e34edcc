"""Whether a number word is a number where it stands, from the words around it in the message: "a low one",
"les deux piles", "seize the day", "gib acht", "null Ahnung", "thanks a million", an "XL" shirt."""

from __future__ import annotations

from bot.games.thegame.chat import contexts as cx
from bot.games.thegame.chat.lexicon import Entry, Role


class Neighbours:
    """The words of one message (folded keys) and the table's language."""

    __slots__ = ("keys", "message_language", "table_language")

    def __init__(self, keys: list[str], table_language: str | None) -> None:
        self.keys = keys
        self.table_language = table_language
        self.message_language: str | None = None

    def word(self, index: int) -> str:
        return self.keys[index] if 0 <= index < len(self.keys) else ""

    def language(self) -> str:
        """The language the message reads as: the one with the most function words ("en", "fr", "de"); on a
        tie, the table's language if it is one of the tied ones; else "" (undecided)."""
        if self.message_language is None:
            counts = {
                "en": sum(1 for k in self.keys if k in cx.EN_WORDS),
                "fr": sum(1 for k in self.keys if k in cx.FR_WORDS),
                "de": sum(1 for k in self.keys if k in cx.DE_WORDS),
            }
            most = max(counts.values())
            leaders = [lang for lang, count in counts.items() if count == most]
            if len(leaders) == 1:
                self.message_language = leaders[0]
            elif self.table_language in leaders:
                self.message_language = self.table_language
            else:
                self.message_language = ""
        return self.message_language

    def roman_is_a_word(self, index: int) -> bool:
        """A roman numeral that is also a word, in a message about that word: "XL" with "size" or "shirt",
        "VI" with "emacs"."""
        context = cx.ROMAN_WORD_CONTEXTS.get(self.keys[index])
        return context is not None and not context.isdisjoint(self.keys)

    def is_number(self, entry: Entry, index: int) -> bool:
        role = entry.role
        if role is Role.CARDINAL:
            return not self._small_idiom(index)
        if role is Role.ORDINAL:
            return entry.value > 4
        if role is Role.QUANTITY:
            return True
        before = self.word(index - 1)
        after = self.word(index + 1)
        if role is Role.ONE:
            return self._one_is_number(index, before, after)
        if role is Role.DEUX:
            return before not in cx.DEUX_BOTH_BEFORE and (before, after) not in cx.DEUX_IDIOMS
        if role is Role.NEUF:
            if before in cx.NEUF_NEW_BEFORE:
                return False
            return not (before == "a" and self.word(index - 2).startswith(cx.NEUF_A_VERBS))
        if role is Role.FALSE_FRIEND:  # "seize" (French 16), "elf" and "null" (German 11 and 0)
            if self.language() == "en":
                return False  # the English verb, an elf, null
            return after not in cx.FALSE_FRIEND_AFTER.get(
                self.keys[index], ()
            )  # "seize the day", "null Ahnung"
        if role is Role.CENT:
            language = self.language()
            if before == "per" or language in ("en", "de"):  # "per cent", "not a cent", "ein Cent"
                return False
            if before in ("a", "every", "each", "one", "no", "single") and language != "fr":
                return False  # "every cent counts"
            return not self._big_idiom(index, before, after)
        if role is Role.BIG:
            return not self._big_idiom(index, before, after)
        if role is Role.TENS:
            return after != "of"
        if role is Role.SCORE:
            return before == "a" and after == "of"
        if role is Role.ACHTE:
            return before in cx.ACHTE_ORDINAL_BEFORE  # "der achte"; not "achte auf C"
        # Role.QUARANTAINE
        return before == "une"

    def _small_idiom(self, index: int) -> bool:
        """A small number word in an idiom: "my two cents", "gib acht", "nimm dich in Acht"."""
        word = self.keys[index]
        if self.word(index + 1) in cx.IDIOMS_AFTER.get(word, ()):
            return True
        return any(
            index >= len(before) and tuple(self.keys[index - len(before) : index]) == before
            for before in cx.IDIOMS_BEFORE.get(word, ())
        )

    def _one_is_number(self, index: int, before: str, after: str) -> bool:
        """one / un / une / eins / ein: a pronoun or an article ("a low one", "une carte", "noch eins", "ein
        Stapel") unless the context makes it the number 1 ("exactly one", "plus one", "one less", "off by one",
        "numéro un", "à un près", "un d'écart", "genau eine", "eins weniger", "eins höher")."""
        if before in cx.ONE_NUMBER_BEFORE:
            return True
        if before == "by":
            return self.word(index - 2) in cx.ONE_BY_BEFORE
        key = self.keys[index]
        if key == "one":
            if after in cx.ONE_NUMBER_AFTER:
                return not (after == "off" and before in ("a", "the"))  # "a one-off"
            return after == "more" and self.word(index + 2) == "than"
        if key == "eins":  # not an article: "eins höher" is "one higher"
            return after in cx.DE_ONE_NUMBER_AFTER or after in cx.DE_EINS_NUMBER_AFTER
        if key.startswith("ein"):  # "einer weniger"; but "ein kleiner Stapel" is "a small pile"
            return after in cx.DE_ONE_NUMBER_AFTER
        if after == "pres":
            return before == "a"  # "à un près"
        return after == "d" and self.word(index + 2) == "ecart"  # "un d'écart"

    def _big_idiom(self, index: int, before: str, after: str) -> bool:
        """A big number as a figure of speech: "mille mercis", "cent fois", "a hundred percent",
        "thanks a million", "one in a million"."""
        if after in cx.BIG_IDIOM_AFTER:
            return True
        if before == "pour":  # the second "cent" of "cent pour cent"
            return self.word(index - 2) == "cent"
        return before == "a" and self.word(index - 2) in cx.BIG_IDIOM_BEFORE_A
