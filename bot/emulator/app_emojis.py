"""The application's own emojis: Discord's routes (`/applications/{id}/emojis`), their rules, and the CDN.

- `GET /applications/{id}/emojis` answers `{"items": [...]}`; `GET .../emojis/{emoji_id}` one emoji (404 10014).
- `POST /applications/{id}/emojis` takes `name` (2 to 32 letters, digits or underscores) and `image` (a data URI of
  a PNG, JPEG, GIF, WebP or AVIF image, at most 256 KiB); a name the application already has is refused with
  `APPLICATION_EMOJI_NAME_ALREADY_TAKEN`, the 2,001st emoji with 30008. The emulator also refuses a picture larger
  than 128x128 (Discord's emoji size), a check of its own.
- `PATCH .../emojis/{emoji_id}` renames (same name rules), `DELETE` removes (204).
- `GET /emojis/{emoji_id}.png` (or `.webp`, `.gif`) on the emulator's address serves the picture, as Discord's CDN
  `https://cdn.discordapp.com/emojis/{id}.png` does.

A message's component (button, menu option) may only show a custom emoji Discord knows: `component_emoji_errors`
lists the others, which Discord refuses (the emulator knows no server emojis, only these).
"""

from __future__ import annotations

import base64
import binascii
import re
from typing import TYPE_CHECKING, Any

from aiohttp import web

from bot.emulator import limits
from bot.emulator.records import INVALID_FORM_BODY, UNKNOWN_EMOJI, ApiError, unknown
from bot.emulator.world import ApplicationEmoji

if TYPE_CHECKING:
    from bot.emulator.emulator import Emulator
    from bot.emulator.rest import Call

NAME = re.compile(r"^[A-Za-z0-9_]+$")
NAME_LENGTH = (2, 32)
IMAGE_BYTES_MAX = 256 * 1024
IMAGE_SIDE_MAX = 128
EMOJIS_MAX = 2000
MAXIMUM_EMOJIS = 30008
_DATA_URI = re.compile(r"^data:(image/(?:png|jpeg|gif|webp|avif));base64,(.*)$", re.S)


def image_size(data: bytes) -> tuple[int, int] | None:
    """A PNG's or GIF's width and height, read from its header (None for other formats)."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    if data[:6] in (b"GIF87a", b"GIF89a") and len(data) >= 10:
        return int.from_bytes(data[6:8], "little"), int.from_bytes(data[8:10], "little")
    return None


def component_emoji_errors(
    components: Any, known: set[int], prefix: tuple[str | int, ...] = ()
) -> list[limits.FormError]:
    """The custom emojis of buttons and menu options that are none of `known` (the application's emojis)."""
    errors: list[limits.FormError] = []

    def check(emoji: Any, path: tuple[str | int, ...], code: str) -> None:
        if isinstance(emoji, dict) and emoji.get("id") is not None:
            try:
                emoji_id = int(emoji["id"])
            except (TypeError, ValueError):
                emoji_id = -1
            if emoji_id not in known:
                errors.append(limits.FormError((*path, "emoji", "id"), code, "Invalid emoji"))

    def walk(items: Any, path: tuple[str | int, ...]) -> None:
        if not isinstance(items, list):
            return
        for index, component in enumerate(items):
            if not isinstance(component, dict):
                continue
            here = (*path, index)
            check(component.get("emoji"), here, "BUTTON_COMPONENT_INVALID_EMOJI")
            for number, option in enumerate(component.get("options") or []):
                emoji = option.get("emoji") if isinstance(option, dict) else None
                check(emoji, (*here, "options", number), "SELECT_COMPONENT_OPTION_INVALID_EMOJI")
            walk(component.get("components"), (*here, "components"))

    walk(components, (*prefix, "components"))
    return errors


class ApplicationEmojiRoutes:
    def __init__(self, emulator: Emulator) -> None:
        self.emu = emulator
        self.world = emulator.world

    def register(self, add: Any) -> None:
        base = "/applications/{application_id}/emojis"
        add("GET", base, self.list_emojis)
        add("POST", base, self.create_emoji)
        add("GET", f"{base}/{{emoji_id}}", self.get_emoji)
        add("PATCH", f"{base}/{{emoji_id}}", self.edit_emoji)
        add("DELETE", f"{base}/{{emoji_id}}", self.delete_emoji)

    # -- the routes ----------------------------------------------------------------------------------------------

    async def list_emojis(self, call: Call) -> Any:
        self._check_app(call)
        return {"items": [self.payload(emoji) for emoji in self.world.application_emojis.values()]}

    async def get_emoji(self, call: Call) -> Any:
        return self.payload(self._emoji(call))

    async def create_emoji(self, call: Call) -> Any:
        self._check_app(call)
        body = call.body if isinstance(call.body, dict) else {}
        errors = self._name_errors(body.get("name"))
        image = body.get("image")
        picture: tuple[str, bytes] | None = None
        if not isinstance(image, str):
            errors.append(limits.FormError(("image",), "BASE_TYPE_REQUIRED", "This field is required"))
        else:
            picture = self._picture(image, errors)
        if errors:
            self._refuse(call, errors)
        if len(self.world.application_emojis) >= EMOJIS_MAX:
            raise ApiError(400, MAXIMUM_EMOJIS, f"Maximum number of emojis reached ({EMOJIS_MAX})")
        self._check_free(str(body["name"]))
        assert picture is not None
        content_type, data = picture
        emoji = ApplicationEmoji(
            id=self.world.snowflakes.next(), name=str(body["name"]), content_type=content_type, data=data
        )
        self.world.application_emojis[emoji.id] = emoji
        return 201, self.payload(emoji)

    async def edit_emoji(self, call: Call) -> Any:
        emoji = self._emoji(call)
        body = call.body if isinstance(call.body, dict) else {}
        if "name" in body:
            errors = self._name_errors(body.get("name"))
            if errors:
                self._refuse(call, errors)
            if body["name"] != emoji.name:
                self._check_free(str(body["name"]))
            emoji.name = str(body["name"])
        return self.payload(emoji)

    async def delete_emoji(self, call: Call) -> Any:
        emoji = self._emoji(call)
        del self.world.application_emojis[emoji.id]
        return None

    async def cdn(self, request: web.Request) -> web.StreamResponse:
        """`/emojis/{id}.png`: the picture (as uploaded, whatever extension is asked for)."""
        stem, _, extension = request.match_info["file"].partition(".")
        emoji = self.world.application_emojis.get(int(stem)) if stem.isdigit() else None
        if emoji is None or extension not in ("png", "webp", "gif", "jpg", "jpeg"):
            return web.Response(status=404)
        return web.Response(
            body=emoji.data, headers={"Content-Type": emoji.content_type, "Cache-Control": "max-age=86400"}
        )

    # -- helpers -------------------------------------------------------------------------------------------------

    def payload(self, emoji: ApplicationEmoji) -> dict[str, Any]:
        return {
            "id": str(emoji.id),
            "name": emoji.name,
            "roles": [],
            "user": self.world.payloads.user(self.world.bot_user),
            "require_colons": True,
            "managed": False,
            "animated": emoji.content_type == "image/gif",
            "available": True,
        }

    def _check_app(self, call: Call) -> None:
        if call.params.get("application_id") != str(self.world.application_id):
            raise ApiError(403, 50001, "Missing Access")

    def _emoji(self, call: Call) -> ApplicationEmoji:
        self._check_app(call)
        emoji = self.world.application_emojis.get(call.id("emoji_id"))
        if emoji is None:
            raise unknown("Emoji", UNKNOWN_EMOJI)
        return emoji

    @staticmethod
    def _name_errors(name: Any) -> list[limits.FormError]:
        if not isinstance(name, str):
            return [limits.FormError(("name",), "BASE_TYPE_REQUIRED", "This field is required")]
        low, high = NAME_LENGTH
        if not low <= len(name) <= high:
            return [
                limits.FormError(
                    ("name",), "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length."
                )
            ]
        if not NAME.match(name):
            return [
                limits.FormError(
                    ("name",), "STRING_TYPE_REGEX", "String value did not match validation regex."
                )
            ]
        return []

    @staticmethod
    def _picture(image: str, errors: list[limits.FormError]) -> tuple[str, bytes] | None:
        match = _DATA_URI.match(image)
        data = b""
        if match is not None:
            try:
                data = base64.b64decode(match.group(2), validate=True)
            except (binascii.Error, ValueError):
                data = b""
        if not data or match is None:
            errors.append(limits.FormError(("image",), "IMAGE_INVALID", "Invalid image data"))
            return None
        if len(data) > IMAGE_BYTES_MAX:
            errors.append(
                limits.FormError(("image",), "BINARY_TYPE_MAX_SIZE", "File cannot be larger than 256.0 kb.")
            )
            return None
        size = image_size(data)
        if size is not None and max(size) > IMAGE_SIDE_MAX:
            errors.append(
                limits.FormError(
                    ("image",), "IMAGE_INVALID", f"Emoji images are at most {IMAGE_SIDE_MAX}x{IMAGE_SIDE_MAX}"
                )
            )
            return None
        return match.group(1), data

    def _check_free(self, name: str) -> None:
        """A name the application already has: refused, as Discord does (not a broken rule: two processes of one
        bot may race for it)."""
        if any(emoji.name == name for emoji in self.world.application_emojis.values()):
            error = limits.FormError(
                ("name",), "APPLICATION_EMOJI_NAME_ALREADY_TAKEN", "Emoji name already taken"
            )
            raise ApiError(400, INVALID_FORM_BODY, "Invalid Form Body", body=limits.form_body_error([error]))

    def _refuse(self, call: Call, errors: list[limits.FormError]) -> None:
        self.emu._violation("invalid_form_body", "; ".join(str(error) for error in errors), call.record)
        raise ApiError(400, INVALID_FORM_BODY, "Invalid Form Body", body=limits.form_body_error(errors))
