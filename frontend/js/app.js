// Vanlexis in the browser: wiring the store, the socket, the screens and the player's input.
import { GameSocket, createGuest, forgetGuest, matchSummary, storedGuest } from "./net.js";
import { dailyShareText } from "./store/daily.js";
import { applyFrame } from "./store/frames.js";
import { replayTo } from "./store/replay.js";
import { Store } from "./store/state.js";
import { describeEvent, plural } from "./text.js";
import { createActions } from "./actions.js";
import { bindInput } from "./input.js";
import {
  endScreen, entryScreen, lobbyScreen, queueScreen, roomScreen, validationMessage,
} from "./ui/screens.js";
import { TableView } from "./ui/table.js";
import { replayScreen } from "./ui/replay.js";
import { bindHelp } from "./ui/help.js";
import { Tour } from "./ui/tour.js";

const app = document.getElementById("app");
const statusBox = document.getElementById("status");
const toastBox = document.getElementById("toast");
const polite = document.getElementById("announcer");
const assertive = document.getElementById("alerts");
const store = new Store();
let socket = null;
let config = null;
let table = null;
let tableMatch = null;
let lastScreenKey = "";
let lastScreen = "";
let askedOlder = null;
let askedReview = null;
// The tour stops a Solo turn's clock while it is open (nobody waits there); elsewhere it runs.
const tour = new Tour(app, (running) => {
  const s = store.state;
  if (s.matchId) send("clock", { matchId: s.matchId, running });
});

// -- the socket --------------------------------------------------------------------------------

function send(action, fields = {}) {
  const id = socket?.send(action, fields);
  if (!id) toast("Sem conexão com o servidor: tentando reconectar…", "error");
  return id;
}

function onFrame(frame) {
  const before = store.state.matchId;
  store.update((s) => applyFrame(s, frame, describeEvent));
  const s = store.state;
  // A link whose match the entry page already said cannot be watched is not asked for again.
  if (frame.type === "welcome" && replayLink() && s.inviteSummary?.status !== "refused") {
    store.update((st) => { st.watching = replayLink(); });
    send("watch", { matchId: replayLink() });
  } else if (frame.type === "welcome") {
    document.body.dataset.tiles = frame.player.tileStyle || "classico";
    document.body.dataset.board = frame.player.boardStyle || "claro";
    // Not the match you just left: the server may not have closed your seat yet.
    if (frame.activeMatch && frame.activeMatch !== s.leftMatch) send("resume", { matchId: frame.activeMatch });
    else if (!s.leaderboard) send("leaderboard");
    if (!frame.activeMatch) send("daily");  // today's challenge, for the lobby
  }
  // Matched in the queue: the match's first view is sent as it starts and, in the cloud, may
  // not reach this connection; if it has not come, ask for it.
  if (frame.type === "queue" && frame.status === "matched" && frame.matchId &&
      s.matchId !== frame.matchId) send("resume", { matchId: frame.matchId });
  if ((frame.type === "view" || frame.type === "update") && s.matchId === frame.matchId &&
      (before !== frame.matchId || frame.type === "view")) {
    send("history", { matchId: frame.matchId });  // the latest page, as long as the server allows
  }
  if (frame.type === "error" && !s.previewIds.includes(frame.requestId)) toast(s.toast?.text, "error");

  if (s.pacing) actions.pace();
}

function connect(guest) {
  socket?.close();
  socket = new GameSocket({
    wsUrl: config.websocketUrl, apiUrl: config.apiUrl, token: guest.token, onFrame,
    onStatus: (status) => {
      store.update((s) => { s.connection = status; });
      if (status === "online") send("hello");
    },
    onAuthFailed: () => {
      forgetGuest();
      store.update((s) => { s.screen = "entry"; s.me = null; });
      toast("Sua identificação expirou: escolha seu nome de novo.", "error");
    },
  });
  socket.connect();
}

// -- rendering ---------------------------------------------------------------------------------

// A notice goes by itself after a few seconds; a tap sends it away at once (on a phone it
// sits over the hand or the sheet).
toastBox.addEventListener("click", () => { toastBox.hidden = true; });

function toast(text, kind = "info") {
  if (!text) return;
  toastBox.textContent = text;
  toastBox.className = `toast ${kind}`;
  toastBox.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { toastBox.hidden = true; }, 4000);
}

/** Screen readers hear turns, opponents' moves, timer warnings and errors. */
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

function focusScreen(screen) {
  if (screen === lastScreen) return;
  // What was said about the table (a timeout, a refused move) does not follow you off it.
  if (lastScreen === "table") toastBox.hidden = true;
  lastScreen = screen;
  requestAnimationFrame(() => {
    const heading = app.querySelector("[data-screen-heading]");
    if (screen === "table") {
      table?.board.cell(store.state.cursor.row, store.state.cursor.col)?.focus({ preventScroll: true });
      window.scrollTo({ top: 0 });
    } else if (heading) {
      heading.focus({ preventScroll: true });
      window.scrollTo({ top: 0 });
    }
  });
}

function render(state) {
  const labels = { online: "conectado", offline: "sem conexão", connecting: "conectando…" };
  // Before a name is chosen there is no connection to speak of: nothing has failed yet.
  statusBox.innerHTML = !state.me && state.connection === "offline" ? ""
    : `<span class="dot ${state.connection}" aria-hidden="true"></span>${labels[state.connection]}` +
      (state.me ? ` · ${state.me.name.replace(/[<>&]/g, "")}` : "");
  speak(state);
  if (state.screen === "table" && state.view) {
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
  if (["end", "replay"].includes(state.screen) && state.history.older > 0 && askedOlder !== state.history.older) {
    askedOlder = state.history.older;
    send("history", { matchId: state.matchId, before: state.history.older });
  }
  // Your review, page by page, once the match is over (only your own moves come back).
  if (["end", "replay"].includes(state.screen) && state.view?.you !== null && state.view?.you !== undefined) {
    const start = state.review ? state.review.next : 0;
    if (start !== null && askedReview !== `${state.matchId}:${start}`) {
      askedReview = `${state.matchId}:${start}`;
      send("review", { matchId: state.matchId, start });
    }
  }
  const key = JSON.stringify([state.screen, state.me, state.invite, state.inviteSummary,
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
  const views = {
    loading: () => '<p class="loading">Conectando…</p>', entry: entryScreen, lobby: lobbyScreen,
    queue: queueScreen, room: roomScreen, end: endScreen, replay: replayScreen,
  };
  // A re-render (a frame arrived) must not undo what the player was choosing in a form.
  const kept = new Map([...app.querySelectorAll("input[id], select[id]")]
    .map((field) => [field.id, field.type === "checkbox" ? field.checked : field.value]));
  const focused = document.activeElement?.id;
  app.innerHTML = (views[state.screen] || views.loading)(state);
  for (const [id, value] of kept) {
    const field = document.getElementById(id);
    if (!field || field.dataset.style !== undefined) continue;
    if (field.type === "checkbox") field.checked = value; else field.value = value;
  }
  if (focused && state.screen === lastScreen) document.getElementById(focused)?.focus();
  focusScreen(state.screen);
}

const actions = createActions({ app, store, send, table: () => table, toast });
bindInput({ app, store, actions, table: () => table, toast });
store.subscribe(render);

let warned = null;
setInterval(() => {
  const s = store.state;
  if (s.screen === "table" && table && s.view) {
    table.drawBar(s);
    const left = Math.ceil((s.view.deadlineMs - Date.now()) / 1000);
    const mine = s.view.current === s.view.you && s.view.status !== "finished";
    for (const mark of [30, 10]) {
      if (mine && left === mark && warned !== `${s.view.turn}:${mark}`) {
        warned = `${s.view.turn}:${mark}`;
        polite.textContent = `Faltam ${plural(mark, "segundo", "segundos")} para o fim do seu turno.`;
      }
    }
  }
  const timer = app.querySelector("[data-queue-timer]");
  if (timer && s.queue?.fillAtMs) {
    timer.textContent = `Robôs completam a mesa em ${Math.max(0, Math.ceil((s.queue.fillAtMs - Date.now()) / 1000))} s.`;
  }
}, 1000);

app.addEventListener("change", (event) => {
  const kind = event.target.dataset?.style;
  if (kind === "tile") send("setStyle", { tileStyle: event.target.value });
  if (kind === "board") send("setStyle", { boardStyle: event.target.value });
});

app.addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.target;
  const invalid = [...form.elements].map((input) => [input, validationMessage(input)])
    .find(([, message]) => message);
  if (invalid) {
    toast(invalid[1], "error");
    assertive.textContent = invalid[1];
    const box = form.querySelector("[data-form-error]");
    if (box) box.textContent = invalid[1];  // the very rule broken, under the field
    invalid[0].setAttribute("aria-invalid", "true");
    invalid[0].focus();
    return;
  }
  if (form.dataset.form === "guest") {
    const name = form.elements.name.value;
    try {
      const guest = await createGuest(config.apiUrl, name);
      store.update((s) => { s.screen = "loading"; s.me = { name: guest.name }; });  // the rest comes in the welcome
      connect(guest);
    } catch (error) {
      toast(error.message, "error");
    }
  } else if (form.dataset.form === "join-room") {
    send("joinRoom", { code: form.elements.code.value.trim().toUpperCase() });
  }
});

// -- start -------------------------------------------------------------------------------------

async function start() {
  try {
    config = await (await fetch("config.json", { cache: "no-store" })).json();
  } catch {
    app.innerHTML = '<p class="panel">Não foi possível carregar a configuração do jogo.</p>';
    return;
  }
  if (window.matchMedia?.("(pointer: coarse)").matches) store.state.input = "touch";
  const guest = storedGuest();
  if (guest) {
    store.update((s) => { s.me = { name: guest.name }; });
    connect(guest);
  } else {
    // A link to a match opened before choosing a name: the entry page says what it is.
    showInvite(replayLink());
  }
}

/** The entry page for a match's link (or none): the server's public summary of the match is
 *  asked for at once and shown in the invitation card when it comes. */
async function showInvite(matchId) {
  store.update((s) => { s.screen = "entry"; s.invite = matchId; s.inviteSummary = null; });
  if (!matchId) return;
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
  if (event.target.dataset?.replayRange !== undefined) {
    store.update((s) => replayTo(s, Number(event.target.value)));
  }
});

// For the browser tests and the curious: the store, the table, and the text "Copiar o
// resultado" puts on the clipboard.
window.vanlexis = { store, table: () => table, share: () => dailyShareText(store.state) };
bindHelp();
start();
