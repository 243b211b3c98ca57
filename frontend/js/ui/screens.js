// @ts-check
// The screens around a match: entry, lobby, queue, room, and the end of a match.
// Each one is a template string; its main heading is an <h2 data-screen-heading> that takes the
// focus when the screen changes. The look lives in css/lobby.css, under the .lx class.
import { esc, must, targetOf } from "./dom.js";
import { TIE_BREAKS, clockText, inWords, plural, reasonText, shout } from "../text.js";
import { finalBoard, movesList, reviewHtml, seatSummaries, tieBreakText } from "./summary.js";
import { dailyShareText } from "../store/daily.js";
import { tiles } from "./tiles.js";
import { devicesSection } from "./devices.js";
import { matchListSection } from "./match_list.js";
import { named } from "../store/catalog.js";

export { entryScreen, validationMessage } from "./entry.js";

/** @import { State, RoomSettings } from "../types/page" */
/** @import { FormSettings, RoomForm } from "../types/protocol" */
/**
 * @typedef {Pick<FormSettings, "rounds" | "turnSeconds" | "cards" | "themed"> & { bots?: number }} Summarized
 * @typedef {Omit<FormSettings, "themeId" | "bots" | "botLevel"> & { bots?: number, botLevel?: number }} FormRead
 *   what a form says: a Solo or room form asks for bots, a table's theme is not asked
 */

// -- small helpers -----------------------------------------------------------------------------

const NUMBER = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1, useGrouping: "min2" });

/**
 * A number as Brazilians write it: a decimal comma, a dot for thousands only from 10.000 on.
 * @param {unknown} value
 */
function num(value) {
  return NUMBER.format(Number(value) || 0);
}

/** @param {unknown} value */
function rating(value) {
  return num(Math.round(Number(value) || 0));
}

// The <details> groups the player opened stay open when a frame re-renders the screen.
/** @type {Set<string>} */
const openGroups = new Set();
if (typeof document !== "undefined") {
  document.addEventListener("toggle", (event) => {
    const details = event.target;
    if (!(details instanceof HTMLDetailsElement)) return;
    const key = details.dataset.keepOpen;
    if (!key) return;
    if (details.open) openGroups.add(key); else openGroups.delete(key);
  }, true);
}

// The line under "Jogar agora" follows the solo settings as the player changes them.
if (typeof document !== "undefined") {
  document.addEventListener("change", (event) => {
    const box = targetOf(event)?.closest("[data-settings]");
    const prefix = box?.getAttribute("data-settings");
    const line = prefix && document.querySelector(`[data-settings-summary="${prefix}"]`);
    if (prefix && line) line.textContent = settingsSummary(readSettings(document, prefix));
  });
}

/**
 * A <details> group that stays open across redraws once the player opened it.
 * @param {string} key
 * @param {string} summary
 * @param {string} body
 * @param {{ className?: string, extra?: string }} [how]
 */
function group(key, summary, body, { className = "adjust", extra = "" } = {}) {
  return `<details class="${className}" data-keep-open="${key}"${openGroups.has(key) ? " open" : ""}${extra}>
      <summary>${summary}</summary>
      <div class="group-body">${body}</div>
    </details>`;
}

const ICONS = {
  robot: `<svg viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect x="6" y="10" width="20" height="16" rx="5" fill="currentColor"/><circle cx="12.5" cy="17.5" r="2.4" fill="#fff"/><circle cx="19.5" cy="17.5" r="2.4" fill="#fff"/><rect x="12" y="22" width="8" height="1.8" rx=".9" fill="#fff"/><rect x="15" y="4" width="2" height="6" fill="currentColor"/><circle cx="16" cy="4" r="2.4" fill="currentColor"/><rect x="2" y="15" width="3" height="6" rx="1.5" fill="currentColor"/><rect x="27" y="15" width="3" height="6" rx="1.5" fill="currentColor"/></svg>`,
  people: `<svg viewBox="0 0 32 32" aria-hidden="true" focusable="false"><circle cx="11" cy="11" r="4.5" fill="currentColor"/><circle cx="22" cy="12" r="3.6" fill="currentColor" opacity=".75"/><path d="M2.5 26c0-5 3.8-8.5 8.5-8.5s8.5 3.5 8.5 8.5z" fill="currentColor"/><path d="M17.5 19.4c1.2-.8 2.8-1.3 4.5-1.3 4 0 7.5 3 7.5 7.9h-8.4c0-2.6-1.3-5-3.6-6.6z" fill="currentColor" opacity=".75"/></svg>`,
  key: `<svg viewBox="0 0 32 32" aria-hidden="true" focusable="false"><circle cx="10.5" cy="16" r="6.5" fill="none" stroke="currentColor" stroke-width="3.2"/><path d="M16.5 16h13M24.5 16v5M28.5 16v4" stroke="currentColor" stroke-width="3.2" stroke-linecap="round" fill="none"/></svg>`,
  trophy: `<svg viewBox="0 0 48 48" aria-hidden="true" focusable="false"><path d="M14 6h20v10a10 10 0 0 1-20 0z" fill="currentColor"/><path d="M14 9H7v3a7 7 0 0 0 7 7M34 9h7v3a7 7 0 0 1-7 7" fill="none" stroke="currentColor" stroke-width="3"/><rect x="21" y="25" width="6" height="8" fill="currentColor"/><rect x="14" y="33" width="20" height="5" rx="2" fill="currentColor"/><rect x="11" y="38" width="26" height="4" rx="2" fill="currentColor"/></svg>`,
  flag: `<svg viewBox="0 0 48 48" aria-hidden="true" focusable="false"><rect x="9" y="5" width="3.5" height="38" rx="1.7" fill="currentColor"/><path d="M12.5 7h24l-5 8 5 8h-24z" fill="currentColor"/></svg>`,
};

/** @param {string | null | undefined} name */
function initials(name) {
  const parts = String(name || "?").trim().split(/\s+/);
  return esc(((parts[0]?.[0] || "?") + (parts.length > 1 ? parts[parts.length - 1][0] : "")).toUpperCase());
}

// -- the settings of a match -------------------------------------------------------------------

/** @param {number} v */
function seconds(v) {
  if (v >= 2 * 86400 && v % 86400 === 0) return plural(v / 86400, "dia", "dias");
  if (v >= 3600) return plural(v / 3600, "hora", "horas");
  if (v < 60) return `${v} segundos`;
  const min = Math.floor(v / 60);
  const rest = v % 60;
  if (!rest) return plural(min, "minuto", "minutos");
  return rest === 30 ? `${plural(min, "minuto", "minutos")} e meio` : `${plural(min, "minuto", "minutos")} e ${rest} s`;
}

// The short form for the options of a select (it must fit half a phone's width).
/** @param {number} v */
function shortSeconds(v) {
  if (v >= 3600) return seconds(v);
  if (v < 60) return `${v} s`;
  return v % 60 === 30 ? `${Math.floor(v / 60)} min e meio` : `${v / 60} min`;
}

/** @param {Summarized} s */
function settingsSummary(s) {
  const parts = [plural(s.rounds, "rodada", "rodadas"), `${seconds(s.turnSeconds)} por turno`];
  if (s.bots !== undefined) {
    parts.unshift(s.bots ? plural(s.bots, "robô", "robôs") : "sem robôs");
  }
  parts.push(s.cards ? "com cartas" : "sem cartas");
  parts.push(s.themed ? "com tema" : "sem tema");
  return parts.join(" · ");
}

/** A Solo or room form: its starting values ``settings``, its limits and choices the
 *  catalogue's ``form`` (the page offers nothing the server would refuse). */
/**
 * @param {string} prefix
 * @param {RoomForm} form
 * @param {FormSettings} settings
 * @param {{ withBots?: boolean }} [how]
 */
function settingsForm(prefix, form, settings, { withBots = true } = {}) {
  const s = settings;
  const opt = (/** @type {number} */ value, /** @type {string} */ label, /** @type {number} */ current) =>
    `<option value="${value}"${value === current ? " selected" : ""}>${label}</option>`;
  /** @type {Record<string, keyof FormSettings>} */
  const names = { turn: "turnSeconds", rounds: "rounds", bots: "bots", level: "botLevel" };
  const field = (/** @type {string} */ name, /** @type {string} */ label, /** @type {string} */ options) => `
      <div class="field">
        <label for="${prefix}-${name}">${label}</label>
        <select id="${prefix}-${name}" name="${names[name]}">${options}</select>
      </div>`;
  /** @param {string} name @param {"cards" | "themed" | "spectators"} key @param {string} label @param {string} hint */
  const toggle = (name, key, label, hint) => `
      <div class="switch">
        <input id="${prefix}-${name}" name="${key}" type="checkbox" role="switch"
               aria-describedby="${prefix}-${name}-hint"${s[key] ? " checked" : ""}>
        <label for="${prefix}-${name}">${label}<small id="${prefix}-${name}-hint">${hint}</small></label>
      </div>`;
  return `
    <div class="settings" data-settings="${prefix}">
      ${withBots ? `
      ${field("bots", "Robôs", form.bots.choices.map((v) => opt(v, v ? plural(v, "robô", "robôs") : "Nenhum", s.bots)).join(""))}
      ${field("level", "Nível dos robôs", form.botLevels.map((l) => opt(l.level, esc(l.name), s.botLevel)).join(""))}` : ""}
      ${field("rounds", "Rodadas", form.rounds.choices.map((v) => opt(v, plural(v, "rodada", "rodadas"), s.rounds)).join(""))}
      ${field("turn", "Tempo por turno", `<optgroup label="Ao vivo">${form.turnSeconds.choices.map((v) => opt(v, shortSeconds(v), s.turnSeconds)).join("")}</optgroup>
        <optgroup label="No seu ritmo">${form.paceSeconds.map((v) => opt(v, shortSeconds(v), s.turnSeconds)).join("")}</optgroup>`)}
      ${toggle("cards", "cards", "Cartas de poder", "Compre cartas com moedas e vire o jogo.")}
      ${toggle("themed", "themed", "Com tema", "Palavras do tema valem mais pontos.")}
      ${toggle("spectators", "spectators", "Espectadores", "Quem tiver o link da partida pode assistir ao vivo, sem ver as peças de ninguém.")}
    </div>`;
}

/**
 * The settings a form says now.
 * @param {ParentNode} root
 * @param {string} prefix the form's (solo, room, update)
 * @returns {FormRead}
 */
export function readSettings(root, prefix) {
  const box = must(root, `[data-settings="${prefix}"]`);
  const number = (/** @type {string} */ name) => Number(must(box, `[name="${name}"]`, HTMLSelectElement).value);
  const checked = (/** @type {string} */ name) => must(box, `[name="${name}"]`, HTMLInputElement).checked;
  /** @type {FormRead} */
  const out = {
    turnSeconds: number("turnSeconds"), rounds: number("rounds"),
    cards: checked("cards"), themed: checked("themed"), spectators: checked("spectators"),
  };
  if (box.querySelector('[name="bots"]')) {
    out.bots = number("bots");
    out.botLevel = number("botLevel");
  }
  return out;
}

// -- lobby -------------------------------------------------------------------------------------

/** @param {State} state */
function profileStrip(state) {
  const me = state.me;
  const matches = me?.matches ?? 0;
  const rated = me?.ratedMatches ?? 0;
  const badges = me?.badges || [];
  return `
    <section class="lx-hello" aria-labelledby="profile-title">
      <span class="avatar" aria-hidden="true">${initials(me?.name)}</span>
      <div class="hello-text">
        <h2 id="profile-title" tabindex="-1" data-screen-heading>Olá, ${esc(me?.name || "")}!</h2>
        <p data-profile class="stats">
          <span class="stat stat-rating">Classificação <strong>${me?.rating === undefined ? "—" : rating(me.rating)}</strong></span>
          <span class="stat">${matches ? plural(matches, "partida jogada", "partidas jogadas") : "Nenhuma partida terminada ainda"}</span>
          ${rated ? `<span class="stat">${plural(rated, "partida normal", "partidas normais")}</span>` : ""}
          ${badges.length ? `<span class="stat">${plural(badges.length, "medalha", "medalhas")}</span>` : ""}
        </p>
      </div>
    </section>`;
}

/** @param {State} state @param {RoomForm} form */
function soloMode(state, form) {
  const s = { ...form.solo, ...(state.lastSettings || {}) };
  return `
    <section class="mode mode-solo" aria-labelledby="solo-title">
      <div class="mode-main">
        <div class="mode-head">
          <span class="emblem">${ICONS.robot}</span>
          <div>
            <p class="mode-kicker">O jeito mais rápido</p>
            <h3 id="solo-title">Solo contra robôs</h3>
          </div>
        </div>
        <p class="mode-pitch">Começa na hora: você contra robôs do nível que escolher.</p>
        <button class="play-now" data-action="start-solo">
          <span class="play-icon" aria-hidden="true">▶</span> Jogar agora
        </button>
        <p class="mode-note" data-settings-summary="solo">${esc(settingsSummary(s))}</p>
      </div>
      ${tiles("JOGAR", "tiles hero-tiles", state.catalog?.tileValues)}
      ${group("solo", "Ajustes da partida solo", settingsForm("solo", form, s), { className: "adjust adjust-on-dark" })}
    </section>`;
}

/** @param {RoomForm} form */
function normalMode(form) {
  const seats = form.seats.choices.map((n) =>
    `<option value="${n}"${n === form.queueSeats ? " selected" : ""}>${plural(n, "jogador", "jogadores")}</option>`).join("");
  return `
    <section class="mode mode-normal" aria-labelledby="normal-title">
      <div class="mode-head">
        <span class="emblem">${ICONS.people}</span>
        <div>
          <p class="mode-kicker">Vale classificação</p>
          <h3 id="normal-title">Partida normal</h3>
        </div>
      </div>
      <p class="mode-pitch">Entre na fila: se faltar gente, robôs do seu nível completam a mesa.</p>
      <div class="field">
        <label for="queue-seats">Jogadores na mesa</label>
        <select id="queue-seats">${seats}</select>
      </div>
      <div class="switch">
        <input id="queue-paced" type="checkbox" role="switch" aria-describedby="queue-paced-hint">
        <label for="queue-paced">No seu ritmo<small id="queue-paced-hint">${seconds(form.queuePaceSeconds)} por jogada: jogue quando puder, em várias partidas ao mesmo tempo.</small></label>
      </div>
      <button class="lx-secondary" data-action="join-queue">Entrar na fila</button>
    </section>`;
}

/** @param {State} state @param {RoomForm} form */
function customMode(state, form) {
  return `
    <section class="mode mode-custom" aria-labelledby="room-title">
      <div class="mode-head">
        <span class="emblem">${ICONS.key}</span>
        <div>
          <p class="mode-kicker">Com amigos</p>
          <h3 id="room-title">Customizada</h3>
        </div>
      </div>
      <p class="mode-pitch">Crie uma sala com suas regras e passe o código, ou entre numa sala.</p>
      ${group("room", "Ajustes da sala", settingsForm("room", form, { ...form.room, ...(state.lastSettings || {}) }))}
      <button class="lx-secondary" data-action="create-room">Criar sala</button>
      <form class="join-form" data-form="join-room" novalidate>
        <label for="room-code">Código da sala</label>
        <div class="entry-row">
          <input id="room-code" name="code" maxlength="8" autocapitalize="characters" autocomplete="off"
                 spellcheck="false" required aria-describedby="room-code-error" placeholder="EX.: K7QH2M">
          <button type="submit" class="lx-secondary">Entrar na sala</button>
        </div>
        <p class="form-error" id="room-code-error" role="alert" data-form-error></p>
      </form>
    </section>`;
}

/** @param {State} state */
function extrasPanel(state) {
  const me = state.me;
  const styles = (me?.styles || ["classico"]).map((id) =>
    `<option value="${esc(id)}"${id === me?.tileStyle ? " selected" : ""}>${esc(named(state.catalog?.tileStyles, id))}</option>`).join("");
  const boards = (me?.boardStyles || ["claro"]).map((id) =>
    `<option value="${esc(id)}"${id === me?.boardStyle ? " selected" : ""}>${esc(named(state.catalog?.boardStyles, id))}</option>`).join("");
  const badges = (me?.badges || []).map((b) => `<li class="medal"><span class="medal-icon" aria-hidden="true"></span>${esc(named(state.catalog?.badges, b))}</li>`).join("");
  const board = state.leaderboard || [];
  return `
    <div class="lx-extras">
      <section class="lx-card" aria-labelledby="looks-title">
        <h3 id="looks-title">Seu visual</h3>
        ${badges ? `<ul class="medals" aria-label="Suas medalhas">${badges}</ul>`
          : '<p class="muted-text">Jogue para ganhar medalhas e estilos (só visuais).</p>'}
        <div class="looks">
          <div class="field"><label for="tile-style">Estilo das peças</label>
            <select id="tile-style" data-style="tile">${styles}</select></div>
          <div class="field"><label for="board-style">Tabuleiro</label>
            <select id="board-style" data-style="board">${boards}</select></div>
        </div>
      </section>
      <section class="lx-card" aria-labelledby="leaders-title">
        <h3 id="leaders-title">Melhores jogadores</h3>
        <details class="adjust" data-leaderboard-box data-keep-open="leaders"${openGroups.has("leaders") ? " open" : ""}>
          <summary>Ver a classificação</summary>
          <div class="group-body">
          ${board.length ? `<div class="scroll-box" tabindex="0" role="region" aria-label="Melhores jogadores">
            <table class="lx-table"><thead><tr><th scope="col">#</th><th scope="col">Jogador</th>
              <th scope="col" class="num">Classificação</th><th scope="col" class="num">Partidas</th></tr></thead>
            <tbody>${board.map((p) => `<tr${p.name === me?.name ? ' class="me"' : ""}><td>${p.rank}º</td><td>${esc(p.name)}</td>
              <td class="num">${rating(p.rating)}</td><td class="num">${num(p.matches)}</td></tr>`).join("")}</tbody></table></div>`
            : '<p class="muted-text">Ninguém na lista ainda: a classificação conta as partidas normais, da fila.</p>'}
          </div>
        </details>
      </section>
    </div>`;
}

/** Still waiting at the queue at one's own pace, back in the lobby meanwhile: said, with the
 *  way back to the queue and the way out of it.
 *  @param {State} state */
function waitingCard(state) {
  const q = state.queue;
  if (q?.status !== "waiting") return "";
  return `
    <section class="lx-card waiting-note" aria-labelledby="waiting-title">
      <h3 id="waiting-title">Você está na fila${q.paced ? " no seu ritmo" : ""}</h3>
      <p class="muted-text">Mesa de ${plural(q.seats, "jogador", "jogadores")}: quando ela fechar, a partida aparece em “Suas partidas”.</p>
      <div class="row-actions">
        <button class="lx-secondary" data-action="show-queue">Ver a fila</button>
        <button class="lx-secondary" data-action="leave-queue">Sair da fila</button>
      </div>
    </section>`;
}

/** @param {State} state */
export function lobbyScreen(state) {
  const form = state.catalog?.form;
  if (!form) return '<p class="loading">Conectando…</p>';  // the welcome has not come yet
  return `
    <div class="lx lx-lobby">
      ${profileStrip(state)}
      ${rematchCard(state)}
      ${waitingCard(state)}
      ${matchListSection(state, Date.now())}
      <nav class="learn-strip" aria-label="Aprender a jogar">
        <a href="#/como-jogar" id="learn-guide" data-learn>Como jogar em 2 minutos</a>
        <a href="#/com-amigos" id="learn-friends">Jogar com amigos</a>
        <a href="#/regras" id="learn-rules">Regras completas</a>
      </nav>
      ${soloMode(state, form)}
      ${dailyCard(state)}
      <div class="mode-grid">
        ${normalMode(form)}
        ${customMode(state, form)}
      </div>
      ${extrasPanel(state)}
      ${devicesSection()}
    </div>`;
}

// -- queue -------------------------------------------------------------------------------------

/** @param {State} state */
export function queueScreen(state) {
  const q = state.queue;
  const left = q?.fillAtMs ? Math.max(0, Math.ceil((q.fillAtMs - Date.now()) / 1000)) : null;
  const players = q?.players || [];
  const seats = Math.max(q?.seats ?? 0, players.length);
  const chairs = Array.from({ length: seats }, (_, i) => {
    const name = players[i];
    return name
      ? `<li class="chair taken"><span class="avatar" aria-hidden="true">${initials(name)}</span><span>${esc(name)}</span></li>`
      : '<li class="chair free"><span class="avatar" aria-hidden="true">?</span><span>Lugar livre</span></li>';
  }).join("");
  return `
    <div class="lx lx-narrow">
      <section class="lx-card wait-card" aria-labelledby="queue-title">
        ${tiles("FILA", "tiles wait-tiles", state.catalog?.tileValues)}
        <h2 id="queue-title" tabindex="-1" data-screen-heading>Procurando partida…</h2>
        <p class="lead" aria-live="polite">Mesa de ${q?.seats ? plural(q.seats, "jogador", "jogadores") : "? jogadores"}:
          ${plural(players.length, "já chegou", "já chegaram")}.</p>
        <ul class="chairs" aria-label="Lugares da mesa">${chairs}</ul>
        ${left !== null ? `<p class="timer-pill" data-queue-timer>Robôs completam a mesa em ${clockText(left).text}.</p>` : ""}
        ${q?.paced ? '<p class="muted-text">Uma partida no seu ritmo: quando a mesa fechar, ela aparece em “Suas partidas”. Pode voltar ao saguão enquanto espera.</p>' : ""}
        ${q?.paced ? '<button class="lx-secondary" data-action="to-list">Voltar ao saguão</button>' : ""}
        <button class="lx-secondary" data-action="leave-queue">Sair da fila</button>
      </section>
    </div>`;
}

// -- room --------------------------------------------------------------------------------------

/** @param {Pick<State, "room" | "catalog">} state */
export function roomScreen(state) {
  const room = state.room;
  if (!room) return '<p class="loading">Conectando…</p>';
  const host = room.players.find((p) => p.host);
  // By the server's "you" flag, never by name: two people may share a name.
  const amHost = Boolean(host?.you);
  const form = state.catalog?.form;
  if (!form) return '<p class="loading">Conectando…</p>';
  // The room's settings as the server stored them: whole room settings (the protocol types
  // them as a plain object).
  const settings = { ...form.room, .../** @type {Partial<FormSettings>} */ (room.settings) };
  const bots = settings.bots || 0;
  const alone = room.players.length + bots < form.seats.min;
  const people = room.players.map((p) => `
        <li class="chair taken"><span class="avatar" aria-hidden="true">${initials(p.name)}</span>
          <span>${esc(p.name)}${p.you ? " (você)" : ""}</span>
          ${p.host ? '<span class="tag tag-host">anfitrião</span>' : ""}</li>`).join("");
  const robots = Array.from({ length: bots }, (_, i) => `
        <li class="chair robot"><span class="avatar" aria-hidden="true">${ICONS.robot}</span>
          <span>Robô ${i + 1}</span><span class="tag tag-bot">robô</span></li>`).join("");
  return `
    <div class="lx lx-narrow">
      <section class="lx-card room-card" aria-labelledby="room-screen-title">
        <h2 id="room-screen-title" tabindex="-1" data-screen-heading>Sala de ${esc(host?.name || "amigos")}</h2>
        <div class="code-box">
          <p class="code-label" id="room-code-label">Código para compartilhar</p>
          <p class="code-value"><span class="code" data-room-code>${esc(room.code)}</span></p>
          <button class="lx-secondary copy" data-action="copy-code" data-code="${esc(room.code)}">Copiar código</button>
        </div>
        <p class="mode-note on-light">${esc(settingsSummary(settings))}</p>
        <h3 class="sub">À mesa (${room.players.length + bots})</h3>
        <ul class="chairs">${people}${robots}</ul>
        ${amHost ? `
        <button class="play-now" data-action="start-room" ${alone ? 'disabled aria-describedby="room-alone"' : ""}><span class="play-icon" aria-hidden="true">▶</span> Começar partida</button>
        ${alone ? `<p class="mode-note on-light" id="room-alone">Uma partida precisa de pelo menos ${inWords(form.seats.min, "jogador", "jogadores")}: passe o código a alguém ou ponha robôs nos ajustes da sala.</p>` : ""}
        ${group("update", "Ajustes da sala", `${settingsForm("update", form, settings)}
          <button class="lx-secondary" data-action="update-room">Salvar ajustes</button>`)}`
        : `<p class="waiting"><span class="pulse" aria-hidden="true"></span>Aguardando ${esc(host?.name || "o anfitrião")} começar a partida.</p>`}
        <button class="lx-ghost" data-action="leave-room">Sair da sala</button>
      </section>
    </div>`;
}

// -- the end of a match ------------------------------------------------------------------------

/** @type {Record<string, string>} */
const SHARE_BANDS = { "🟥": "Escaldante", "🟧": "Quente", "🟨": "Morno", "⬜": "Frio", "⬛": "passe ou troca" };

// The text is copied with emoji squares (what messengers show); the page draws them with CSS,
// so they look right without an emoji font.
/** @param {State} state */
function dailyShare(state) {
  const [title, points, squares = ""] = dailyShareText(state).split("\n");
  const cells = [...squares].map((sq) => `<span class="share-sq" data-band-square="${esc(SHARE_BANDS[sq] || "")}"></span>`).join("");
  const label = [...squares].map((sq) => SHARE_BANDS[sq] || "").join(", ");
  return `<div class="daily-share" data-daily-share>
          <p>Seu resultado, sem spoilers, para compartilhar:</p>
          <div class="share-card"><p data-share-text>${esc(title)}<br>${esc(points)}</p>
            <p class="share-squares" role="img" aria-label="Lances: ${esc(label)}">${cells}</p></div>
          <button class="play-now" data-action="share-daily">Copiar o resultado</button>
        </div>`;
}

/** @type {Record<string, string>} */
const REMATCH_NOTES = {
  daily: "O desafio do dia tem uma tentativa só: amanhã tem outro.",
  solo: "Jogar de novo: os mesmos robôs e os mesmos ajustes.",
  normal: "Jogar de novo: você volta para a fila de partidas normais, com mesas do mesmo tamanho.",
  room: "Jogar de novo: a sala reabre com os mesmos ajustes e cada pessoa aceita; a partida começa quando todos voltarem.",
};

/** @param {State} state */
function dailyCard(state) {
  const d = state.daily;
  if (!d) return "";
  const board = d.leaderboard.map((e) => `<li${e.you ? ' class="me"' : ""}><span>${e.rank}º ${esc(e.name)}${e.you ? " (você)" : ""}</span><strong>${num(e.score)}</strong></li>`).join("");
  const action = !d.played
    ? '<button class="lx-secondary" data-action="start-daily">Jogar o desafio</button>'
    : d.score !== null && d.score !== undefined
      ? `<p class="daily-done" data-daily-score>Você fez <strong>${plural(d.score, "ponto", "pontos")}</strong> hoje. ${d.matchId ? `<a href="#/partida/${esc(d.matchId)}">Rever a partida</a>` : ""}</p>`
      : '<p class="daily-done">Sua tentativa de hoje está em andamento.</p>';
  return `
      <section class="lx-card daily-card" aria-labelledby="daily-title" data-daily>
        <p class="mode-kicker">O mesmo para todo mundo, um por dia</p>
        <h3 id="daily-title">Desafio do dia #${d.number}</h3>
        <p>Tema <strong>${esc(d.theme)}</strong> · ${plural(d.rounds, "rodada", "rodadas")}, ${d.cards ? "com cartas" : "sem cartas"} e sem robôs. Você tem uma tentativa; o próximo sai à meia-noite (horário de Brasília).</p>
        ${action}
        ${board ? `<details class="adjust" data-keep-open="daily"${openGroups.has("daily") ? " open" : ""}>
          <summary>Classificação de hoje (${plural(d.players, "jogador", "jogadores")})</summary>
          <ol class="daily-board">${board}</ol></details>` : ""}
      </section>`;
}

/** @param {State} state */
function rematchCard(state) {
  const offer = state.rematchOffer;
  if (!offer) return "";
  return `
      <section class="lx-card rematch-card" aria-labelledby="rematch-title" data-rematch-offer>
        <h3 id="rematch-title">${esc(offer.by)} quer jogar de novo</h3>
        <p>A sala ${esc(offer.code)} reabriu com a mesma mesa da última partida.</p>
        <div class="end-actions">
          <button class="play-now" data-action="rematch">Aceitar</button>
          <button class="lx-secondary" data-action="dismiss-rematch">Agora não</button>
        </div>
      </section>`;
}

/** @param {State} state */
export function endScreen(state) {
  const ended = state.ended;
  if (!ended) return '<p class="loading">Conectando…</p>';
  const view = state.view;
  const ranking = ended.result.ranking;
  const winner = ranking.find((r) => r.rank === 1) || ranking[0];
  const iWon = winner && view && winner.seat === view.you;
  const hasRatings = Boolean(ended.ratings?.length);
  const rows = ranking.map((r) => {
    const change = ended.ratings?.find((x) => x.seat === r.seat);
    const seat = view?.seats?.[r.seat];
    const delta = change ? Math.round(change.after) - Math.round(change.before) : 0;
    return `<tr class="${r.seat === view?.you ? "me" : ""}${r.rank === 1 ? " first" : ""}">
      <td><span class="place place-${Math.min(r.rank, 4)}">${r.rank}º</span></td>
      <td><span class="who">${esc(r.name)}${r.seat === view?.you ? " (você)" : ""}${seat?.bot ? ' <span class="tag tag-bot">robô</span>' : ""}</span>
        ${r.tieBreak ? `<small class="tie">${esc(TIE_BREAKS[r.tieBreak] || r.tieBreak)}</small>` : ""}</td>
      <td class="num"><strong>${num(r.score)}</strong></td>
      <td class="word">${r.longestWord ? `<span class="word-chip">${esc(shout(r.longestWord))}</span>` : "—"}</td>
      ${hasRatings ? `<td class="num">${change ? `${rating(change.before)} → ${rating(change.after)}
        <span class="delta ${delta >= 0 ? "up" : "down"}">${delta >= 0 ? "+" : "−"}${num(Math.abs(delta))}</span>` : "—"}</td>` : ""}</tr>`;
  }).join("");
  const earned = (ended.badges || []).find((b) => b.seat === view?.you)?.badges || [];
  const badge = earned.map((b) => esc(named(state.catalog?.badges, b))).join(", ");
  const alone = ranking.length === 1;
  const title = alone ? `Fim da partida: ${plural(winner?.score ?? 0, "ponto", "pontos")}`
    : iWon ? "Você venceu!" : winner ? `${esc(winner.name)} venceu` : "Fim da partida";
  const tie = tieBreakText(ranking);
  const offer = state.rematchOffer?.matchId === ended.matchId ? state.rematchOffer : null;
  return `
    <div class="lx lx-end">
      <section class="lx-card end-card" aria-labelledby="end-title">
        <div class="end-banner${iWon ? " won" : ""}">
          <span class="end-emblem">${iWon ? ICONS.trophy : ICONS.flag}</span>
          <div>
            <p class="mode-kicker">Fim da partida</p>
            <h2 id="end-title" tabindex="-1" data-screen-heading>${title}</h2>
            <p class="end-reason">A partida terminou porque ${esc(reasonText(ended.result.reason, { alone, passes: view?.passesToEnd }))}.</p>
          </div>
        </div>
        <div class="scroll-box" tabindex="0" role="region" aria-label="Resultado da partida">
          <table class="lx-table standings">
            <thead><tr><th scope="col">Lugar</th><th scope="col">Jogador</th><th scope="col" class="num">Pontos</th>
              <th scope="col">Palavra mais longa</th>${hasRatings ? '<th scope="col" class="num">Classificação</th>' : ""}</tr></thead>
            <tbody>${rows}</tbody>
          </table>
        </div>
        ${tie ? `<p class="tie-note" data-tie-break>${tie}</p>` : ""}
        ${ended.unrated ? `<p class="tie-note" data-unrated>${esc(ended.unrated)}</p>` : ""}
        ${badge ? `<p class="reward" data-rewards><span class="medal-icon" aria-hidden="true"></span>
          <span>Você ganhou: <strong>${badge}</strong> (só visual).</span></p>` : ""}
        ${offer ? `<p class="rematch-offer" data-rematch-offer role="status">${esc(offer.by)} quer jogar de novo com a mesma mesa.</p>` : ""}
        ${ended.mode === "daily" ? dailyShare(state) : ""}
        <div class="end-actions">
          ${ended.mode === "daily" ? "" : `<button class="play-now" data-action="rematch"><span class="play-icon" aria-hidden="true">↻</span> ${offer ? "Aceitar e jogar de novo" : "Jogar de novo"}</button>`}
          <button class="lx-secondary" data-action="to-lobby">Voltar ao saguão</button>
          <button class="lx-secondary" data-action="open-replay">Rever lance a lance</button>
        </div>
        <p class="mode-note on-light" data-rematch-note>${REMATCH_NOTES[ended.mode ?? "solo"] || REMATCH_NOTES.solo}</p>
      </section>
      <div class="end-grid">
        <section class="lx-card end-board" aria-labelledby="final-board-title">
          <h3 id="final-board-title">Tabuleiro final</h3>${finalBoard(view)}</section>
        <section class="lx-card end-summary" aria-labelledby="summary-title">
          <h3 id="summary-title">Resumo da partida</h3>${seatSummaries(view, view?.you)}</section>
      </div>
      ${view?.you !== null && view?.you !== undefined ? `<section class="lx-card end-review" aria-labelledby="review-title">
        <h3 id="review-title">Sua revisão</h3>
        <div data-end-review>${reviewHtml(state)}</div>
      </section>` : ""}
      <section class="lx-card end-moves" aria-labelledby="moves-title">
        <h3 id="moves-title">Todas as jogadas</h3>
        <div data-end-history>${movesList(state)}</div>
      </section>
    </div>`;
}
