// @ts-check
// Tiny DOM helpers: escaping for templates, element creation, and typed lookups.

/** @type {Record<string, string>} */
const ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** @param {unknown} value @returns {string} the value's text, safe inside HTML and attributes */
export function esc(value) {
  return String(value ?? "").replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/**
 * @param {string} tag
 * @param {Record<string, string | number | boolean | null | undefined>} [attrs]
 * @param {string} [text]
 */
export function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (key === "class") node.className = String(value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  if (text) node.textContent = text;
  return node;
}

/**
 * The element an event happened on, or null (the window, the document, a text node).
 * @param {Event} event
 * @returns {Element | null}
 */
export function targetOf(event) {
  return event.target instanceof Element ? event.target : null;
}

/**
 * The element ``selector`` finds in ``root``, which the page's own template put there: its
 * absence is a bug, said at once rather than as a null further on. ``kind``: the element's
 * class (an HTMLElement unless said), checked.
 * @template {Element} [E=HTMLElement]
 * @param {ParentNode} root
 * @param {string} selector
 * @param {{ new (): E, prototype: E }} [kind]
 * @returns {E}
 */
export function must(root, selector, kind) {
  const found = root.querySelector(selector);
  if (!(found instanceof (kind ?? HTMLElement))) throw new Error(`missing ${selector}`);
  return /** @type {E} */ (found);
}

/**
 * Move the focus to ``element``, when there is one that takes it, without scrolling.
 * @param {Element | null | undefined} element
 */
export function focusOn(element) {
  if (element instanceof HTMLElement) element.focus({ preventScroll: true });
}
