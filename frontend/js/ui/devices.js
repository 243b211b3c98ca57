// @ts-check
// "Seus aparelhos": the same player on every device. In the lobby, a code for another device
// (with its countdown and what to do with it) and the list of the player's devices, each with
// "Desconectar" ("Sair deste aparelho" for this one). On the entry page, "Já jogo em outro
// aparelho" opens a field for such a code, and a device that was signed out says so there.
//
// What this panel shows is the store's (`state.devices`): the lobby's and the entry page's
// templates call `devicesSection()` and `devicesEntry()`, and the panel redraws only itself
// when its own answers come (no other part of the page shows them).

/** @import { Device, DevicesHooks as Hooks, DevicesPanel as Panel, Guest, ShownCode } from "../types/page" */

import { esc } from "./dom.js";
import { confirmDialog } from "./dialog.js";
import { keepGuest, postJson, renewToken, storedGuest } from "../net.js";
import { freshDevicesPanel } from "../store/state.js";

/** The code's alphabet (functions/service/link_codes.py): no 0/O, 1/I/L. */
export const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const CODE_LENGTH = 8;
/** While a code is shown, the list is asked again this often: the new device appears. */
const WATCH_MS = 4000;

/** What the panel shows: the store's (``state.devices``), bound by :func:`bindDevices`; this
 *  module changes it and redraws its own card, the one part of the page that shows it.
 *  @type {Panel} */
let panel = freshDevicesPanel();
/** @type {Hooks | null} */
let hooks = null;
let lastWatch = 0;
let loadedAt = 0;
/** The list shown again after this long away is read again (another device may have come). */
const STALE_MS = 30_000;

// -- pure helpers (tested in node) --------------------------------------------------------------

/** The code a person typed, as the server reads it (any case, dash and spaces aside), or null
 *  when it cannot be one.
 *  @param {string} typed @returns {string | null} */
export function normalCode(typed) {
  const code = String(typed ?? "").replace(/[\s\-\u2010-\u2015\u2212]+/g, "").toUpperCase();
  if (code.length !== CODE_LENGTH) return null;
  return [...code].every((c) => CODE_ALPHABET.includes(c)) ? code : null;
}

/** What is wrong with a typed code, in Portuguese; "" when it can be one.
 *  @param {string} typed @returns {string} */
export function codeMessage(typed) {
  if (!String(typed ?? "").trim()) return "Digite o código que aparece no outro aparelho.";
  return normalCode(typed) ? ""
    : "Confira o código: são 8 letras e números, como ABCD-2345 (sem 0, 1, I, L ou O).";
}

/** "9:05": minutes and seconds left.
 *  @param {number} ms @returns {string} */
export function clock(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

const DATE = new Intl.DateTimeFormat("pt-BR", { day: "numeric", month: "long", year: "numeric" });

/** When a device was last seen, as coarsely as it is kept (at most once an hour).
 *  @param {number} ms @param {number} now @returns {string} */
export function lastSeen(ms, now) {
  const day = (/** @type {number} */ t) => { const d = new Date(t); d.setHours(0, 0, 0, 0); return d.getTime(); };
  const days = Math.round((day(now) - day(ms)) / 86_400_000);
  if (days <= 0) return "usado hoje";
  if (days === 1) return "usado ontem";
  if (days < 7) return `usado há ${days} dias`;
  return `usado em ${DATE.format(ms)}`;
}

// -- the lobby's section -------------------------------------------------------------------------

/** The lobby's "Seus aparelhos" card, from what this module knows now (asks the list the
 *  first time). */
export function devicesSection() {
  sameOwner();
  const stale = panel.devices === null || Date.now() - loadedAt > STALE_MS;
  if (hooks && stale && !panel.loading && !panel.error) queueMicrotask(load);
  return `
    <section class="lx-card devices-card" aria-labelledby="devices-title" data-devices>
      <h3 id="devices-title">Seus aparelhos</h3>
      <p class="muted-text">Jogue no celular e no computador com o mesmo nome, a mesma
        classificação e as mesmas partidas. Não há senha: um código de uso único leva você
        ao outro aparelho.</p>
      ${codeArea()}
      ${listArea()}
    </section>`;
}

function codeArea() {
  if (panel.joinedLabel) {
    return `<div class="link-box link-done" role="status" data-link-done>
        <p><strong>Pronto!</strong> ${esc(panel.joinedLabel)} agora joga como você.</p>
        <button type="button" class="lx-secondary" id="devices-link" data-devices-action="link">Usar em mais um aparelho</button>
      </div>`;
  }
  const code = panel.code;
  if (!code) {
    return `<button type="button" class="lx-secondary devices-link" id="devices-link"
        data-devices-action="link"${panel.asking ? " disabled" : ""}>Usar em outro aparelho</button>`;
  }
  const left = code.expiresAtMs - Date.now();
  if (left <= 0) {
    return `<div class="link-box" data-link-expired>
        <p>O código expirou. Gere outro quando o outro aparelho estiver à mão.</p>
        <button type="button" class="lx-secondary" id="devices-link" data-devices-action="link">Gerar outro código</button>
      </div>`;
  }
  return `<div class="link-box" role="group" aria-labelledby="link-code-title" data-link-box>
      <h4 id="link-code-title" tabindex="-1">Seu código para o outro aparelho</h4>
      <p class="link-code" data-link-code>${esc(code.code)}</p>
      <p class="link-left" data-link-countdown>${countdownText(left)}</p>
      <ol class="link-steps">
        <li>No outro aparelho, abra o Vanlexis e toque em “Já jogo em outro aparelho”.</li>
        <li>Digite este código e toque em “Usar o código”: você continua como ${esc(storedGuest()?.name || "você")}.</li>
      </ol>
      <p class="hint">Não mostre o código a ninguém: quem digitá-lo entra como você.</p>
      <button type="button" class="lx-ghost" id="devices-link-close" data-devices-action="close-code">Fechar o código</button>
    </div>`;
}

/** @param {number} left */
function countdownText(left) {
  return `Vale por mais ${clock(left)} e só uma vez.`;
}

function listArea() {
  if (panel.error) {
    return `<div class="devices-list-state"><p class="form-error" role="alert">${esc(panel.error)}</p>
      <button type="button" class="lx-ghost" id="devices-retry" data-devices-action="reload">Tentar de novo</button></div>`;
  }
  if (!panel.devices) return '<p class="muted-text devices-list-state">Carregando seus aparelhos…</p>';
  const now = Date.now();
  const only = panel.devices.length === 1;
  const items = panel.devices.map((d) => {
    const meta = d.current ? "este aparelho" : lastSeen(d.lastSeenAtMs, now);
    const button = d.current
      ? `<button type="button" class="lx-ghost device-out" id="device-out-${esc(d.id)}"
           data-devices-action="signout" data-device="${esc(d.id)}"
           aria-describedby="device-name-${esc(d.id)}">Sair deste aparelho</button>`
      : `<button type="button" class="lx-secondary device-out" id="device-out-${esc(d.id)}"
           data-devices-action="signout" data-device="${esc(d.id)}"
           aria-describedby="device-name-${esc(d.id)}">Desconectar</button>`;
    return `<li class="device${d.current ? " device-current" : ""}" data-device-row="${esc(d.id)}">
        <span class="device-text"><strong id="device-name-${esc(d.id)}">${esc(d.label)}</strong>
          <small>${esc(meta)}</small></span>
        ${button}
      </li>`;
  }).join("");
  return `<div class="devices-list-box">
      <h4 id="devices-list-title">${only ? "Conectado só neste aparelho" : `Conectado em ${panel.devices.length} aparelhos`}</h4>
      <ul class="device-list" aria-labelledby="devices-list-title" data-device-list>${items}</ul>
      <button type="button" class="lx-ghost" id="devices-reload" data-devices-action="reload">Atualizar a lista</button>
    </div>`;
}

// -- the entry page ------------------------------------------------------------------------------

/** Why this device was signed out, at the top of the entry page ("" when it was not). */
export function devicesNotice() {
  return panel.notice
    ? `<p class="entry-notice" role="alert" data-signed-out-notice>${esc(panel.notice)}</p>` : "";
}

/** The entry page's way in for a player who plays elsewhere: "Já jogo em outro aparelho" and
 *  its field for a code. */
export function devicesEntry() {
  const toggle = `<button type="button" class="lx-ghost link-open" id="link-open" data-devices-action="open-entry"
      aria-expanded="${panel.entryOpen}" aria-controls="link-redeem">Já jogo em outro aparelho</button>`;
  const form = !panel.entryOpen ? "" : `
      <form class="entry-form link-form" id="link-redeem" data-form="link-code" novalidate>
        <label for="link-code">Código do outro aparelho</label>
        <div class="entry-row">
          <input id="link-code" name="linkCode" maxlength="16" autocapitalize="characters"
                 autocomplete="one-time-code" spellcheck="false" inputmode="text"
                 aria-describedby="link-code-hint link-code-error" placeholder="Ex.: ABCD-2345">
          <button class="lx-primary" type="submit"${panel.entryBusy ? " disabled" : ""}>Usar o código</button>
        </div>
        <p class="hint" id="link-code-hint">No aparelho em que você já joga, abra “Seus aparelhos”
          e toque em “Usar em outro aparelho”: o código vale 10 minutos.</p>
        <p class="form-error" id="link-code-error" role="alert" data-form-error></p>
      </form>`;
  return `<div class="link-entry">${toggle}${form}</div>`;
}

// -- wiring --------------------------------------------------------------------------------------

/** Wire the panel to the page: clicks, the code's form, the countdown.
 *  @param {Hooks} given */
export function bindDevices(given) {
  hooks = given;
  panel = given.panel;
  document.addEventListener("click", onClick);
  document.addEventListener("submit", onSubmit);
  document.addEventListener("input", onInput);
  setInterval(tick, 1000);
}

/** This device was signed out (by another, or by itself): what the entry page says.
 *  @param {string} message */
export function showSignedOut(message) {
  reset();
  panel.notice = message;
}

function reset() {
  stopCode();
  Object.assign(panel, { player: null, devices: null, loading: false, error: "",
    asking: false, joinedLabel: "", entryOpen: false, entryBusy: false, notice: "" });
}

/** Another player in this browser since the list was read (a new name, a code): start over. */
function sameOwner() {
  const owner = storedGuest()?.playerId || null;
  if (owner !== panel.player) {
    const notice = panel.notice;
    reset();
    panel.player = owner;
    panel.notice = owner ? "" : notice;
  }
}

/** Draw the lobby's card again where it is shown, keeping the focus on the same control. */
function redraw() {
  const host = document.querySelector("[data-devices]");
  if (!host) return;
  const focused = document.activeElement?.id;
  host.outerHTML = devicesSection();
  if (focused) document.getElementById(focused)?.focus();
}

/** Draw the entry page's part again. */
function redrawEntry() {
  const host = document.querySelector(".link-entry");
  if (!host) return;
  const kept = /** @type {HTMLInputElement | null} */ (document.getElementById("link-code"))?.value;
  host.outerHTML = devicesEntry();
  const field = /** @type {HTMLInputElement | null} */ (document.getElementById("link-code"));
  if (field && kept !== undefined) field.value = kept;
}

/** @param {string} path @param {Record<string, unknown>} body */
async function call(path, body) {
  if (!hooks) throw new Error("devices panel not bound");
  const answer = await postJson(`${hooks.apiUrl()}${path}`, body);
  if (answer.token) renewToken(answer.token);
  return answer;
}

/** A refusal that means this device is signed out: leave, saying why.
 *  @param {unknown} error @returns {boolean} */
function leftOut(error) {
  const e = /** @type {{ code?: string, message?: string }} */ (error);
  if (e?.code !== "auth.signed_out") return false;
  hooks?.onSignedOut(e.message || "Este aparelho foi desconectado.");
  return true;
}

async function load() {
  const guest = storedGuest();
  if (!guest || panel.loading) return;
  panel.loading = true;
  loadedAt = Date.now();
  try {
    const answer = await call("/devices", { token: guest.token });
    if (storedGuest()?.playerId !== guest.playerId) return;
    const before = new Set((panel.devices || []).map((d) => d.id));
    /** @type {Device[]} */
    const found = answer.devices || [];
    const added = panel.code && panel.devices ? found.find((d) => !before.has(d.id)) : undefined;
    panel.error = "";
    const changed = JSON.stringify(found) !== JSON.stringify(panel.devices);
    panel.devices = found;
    if (added) {
      stopCode();
      panel.joinedLabel = `“${added.label}”`;
    }
    if (changed || added) redraw();
  } catch (error) {
    if (leftOut(error)) return;
    panel.error = /** @type {Error} */ (error).message || "Não foi possível ler seus aparelhos.";
    redraw();
  } finally {
    panel.loading = false;
  }
}

async function makeCode() {
  const guest = storedGuest();
  if (!guest || panel.asking) return;
  panel.asking = true;
  panel.joinedLabel = "";
  redraw();
  try {
    const answer = await call("/link", { token: guest.token });
    panel.code = { code: String(answer.code),
                   expiresAtMs: Date.now() + Number(answer.expiresInSeconds) * 1000 };
    lastWatch = Date.now();
  } catch (error) {
    if (leftOut(error)) return;
    hooks?.toast(/** @type {Error} */ (error).message, "error");
  } finally {
    panel.asking = false;
  }
  redraw();
  document.getElementById("link-code-title")?.focus();
}

function stopCode() {
  panel.code = null;
}

/** @param {string} id */
async function signOut(id) {
  const guest = storedGuest();
  const device = panel.devices?.find((d) => d.id === id);
  if (!guest || !device) return;
  const alone = (panel.devices || []).length === 1;
  const question = device.current
    ? (alone
      ? `Este é o seu único aparelho. Se sair, ninguém mais entra como “${guest.name}”: o nome, a classificação e as medalhas ficam para trás. Sair mesmo assim?`
      : `Sair deste aparelho? Para voltar a jogar aqui como “${guest.name}”, você vai precisar de um código de outro aparelho seu.`)
    : `Desconectar “${device.label}”? Ele sai da sua conta na hora e só volta com um novo código.`;
  if (!await confirmDialog(question, device.current ? "Sair" : "Desconectar", { danger: true })) return;
  try {
    const answer = await call("/devices/signout", { token: guest.token, device: id });
    if (answer.current) {
      hooks?.onSignedOut("Você saiu deste aparelho. Para voltar como antes, use “Já jogo em outro aparelho” com um código de outro aparelho seu, ou entre com um nome novo.");
      return;
    }
    hooks?.toast(`“${device.label}” foi desconectado.`, "info");
  } catch (error) {
    if (leftOut(error)) return;
    hooks?.toast(/** @type {Error} */ (error).message, "error");
  }
  panel.devices = null;
  await load();
  redraw();
  document.getElementById("devices-title")?.focus();
}

/** @param {HTMLFormElement} form */
async function redeem(form) {
  const field = /** @type {HTMLInputElement} */ (form.elements.namedItem("linkCode"));
  const box = form.querySelector("[data-form-error]");
  const problem = codeMessage(field.value);
  /** @param {string} text */
  const say = (text) => {
    if (box) box.textContent = text;
    if (text) field.setAttribute("aria-invalid", "true"); else field.removeAttribute("aria-invalid");
  };
  if (problem) {
    say(problem);
    field.focus();
    return;
  }
  say("");
  panel.entryBusy = true;
  form.querySelector("button[type=submit]")?.setAttribute("disabled", "");
  try {
    const guest = /** @type {Guest} */ (await call("/link/redeem", { code: field.value }));
    keepGuest(guest);
    reset();
    panel.player = guest.playerId;
    hooks?.onJoined(guest);
  } catch (error) {
    panel.entryBusy = false;
    form.querySelector("button[type=submit]")?.removeAttribute("disabled");
    say(/** @type {Error} */ (error).message);
    field.focus();
  }
}

/** @param {Event} event */
function onClick(event) {
  const target = /** @type {HTMLElement | null} */ (event.target);
  const button = /** @type {HTMLElement | null} */ (target?.closest?.("[data-devices-action]"));
  if (!button) return;
  const action = button.dataset.devicesAction;
  if (action === "link") makeCode();
  else if (action === "close-code") {
    stopCode();
    redraw();
    document.getElementById("devices-link")?.focus();
  } else if (action === "reload") {
    panel.error = "";
    panel.devices = null;
    redraw();
    load();
  } else if (action === "signout" && button.dataset.device) signOut(button.dataset.device);
  else if (action === "open-entry") {
    panel.entryOpen = !panel.entryOpen;
    redrawEntry();
    document.getElementById(panel.entryOpen ? "link-code" : "link-open")?.focus();
  }
}

/** A code being typed again: the last refusal no longer applies.
 *  @param {Event} event */
function onInput(event) {
  const field = /** @type {HTMLInputElement | null} */ (event.target);
  if (field?.id !== "link-code") return;
  field.removeAttribute("aria-invalid");
  const box = field.form?.querySelector("[data-form-error]");
  if (box) box.textContent = "";
}

/** @param {Event} event */
function onSubmit(event) {
  const form = /** @type {HTMLFormElement} */ (event.target);
  if (form?.dataset?.form !== "link-code") return;
  event.preventDefault();
  if (!panel.entryBusy) redeem(form);
}

/** Every second: the countdown, the code's end, and (while a code is shown) the list. */
function tick() {
  const code = panel.code;
  if (!code) return;
  const left = code.expiresAtMs - Date.now();
  const line = document.querySelector("[data-link-countdown]");
  if (left <= 0) {
    if (!code.ended) {
      code.ended = true;
      redraw();
    }
    return;
  }
  if (line) line.textContent = countdownText(left);
  if (Date.now() - lastWatch >= WATCH_MS && document.querySelector("[data-devices]")) {
    lastWatch = Date.now();
    load();
  }
}
