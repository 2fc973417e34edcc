// The bot's own card faces (drawn by its renderer, `api/cards/QS.png`) and back, as images the page sizes freely:
// they are drawn at four times their size on the bot's pictures, so they stay sharp on a phone's screen.

export const SUIT = { C: "♣", D: "♦", H: "♥", S: "♠" };

// "QS" -> "Q♠" (what a screen reader says for the card).
export function cardLabel(code) {
  return `${code.slice(0, -1)}${SUIT[code.slice(-1)] ?? ""}`;
}

export function cardFace(code, attributes = {}) {
  const image = document.createElement("img");
  image.className = `card-img ${attributes.class ?? ""}`.trim();
  image.src = `api/cards/${code}.png`;
  image.alt = cardLabel(code);
  image.draggable = false;
  image.decoding = "sync";
  return image;
}

export function cardBack(attributes = {}) {
  const image = document.createElement("img");
  image.className = `card-img back ${attributes.class ?? ""}`.trim();
  image.src = "api/cards/back.png";
  image.alt = attributes.alt ?? "";
  image.draggable = false;
  return image;
}

// Every face and the back, fetched once in the background: a card played later shows at once.
let preloaded = null;
export function preloadDeck() {
  if (preloaded) return;
  preloaded = [];
  for (const suit of Object.keys(SUIT)) {
    for (const rank of ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]) {
      const image = new Image();
      image.src = `api/cards/${rank}${suit}.png`;
      preloaded.push(image);
    }
  }
  const back = new Image();
  back.src = "api/cards/back.png";
  preloaded.push(back);
}
