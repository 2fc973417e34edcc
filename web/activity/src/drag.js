// Cards dragged onto targets with pointer events (mouse, pen and touch alike), or tapped, then a target tapped.
// `targetsFor(card)` names the targets to highlight (with a kind: a class) while a card is held; `drop(card,
// target)` is called for any target the card is let go on (the server says when it cannot go there).

let selected = null;

export function clearSelection() {
  selected = null;
  document.querySelectorAll(".selected").forEach((node) => node.classList.remove("selected"));
  document.querySelectorAll("[data-target]").forEach((node) => {
    node.classList.remove("legal", "backwards", "small", "big", "ending");
    delete node.dataset.size;
  });
}

function highlight(targets) {
  for (const [name, move] of Object.entries(targets)) {
    const node = document.querySelector(`[data-target="${name}"]`);
    if (!node) continue;
    node.classList.add("legal", move.kind);
    node.dataset.size = move.size;
  }
}

export function makeDraggable(node, card, { targetsFor, drop }) {
  node.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    event.preventDefault();
    const start = { x: event.clientX, y: event.clientY };
    let ghost = null;
    node.setPointerCapture(event.pointerId);
    const move = (moving) => {
      const far = Math.hypot(moving.clientX - start.x, moving.clientY - start.y) > 8;
      if (!ghost && far) {
        clearSelection();
        highlight(targetsFor(card));
        ghost = node.cloneNode(true);
        ghost.classList.add("ghost");
        document.body.append(ghost);
      }
      if (ghost) {
        ghost.style.left = `${moving.clientX - ghost.offsetWidth / 2}px`;
        ghost.style.top = `${moving.clientY - ghost.offsetHeight / 2}px`;
      }
    };
    const up = (ending) => {
      node.removeEventListener("pointermove", move);
      node.removeEventListener("pointerup", up);
      node.removeEventListener("pointercancel", up);
      if (ghost) {
        ghost.remove();
        const under = document.elementFromPoint(ending.clientX, ending.clientY)?.closest("[data-target]");
        clearSelection();
        if (under && ending.type === "pointerup") drop(card, under.dataset.target);
        return;
      }
      // A tap: the card is chosen; a tap on a target plays it there.
      const again = selected === card;
      clearSelection();
      if (!again) {
        selected = card;
        node.classList.add("selected");
        highlight(targetsFor(card));
      }
    };
    node.addEventListener("pointermove", move);
    node.addEventListener("pointerup", up);
    node.addEventListener("pointercancel", up);
  });
}

export function makeTarget(node, name, { drop }) {
  node.dataset.target = name;
  node.addEventListener("click", () => {
    if (selected === null) return;
    const card = selected;
    clearSelection();
    drop(card, name);
  });
}
