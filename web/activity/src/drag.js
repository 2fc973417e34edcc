// Cards dragged onto targets with pointer events (mouse, pen and touch alike), or tapped, then a target tapped.
// `targetsFor(card)` names the targets to highlight (with a kind: a class) while a card is held; `drop(card,
// target)` is called for any target the card is let go on (the server says when it cannot go there).
//
// A draggable node may sit inside a target (a Klondike card in its column): tapping it while another card is chosen
// plays the chosen card there, as tapping the target itself would. A node may hold the cards above it (a run), and
// the ghost that follows the finger shows them all. A new state drawn while a card is held would take the card from
// under the finger: `whenIdle` waits until it is let go.

let selected = null; // { node, card, targetsFor, drop, key }
let dragging = false;
let waiting = null;

export function clearSelection() {
  selected = null;
  document.querySelectorAll(".selected").forEach((node) => node.classList.remove("selected"));
  document.querySelectorAll("[data-target]").forEach((node) => {
    node.classList.remove("legal", "backwards", "small", "big", "keep_off", "ending", "first");
    delete node.dataset.size;
  });
}

function highlight(targets) {
  for (const [name, move] of Object.entries(targets)) {
    const node = document.querySelector(`[data-target="${name}"]`);
    if (!node) continue;
    node.classList.add("legal", move.kind);
    if (move.size) node.dataset.size = move.size;
  }
}

function choose(node, options) {
  clearSelection();
  selected = { node, ...options };
  node.classList.add("selected");
  highlight(options.targetsFor(options.card));
}

// Run `draw` now, or once the card held is let go.
export function whenIdle(draw) {
  if (dragging) waiting = draw;
  else draw();
}

function idle() {
  dragging = false;
  const draw = waiting;
  waiting = null;
  if (draw) draw();
}

// After a new state is drawn: the card chosen by a tap stays chosen when it is still there (`key`).
export function keepSelection() {
  if (!selected?.key) return;
  const key = selected.key;
  const node = document.querySelector(`[data-drag="${CSS.escape(key)}"]`);
  if (!node || !node._drag) return clearSelection();
  choose(node, node._drag);
}

export function makeDraggable(node, card, { targetsFor, drop, key }) {
  const options = { card, targetsFor, drop, key };
  node._drag = options;
  if (key) node.dataset.drag = key;
  else node.dataset.drag = "";
  node.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation(); // a card inside another card (a run) is picked up alone
    const start = { x: event.clientX, y: event.clientY };
    let ghost = null;
    node.setPointerCapture(event.pointerId);
    const move = (moving) => {
      const far = Math.hypot(moving.clientX - start.x, moving.clientY - start.y) > 8;
      if (!ghost && far) {
        clearSelection();
        highlight(targetsFor(card));
        dragging = true;
        const box = node.getBoundingClientRect();
        ghost = node.cloneNode(true);
        ghost.classList.add("ghost");
        ghost.style.width = `${box.width}px`;
        ghost.offset = { x: start.x - box.left, y: start.y - box.top };
        document.body.append(ghost);
        node.classList.add("lifted");
      }
      if (ghost) {
        ghost.style.left = `${moving.clientX - ghost.offset.x}px`;
        ghost.style.top = `${moving.clientY - ghost.offset.y}px`;
      }
    };
    const up = (ending) => {
      node.removeEventListener("pointermove", move);
      node.removeEventListener("pointerup", up);
      node.removeEventListener("pointercancel", up);
      if (ghost) {
        ghost.remove();
        node.classList.remove("lifted");
        const under = document.elementFromPoint(ending.clientX, ending.clientY)?.closest("[data-target]");
        clearSelection();
        if (under && ending.type === "pointerup") drop(card, under.dataset.target);
        idle();
        return;
      }
      if (ending.type !== "pointerup") return;
      // A tap on a card inside a target while another card is chosen: the chosen card goes there.
      const around = node.closest("[data-target]");
      if (selected && selected.node !== node && around && around !== selected.node.closest("[data-target]")) {
        const chosen = selected;
        clearSelection();
        chosen.drop(chosen.card, around.dataset.target);
        return;
      }
      // A tap: the card is chosen (a second tap puts it back); a tap on a target plays it there.
      const again = selected?.node === node;
      clearSelection();
      if (!again) choose(node, options);
    };
    node.addEventListener("pointermove", move);
    node.addEventListener("pointerup", up);
    node.addEventListener("pointercancel", up);
  });
}

export function makeTarget(node, name, { drop } = {}) {
  node.dataset.target = name;
  node.addEventListener("click", (event) => {
    if (selected === null) return;
    if (event.target.closest?.("[data-drag]") && event.target.closest("[data-drag]") !== node) return; // the card's own tap
    const chosen = selected;
    clearSelection();
    (drop ?? chosen.drop)(chosen.card, name);
  });
}
