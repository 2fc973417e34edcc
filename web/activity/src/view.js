// Draws a table state (the lobby, a game, its end) and the answers to this person's moves.
import { el, rich, tr } from "./text.js";
import { renderTheGame } from "./thegame.js";
import { renderGeneric } from "./generic.js";
import { renderTricks } from "./tricks.js";
import { renderKlondike } from "./klondike.js";
import { renderCrapette } from "./crapette.js";
import { keepSelection, whenIdle } from "./drag.js";

const app = () => document.getElementById("app");
let toastTimer = null;

export function showNotice(text) {
  app().replaceChildren(el("p", { class: "notice" }, rich(text)));
}

export function toast(text, refused = false) {
  const box = document.getElementById("toast");
  box.replaceChildren(rich(text));
  box.className = refused ? "refused" : "";
  box.hidden = false;
  placeToast();
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (box.hidden = true), refused ? 6000 : 3500);
}

// What a finger may tap: a message never lies over one.
const CONTROLS = "button, select, input, a[href], [role=button], [data-target], [data-drag]";

// The message floats at the bottom of the screen, or when something there may be tapped (a button, a card, a pile),
// at the top, or else in the first band between two of them tall enough for it; over a control only when the screen
// has no room at all. Placed again when the page scrolls or is drawn again while it shows.
function placeToast() {
  const box = document.getElementById("toast");
  if (box.hidden) return;
  box.style.top = "";
  box.style.bottom = "";
  const height = box.offsetHeight;
  const screen = window.innerHeight;
  const bottom = box.getBoundingClientRect().top; // where the style sheet puts it, above the phone's bar
  const taken = [...document.querySelectorAll(CONTROLS)]
    .filter((node) => !node.closest(".ghost, #toast"))
    .map((node) => node.getBoundingClientRect())
    .filter((rect) => rect.width > 0 && rect.height > 0 && rect.bottom > 0 && rect.top < screen);
  const free = (top) => taken.every((rect) => rect.bottom <= top || rect.top >= top + height);
  const gaps = taken.map((rect) => rect.bottom + 4).sort((a, b) => a - b);
  const top = [bottom, 10, ...gaps].find((spot) => spot >= 0 && spot + height <= screen && free(spot));
  if (top === undefined || top === bottom) return;
  box.style.top = `${top.toFixed(0)}px`;
  box.style.bottom = "auto";
}
window.addEventListener("scroll", placeToast, { passive: true });
window.addEventListener("resize", placeToast);

// A refusal stays up a few seconds, or until the person's next move that succeeds (a quiet one too: a draw).
function dismissRefusal() {
  const box = document.getElementById("toast");
  if (box.hidden || box.className !== "refused") return;
  clearTimeout(toastTimer);
  box.hidden = true;
}

export function showAnswer(answer, connection) {
  const quiet = connection.quiet.delete(answer.id);
  if (!answer.refused) dismissRefusal();
  if (answer.confirm) return confirmDialog(answer, connection);
  if (answer.text && (answer.refused || !quiet)) toast(answer.text, answer.refused);
}

function confirmDialog(answer, connection) {
  const dialog = el(
    "div",
    { class: "dialog", role: "alertdialog", "aria-modal": "true" },
    el("p", {}, rich(answer.text)),
    el(
      "div",
      { class: "buttons" },
      el("button", { class: "danger", onclick: () => { dialog.remove(); connection.send(answer.confirm); } }, answer.labels?.[0] ?? tr("activity.confirm")),
      el("button", { onclick: () => dialog.remove() }, answer.labels?.[1] ?? tr("activity.cancel")),
    ),
  );
  document.body.append(dialog);
}

// A button's click that sends a move with no more to it than its kind (the lobby's, the end's).
const sending = (connection, kind) => () => connection.send({ kind });

function lobby(table, connection) {
  const lobbyState = table.lobby;
  const act = (kind) => sending(connection, kind);
  return el(
    "section",
    { class: "lobby" },
    el("p", { class: "help" }, rich(lobbyState.help)),
    el("h2", {}, lobbyState.players),
    el("ul", { class: "seats" }, table.seats.map((seat) => el("li", { class: seat.you ? "you" : "" }, (seat.ai ? "🤖 " : "") + seat.name))),
    el(
      "div",
      { class: "buttons" },
      // In the order of the channel's lobby.
      lobbyState.can_join && el("button", { class: "success", onclick: act("join") }, tr("button.join")),
      lobbyState.can_leave && el("button", { onclick: act("leave") }, tr("button.leave")),
      lobbyState.can_start && el("button", { class: "primary", onclick: act("start") }, tr("button.start")),
      lobbyState.can_add_ai && el("button", { onclick: act("add_ai") }, tr("button.add_ai")),
      lobbyState.can_remove_ai && el("button", { onclick: act("remove_ai") }, tr("button.remove_ai")),
    ),
  );
}

// A channel with no table: say so, and offer to open one of each game here (its lobby goes to the channel), with
// the game's options of /game new under ⚙️ (yes/no ones as boxes to tick, the others as a choice).
function noTable(message, connection) {
  showNotice(tr("activity.no_table"));
  if (!message.new?.length) return;
  app().append(
    el("p", { class: "help" }, tr("activity.open_here")),
    el("div", { class: "new-table" }, message.new.map((game) => gameChoice(game, connection))),
  );
}

function gameChoice(game, connection) {
  const chosen = {};
  const open = () => connection.send({ kind: "new", game: game.key, options: { ...chosen } });
  const options = game.options.map((option) => {
    if (option.choices.length === 0) {
      const box = el("input", { type: "checkbox", name: option.name, onchange: (event) => (chosen[option.name] = event.target.checked) });
      return el("label", { class: "game-option" }, box, el("span", {}, option.label));
    }
    const select = el(
      "select",
      { name: option.name, onchange: (event) => (chosen[option.name] = event.target.value) },
      option.choices.map((choice) => el("option", { value: choice.value }, choice.label)),
    );
    return el("label", { class: "game-option choice" }, el("span", {}, option.label), select);
  });
  return el(
    "div",
    { class: "game-block" },
    el(
      "button",
      { class: "game-choice", "aria-label": game.name, onclick: open },
      el("strong", {}, game.name),
      el("span", { class: "seats" }, game.seats),
      el("small", {}, game.pitch),
    ),
    options.length > 0 && el("details", { class: "game-options" }, el("summary", {}, tr("activity.game_options")), options),
  );
}

export function render(message, connection) {
  whenIdle(() => draw(message, connection));
}

function draw(message, connection) {
  document.body.classList.remove("offline");
  document.querySelectorAll(".dialog").forEach((dialog) => dialog.remove());
  const table = message.table;
  if (!table) return noTable(message, connection);
  // A trick table's own first line names the game and the hand.
  const parts = table.play?.kind === "tricks" ? [] : [el("header", {}, el("h1", {}, table.name))];
  if (table.status === "lobby") parts.push(lobby(table, connection));
  else if (table.play?.kind === "thegame") parts.push(...renderTheGame(table, connection));
  else if (table.play?.kind === "tricks") parts.push(...renderTricks(table, connection));
  else if (table.play?.kind === "klondike") parts.push(...renderKlondike(table, connection));
  else if (table.play?.kind === "crapette") parts.push(...renderCrapette(table, message, connection));
  else if (table.play) parts.push(...renderGeneric(table, message, connection));
  if (table.end) parts.push(el("p", { class: "end" }, rich(table.end)));
  if (table.again) {
    // The summary's buttons, as on Discord: a new table with the same seats, a new deal or the same one.
    parts.push(
      el(
        "div",
        { class: "buttons again" },
        el("button", { class: "primary", onclick: sending(connection, "again") }, tr("button.play_again")),
        el("button", { onclick: sending(connection, "same_deal") }, tr("button.same_deal")),
      ),
    );
  }
  const ended = table.end && app().dataset.status === "playing" && app().dataset.table === String(table.id);
  app().replaceChildren(...parts);
  if (ended) app().querySelector(".end")?.scrollIntoView({ block: "center" }); // the result, where the eyes are
  app().dataset.table = String(table.id);
  app().dataset.status = table.status;
  app().dataset.game = table.game;
  app().querySelectorAll("[data-after-draw]").forEach((node) => node.afterDraw()); // placed once sizes are known
  keepSelection();
  placeToast(); // the controls may have moved under the message
}
