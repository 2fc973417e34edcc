// Klondike: the stock, the waste, the four foundations and the seven columns, drawn as cards. Drag a card (and the
// cards on it) onto a column or a foundation, or tap it and then where it goes; while a card is held, the places it
// may go light up. Tap the stock to draw. Draw, Auto, Undo, Hint (and Pass, Give up) under the table.
import { el, rich, tr } from "./text.js";
import { SUIT, cardBack, cardFace, preloadDeck } from "./cards.js";
import { makeDraggable, makeTarget } from "./drag.js";

// Where a held card may go: the places of the legal moves from its source with its count ("foundation" is the
// foundation of the card's own suit).
function targetsFor(state, source, count, code) {
  const targets = {};
  for (const move of state.moves) {
    if (move.source !== source || move.count !== count) continue;
    const name = move.target === "foundation" ? `foundation:${code.slice(-1)}` : move.target;
    targets[name] = { kind: "legal" };
  }
  return targets;
}

function movable(node, state, send, source, count, code) {
  if (!state.can_act) return node;
  makeDraggable(node, { source, count }, {
    key: `${source}:${count}`,
    targetsFor: () => targetsFor(state, source, count, code),
    drop: (held, target) => {
      if (target === held.source) return; // put back where it was
      // With the card it shows moving: the bot refuses the move if another card is there now (the table changed).
      send({ kind: "move", source: held.source, target: target.startsWith("foundation:") ? "foundation" : target, count: held.count, card: code });
    },
  });
  return node;
}

function slot(text, kind = "") {
  return el("div", { class: `slot ${kind}` }, text);
}

function topRow(state, send) {
  const labels = state.labels;
  const stock = el(
    "div",
    { class: `kpile stock ${state.can_draw ? "can-draw" : ""}`, role: "button", "aria-label": `${labels.stock} (${state.stock}) · ${labels.draw}` },
    state.stock > 0 ? cardBack() : slot(state.waste_count > 0 ? "↻" : ""),
    state.stock > 0 && el("span", { class: "count" }, String(state.stock)),
  );
  if (state.can_draw) stock.addEventListener("click", () => send({ kind: "draw", step: state.step }));
  const waste = el(
    "div",
    { class: "kpile waste", "aria-label": `${labels.waste} (${state.waste_count})` },
    state.waste.length === 0 && slot(""),
    state.waste.map((code, index) => {
      const top = index === state.waste.length - 1;
      const node = el("div", { class: "fanned", style: `--i: ${index}`, dataset: { card: code } }, cardFace(code));
      return top ? movable(node, state, send, "waste", 1, code) : node;
    }),
  );
  const foundations = state.foundations.map((pile) => {
    const name = `foundation:${pile.suit}`;
    const node = el(
      "div",
      { class: "kpile foundation", "aria-label": `${tr("activity.klondike.foundation")} ${SUIT[pile.suit]}` },
      pile.card ? movable(el("div", { class: "top", dataset: { card: pile.card } }, cardFace(pile.card)), state, send, name, 1, pile.card) : slot(SUIT[pile.suit], `suit ${"HD".includes(pile.suit) ? "red" : ""}`),
    );
    if (state.can_act) makeTarget(node, name);
    else node.dataset.target = name;
    return node;
  });
  return el("div", { class: "top-row" }, stock, waste, el("div", { class: "spacer" }), foundations);
}

// A column: its face-down cards, then its face-up cards, each holding the ones above it (picked up together).
function column(state, send, columnState, number) {
  const name = `column:${number}`;
  let run = null;
  const up = columnState.up;
  for (let index = up.length - 1; index >= 0; index -= 1) {
    const node = el("div", { class: "up", dataset: { card: up[index] } }, cardFace(up[index]), run);
    run = movable(node, state, send, name, up.length - index, up[index]);
  }
  const node = el(
    "div",
    {
      class: "column",
      style: `--downs: ${columnState.down}; --ups: ${up.length}`,
      "aria-label": state.labels.columns[number - 1],
    },
    Array.from({ length: columnState.down }, (_, index) => {
      const image = cardBack({ class: "down" });
      image.style.setProperty("--i", index);
      return image;
    }),
    run ? el("div", { class: "run" }, run) : columnState.down === 0 && slot("K", "empty"),
  );
  if (state.can_act) makeTarget(node, name);
  else node.dataset.target = name;
  return node;
}

export function renderKlondike(table, connection) {
  preloadDeck();
  const state = table.play;
  const send = (action) => connection.send(action, { quiet: true });
  const labels = state.labels;
  const parts = [
    el("p", { class: "status" }, rich(state.progress)),
    state.turn_line && el("p", { class: "help" }, rich(state.turn_line)),
    el(
      "section",
      { class: "klondike", role: "group", "aria-label": state.description },
      topRow(state, send),
      el("div", { class: "columns" }, state.columns.map((columnState, index) => column(state, send, columnState, index + 1))),
    ),
  ];
  if (state.seated && table.status === "playing") {
    parts.push(
      el(
        "div",
        { class: "buttons klondike-buttons" },
        el("button", { class: "primary", disabled: !state.can_draw, onclick: () => send({ kind: "draw", step: state.step }) }, "🂠 ", labels.draw),
        el("button", { class: "success", disabled: !state.can_auto, onclick: () => send({ kind: "auto" }) }, "⏫ ", labels.auto),
        el("button", { disabled: !state.can_undo, onclick: () => send({ kind: "undo", step: state.step }) }, "↩ ", labels.undo),
        el("button", { disabled: !state.can_act, onclick: () => connection.send({ kind: "hint" }) }, "💡 ", tr("button.hint")),
        state.can_pass && el("button", { onclick: () => send({ kind: "pass" }) }, "🤝 ", labels.pass),
        el("button", { class: "danger give-up", disabled: !state.can_act, onclick: () => connection.send({ kind: "give_up" }) }, labels.give_up),
      ),
    );
    if (state.can_act) parts.push(el("p", { class: "help small" }, tr("activity.klondike.drag_help")));
  } else if (table.status === "playing") {
    parts.push(el("p", { class: "help" }, tr("activity.klondike.watching")));
  }
  parts.push(el("p", { class: "help small" }, state.options));
  return parts.filter(Boolean);
}
