"""The application's emojis: discord.py's own calls list, create, rename and delete them under Discord's rules; the
CDN serves their pictures; a message's component may only show an emoji Discord knows."""

from __future__ import annotations

import base64
import io

import aiohttp
import discord
import pytest
from PIL import Image

from bot.emulator import Emulator, RunningClient
from tests.emulator.conftest import Scene
from tests.emulator.sample_bot import SampleBot


def png(side: int = 128, colour: tuple[int, int, int, int] = (200, 20, 40, 255)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGBA", (side, side), colour).save(buffer, format="PNG")
    return buffer.getvalue()


async def test_create_list_rename_and_delete(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    client = bot.client
    assert await client.fetch_application_emojis() == []
    emoji = await client.create_application_emoji(name="card_QS_v1", image=png())
    assert emoji.name == "card_QS_v1" and emoji.id in scene.emu.world.application_emojis
    assert [found.id for found in await client.fetch_application_emojis()] == [emoji.id]
    assert (await client.fetch_application_emoji(emoji.id)).name == "card_QS_v1"
    listed = scene.emu.requests_to("GET /applications/{application_id}/emojis")[-1].response
    assert set(listed) == {"items"} and listed["items"][0]["user"]["id"] == str(scene.emu.world.bot_user.id)

    renamed = await emoji.edit(name="queen")
    assert renamed.name == "queen"
    await renamed.delete()
    assert await client.fetch_application_emojis() == []
    with pytest.raises(discord.NotFound):
        await client.fetch_application_emoji(emoji.id)


async def test_the_cdn_serves_the_picture(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    picture = png(colour=(10, 200, 30, 255))
    emoji = await bot.client.create_application_emoji(name="green", image=picture)
    async with aiohttp.ClientSession() as session:
        for extension in ("png", "webp"):
            async with session.get(f"{scene.emu.http_base}/emojis/{emoji.id}.{extension}") as response:
                assert response.status == 200 and response.content_type == "image/png"
                assert await response.read() == picture
        async with session.get(f"{scene.emu.http_base}/emojis/12345.png") as response:
            assert response.status == 404


async def test_a_name_already_taken_is_refused_as_discord_does(
    scene: Scene, bot: RunningClient[SampleBot]
) -> None:
    """Not a broken rule: two processes of one bot may race for a name."""
    await bot.client.create_application_emoji(name="card_2C_v1", image=png())
    with pytest.raises(discord.HTTPException) as refused:
        await bot.client.create_application_emoji(name="card_2C_v1", image=png())
    assert refused.value.status == 400 and refused.value.code == 50035
    answer = scene.emu.requests_to("POST /applications/{application_id}/emojis")[-1].response
    assert answer["errors"]["name"]["_errors"][0]["code"] == "APPLICATION_EMOJI_NAME_ALREADY_TAKEN"
    assert scene.emu.take_violations() == []


@pytest.mark.parametrize(
    ("name", "image", "field", "code"),
    [
        ("x", png(), "name", "BASE_TYPE_BAD_LENGTH"),
        ("a" * 33, png(), "name", "BASE_TYPE_BAD_LENGTH"),
        ("card-QS", png(), "name", "STRING_TYPE_REGEX"),
        ("dame_de_♠", png(), "name", "STRING_TYPE_REGEX"),
        ("big", png(256), "image", "IMAGE_INVALID"),
        ("heavy", b"\x89PNG\r\n\x1a\n" + bytes(300 * 1024), "image", "BINARY_TYPE_MAX_SIZE"),
    ],
    ids=["too-short", "too-long", "dash", "symbol", "larger-than-128", "over-256-kib"],
)
async def test_names_and_pictures_discord_refuses(
    scene: Scene, bot: RunningClient[SampleBot], name: str, image: bytes, field: str, code: str
) -> None:
    with pytest.raises(discord.HTTPException) as refused:
        await bot.client.create_application_emoji(name=name, image=image)
    assert refused.value.status == 400 and refused.value.code == 50035
    answer = scene.emu.requests_to("POST /applications/{application_id}/emojis")[-1].response
    assert answer["errors"][field]["_errors"][0]["code"] == code
    (violation,) = scene.emu.take_violations("invalid_form_body")
    assert code in violation.message
    assert scene.emu.world.application_emojis == {}


async def test_not_an_image_is_refused(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    route = discord.http.Route(
        "POST", "/applications/{application_id}/emojis", application_id=bot.client.application_id
    )
    for image in (
        "not a data uri",
        "data:image/png;base64,@@@",
        "data:text/plain;base64," + base64.b64encode(b"x").decode(),
    ):
        with pytest.raises(discord.HTTPException):
            await bot.client.http.request(route, json={"name": "odd", "image": image})
    assert len(scene.emu.take_violations("invalid_form_body")) == 3


async def test_the_two_thousand_and_first_emoji_is_refused(
    scene: Scene, bot: RunningClient[SampleBot]
) -> None:
    from bot.emulator.world import ApplicationEmoji

    world = scene.emu.world
    for number in range(2000):
        emoji = ApplicationEmoji(world.snowflakes.next(), f"e{number}", "image/png", b"")
        world.application_emojis[emoji.id] = emoji
    with pytest.raises(discord.HTTPException) as refused:
        await bot.client.create_application_emoji(name="one_more", image=png())
    assert refused.value.code == 30008


async def test_a_button_may_only_show_an_emoji_discord_knows(
    scene: Scene, bot: RunningClient[SampleBot], emulator: Emulator
) -> None:
    known = await bot.client.create_application_emoji(name="card_AS_v1", image=png())
    channel = bot.client.get_channel(scene.general.id)
    assert isinstance(channel, discord.TextChannel)
    view = discord.ui.View()
    view.add_item(discord.ui.Button(custom_id="ok", emoji=discord.PartialEmoji(name=known.name, id=known.id)))
    menu = discord.ui.Select(custom_id="menu", options=[discord.SelectOption(label="A♠", emoji=known)])
    view.add_item(menu)
    sent = await channel.send("a hand", view=view)
    assert scene.emu.world.get_message(sent.id) is not None

    stale = discord.ui.View()
    stale.add_item(discord.ui.Button(custom_id="gone", emoji=discord.PartialEmoji(name="card_AS_v0", id=42)))
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send("an old emoji", view=stale)
    assert refused.value.code == 50035
    (violation,) = emulator.take_violations("invalid_form_body")
    assert "BUTTON_COMPONENT_INVALID_EMOJI" in violation.message
