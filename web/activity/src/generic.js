// Any other game, through what the bot already draws for Discord: the board's picture and text, and your own hand
// with its buttons and menus; a card button is drawn as the card (the bot's own card faces), a menu's option as its
// card beside what the option does with it ("pile 2 → foundation"), its note ("Comes first") under it; a menu with
// nothing to choose (Crapette's when no card can move) as its sentence alone; the board's 💡 Hint asks for a hint.
import { el, rich, tr } from "./text.js";

const STYLE = { 1: "primary", 2: "", 3: "success", 4: "danger" };

function textBlocks(blocks) {
  return blocks.map((block) => el("div", { class: "block" }, block.title && el("h3", {}, rich(block.title)), block.text && el("p", {}, rich(block.text))));
}

function cardImage(code, label) {
  return el("img", { class: "card face", src: `api/cards/${code}.png`, alt: label, draggable: "false" });
}

function control(item, connection) {
  if (item.type === "button") {
    const content = item.card ? cardImage(item.card, item.label) : [item.emoji && `${item.emoji} `, item.label];
    const message = item.hint ? { kind: "hint" } : { kind: "control", id: item.id, values: [] };
    return el("button", { class: `${STYLE[item.style] ?? ""} ${item.card ? "card-button" : ""}`, disabled: item.disabled, onclick: () => connection.send(message) }, content);
  }
  if (item.disabled) return el("fieldset", { class: "menu", disabled: true }, el("legend", {}, item.placeholder)); // it says why
  const chosen = new Set();
  const submit = el("button", { class: "primary", disabled: item.min > 0 }, "✔");
  const options = item.options.map((option) =>
    el(
      "label",
      { class: "option" },
      el("input", {
        type: item.max > 1 ? "checkbox" : "radio",
        name: item.id,
        value: option.value,
        onchange: (event) => {
          if (item.max === 1) chosen.clear();
          if (event.target.checked) chosen.add(option.value);
          else chosen.delete(option.value);
          submit.disabled = chosen.size < item.min || chosen.size > item.max;
        },
      }),
      option.mark && el("span", { class: "mark" }, option.mark),
      option.card ? cardImage(option.card, option.label) : null,
      el(
        "span",
        { class: "option-text" },
        option.card ? option.detail : option.label,
        option.note && el("small", { class: "note" }, option.note),
      ),
    ),
  );
  submit.addEventListener("click", () => connection.send({ kind: "control", id: item.id, values: [...chosen] }));
  const listed = item.options.some((option) => !option.card || option.detail || option.note);
  return el("fieldset", { class: "menu" }, el("legend", {}, item.placeholder), el("div", { class: `options ${listed ? "listed" : ""}` }, options), submit);
}

export function renderGeneric(table, message, connection) {
  const state = table.play;
  const parts = [];
  if (state.picture) {
    const ticket = connection.ticket ? `ticket=${encodeURIComponent(connection.ticket)}&` : "";
    parts.push(el("img", { class: "board-picture", src: `api/picture?${ticket}v=${message.version}`, alt: tr("activity.board") }));
  }
  parts.push(el("section", { class: "board-text" }, textBlocks(state.board)));
  if (state.hand) {
    parts.push(
      el(
        "section",
        { class: "hand" },
        el("h2", {}, tr(state.hand.on_board ? "activity.your_moves" : "activity.your_hand")),
        textBlocks(state.hand.text),
        el("div", { class: "controls" }, state.hand.controls.map((item) => control(item, connection))),
      ),
    );
  }
  return parts;
}
