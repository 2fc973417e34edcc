"""The screenshots' language check: English words on a French or German server, found from the catalogs."""

from __future__ import annotations

from bot.emulator import Attachment, Message, World
from bot.ui.i18n import t
from tools.screenshots.language_check import LanguageCheck, english_only_words, english_words, shown_texts


def test_an_english_text_of_the_catalogs_is_found_on_a_french_or_german_server() -> None:
    assert english_words(t("en", "lobby.title"), "de") == [
        "new",
        "table",
    ]  # "The Game" is its name everywhere
    assert english_words(t("en", "button.hint"), "fr") == ["hint"]
    assert english_words("Press Join to take a seat", "fr") == ["press", "join", "to", "take", "seat"]


def test_the_same_text_in_the_server_language_is_clean() -> None:
    for language in ("fr", "de"):
        for key in ("lobby.title", "button.hint", "button.my_hand", "board.markers"):
            assert english_words(t(language, key), language) == [], (language, key)


def test_words_both_languages_use_names_and_commands_are_never_counted() -> None:
    assert "table" not in english_only_words("fr")  # "nouvelle table"
    assert "hand" not in english_only_words("de")  # "deine Hand"
    assert english_words("Alice Carol joined", "fr", names=["Alice", "Carol"]) == ["joined"]
    assert english_words("Tape </game new:123> pour jouer", "fr") == []
    assert english_words("anything at all", "en") == []


def test_a_custom_emoji_is_its_picture_not_its_name() -> None:
    """A card or suit emoji shows as its picture: the words of its name ("suit", "card") are never read."""
    text = "Tu as joué <:card_3H_v1:1482460810449129537>.\n<:suit_H_v1:1482460810449129564> **4** **8**"
    assert english_words(text, "fr") == []
    assert english_words("suit", "fr") == ["suit"]


def test_a_private_text_may_name_a_button_as_the_public_message_shows_it() -> None:
    """A French player at a German table reads "appuie sur **Ich fange an** sur le plateau": German's "an" is
    the button's word, not English."""
    text = t("fr", "hand.choose_first", buttons="de")
    assert "Ich fange an" in text
    assert english_words(text, "fr", buttons_in="de") == []
    assert english_words(text, "fr") == ["an"]


def test_every_text_a_person_reads_on_a_message_is_checked() -> None:
    world = World()
    channel = world.add_guild("Server").add_text_channel("table")
    message = Message(
        world=world,
        id=1,
        channel=channel,
        author=world.bot_user,
        content="contenu",
        embeds=[
            {
                "title": "titre",
                "description": "description",
                "author": {"name": "auteur"},
                "footer": {"text": "pied"},
                "fields": [{"name": "champ", "value": "valeur"}],
            }
        ],
        components=[
            {
                "type": 1,
                "components": [
                    {"type": 2, "label": "bouton", "custom_id": "b"},
                    {
                        "type": 3,
                        "custom_id": "m",
                        "placeholder": "menu",
                        "options": [{"label": "option", "value": "v", "description": "aide"}],
                    },
                ],
            }
        ],
        attachments=[
            Attachment(id=2, filename="p.png", size=0, content_type="image/png", description="image")
        ],
    )
    shown = set(shown_texts(message))
    expected = {"contenu", "titre", "description", "auteur", "pied", "champ", "valeur", "bouton", "menu"}
    assert expected | {"option", "aide", "image"} <= shown

    check = LanguageCheck()
    message.content = "Your hand"
    check.check(message, "fr", "a test")
    check.check(message, "fr", "the same message, seen again")
    assert [finding.words for finding in check.findings] == [("your", "hand")]
