"""Buttons (persistent dynamic items and views), selects, autocomplete and modals."""

from __future__ import annotations

import pytest

from bot.emulator import RunningClient
from tests.emulator.conftest import Scene
from tests.emulator.sample_bot import SampleBot


async def test_dynamic_button_click_updates_the_message(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    emu = scene.emu
    result = await emu.slash(scene.alice, scene.general, "counter")
    message = await result.original_message()
    assert message.custom_ids == ["counter:0"]
    click = await emu.click(scene.bob, message, "counter:0")
    response = await click.response()
    assert response.type == 7
    assert response.message is message
    assert message.content == "Count is 1" and message.custom_ids == ["counter:1"]
    assert message.edited
    await (await emu.click(scene.alice, message, label="Count 1")).response()
    assert message.content == "Count is 2"
    with pytest.raises(ValueError, match="no button"):
        await emu.click(scene.alice, message, "counter:0")


async def test_view_button_with_ephemeral_reply_and_deferred_update(
    scene: Scene, bot: RunningClient[SampleBot]
) -> None:
    emu = scene.emu
    message = await (await emu.slash(scene.alice, scene.general, "confirm")).original_message()
    assert [b["label"] for b in message.buttons] == ["Confirm", "Rename", "Later"]
    confirm = await emu.click(scene.bob, message, "confirm")
    reply = await confirm.original_message()
    assert reply.content == "Confirmed by Bob" and reply.ephemeral
    assert emu.visible_messages(scene.general, viewer=scene.alice) == [message]
    later = await emu.click(scene.alice, message, "later")
    assert (await later.response()).type == 6
    await emu.wait_for(lambda: message.content == "Decided later")
    assert message.components == []
    assert later.original is message


async def test_select_menu(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    emu = scene.emu
    result = await emu.slash(scene.alice, scene.general, "colours")
    message = await result.original_message()
    assert message.ephemeral
    [menu] = message.selects
    assert [o["value"] for o in menu["options"]] == ["red", "green", "blue"]
    with pytest.raises(ValueError, match="cannot see"):
        await emu.select(scene.bob, message, "colour", ["red"])
    with pytest.raises(ValueError, match="not options"):
        await emu.select(scene.alice, message, "colour", ["pink"])
    pick = await emu.select(scene.alice, message, "colour", ["red", "blue"])
    assert (await pick.response()).type == 7
    assert message.content == "You chose red, blue" and message.components == []


async def test_autocomplete(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    emu = scene.emu
    choices = await emu.autocomplete(
        scene.alice, scene.general, "play", options={"card": "4"}, focused="card"
    )
    assert choices[0] == {"name": "Card 4", "value": "4"}
    assert [c["value"] for c in choices] == ["4", *[str(n) for n in range(40, 50)]]
    assert len(await emu.autocomplete(scene.alice, scene.general, "play", {"card": ""}, focused="card")) == 25
    played = await emu.slash(scene.alice, scene.general, "play", options={"card": "42"})
    assert (await played.response()).content == "played 42"


async def test_modal(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    emu = scene.emu
    result = await emu.slash(scene.alice, scene.general, "feedback")
    modal = await result.modal()
    assert modal["title"] == "Feedback" and modal["custom_id"] == "feedback"
    assert result.original is None
    with pytest.raises(ValueError, match="is required"):
        await emu.submit_modal(scene.alice, scene.general, "feedback", {"body": "no subject"})
    with pytest.raises(ValueError, match="did not show"):
        await emu.submit_modal(scene.bob, scene.general, "feedback", {"subject": "hi"})
    submitted = await emu.submit_modal(
        scene.alice, scene.general, "feedback", {"subject": "Rules", "body": "Great game"}
    )
    reply = await submitted.original_message()
    assert reply.content == "Thanks for 'Rules': Great game"
    assert submitted.interaction.type == 5


async def test_modal_opened_from_a_button_updates_its_message(
    scene: Scene, bot: RunningClient[SampleBot]
) -> None:
    emu = scene.emu
    message = await (await emu.slash(scene.alice, scene.general, "confirm")).original_message()
    opened = await emu.click(scene.bob, message, "rename")
    assert (await opened.modal())["title"] == "Rename"
    submitted = await emu.submit_modal(scene.bob, None, "rename", {"name": "Table 2"}, origin=opened)
    response = await submitted.response()
    assert response.type == 7 and response.message is message
    assert message.content == "Renamed to Table 2" and message.components == []
    assert submitted.interaction.message is message


async def test_context_menus(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    emu = scene.emu
    greeted = await emu.context_menu(scene.alice, scene.general, "Greet", scene.bob)
    assert (await greeted.response()).content == "Hello Bob"
    said = await emu.send_message(scene.bob, scene.general, "to be quoted")
    quoted = await emu.context_menu(scene.alice, scene.general, "Quote", said)
    assert (await quoted.response()).content == "> to be quoted"
