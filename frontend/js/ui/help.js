// @ts-check
// The help pages (Como jogar, Com amigos, Regras completas) in a modal <dialog>, so they open
// over any screen, the table included, without leaving the match. Each page is a static HTML
// fragment in help/, fetched the first time it is opened (the first load stays small). The
// address follows the page (#/como-jogar, #/com-amigos, #/regras), so a page can be linked.

import { must, targetOf } from "./dom.js";

/** @type {Record<string, string>} */
export const HELP_PAGES = {
  "como-jogar": "Como jogar",
  "com-amigos": "Com amigos",
  regras: "Regras",
};

/** @type {Map<string, string>} the pages fetched so far (a cache of static files) */
const fragments = new Map();
/** @type {HTMLDialogElement | null} */
let dialog = null;
/** @type {Element | null} where the focus was when the help opened */
let before = null;
/** @type {string | null} the address the help replaced (a match link), restored on close */
let returnHash = null;

/**
 * The help page an address names ("#/regras" → "regras"), or null.
 * @param {string | null | undefined} hash
 */
export function helpPageOf(hash) {
  const page = String(hash || "").replace(/^#\/?/, "");
  return Object.hasOwn(HELP_PAGES, page) ? page : null;
}

/** @param {string} page @returns {Promise<string>} */
async function fragment(page) {
  let text = fragments.get(page);
  if (text === undefined) {
    const response = await fetch(`help/${page}.html`);
    if (!response.ok) throw new Error(String(response.status));
    text = await response.text();
    fragments.set(page, text);
  }
  return text;
}

function build() {
  const box = document.createElement("dialog");
  box.className = "help-dialog";
  box.setAttribute("aria-labelledby", "help-dialog-title");
  const tabs = Object.entries(HELP_PAGES).map(([id, name]) =>
    `<a href="#/${id}" data-help-page="${id}">${name}</a>`).join("");
  box.innerHTML = `
    <div class="help-top">
      <p class="help-name" id="help-dialog-title">Ajuda do Vanlexis</p>
      <button type="button" class="help-close" data-help-close>Fechar</button>
    </div>
    <nav class="help-tabs" aria-label="Páginas de ajuda">${tabs}</nav>
    <article class="help-page" data-help-body></article>`;
  box.addEventListener("click", (event) => {
    const target = targetOf(event);
    if (target?.closest("[data-help-close]")) { closeHelp(); return; }
    const link = target?.closest("[data-help-page]");
    if (link) {
      event.preventDefault();
      openHelp(link.getAttribute("data-help-page") || "");
    }
  });
  box.addEventListener("cancel", (event) => { event.preventDefault(); closeHelp(); });
  document.body.append(box);
  return box;
}

/**
 * Opens (or switches to) a help page; the page's heading takes the focus.
 * @param {string} page
 */
export async function openHelp(page) {
  if (!Object.hasOwn(HELP_PAGES, page)) page = "como-jogar";
  const box = dialog ??= build();
  if (!box.open) {
    before = document.activeElement;
    box.showModal();
  }
  for (const tab of box.querySelectorAll(".help-tabs [data-help-page]")) {
    if (tab.getAttribute("data-help-page") === page) tab.setAttribute("aria-current", "page");
    else tab.removeAttribute("aria-current");
  }
  if (location.hash !== `#/${page}`) {
    // A match link (#/partida/…) the help opened over comes back when the help closes.
    if (!helpPageOf(location.hash) && location.hash) returnHash = location.hash;
    history.replaceState(null, "", `#/${page}`);
  }
  const body = must(box, "[data-help-body]");
  body.dataset.page = page;
  try {
    body.innerHTML = await fragment(page);
  } catch {
    body.innerHTML = `<h2 tabindex="-1">${HELP_PAGES[page]}</h2>
      <p>Não foi possível carregar esta página agora. Confira a conexão e tente de novo.</p>`;
  }
  body.scrollTop = 0;
  body.querySelector("h2")?.focus({ preventScroll: true });
}

export function closeHelp() {
  if (!dialog?.open) return;
  dialog.close();
  if (helpPageOf(location.hash)) {
    history.replaceState(null, "", location.pathname + location.search + (returnHash || ""));
  }
  returnHash = null;
  // The screen may have been redrawn meanwhile (a frame arrived): the same link, by its id.
  const back = before?.isConnected ? before : before?.id ? document.getElementById(before.id) : null;
  if (back instanceof HTMLElement) back.focus({ preventScroll: true });
}

/** Help links anywhere in the page (href="#/como-jogar") and the address open the dialog. */
export function bindHelp() {
  document.addEventListener("click", (event) => {
    const link = targetOf(event)?.closest("a[href^='#/'], [data-help-open]");
    if (!link || link.closest(".help-dialog")) return;
    const page = link.getAttribute("data-help-open") || helpPageOf(link.getAttribute("href"));
    if (!page) return;
    event.preventDefault();
    openHelp(page);
  });
  window.addEventListener("hashchange", () => {
    const page = helpPageOf(location.hash);
    if (page) openHelp(page);
  });
  const first = helpPageOf(location.hash);
  if (first) openHelp(first);
}
