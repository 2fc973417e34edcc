"""Unit tests of the no-numbers detector, one parametrized test per form of number (and of non-number)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from text_to_num import text2num

from bot.games.thegame.chat import NumberFinding, contains_number, find_numbers
from bot.games.thegame.chat.lexicon import LEXICON, Role


def kinds(text: str) -> list[str]:
    return [finding.kind for finding in find_numbers(text)]


def assert_flagged(text: str, kind: str | None = None, fragment: str | None = None) -> None:
    findings = find_numbers(text)
    assert findings, f"{text!r} should be flagged"
    assert contains_number(text)
    if kind is not None:
        assert kind in [f.kind for f in findings], f"{text!r}: {findings}"
    if fragment is not None:
        assert fragment in [f.text for f in findings], f"{text!r}: {findings}"


def assert_passes(text: str) -> None:
    findings = find_numbers(text)
    assert findings == [], f"{text!r} should pass, found {findings}"
    assert not contains_number(text)


# --------------------------------------------------------------------------- API


def test_finding_is_a_frozen_slotted_dataclass() -> None:
    finding = NumberFinding("digit", "7")
    assert dataclasses.is_dataclass(finding)
    assert not hasattr(finding, "__dict__")
    with pytest.raises(dataclasses.FrozenInstanceError):
        finding.kind = "word"  # type: ignore[misc]
    assert find_numbers("I have 7") == [NumberFinding("digit", "7")]


@pytest.mark.parametrize("text", ["", " ", "\n", "pile C", "||", "**", "<@>", ":", "://", "<t:>"])
def test_empty_and_degenerate_messages_pass(text: str) -> None:
    assert_passes(text)


def test_all_findings_are_reported() -> None:
    findings = find_numbers("37 and ⑦ and 7️⃣ and thirty and XIV and a dozen")
    # in the order of the passes: numeric characters and keycaps, digits, roman numerals, words
    assert [f.kind for f in findings] == ["enclosed", "keycap", "digit", "roman", "word", "quantity"]
    assert [f.text for f in findings] == ["⑦", "7️⃣", "37", "XIV", "thirty", "dozen"]


# --------------------------------------------------------------------------- digits


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("I have a 37", "37"),
        ("9", "9"),
        ("pile A is at 30ish", "30"),
        ("the 4th pile", "4"),
        ("la 2e pile", "2"),
        ("I have ３５", "３５"),  # fullwidth
        ("my card is 𝟕𝟑", "𝟕𝟑"),  # mathematical bold
        ("𝟙𝟚", "𝟙𝟚"),  # double-struck
        ("٤٢ lol", "٤٢"),  # Arabic-Indic
        ("j'ai ۷", "۷"),  # Extended Arabic-Indic
        ("४२", "४२"),  # Devanagari
        ("๔", "๔"),  # Thai
        ("close to ⁵⁰", "⁵"),  # superscripts
        ("x²", "²"),
        ("H₂O", "₂"),  # subscript
        ("½ of the deck", "½"),
    ],
)
def test_digits_of_any_script_are_flagged(text: str, fragment: str) -> None:
    assert_flagged(text, "digit", fragment)


# --------------------------------------------------------------------------- keycaps and enclosed numbers


@pytest.mark.parametrize(
    "text",
    ["0️⃣", "1️⃣", "7️⃣ on C", "9️⃣", "3⃣ without the variation selector", "🔟", ":one:", ":zero:", ":keycap_ten:"],
)
def test_keycaps_and_their_shortcodes_are_flagged(text: str) -> None:
    assert_flagged(text, "keycap")


@pytest.mark.parametrize("text", ["①", "⑦ on B", "⑳", "❼", "➐", "⓫", "⓵", "⑴", "⒎", "🄂", "㉑", "㊿"])
def test_enclosed_numbers_are_flagged(text: str) -> None:
    assert_flagged(text, "enclosed")


@pytest.mark.parametrize("text", ["#️⃣", "*️⃣", "🔢", "💯", ":hash:", ":asterisk:"])
def test_keycaps_that_are_no_number_pass(text: str) -> None:
    assert_passes(text)


# --------------------------------------------------------------------------- number words


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("thirty-seven", "thirty-seven"),
        ("thirty seven", "thirty seven"),
        ("I have ninety-nine", "ninety-nine"),
        ("one hundred and one", "one hundred and one"),
        ("twenty-one", "twenty-one"),
        ("I can do the ten trick on A", "ten"),
        ("eleven", "eleven"),
        ("zero", "zero"),
        ("sixty-six", "sixty-six"),
        ("mine is in the sixties", "sixties"),
        ("low teens", "teens"),
        ("two sevens", "sevens"),
        ("twentyish", "twentyish"),
        ("tenish", "tenish"),
        ("fourty", "fourty"),
        ("one or two", "two"),
        ("exactly one card", "one"),
        ("it's off by one", "one"),
        ("yours plus one", "one"),
        ("I'm one off", "one"),
        ("one less than yours", "one"),
        ("number one", "one"),
        ("one more than yours", "one"),
    ],
)
def test_english_number_words_are_flagged(text: str, fragment: str) -> None:
    assert_flagged(text, "word", fragment)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("trente-sept", "trente-sept"),
        ("trente sept", "trente sept"),
        ("quatre-vingt-dix-neuf", "quatre-vingt-dix-neuf"),
        ("quatre vingt dix neuf", "quatre vingt dix neuf"),
        ("soixante et onze", "soixante et onze"),
        ("soixante-et-onze", "soixante-et-onze"),
        ("vingt et un", "vingt et un"),
        ("trente-et-une cartes", "trente-et-une"),
        ("septante", "septante"),
        ("septante-trois", "septante-trois"),
        ("huitante", "huitante"),
        ("octante", "octante"),
        ("nonante-neuf", "nonante-neuf"),
        ("dix-huit", "dix-huit"),
        ("deux cents", "deux cents"),
        ("j'ai le dix", "dix"),
        ("un ou deux", "deux"),
        ("exactement une carte", "une"),
        ("à un près", "un"),
        ("il y a un d'écart", "un"),
        ("numéro un", "un"),
        ("zéro", "zéro"),
        ("j'ai le neuf", "neuf"),
        ("je suis à cent sur C", "cent"),
        ("mille", "mille"),
        ("deux piles", "deux"),
        ("onze", "onze"),
        ("quinze", "quinze"),
    ],
)
def test_french_number_words_are_flagged(text: str, fragment: str) -> None:
    assert_flagged(text, "word", fragment)


@pytest.mark.parametrize(
    "text",
    ["TRENTE", "Trente", "Quatre-Vingts", "QUATRE-VINGT-DIX", "ZÉRO", "Zero", "SeVeN", "NONANTE", "Dix-Sept"],
)
def test_case_is_ignored(text: str) -> None:
    assert_flagged(text, "word")


@pytest.mark.parametrize(
    "text", ["zero", "zéro", "zérö", "dïx", "sèpt", "trénte", "cinquième", "cinquieme", "CINQUIÈME", "ｔｅｎ"]
)
def test_accents_and_width_are_ignored(text: str) -> None:
    assert_flagged(text, "word")


@pytest.mark.parametrize(
    "text",
    [
        "thirtyseven",
        "trentesept",
        "quatrevingtdixneuf",
        "vingtetun",
        "dixhuit",
        "ninetynine",
        "onehundred",
        "thirtyseventh",
        "THIRTYSEVEN",
    ],
)
def test_glued_number_words_are_flagged(text: str) -> None:
    assert_flagged(text, "word", text)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("t h i r t y", "t h i r t y"),
        ("t.h.i.r.t.y", "t.h.i.r.t.y"),
        ("T-H-I-R-T-Y", "T-H-I-R-T-Y"),
        ("t_h_i_r_t_y", "t_h_i_r_t_y"),
        ("t/h/i/r/t/y", "t/h/i/r/t/y"),
        ("t . h . i . r . t . y", "t . h . i . r . t . y"),
        ("t\nh\ni\nr\nt\ny", "t\nh\ni\nr\nt\ny"),
        ("s e v e n", "s e v e n"),
        ("thir ty", "thir ty"),
        ("sev en on A", "sev en"),
        ("t r e n t e", "t r e n t e"),
        ("s.e.p.t", "s.e.p.t"),
        ("d i x", "d i x"),
        ("t-r-e-n-t-e-s-e-p-t", "t-r-e-n-t-e-s-e-p-t"),
        ("o n e", "o n e"),
        ("u.n.e", "u.n.e"),
        ("I t h i r t y", "t h i r t y"),
    ],
)
def test_split_number_words_are_flagged(text: str, fragment: str) -> None:
    assert_flagged(text, "word", fragment)


@pytest.mark.parametrize(
    "text",
    [
        "t\u200bh\u200bi\u200br\u200bt\u200by",  # zero-width spaces
        "thi\u00adrty",  # soft hyphen
        "t̶h̶i̶r̶t̶y̶",  # combining strokes
        "𝐭𝐡𝐢𝐫𝐭𝐲",  # mathematical bold letters
        "𝕥𝕙𝕚𝕣𝕥𝕪",  # double-struck letters
        "Ｔｈｉｒｔｙ",  # fullwidth
        "🇹🇪🇳",  # regional indicator letters
        ":regional_indicator_t::regional_indicator_e::regional_indicator_n:",
        "tеn",  # Cyrillic e
        "ⓣⓔⓝ",  # circled letters
    ],
)
def test_disguised_letters_are_flagged(text: str) -> None:
    assert_flagged(text, "word")


# --------------------------------------------------------------------------- quantities


@pytest.mark.parametrize(
    "text",
    [
        "a dozen",
        "half a dozen",
        "a score of cards",
        "une douzaine",
        "une vingtaine de cartes",
        "une dizaine",
        "une trentaine",
        "une quinzaine",
        "une centaine",
        "un millier",
        "une quarantaine de cartes",
    ],
)
def test_quantities_are_flagged(text: str) -> None:
    assert_flagged(text, "quantity")


@pytest.mark.parametrize(
    "text",
    [
        "a couple of cards",
        "a couple",
        "half the piles",
        "la moitié des piles",
        "une paire",
        "a pair",
        "dozens of games",
        "des dizaines de parties",
        "des centaines de fois",
        "hundreds of times",
        "thousands of games",
        "tens of games",
        "the score is bad",
        "scores of people",
        "on est en quarantaine",
        "la quarantaine",
        "twice",
        "once",
        "a single card",
        "both piles",
        "double trouble",
    ],
)
def test_vague_quantities_pass(text: str) -> None:
    assert_passes(text)


# --------------------------------------------------------------------------- roman numerals


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("XXXVII", "XXXVII"),
        ("xiv", "xiv"),
        ("LX", "LX"),
        ("II", "II"),
        ("IV", "IV"),
        ("XX", "XX"),
        ("XCIX", "XCIX"),
        ("pile A is at LXX", "LXX"),
        ("ix", "ix"),
        ("xxi", "xxi"),
        ("Ⅻ", "Ⅻ"),  # the roman numeral characters
        ("Ⅰ", "Ⅰ"),
        ("🇽🇮🇻", "🇽🇮🇻"),
    ],
)
def test_roman_numerals_are_flagged(text: str, fragment: str) -> None:
    assert_flagged(text, "roman", fragment)


@pytest.mark.parametrize(
    "text",
    [
        "I think",
        "pile C",
        "X marks the spot",
        "V for victory",
        "pile D",
        "C and D",
        "L",
        "CD",  # 400: no card value
        "MD",
        "DC",
        "MMXXIV",
        "XD",
        "xD",
        "LOL",
        "il joue",
        "ill",
        "love you xx",
        "vi or emacs",
        "Liv is playing",
        "Xi",
        "Li",
        "civil",
        "mix",
        "I I I",
    ],
)
def test_single_letters_and_words_of_roman_letters_pass(text: str) -> None:
    assert_passes(text)


# --------------------------------------------------------------------------- markdown


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("||37||", "37"),
        ("`55`", "55"),
        ("```\n42\n```", "42"),
        ("```py\nprint(thirty)\n```", "thirty"),
        ("**8**", "8"),
        ("*forty*", "forty"),
        ("__nine__", "nine"),
        ("~~six~~", "six"),
        ("# TEN", "TEN"),
        ("## trente", "trente"),
        ("-# sept", "sept"),
        ("> forty", "forty"),
        (">>> forty\nfive", "forty"),
        ("||seventy||", "seventy"),
        ("thi||rty||", "thi||rty"),
        ("t**hirt**y", "t**hirt**y"),
        ("s||e||v||e||n", "s||e||v||e||n"),
        ("***__~~||douze||~~__***", "douze"),
        ("[thirty](https://example.com)", "thirty"),
    ],
)
def test_numbers_inside_markdown_are_flagged(text: str, fragment: str) -> None:
    assert_flagged(text, fragment=fragment)


# --------------------------------------------------------------------------- Discord markup and links


@pytest.mark.parametrize(
    "text",
    [
        "<@123456789012345678>",
        "<@!123456789012345678> your turn",
        "<@&345678901234567890> game time",
        "<#1234567890> is the channel",
        "<:pepe_ok:123456789012345678>",
        "<a:blobdance:987654321098765432> nice",
        "<t:1700000000>",
        "<t:1700000000:R> we start",
        "<t:-1:F>",
        "</game new:1234567890123456789>",
        "</game:1>",
        "</partie nouvelle:123456789> pour recommencer",
        "<id:customize>",
        "https://discord.gg/abc123",
        "http://example.com/page/42?x=7#s-3",
        "<https://example.com/37>",
        "read https://example.com/rules#section-2 first",
        "discord.gg/thegame42",
        "discord.com/invite/xyz9",
        "www.example.com/page2",
        "https://discord.com/channels/123/456/789",
        "[the rules](https://example.com/rules/v2)",
        "[les règles](<https://exemple.fr/2>)",
    ],
)
def test_discord_markup_and_links_pass(text: str) -> None:
    assert_passes(text)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("<@123> I have 44", "44"),
        ("https://example.com 18", "18"),
        ("<t:1700000000:R> trente", "trente"),
        ("<:seven:123456>", "seven"),  # a custom emoji's name is shown: it counts
        ("<:card37:123456>", "37"),
    ],
)
def test_numbers_next_to_markup_are_flagged(text: str, fragment: str) -> None:
    assert_flagged(text, fragment=fragment)


# --------------------------------------------------------------------------- ordinals


@pytest.mark.parametrize(
    "text",
    [
        "the first pile",
        "the second pile",
        "the third one",
        "the fourth pile",
        "firstly",
        "wait a second",
        "the last pile",
        "la première",
        "la première pile",
        "le premier",
        "la deuxième pile",
        "la seconde pile",
        "le troisième",
        "la quatrième pile",
        "la dernière pile",
        "premièrement",
        "deuxièmement",
        "troisièmement",
        "attends une seconde",
        "la deuxieme pile",
    ],
)
def test_small_ordinals_name_piles_and_pass(text: str) -> None:
    assert_passes(text)


@pytest.mark.parametrize(
    "text",
    [
        "the fifth card",
        "my tenth card",
        "thirty-seventh",
        "twenty-first",
        "the hundredth time",
        "la cinquième carte",
        "cinquième",
        "la trente-septième",
        "vingt et unième",
        "dixième",
        "two fifths",
        "fifthly",
    ],
)
def test_larger_ordinals_are_flagged(text: str) -> None:
    assert_flagged(text, "word")


# --------------------------------------------------------------------------- one / un / une


@pytest.mark.parametrize(
    "text",
    [
        "I have a really low one",
        "a low one",
        "this one",
        "one of us",
        "no one",
        "the first one",
        "any low ones?",
        "one by one",
        "one another",
        "I, for one, agree",
        "only one card left",  # decision: "only one" counts cards like "a single card"; passes
        "one more turn",
        "a one-off",
        "I have one higher than yours",  # read as "a higher one"
        "j'ai un petit",
        "l'une des piles",
        "l'un d'entre nous",
        "une carte",
        "un peu",
        "une seule carte",  # decision: like "a single card"
        "il n'y a qu'une solution",
        "un à un",
        "les unes après les autres",
        "l'un et l'autre",
        "one and the other",
        "un et un",
        "chacune",
        "aucune",
        "quelqu'un",
    ],
)
def test_one_as_pronoun_or_article_passes(text: str) -> None:
    assert_passes(text)


# --------------------------------------------------------------------------- words that contain number words


@pytest.mark.parametrize(
    "text",
    [
        "none",
        "alone",
        "once",
        "only",
        "someone",
        "anyone",
        "everyone",
        "often",
        "weight",
        "height",
        "tennis",
        "nonetheless",
        "septembre",
        "attention",
        "attend",
        "tent",
        "canine",
        "phone",
        "done",
        "money",
        "bone",
        "network",
        "content",
        "centre",
        "recent",
        "famille",
        "aujourd'hui tu joues",
        "fourchette",
        "tenir",
        "deuxièmement",
        "neuve",
        "seized",
        "it's even",
        "don't en parler",
        "va-t-en",
        "t'en fais pas",
        "fourmille",
        "thou sand",
        "ni ne",
    ],
)
def test_words_containing_number_words_pass(text: str) -> None:
    assert_passes(text)


# --------------------------------------------------------------------------- words of two languages


@pytest.mark.parametrize(
    ("text", "flagged"),
    [
        ("seize the day", False),
        ("I'll seize the opportunity", False),
        ("you should seize it", False),
        ("il me reste seize", True),
        ("j'ai le seize", True),
        ("seize", True),
        ("un jeu neuf", False),
        ("quoi de neuf ?", False),
        ("rien de neuf", False),
        ("c'est tout neuf", False),
        ("comme neuf", False),
        ("remis à neuf", False),
        ("un deck neuf", False),
        ("j'ai le neuf", True),
        ("neuf sur A", True),
        ("per cent", False),
        ("every cent counts", False),
        ("not a cent", False),
        ("je suis à cent", True),
        ("cent", True),
        ("les deux piles", False),
        ("tous les deux", False),
        ("toutes les deux", False),
        ("des deux côtés", False),
        ("deux cartes", True),
        ("on est deux", True),
        ("mille mercis", False),
        ("merci mille fois", False),
        ("je te l'ai dit cent fois", False),
        ("cent pour cent", False),
        ("a hundred percent", False),
        ("thanks a million", False),
        ("one in a million", False),
        ("a thousand times", False),
        ("un mille-feuille", False),
        ("mille cartes", True),
        ("a hundred", True),
        ("my two cents", False),
        ("two cards", True),
        ("the tens", True),
        ("tens of games", False),
        ("sept", True),
        ("six", True),
        ("huit", True),
        ("onze", True),
        ("un an", False),
    ],
)
def test_words_with_two_meanings(text: str, flagged: bool) -> None:
    assert contains_number(text) is flagged, find_numbers(text)
    assert bool(find_numbers(text)) is flagged


# --------------------------------------------------------------------------- the lexicon agrees with text2num


def test_lexicon_cardinals_parse_with_text2num() -> None:
    """Every cardinal the lexicon hands to text2num parses, in each of its languages, to the value the lexicon
    gives it."""
    checked = 0
    for word, entry in LEXICON.items():
        if entry.role in (Role.CARDINAL, Role.BIG, Role.FALSE_FRIEND) and entry.canon and entry.value >= 0:
            for lang in sorted(entry.langs):
                spelled = "zéro" if entry.canon == "zero" and lang == "fr" else entry.canon
                assert text2num(spelled, lang) == entry.value, (word, lang)
                checked += 1
    assert checked > 100


def test_text2num_values_compounds_the_detector_flags() -> None:
    """The compounds text2num groups are flagged as one finding."""
    assert find_numbers("quatre-vingt-dix-neuf") == [NumberFinding("word", "quatre-vingt-dix-neuf")]
    assert find_numbers("soixante et onze") == [NumberFinding("word", "soixante et onze")]
    assert find_numbers("the first one") == []
    assert kinds("vingt et unième carte") == ["word"]


def test_the_documented_example_holds() -> None:
    text = (Path(__file__).resolve().parents[4] / "docs" / "chat-rule.md").read_text(encoding="utf-8")
    doc = text[text.index("# The no-numbers rule\n") :]
    assert 'find_numbers("j\'ai le 37, et ⑦ || thirty-seven ||")' in doc
    assert find_numbers("j'ai le 37, et ⑦ || thirty-seven ||") == [
        NumberFinding("enclosed", "⑦"),
        NumberFinding("digit", "37"),
        NumberFinding("word", "thirty-seven"),
    ]
    assert contains_number("I can do the ten trick on A")
