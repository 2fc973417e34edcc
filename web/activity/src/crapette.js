// Crapette: the table drawn as cards, the opponent's piles across it, the eight foundations, the eight side piles
// and your own piles at the bottom, near your thumb. On your turn, drag a card where it goes (or tap it, then its
// place): the places it may go light up, and ❗ marks a card the priority rule asks you to move first. The board's
// text, its move menu and its buttons (Turn a card, Discard, Hint, Crapette!) come under the table, as on Discord.
import { el, tr } from "./text.js";
import { cardBack, cardFace, preloadDeck } from "./cards.js";
import { makeDraggable, makeTarget } from "./drag.js";
import { renderGeneric } from "./generic.js";

// The spots of each player's piles, named from the viewer's side (the opponent's are targets only).
const OWN = { crapette: "cr", stock: "stock", turned: "st", discard: "di" };
const ACROSS = { crapette: "oc", stock: "os", turned: "ot", discard: "od" };
const TARGETS = ["oc", "od", ...[1, 2, 3, 4, 5, 6, 7, 8].flatMap((n) => [`f${n}`, `s${n}`])];

const face = (code) => cardFace(code.split("/")[0]);

function targetsFor(state, source) {
  const targets = {};
  for (const move of state.moves) {
    if (move.source === source) targets[move.target] = { kind: move.first ? "first" : "legal" };
  }
  return targets;
}

// A card that may move now (its source has a legal move) can be dragged or tapped; ❗ when the rule asks for it.
function movable(node, state, send, source, code) {
  const moves = state.moves.filter((move) => move.source === source);
  if (moves.length === 0) return node;
  node.classList.add("can-move");
  if (moves.some((move) => move.first)) node.append(el("span", { class: "first-mark", title: state.labels.first }, "❗"));
  makeDraggable(node, { source }, {
    key: `${source}:${code}`,
    targetsFor: () => targetsFor(state, source),
    drop: (held, target) => {
      if (target === held.source) return; // put back where it was
      send({ kind: "move", source: held.source, target, card: code });
    },
  });
  return node;
}

// A place a card may be put: lit while a card is held (a tap on it plays the chosen card there).
function target(node, state, name) {
  if (state.recent.includes(name)) node.classList.add("recent"); // where the latest step put a card
  if (!TARGETS.includes(name)) return node;
  if (state.moves.length > 0) makeTarget(node, name);
  else node.dataset.target = name;
  return node;
}

// The board's own **Turn a card** (its control, as the button below sends it), when it can be pressed now.
function turnControl(state) {
  return state.hand?.controls.find((item) => item.type === "button" && item.id.endsWith(":turn") && !item.disabled);
}

function empty(text = "") {
  return el("div", { class: "cslot" }, text);
}

function count(value) {
  return value > 0 ? el("span", { class: "count" }, String(value)) : null;
}

// One player's crapette, stock, turned card and discard, each with its label and size.
function playerRow(state, player, spots, send) {
  const labels = state.labels;
  const mine = spots === OWN;
  const card = (code, spot) => {
    if (!code) return empty();
    const node = el("div", { class: "ccard", dataset: { card: code } }, face(code));
    return mine ? movable(node, state, send, spot, code) : node;
  };
  const piles = [
    [labels.crapette, spots.crapette, card(player.crapette.top, spots.crapette), player.crapette.count],
    [labels.stock, spots.stock, player.stock > 0 ? cardBack() : empty(), player.stock],
    [labels.turned, spots.turned, card(player.turned, spots.turned), 0],
    [labels.discard, spots.discard, card(player.discard.top, spots.discard), player.discard.count],
  ].map(([label, spot, content, size]) =>
    target(
      el("div", { class: "cpile", "aria-label": size ? `${label} (${size})` : label }, el("span", { class: "clabel" }, label), el("div", { class: "cspot" }, content, count(size))),
      state,
      spot,
    ),
  );
  const turn = mine && turnControl(state);
  if (turn) {
    const stock = piles[1];
    stock.classList.add("can-turn");
    stock.setAttribute("role", "button");
    stock.addEventListener("click", () => send({ kind: "control", id: turn.id, values: [] }));
  }
  return el(
    "div",
    { class: `cplayer ${player.to_play ? "to-play" : ""} ${mine ? "mine" : ""}` },
    el("div", { class: "cname" }, player.to_play ? "▶ " : "", player.ai ? "🤖 " : "", el("span", { class: "name" }, player.name), player.status && el("span", { class: "cstatus" }, ` · ${player.status}`)),
    el("div", { class: "crow" }, piles),
  );
}

function foundations(state) {
  return el(
    "div",
    { class: "crow eight" },
    state.foundations.map((code, index) =>
      target(
        el("div", { class: "cpile", "aria-label": state.labels.foundations[index] }, el("span", { class: "clabel" }, state.labels.foundations[index]), el("div", { class: "cspot" }, code ? face(code) : empty("A"))),
        state,
        `f${index + 1}`,
      ),
    ),
  );
}

function sides(state, send) {
  return el(
    "div",
    { class: "crow eight sides" },
    state.sides.map((pile, index) => {
      const name = `s${index + 1}`;
      const cards = pile.map((code, position) => {
        const node = el("div", { class: "fanned", style: `--i: ${position}`, dataset: { card: code } }, face(code));
        return position === pile.length - 1 ? movable(node, state, send, name, code) : node;
      });
      return target(
        el(
          "div",
          { class: "cpile side", style: `--n: ${Math.max(pile.length, 1)}`, "aria-label": state.labels.sides[index] },
          el("span", { class: "clabel" }, String(index + 1)),
          el("div", { class: "cspot" }, cards.length ? cards : empty()),
        ),
        state,
        name,
      );
    }),
  );
}

export function renderCrapette(table, message, connection) {
  preloadDeck();
  const state = table.play;
  const send = (action) => connection.send(action, { quiet: true });
  const [across, own] = state.players;
  const felt = el(
    "section",
    { class: "crapette", role: "group", "aria-label": table.name },
    playerRow(state, across, ACROSS, send),
    foundations(state),
    sides(state, send),
    playerRow(state, own, OWN, send),
  );
  const parts = [felt];
  if (state.moves.length > 0) parts.push(el("p", { class: "help small" }, tr("activity.crapette.drag_help")));
  return [...parts, ...renderGeneric(table, message, connection)];
}
