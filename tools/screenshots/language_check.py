"""English on a French or German server: the words of the English catalogs that no catalog of the other language
uses, found in what the bot shows in a channel.

The vocabulary is built from the catalogs themselves (every text the bot can say in English, minus every word the
other language's catalogs also use: "table", "page", "Barbu"...), so a new English text is covered the day it is
written, and a word both languages share is never a false alarm."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from bot.emulator import Message
from bot.ui.i18n import catalog

# A word: letters, with an apostrophe inside ("don't", "d'Alice"). Digits, card symbols and emojis are not words.
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
COMMAND_MENTION = re.compile(r"</[^>]*>")  # a command is named in the reader's language by Discord itself
CUSTOM_EMOJI = re.compile(r"<a?:\w+:\d+>")  # shown as its picture (a card, a suit): its name is never read
MINIMUM_LETTERS = 2  # one letter is a card's rank (Q♠, D♠), never a word of a language


def words(text: str) -> Iterator[str]:
    """The words of `text`, lowercased, without command mentions and custom emojis."""
    for word in WORD.findall(CUSTOM_EMOJI.sub(" ", COMMAND_MENTION.sub(" ", text))):
        if len(word) >= MINIMUM_LETTERS:
            yield word.lower()


@cache
def catalog_words(language: str) -> frozenset[str]:
    """Every word the catalogs of `language` use, placeholders left out."""
    return frozenset(
        word for text in catalog(language).values() for word in words(PLACEHOLDER.sub(" ", text))
    )


@cache
def english_only_words(language: str) -> frozenset[str]:
    """The words of the English catalogs that the catalogs of `language` never use."""
    return catalog_words("en") - catalog_words(language)


@cache
def button_words(language: str) -> frozenset[str]:
    """The words of the buttons' labels in `language`: a private text names a public message's button as that
    message shows it ("appuie sur **Ich fange an**" for a French player at a German table)."""
    texts = catalog(language)
    return frozenset(
        word
        for key, text in texts.items()
        if ".button" in f".{key}"
        for word in words(PLACEHOLDER.sub(" ", text))
    )


def english_words(
    text: str, language: str, *, names: Iterable[str] = (), buttons_in: str | None = None
) -> list[str]:
    """The English-only words found in `text`, which should be in `language` (nothing for English); `names`
    (people, the server, the bot) are never counted, nor the words of the buttons of `buttons_in` (the language
    of the public messages whose buttons the text names)."""
    if language == "en":
        return []
    vocabulary = english_only_words(language)
    ignored = {word for name in names for word in words(name)}
    if buttons_in is not None and buttons_in != language:
        ignored |= button_words(buttons_in)
    return [word for word in words(text) if word in vocabulary and word not in ignored]


def shown_texts(message: Message) -> list[str]:
    """Everything a person reads on a message: its content, its embeds, its buttons and menus, and the description
    of its pictures (which says what the picture shows)."""
    texts = [message.content]
    for embed in message.embeds:
        texts += [_text(embed, "title"), _text(embed, "description"), _text(embed.get("author"), "name")]
        texts.append(_text(embed.get("footer"), "text"))
        for field in embed.get("fields") or []:
            texts += [_text(field, "name"), _text(field, "value")]
    for component in message.iter_components():
        texts += [_text(component, "label"), _text(component, "placeholder"), _text(component, "content")]
        for option in component.get("options") or []:
            texts += [_text(option, "label"), _text(option, "description")]
    texts += [attachment.description or "" for attachment in message.attachments]
    return [text for text in texts if text]


def _text(source: Any, key: str) -> str:
    return str(source.get(key) or "") if isinstance(source, dict) else ""


@dataclass(frozen=True)
class Finding:
    """English words in a message that should have been in another language."""

    where: str  # which scene and moment, and whose view
    language: str
    words: tuple[str, ...]
    text: str  # the message's text, for the report

    def __str__(self) -> str:
        return f"{self.where} [{self.language}]: {', '.join(self.words)} in {self.text[:300]!r}"


class LanguageCheck:
    """Remembers every finding once (a message is checked again whenever it is seen, edited or not)."""

    def __init__(self, names: Iterable[str] = ()) -> None:
        self.names = tuple(names)
        self.findings: list[Finding] = []
        self._seen: set[tuple[int, str]] = set()
        self.checked = 0

    def check(self, message: Message, language: str, where: str, *, buttons_in: str | None = None) -> None:
        """`message` should be in `language`; `buttons_in`: the language of the buttons it may name."""
        text = "\n".join(shown_texts(message))
        if (message.id, text) in self._seen:
            return
        self._seen.add((message.id, text))
        self.checked += 1
        found = english_words(text, language, names=self.names, buttons_in=buttons_in)
        if found:
            self.findings.append(Finding(where, language, tuple(dict.fromkeys(found)), text))
