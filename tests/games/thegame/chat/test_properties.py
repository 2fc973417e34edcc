"""Property tests of the no-numbers detector."""

from __future__ import annotations

import string

from hypothesis import example, given, settings
from hypothesis import strategies as st

from bot.games.thegame.chat import contains_number, find_numbers

# Any decimal digit of any script: Unicode category Nd (ASCII, fullwidth, Arabic-Indic, Devanagari,
# mathematical bold and double-struck, ...).
decimal_digits = st.characters(categories=["Nd"])

# Arbitrary text around the digit. A line break on each side keeps the digit out of any mention, emoji, timestamp,
# command mention or link (none of them spans a line break), so the digit is "outside mentions and links".
any_text = st.text(max_size=40)


@settings(max_examples=400, deadline=None)
@given(before=any_text, digit=decimal_digits, after=any_text)
@example(before="<@", digit="1", after=">")
@example(before="https://example.com/", digit="7", after="")
@example(before="||", digit="٣", after="||")
@example(before="`", digit="𝟕", after="`")
def test_any_decimal_digit_outside_markup_is_flagged(before: str, digit: str, after: str) -> None:
    text = f"{before}\n{digit}\n{after}"
    assert contains_number(text)
    assert any(finding.kind == "digit" and digit in finding.text for finding in find_numbers(text))


@settings(max_examples=200, deadline=None)
@given(
    words=st.lists(
        st.sampled_from(["I have", "j'ai", "pile", "C", "ok", "lol", "**", "||", "\n"]), max_size=5
    ),
    digits=st.text(alphabet=decimal_digits, min_size=1, max_size=4),
)
def test_digits_among_words_are_flagged(words: list[str], digits: str) -> None:
    text = " ".join([*words, digits, *words])
    assert contains_number(text)


ids = st.integers(min_value=0, max_value=10**20).map(str)
emoji_names = st.sampled_from(["pepe", "kekw", "thonk", "blob_dance", "catJAM", "ok_main", "GG", "sadge"])
command_names = st.from_regex(r"[a-z_-]{1,20}( [a-z_-]{1,20}){0,2}", fullmatch=True)
url_tails = st.text(alphabet=string.ascii_letters + string.digits + "/-_.?=#&%~+", max_size=30)

discord_markup = st.one_of(
    ids.map(lambda i: f"<@{i}>"),
    ids.map(lambda i: f"<@!{i}>"),
    ids.map(lambda i: f"<@&{i}>"),
    ids.map(lambda i: f"<#{i}>"),
    st.tuples(emoji_names, ids).map(lambda t: f"<:{t[0]}:{t[1]}>"),
    st.tuples(emoji_names, ids).map(lambda t: f"<a:{t[0]}:{t[1]}>"),
    ids.map(lambda i: f"<t:{i}>"),
    st.tuples(ids, st.sampled_from("tTdDfFRsS")).map(lambda t: f"<t:{t[0]}:{t[1]}>"),
    st.tuples(command_names, ids).map(lambda t: f"</{t[0]}:{t[1]}>"),
    url_tails.map(lambda tail: f"https://example.com/{tail}"),
    url_tails.map(lambda tail: f"http://a.b/{tail}"),
    url_tails.map(lambda tail: f"<https://example.com/{tail}>"),
    url_tails.map(lambda tail: f"https://discord.gg/{tail}"),
    url_tails.map(lambda tail: f"discord.gg/{tail}"),
    url_tails.map(lambda tail: f"https://discord.com/channels/{tail}"),
    url_tails.map(lambda tail: f"[the rules](https://example.com/{tail})"),
)


@settings(max_examples=400, deadline=None)
@given(parts=st.lists(discord_markup, min_size=1, max_size=5), separator=st.sampled_from([" ", "\n", "  "]))
def test_markup_with_digits_alone_is_never_flagged(parts: list[str], separator: str) -> None:
    text = separator.join(parts)
    assert not contains_number(text), find_numbers(text)
    assert find_numbers(text) == []


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=200))
def test_contains_number_agrees_with_find_numbers(text: str) -> None:
    findings = find_numbers(text)
    assert contains_number(text) == bool(findings)
    for finding in findings:
        assert finding.kind in ("digit", "keycap", "enclosed", "word", "roman", "quantity")
        assert finding.text


_SOUP = (
    "the a one un une pile C D A B t h i r y e n s v o u x d je tu on de la ten six sept neuf seize cent "
    "thirty trente vingt et and first deuxième cinquième XIV xx || ** ~~ ` - . \n "
    "fünf und zwanzig elf null acht achte ein eine eins der z w a n g fiveteen twelf ᴛᴇɴ тwo 九 十 XL"
)
words = st.sampled_from(_SOUP.split(" "))


@settings(max_examples=300, deadline=None)
@given(
    parts=st.lists(words, max_size=25),
    separator=st.sampled_from([" ", "", "-", ".", "\n"]),
    language=st.sampled_from([None, "en", "fr", "de"]),
)
def test_number_shaped_word_soup_agrees_and_never_crashes(
    parts: list[str], separator: str, language: str | None
) -> None:
    text = separator.join(parts)
    assert contains_number(text, language) == bool(find_numbers(text, language))
