"""What the page shows: a channel's messages as one person sees them, as plain JSON."""

from __future__ import annotations

import re
from typing import Any

from bot.emulator import Attachment, Channel, Guild, Message, User
from bot.playground.world import LANGUAGES, Playground
from bot.ui.i18n import catalog, language_of

HISTORY = 60  # messages sent to the page per channel
SETTINGS_COMMAND, LANGUAGE_OPTION = "settings", "language"  # where the server's language is set
START_COMMAND = "game new"  # what an empty channel suggests
PAGE_TEXTS = "playground."  # the catalogs' keys of the page's own texts...
SERVER_TEXTS = ("playground.error.", "playground.suggestion.")  # ...but for those the server writes itself
_USER_MENTION = re.compile(r"<@!?(\d+)>")
_CHANNEL_MENTION = re.compile(r"<#(\d+)>")
_COMMAND_MENTION = re.compile(r"</([\w -]+):\d+>")
_MESSAGE_LINK = re.compile(r"https://discord\.com/channels/\d+/(\d+)/\d+")
_CUSTOM_EMOJI = re.compile(r"<a?:(\w+):\d+>")


def person(user: User) -> dict[str, Any]:
    return {"id": str(user.id), "name": user.name, "display": user.display_name, "bot": user.bot}


def _attachment(attachment: Attachment) -> dict[str, Any]:
    return {
        "id": str(attachment.id),
        "filename": attachment.filename,
        "url": attachment.url,
        "description": attachment.description or "",
        "image": (attachment.content_type or "").startswith("image/"),
        "width": attachment.width,
        "height": attachment.height,
        "size": attachment.size,
    }


def _resolve_image(url: str | None, attachments: list[Attachment]) -> dict[str, Any] | None:
    """An embed's image or thumbnail: ``attachment://name`` points at one of the message's files."""
    if not url:
        return None
    if url.startswith("attachment://"):
        name = url.removeprefix("attachment://")
        found = next((a for a in attachments if a.filename == name), None)
        if found is None:
            return None
        # Its size, known before it loads: the page keeps its place, and the page does not jump when it arrives.
        return {
            "url": found.url,
            "alt": found.description or "",
            "width": found.width,
            "height": found.height,
        }
    return {"url": url, "alt": "", "width": None, "height": None}


def _embed(embed: dict[str, Any], attachments: list[Attachment]) -> dict[str, Any]:
    return {
        "title": embed.get("title") or "",
        "url": embed.get("url") or "",
        "description": embed.get("description") or "",
        "color": embed.get("color"),
        "author": (embed.get("author") or {}).get("name") or "",
        "fields": [
            {"name": f.get("name", ""), "value": f.get("value", ""), "inline": bool(f.get("inline"))}
            for f in embed.get("fields") or []
        ],
        "footer": (embed.get("footer") or {}).get("text") or "",
        "image": _resolve_image((embed.get("image") or {}).get("url"), attachments),
        "thumbnail": _resolve_image((embed.get("thumbnail") or {}).get("url"), attachments),
    }


def _embedded_files(message: Message) -> set[str]:
    names = set()
    for embed in message.embeds:
        for key in ("image", "thumbnail"):
            url = (embed.get(key) or {}).get("url") or ""
            if url.startswith("attachment://"):
                names.add(url.removeprefix("attachment://"))
    return names


def mentions_to_names(text: str, playground: Playground) -> str:
    """``<@id>`` and ``<#id>`` as ``@Name`` and ``#channel``, a command's mention ``</game new:id>`` as
    ``</game new>`` and a message's link as ``#channel › 💬``, which the page shows as Discord does (the page never
    sees raw ids)."""
    world = playground.world

    def user_name(match: re.Match[str]) -> str:
        user = world.get_user(int(match.group(1)))
        return f"@{user.display_name}" if user else "@unknown"

    def channel_name(match: re.Match[str]) -> str:
        chan = world.get_channel(int(match.group(1)))
        return f"#{chan.name}" if chan else "#unknown"

    def message_link(match: re.Match[str]) -> str:
        chan = world.get_channel(int(match.group(1)))
        return f"#{chan.name if chan else 'unknown'} › 💬"

    text = _MESSAGE_LINK.sub(message_link, _COMMAND_MENTION.sub(r"</\1>", text))
    return _CHANNEL_MENTION.sub(channel_name, _USER_MENTION.sub(user_name, text))


def command_name_for(playground: Playground, message: Message, name: str, locale: str) -> str:
    """A command's full name (``game new``) as Discord shows it to someone: in their language
    (``partie nouvelle``), where the bot gave the command and its subcommands names in it."""
    return localized_command_name(playground, name, locale, message.channel.guild)


def localized_command_name(playground: Playground, name: str, locale: str, guild: Guild | None = None) -> str:
    """``game new`` as a person reading ``locale`` sees it in the command list of ``guild`` (the playground's)."""
    words = name.split(" ")
    command = playground.world.find_command(words[0], guild or playground.guild)
    if command is None:
        return name
    definition: dict[str, Any] | None = command.payload
    shown = []
    for index, word in enumerate(words):
        if index and definition is not None:  # a subcommand (group) of the one before
            options = definition.get("options") or []
            definition = next((d for d in options if d.get("name") == word and d.get("type") in (1, 2)), None)
        if definition is None:
            return name
        names = definition.get("name_localizations") or {}
        shown.append(str(names.get(locale) or names.get(locale.split("-")[0]) or word))
    return " ".join(shown)


def components_view(components: Any) -> Any:
    """The components as Discord's client gets them: a custom emoji's id as a string (a snowflake is larger than
    the page's numbers can hold exactly)."""
    if isinstance(components, list):
        return [components_view(item) for item in components]
    if not isinstance(components, dict):
        return components
    shown = {key: components_view(value) for key, value in components.items()}
    emoji = shown.get("emoji")
    if isinstance(emoji, dict) and emoji.get("id") is not None:
        shown["emoji"] = {**emoji, "id": str(emoji["id"])}
    return shown


def message_view(message: Message, viewer: User, playground: Playground) -> dict[str, Any]:
    world = playground.world
    reply = None
    if message.message_reference and message.type == 19:
        original = world.get_message(int(message.message_reference["message_id"]))
        if original is not None:
            reply = {
                "id": str(original.id),
                "author": person(original.author),
                "text": _CUSTOM_EMOJI.sub(r":\1:", mentions_to_names(original.content, playground))[:120]
                or ("(embed)" if original.embeds else ""),
            }
    interaction = message.interaction
    command = None
    if interaction is not None and interaction.type == 2 and interaction.original is message:
        name = command_name_for(playground, message, interaction.command_name or "", viewer.locale)
        command = {"user": person(interaction.user), "name": name}
    embedded = _embedded_files(message)

    def text(value: str) -> str:
        return mentions_to_names(value, playground)

    embeds = [_embed(e, message.attachments) for e in message.embeds]
    for embed in embeds:
        embed["description"] = text(embed["description"])
        embed["title"] = text(embed["title"])
        for fld in embed["fields"]:
            fld["value"] = text(fld["value"])
    return {
        "id": str(message.id),
        "author": person(message.author),
        "content": text(message.content),
        "mentions_me": viewer.id in message.mentions,
        "timestamp": message.timestamp.isoformat(),
        "edited": message.edited,
        "ephemeral": message.ephemeral_for is not None,
        "loading": message.loading,
        "embeds": embeds,
        "attachments": [_attachment(a) for a in message.attachments if a.filename not in embedded],
        "components": components_view(message.components),
        "reactions": [
            {"emoji": emoji, "count": len(users), "me": viewer.id in users}
            for emoji, users in message.reactions.items()
            if users
        ],
        "reply": reply,
        "command": command,
    }


def channel_view(playground: Playground, channel: Channel, viewer: User) -> list[dict[str, Any]]:
    messages = channel.visible_messages(viewer)[-HISTORY:]
    return [message_view(m, viewer, playground) for m in messages]


def page_texts(locale: str) -> dict[str, str]:
    """The page's own texts (its side bar, message box, notes) in the language of `locale`, from the catalogs
    (`<language>.playground.json`), keyed without their `playground.` prefix; the page fills in `{placeholders}`."""
    texts = catalog(language_of(locale))
    return {
        key.removeprefix(PAGE_TEXTS): text
        for key, text in texts.items()
        if key.startswith(PAGE_TEXTS) and not key.startswith(SERVER_TEXTS)
    }


def server_languages(playground: Playground) -> list[dict[str, str]]:
    """The choices of `/settings language:` as the bot registered them (empty when its /settings has none): the
    side bar offers them as the server's language."""
    command = playground.world.find_command(SETTINGS_COMMAND, playground.guild)
    options = (command.payload.get("options") or []) if command is not None else []
    option = next((o for o in options if o.get("name") == LANGUAGE_OPTION and o.get("choices")), None)
    return [{"name": str(c["name"]), "value": str(c["value"])} for c in (option or {}).get("choices", [])]


def world_view(playground: Playground) -> dict[str, Any]:
    return {
        "server": playground.guild.name,
        "bot": person(playground.world.bot_user),
        "channels": [{"id": str(c.id), "name": c.name} for c in playground.channels],
        "people": [{**person(u), "locale": u.locale} for u in playground.people],
        "languages": [{"locale": code, "name": name} for code, name in LANGUAGES.items()],
        "server_languages": server_languages(playground),
        "server_language": playground.server_language,
        "texts": {code: page_texts(code) for code in LANGUAGES},
        # The command an empty channel suggests, as each language names it ("/partie nouvelle").
        "start_command": {
            code: localized_command_name(playground, START_COMMAND, code) for code in LANGUAGES
        },
    }
