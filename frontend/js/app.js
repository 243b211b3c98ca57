// @ts-check
// Vanlexis in the browser: wiring the store, the socket, the screens and the player's input.
import { GameSocket, createGuest, forgetGuest, matchSummary, storedGuest } from "./net.js";
import { dailyShareText } from "./store/daily.js";
import { applyFrame } from "./store/frames.js";
import { replayTo } from "./store/replay.js";
import { Store, noteClock } from "./store/state.js";
import { pageTitle, turnsWaiting } from "./store/matches.js";
import { hasView } from "./store/view.js";
import { clockText, describeEvent, plural } from "./text.js";
import { createActions } from "./actions.js";
import { bindInput } from "./input.js";
import {
  endScreen, entryScreen, lobbyScreen, queueScreen, roomScreen, validationMessage,
} from "./ui/screens.js";
import { TableView } from "./ui/table.js";
import { replayScreen } from "./ui/replay.js";
import { bindHelp } from "./ui/help.js";
import { Tour } from "./ui/tour.js";
import { bindDevices, showSignedOut } from "./ui/devices.js";
import { focusOn, must, targetOf } from "./ui/dom.js";

/** @import { State, ServerFrame, Screen, Send, Guest, Config } from "./types/page" */

const app = must(document, "#app");
const statusBox = must(document, "#status");
const toastBox = must(document, "#toast");
const polite = must(document, "#announcer");
const assertive = must(document, "#alerts");
const store = new Store();
/** @type {GameSocket | null} */
let socket = null;
/** @type {Config | null} */
let config = null;
/** @type {TableView | null} */
let table = null;
/** @type {string | null} the match the table was built for */
let tableMatch = null;
let lastScreenKey = "";
/** @type {Screen | ""} */
let lastScreen = "";

// The tour stops a Solo turn's clock while it is open (nobody waits there); elsewhere it runs.
// Which turn it stopped is the store's (a new match forgets it).
const tour = new Tour(app, (running) => {
  const matchId = store.state.matchId;
  if (!matchId) return;
  send("clock", { matchId, running });
  store.update((s) => noteClock(s, running));
});

// -- the socket --------------------------------------------------------------------------------

/** @type {Send} */
function send(action, ...fields) {
  const id = socket ? socket.send(action, ...fields) : null;
  if (!id) toast("Sem conexão com o servidor: tentando reconectar…", "error");
  return id;
}

/** @param {ServerFrame} frame */
function onFrame(frame) {
  const before = store.state.matchId;
  store.update((s) => applyFrame(s, frame, describeEvent));
  const s = store.state;
  // A link whose match the entry page already said cannot be watched is not asked for again.
  const link = replayLink();
  if (frame.type === "welcome" && link && s.inviteSummary?.status !== "refused") {
    store.update((st) => { st.watching = link; });
    send("watch", { matchId: link });
  } else if (frame.type === "welcome") {
    document.body.dataset.tiles = frame.player.tileStyle || "classico";
    document.body.dataset.board = frame.player.boardStyle || "claro";
    // Back after a drop at a table (one of your matches at your own pace, say): that table
    // again. Not the match you just left: the server may not have closed your seat yet.
    const atTable = s.screen === "table" && s.matchId ? s.matchId : null;
    if (atTable) send("resume", { matchId: atTable });
    else if (frame.activeMatch && frame.activeMatch !== s.leftMatch) send("resume", { matchId: frame.activeMatch });
    else if (!s.leaderboard) send("leaderboard");
    if (!frame.activeMatch) send("daily");  // today's challenge, for the lobby
    // Your list: for the lobby, and for the title's count while a table stays open.
    send("matches");
  }
  // Matched in the queue: the match's first view is sent as it starts and, in the cloud, may
  // not reach this connection; if it has not come, ask for it.
  if (frame.type === "queue" && frame.status === "matched" && frame.matchId &&
      s.matchId !== frame.matchId) send("resume", { matchId: frame.matchId });
  if ((frame.type === "view" || frame.type === "update") && s.matchId === frame.matchId &&
      (before !== frame.matchId || frame.type === "view")) {
    send("history", { matchId: frame.matchId });  // the latest page, as long as the server allows
  }
  if (frame.type === "error" && !(frame.requestId && s.previewIds.includes(frame.requestId))) toast(s.toast?.text, "error");

  if (s.pacing) actions.pace();
}

/** @param {Config} config @param {Guest} guest */
function connect(config, guest) {
  socket?.close();
  socket = new GameSocket({
    wsUrl: config.websocketUrl, apiUrl: config.apiUrl, token: guest.token, onFrame,
    onStatus: (status) => {
      store.update((s) => { s.connection = status; });
      if (status === "online") send("hello");
    },
    onAuthFailed: (error) => {
      if (error.code === "auth.signed_out") return leaveDevice(error.message);
      forgetGuest();
      store.update((s) => { s.screen = "entry"; s.me = null; });
      toast("Sua identificação expirou: escolha seu nome de novo.", "error");
    },
  });
  socket.connect();
}

/** This device was signed out (from another one, or by itself): back to the entry page, which
 *  says why and how to come back. @param {string} message */
function leaveDevice(message) {
  socket?.close();
  forgetGuest();
  showSignedOut(message);
  store.update((s) => { s.screen = "entry"; s.me = null; s.connection = "offline"; });
}

bindDevices({
  apiUrl: () => config?.apiUrl ?? "", toast, onSignedOut: leaveDevice, panel: store.state.devices,
  onJoined: (guest) => {
    store.update((s) => { s.screen = "loading"; s.me = { name: guest.name }; });  // the rest comes in the welcome
    if (config) connect(config, guest);
  },
});

// -- rendering ---------------------------------------------------------------------------------

// A notice goes by itself after a few seconds; a tap sends it away at once (on a phone it
// sits over the hand or the sheet).
toastBox.addEventListener("click", () => { toastBox.hidden = true; });

/** @type {ReturnType<typeof setTimeout> | undefined} the shown notice's own end */
let toastTimer;

/**
 * @param {string | null | undefined} text
 * @param {"info" | "error"} [kind]
 */
function toast(text, kind = "info") {
  if (!text) return;
  toastBox.textContent = text;
  toastBox.className = `toast ${kind}`;
  toastBox.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { toastBox.hidden = true; }, 4000);
}

/**
 * Screen readers hear turns, opponents' moves, timer warnings and errors.
 * @param {State} state
 */
function speak(state) {
  if (!state.announcements.length) return;
  const items = state.announcements.splice(0);
  const politeText = items.filter((a) => a.kind !== "assertive").map((a) => a.text).join(" ");
  const notices = items.filter((a) => a.kind === "notice").map((a) => a.text).join(" ");
  if (notices && state.screen === "table") toast(notices, "info");
  const alertText = items.filter((a) => a.kind === "assertive").map((a) => a.text).join(" ");
  if (politeText) polite.textContent = politeText;
  if (alertText) {
    assertive.textContent = alertText;
    const timeout = alertText.startsWith("Tempo esgotado");
    if (!timeout || state.screen === "table") toast(alertText, timeout ? "info" : "error");
  }
}

/** @param {Screen} screen */
function focusScreen(screen) {
  if (screen === lastScreen) return;
  // What was said about the table (a timeout, a refused move) does not follow you off it.
  if (lastScreen === "table") toastBox.hidden = true;
  lastScreen = screen;
  requestAnimationFrame(() => {
    const heading = app.querySelector("[data-screen-heading]");
    if (screen === "table") {
      focusOn(table?.board.cell(store.state.cursor.row, store.state.cursor.col));
      window.scrollTo({ top: 0 });
    } else if (heading) {
      focusOn(heading);
      window.scrollTo({ top: 0 });
    }
  });
}

/** @param {State} state */
function render(state) {
  document.title = pageTitle(turnsWaiting(state.matches.rows));
  const labels = { online: "conectado", offline: "sem conexão", connecting: "conectando…" };
  // Before a name is chosen there is no connection to speak of: nothing has failed yet.
  statusBox.innerHTML = !state.me && state.connection === "offline" ? ""
    : `<span class="dot ${state.connection}" aria-hidden="true"></span>${labels[state.connection]}` +
      (state.me ? ` · ${state.me.name.replace(/[<>&]/g, "")}` : "");
  speak(state);
  if (state.screen === "table" && hasView(state)) {
    if (!table || tableMatch !== state.matchId) {
      app.innerHTML = "";
      table = new TableView(app, state, { onSquare: (r, c) => actions.onSquare(r, c) });
      table.board.onDoubleTapAllowed = () => {
        const s = store.state;
        return s.selected === null && !s.pendingWild && !s.target;
      };
      tableMatch = state.matchId;
      lastScreenKey = "table";
      lastScreen = "";
    }
    table.update(state);
    focusScreen("table");
    if (!state.pacing) tour.offer(state);
    tour.update(state);
    return;
  }
  if (tour.card) tour.finish("skipped");
  table = null;
  tableMatch = null;
  // The end screen and a replay show every move: fetch the older pages, one at a time.
  // (What was asked is the match's own, in the store: a new match asks again.)
  const older = state.history.older;
  const matchId = state.matchId;
  if (["end", "replay"].includes(state.screen) && matchId && older && state.asked.older !== older) {
    store.update((s) => { s.asked.older = older; });
    send("history", { matchId, before: older });
  }
  // Your review, page by page, once the match is over (only your own moves come back).
  if (["end", "replay"].includes(state.screen) && matchId && state.view?.you !== null && state.view?.you !== undefined) {
    const start = state.review ? state.review.next : 0;
    if (start !== null && state.asked.review !== start) {
      store.update((s) => { s.asked.review = start; });
      send("review", { matchId, start });
    }
  }
  // The lobby's list words the time left by the minute.
  const minute = state.screen === "lobby" ? Math.floor(Date.now() / 60000) : 0;
  const key = JSON.stringify([state.screen, state.me, state.invite, state.inviteSummary,
                              state.matches, minute,
                              state.queue, state.room, state.ended,
                              state.leaderboard, state.rematchOffer, state.daily,
                              state.screen === "end" && [
                                state.view?.version, state.history.moves.length,
                                state.history.older, state.openMove, state.review?.moves.length,
                                state.openReview], state.screen === "replay" && [
                                state.replayStep, state.history.moves.length,
                                state.history.older, state.review?.moves.length,
                                state.openReview]]);
  if (key === lastScreenKey) return;
  lastScreenKey = key;
  /** @type {Record<Screen, (state: State) => string>} */
  const views = {
    loading: () => '<p class="loading">Conectando…</p>', entry: entryScreen, lobby: lobbyScreen,
    queue: queueScreen, room: roomScreen, end: endScreen, replay: replayScreen,
    table: () => '<p class="loading">Conectando…</p>',  // until the match's view comes
  };
  // A re-render (a frame arrived) must not undo what the player was choosing in a form.
  const kept = new Map([...app.querySelectorAll("input[id], select[id]")]
    .filter((field) => field instanceof HTMLInputElement || field instanceof HTMLSelectElement)
    .map((field) => [field.id, field instanceof HTMLInputElement && field.type === "checkbox" ? field.checked : field.value]));
  const focused = document.activeElement?.id;
  app.innerHTML = views[state.screen](state);
  for (const [id, value] of kept) {
    const field = document.getElementById(id);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement) || field.dataset.style !== undefined) continue;
    if (field instanceof HTMLInputElement && field.type === "checkbox") field.checked = Boolean(value);
    else field.value = String(value);
  }
  if (focused && state.screen === lastScreen) focusOn(document.getElementById(focused));
  focusScreen(state.screen);
}

const actions = createActions({ app, store, send, table: () => table, toast });
bindInput({ app, store, actions, table: () => table, toast });
store.subscribe(render);

setInterval(() => {
  const s = store.state;
  if (s.screen === "table" && table && hasView(s)) {
    table.drawBar(s);
    const left = Math.ceil((s.view.deadlineMs - Date.now()) / 1000);
    const mine = s.view.current === s.view.you && s.view.status !== "finished";
    for (const mark of [30, 10]) {
      const warning = `${s.view.turn}:${mark}`;
      if (mine && left === mark && s.timerWarned !== warning) {
        store.update((st) => { st.timerWarned = warning; });
        polite.textContent = `Faltam ${plural(mark, "segundo", "segundos")} para o fim do seu turno.`;
      }
    }
  }
  if (s.screen === "lobby" && s.matches.loaded && new Date().getSeconds() === 0) render(s);
  const timer = app.querySelector("[data-queue-timer]");
  if (timer && s.queue?.fillAtMs) {
    timer.textContent = `Robôs completam a mesa em ${clockText((s.queue.fillAtMs - Date.now()) / 1000).text}.`;
  }
}, 1000);

// Back to the tab (or the phone's screen on again): a connection the browser dropped meanwhile
// comes back at once, not after its backoff; one still open shows what changed meanwhile.
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState !== "visible" || !socket) return;
  if (!socket.open) socket.reconnectNow();
  else send("hello");
});

app.addEventListener("change", (event) => {
  const select = event.target;
  if (!(select instanceof HTMLSelectElement)) return;
  const kind = select.dataset.style;
  if (kind === "tile") send("setStyle", { tileStyle: select.value });
  if (kind === "board") send("setStyle", { boardStyle: select.value });
});

app.addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  const fields = [...form.elements].filter((field) => field instanceof HTMLInputElement);
  const invalid = fields.map((field) => ({ field, message: validationMessage(field) }))
    .find(({ message }) => message);
  if (invalid) {
    toast(invalid.message, "error");
    assertive.textContent = invalid.message;
    const box = form.querySelector("[data-form-error]");
    if (box) box.textContent = invalid.message;  // the very rule broken, under the field
    invalid.field.setAttribute("aria-invalid", "true");
    invalid.field.focus();
    return;
  }
  const value = (/** @type {string} */ name) => fields.find((field) => field.name === name)?.value ?? "";
  if (form.dataset.form === "guest" && config) {
    try {
      const guest = await createGuest(config.apiUrl, value("name"));
      store.update((s) => { s.screen = "loading"; s.me = { name: guest.name }; });  // the rest comes in the welcome
      connect(config, guest);
    } catch (error) {
      toast(error instanceof Error ? error.message : String(error), "error");
    }
  } else if (form.dataset.form === "join-room") {
    send("joinRoom", { code: value("code").trim().toUpperCase() });
  }
});

// -- start -------------------------------------------------------------------------------------

async function start() {
  /** @type {Config} */
  let loaded;
  try {
    loaded = await (await fetch("config.json", { cache: "no-store" })).json();
  } catch {
    app.innerHTML = '<p class="panel">Não foi possível carregar a configuração do jogo.</p>';
    return;
  }
  config = loaded;
  if (window.matchMedia?.("(pointer: coarse)").matches) store.update((s) => { s.input = "touch"; });
  const guest = storedGuest();
  if (guest) {
    store.update((s) => { s.me = { name: guest.name }; });
    connect(loaded, guest);
  } else {
    // A link to a match opened before choosing a name: the entry page says what it is.
    showInvite(replayLink());
  }
}

/**
 * The entry page for a match's link (or none): the server's public summary of the match is
 * asked for at once and shown in the invitation card when it comes.
 * @param {string | null} matchId
 */
async function showInvite(matchId) {
  store.update((s) => { s.screen = "entry"; s.invite = matchId; s.inviteSummary = null; });
  if (!matchId || !config) return;
  const summary = await matchSummary(config.apiUrl, matchId);
  // Only if the page still shows that link's entry (a name may have been chosen meanwhile).
  if (summary && !store.state.me && store.state.invite === matchId) {
    store.update((s) => { s.inviteSummary = summary; });
  }
}

/** The match a replay link names (#/partida/ID), or null. */
function replayLink() {
  return /^#\/partida\/([A-Za-z0-9_-]{1,64})$/.exec(location.hash)?.[1] || null;
}

window.addEventListener("hashchange", () => {
  const id = replayLink();
  if (id && !store.state.me && store.state.screen === "entry") {
    showInvite(id);  // another match's link, still before a name
  } else if (id && store.state.connection === "online") {
    store.update((s) => { s.watching = id; });
    send("watch", { matchId: id });
  }
});

app.addEventListener("input", (event) => {
  const range = event.target;
  if (range instanceof HTMLInputElement && range.dataset.replayRange !== undefined) {
    store.update((s) => replayTo(s, Number(range.value)));
  }
});

// For the browser tests and the curious: the store, the table, and the text "Copiar o
// resultado" puts on the clipboard.
Object.assign(window, { vanlexis: { store, table: () => table, share: () => dailyShareText(store.state) } });
bindHelp();
start();

// The service worker (sw.js): the shell from a cache and the turn notices. After the page has
// loaded, so that it does not compete with it; "none": the browser looks for a new worker past
// its HTTP cache, so a deployment is seen on the next visit. A browser without module workers
// refuses it, and the site works as before.
if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("sw.js", { type: "module", updateViaCache: "none" })
      .catch(() => {});
  });
}
