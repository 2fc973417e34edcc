// Texts: the page's own (from the server, in the reader's language) and the bot's sentences, which use a little
// Discord markdown (**bold**, *italic*, `code`, </command:id>): drawn as DOM nodes, never as HTML.

let texts = {};

export function setTexts(loaded) {
  texts = loaded;
}

export function tr(key) {
  return texts[key] ?? key;
}

const INLINE = /(\*\*[^*]+\*\*|`[^`]+`|<\/[^:>]+(?::\d+)?>|\*[^*\s][^*]*\*)/g;

export function rich(text) {
  const fragment = document.createDocumentFragment();
  for (const [index, line] of String(text ?? "").split("\n").entries()) {
    if (index > 0) fragment.append(document.createElement("br"));
    for (const part of line.split(INLINE)) {
      if (!part) continue;
      if (part.startsWith("**") && part.endsWith("**") && part.length > 4) {
        fragment.append(el("strong", {}, part.slice(2, -2).replace(/\\(.)/g, "$1")));
      } else if (part.startsWith("`") && part.endsWith("`")) {
        fragment.append(el("code", {}, part.slice(1, -1)));
      } else if (part.startsWith("</")) {
        fragment.append(el("code", {}, "/" + part.slice(2, -1).split(":")[0]));
      } else if (part.startsWith("*") && part.endsWith("*") && part.length > 2) {
        fragment.append(el("em", {}, part.slice(1, -1)));
      } else {
        fragment.append(part.replace(/\\(.)/g, "$1"));
      }
    }
  }
  return fragment;
}

// el("button", {class: "x", onclick: f}, "text", child...)
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (name === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}
