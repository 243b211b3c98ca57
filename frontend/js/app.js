// Vanlexis in the browser: wiring the store, the socket and the screens together.
import { GameSocket, createGuest, forgetGuest, storedGuest } from "./net.js";
import {
  Store, advanceCursor, applyFrame, isWild, moveCards, moveCursor, myTurn, occupied, placeTile,
  playTiles, rackIndexFor, takeBack,
} from "./store.js";
import { EVENT_TEXT } from "./text.js";
import {
  endScreen, entryScreen, lobbyScreen, queueScreen, readSettings, roomScreen,
} from "./ui/screens.js";
import { TableView } from "./ui/table.js";

const app = document.getElementById("app");
const statusBox = document.getElementById("status");
const toastBox = document.getElementById("toast");
const store = new Store();
let socket = null;
let config = null;
let table = null;
let lastScreenKey = "";
let previewTimer = null;

function describe(event, name) {
  const d = event.data;
  if (event.kind === "move_played") {
    const main = d.breakdown.words.find((w) => w.main) || d.breakdown.words[0];
    return `${name(d.seat)} jogou ${main?.display || ""} (${d.breakdown.total} pontos, ${d.breakdown.band}).`;
  }
  const text = EVENT_TEXT[event.kind];
  return text ? text(name(d.seat), d) : null;
}

// -- the socket --------------------------------------------------------------------------------

function send(action, fields = {}) {
  const id = socket?.send(action, fields);
  if (!id) toast("Sem conexão com o servidor: tentando reconectar…", "error");
  return id;
}

function onFrame(frame) {
  store.update((s) => applyFrame(s, frame, describe));
  if (frame.type === "welcome") {
    document.body.dataset.tiles = frame.player.tileStyle || "classico";
    document.body.dataset.board = frame.player.boardStyle || "claro";
    if (frame.activeMatch) send("resume", { matchId: frame.activeMatch });
    else if (!store.state.leaderboard) send("leaderboard");
  }
  if (frame.type === "error") toast(store.state.toast?.text, "error");
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

function toast(text, kind = "info") {
  if (!text) return;
  toastBox.textContent = text;
  toastBox.className = `toast ${kind}`;
  toastBox.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { toastBox.hidden = true; }, 4000);
}

function render(state) {
  const labels = { online: "conectado", offline: "sem conexão", connecting: "conectando…" };
  statusBox.innerHTML = `<span class="dot ${state.connection}"></span>${labels[state.connection]}` +
    (state.me ? ` · ${state.me.name.replace(/[<>&]/g, "")}` : "");
  if (state.screen === "table" && state.view) {
    if (!table) {
      app.innerHTML = "";
      table = new TableView(app);
      lastScreenKey = "table";
    }
    table.update(state);
    return;
  }
  table = null;
  const key = JSON.stringify([state.screen, state.me, state.queue, state.room, state.ended,
                              state.leaderboard]);
  if (key === lastScreenKey) return;
  lastScreenKey = key;
  const screens = {
    loading: () => '<p class="loading">Conectando…</p>', entry: entryScreen, lobby: lobbyScreen,
    queue: queueScreen, room: roomScreen, end: endScreen,
  };
  // A re-render (a frame arrived) must not undo what the player was choosing in a form.
  const kept = new Map([...app.querySelectorAll("input[id], select[id]")]
    .map((field) => [field.id, field.type === "checkbox" ? field.checked : field.value]));
  const focused = document.activeElement?.id;
  app.innerHTML = (screens[state.screen] || screens.loading)(state);
  for (const [id, value] of kept) {
    const field = document.getElementById(id);
    if (!field || field.dataset.style !== undefined) continue;
    if (field.type === "checkbox") field.checked = value; else field.value = value;
  }
  if (focused) document.getElementById(focused)?.focus();
}

store.subscribe(render);
setInterval(() => {
  if (store.state.screen === "table" && table) table.drawInfo(store.state);
  const timer = app.querySelector("[data-queue-timer]");
  if (timer && store.state.queue?.fillAtMs) {
    timer.textContent = `Robôs completam a mesa em ${Math.max(0, Math.ceil((store.state.queue.fillAtMs - Date.now()) / 1000))} s.`;
  }
}, 1000);

// -- the live preview --------------------------------------------------------------------------

function schedulePreview() {
  clearTimeout(previewTimer);
  const state = store.state;
  if (!state.placed.length || !myTurn(state)) return;
  store.update((s) => { s.preview = { status: "pending" }; s.previewRequest = null; });
  previewTimer = setTimeout(() => {
    const id = send("preview", { matchId: store.state.matchId, tiles: playTiles(store.state),
                                 cards: moveCards(store.state) });
    store.update((s) => { s.previewRequest = id; });
  }, 150);
}

function changePlacement(change) {
  let changed = false;
  store.update((s) => { changed = change(s) !== false; });
  if (changed) schedulePreview();
}

// -- actions -----------------------------------------------------------------------------------

function confirm() {
  const s = store.state;
  if (!myTurn(s)) return;
  if (s.mode === "swap") {
    if (s.swap.length) send("swap", { matchId: s.matchId, tiles: s.swap.map((i) => s.view.rack[i]) });
    return;
  }
  if (s.placed.length) send("play", { matchId: s.matchId, tiles: playTiles(s), cards: moveCards(s) });
}

const ACTIONS = {
  "join-queue": () => send("joinQueue", { seats: Number(app.querySelector("#queue-seats").value) }),
  "leave-queue": () => send("leaveQueue"),
  "create-room": () => {
    const settings = readSettings(app, "room");
    store.state.lastSettings = settings;
    send("createRoom", { settings });
  },
  "update-room": () => send("updateRoom", { code: store.state.room.code, settings: readSettings(app, "update") }),
  "start-room": () => send("startRoom", { code: store.state.room.code }),
  "leave-room": () => send("leaveRoom", { code: store.state.room.code }),
  "start-solo": () => {
    const settings = readSettings(app, "solo");
    store.state.lastSettings = settings;
    send("startSolo", { settings });
  },
  confirm,
  clear: () => changePlacement((s) => {
    s.placed = []; s.selected = null; s.pendingWild = null; s.mode = "play"; s.swap = [];
    s.preview = { status: "idle" };
  }),
  swap: () => store.update((s) => { s.mode = "swap"; s.placed = []; s.swap = []; s.preview = { status: "idle" }; }),
  pass: () => send("pass", { matchId: store.state.matchId }),
  direction: () => store.update((s) => { s.cursor.dir = s.cursor.dir === "across" ? "down" : "across"; }),
  "leave-match": () => {
    if (window.confirm("Sair da partida? Seu lugar passa a vez até o fim.")) {
      send("leave", { matchId: store.state.matchId });
      store.update((s) => { s.screen = "lobby"; s.view = null; });
    }
  },
  rematch: () => {
    const settings = store.state.lastSettings;
    if (settings) send("startSolo", { settings });
    else store.update((s) => { s.screen = "lobby"; });
  },
  "to-lobby": () => {
    store.update((s) => { s.screen = "lobby"; s.view = null; s.ended = null; });
    send("hello");
    send("leaderboard");
  },
  "cancel-target": () => store.update((s) => { s.target = null; }),
};

function useCard(slot) {
  const s = store.state;
  const card = s.view.market.row[slot];
  if (card.target === "square") {
    store.update((st) => { st.target = { slot, kind: "square", help: `${card.name}: toque numa casa vazia.` }; });
  } else if (card.target === "seat") {
    const others = s.view.seats.filter((x) => x.seat !== s.view.you && !x.left);
    if (others.length === 1) send("useCard", { matchId: s.matchId, slot, seat: others[0].seat });
    else {
      store.update((st) => {
        st.target = { slot, kind: "seat", help: `${card.name}: de quem?`,
                      seats: others.map((o) => ({ seat: o.seat, name: o.name })) };
      });
    }
  } else if (card.target === "tiles") {
    store.update((st) => { st.mode = "swap"; st.swap = []; st.target = { slot, kind: "tiles", help: `${card.name}: escolha até 3 peças e confirme.` }; });
  } else {
    send("useCard", { matchId: s.matchId, slot });
  }
}

function onSquare(row, col) {
  const s = store.state;
  if (!myTurn(s)) return;
  if (s.target?.kind === "square") {
    send("useCard", { matchId: s.matchId, slot: s.target.slot, square: [row, col] });
    store.update((st) => { st.target = null; });
    return;
  }
  if (s.target?.kind === "letter-square") {
    const slot = s.target.slot;
    changePlacement((st) => { st.cardSquares = { ...st.cardSquares, [slot]: [row, col] }; st.target = null; });
    return;
  }
  if (s.placed.some((p) => p.row === row && p.col === col)) {
    changePlacement((st) => takeBack(st, row, col));
    return;
  }
  if (s.selected !== null && !occupied(s, row, col)) {
    changePlacement((st) => placeTile(st, st.selected, row, col));
    return;
  }
  store.update((st) => { st.cursor.row = row; st.cursor.col = col; });
  table?.square(row, col)?.focus();
}

app.addEventListener("click", (event) => {
  const target = event.target.closest("button, [data-row]");
  if (!target || target.disabled) return;
  const d = target.dataset;
  if (d.action && ACTIONS[d.action]) {
    if (d.action === "confirm" && store.state.target?.kind === "tiles") {
      const s = store.state;
      send("useCard", { matchId: s.matchId, slot: s.target.slot, tiles: s.swap.map((i) => s.view.rack[i]) });
      store.update((st) => { st.target = null; st.mode = "play"; st.swap = []; });
      return;
    }
    ACTIONS[d.action]();
  } else if (d.rack !== undefined) {
    const index = Number(d.rack);
    store.update((s) => {
      if (s.mode === "swap") {
        if (s.swap.includes(index)) s.swap = s.swap.filter((i) => i !== index);
        else if (s.swap.length < 3) s.swap.push(index);
      } else {
        s.selected = s.selected === index ? null : index;
      }
    });
  } else if (d.row !== undefined) {
    onSquare(Number(d.row), Number(d.col));
  } else if (d.wildLetter) {
    const pending = store.state.pendingWild;
    if (pending) changePlacement((s) => placeTile(s, pending.rackIndex, pending.row, pending.col, d.wildLetter));
  } else if (d.buy !== undefined) {
    send("buy", { matchId: store.state.matchId, slot: Number(d.buy) });
  } else if (d.sell !== undefined) {
    send("sell", { matchId: store.state.matchId, slot: Number(d.sell) });
  } else if (d.use !== undefined) {
    useCard(Number(d.use));
  } else if (d.arm !== undefined) {
    const slot = Number(d.arm);
    const card = store.state.view.market.row[slot];
    changePlacement((s) => {
      const arming = !s.armedCards.includes(slot);
      s.armedCards = arming ? [...s.armedCards, slot] : s.armedCards.filter((x) => x !== slot);
      if (!arming) {
        // A Coringa taken out of the play takes its tile back off the board.
        const rackSize = s.view.rack.length;
        s.placed = s.placed.filter((p) => p.rackIndex < rackSize);
      }
      if (arming && card.target === "square") {
        s.target = { slot, kind: "letter-square", help: `${card.name}: toque na letra que ela dobra.` };
      }
    });
  } else if (d.targetSeat !== undefined) {
    const s = store.state;
    send("useCard", { matchId: s.matchId, slot: s.target.slot, seat: Number(d.targetSeat) });
    store.update((st) => { st.target = null; });
  } else if (d.choose !== undefined) {
    send("chooseTheme", { matchId: store.state.matchId, option: Number(d.choose) });
  }
});

app.addEventListener("change", (event) => {
  const kind = event.target.dataset?.style;
  if (kind === "tile") send("setStyle", { tileStyle: event.target.value });
  if (kind === "board") send("setStyle", { boardStyle: event.target.value });
});

app.addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.target;
  if (form.dataset.form === "guest") {
    const name = form.elements.name.value;
    try {
      const guest = await createGuest(config.apiUrl, name);
      store.update((s) => { s.screen = "loading"; s.me = { name: guest.name, rating: 1500, matches: 0 }; });
      connect(guest);
    } catch (error) {
      toast(error.message, "error");
    }
  } else if (form.dataset.form === "join-room") {
    send("joinRoom", { code: form.elements.code.value.trim().toUpperCase() });
  }
});

// -- the keyboard ------------------------------------------------------------------------------

document.addEventListener("keydown", (event) => {
  const s = store.state;
  if (s.screen !== "table" || !myTurn(s) || event.ctrlKey || event.metaKey || event.altKey) return;
  if (["INPUT", "SELECT", "TEXTAREA"].includes(document.activeElement?.tagName)) return;
  const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (arrows[event.key]) {
    event.preventDefault();
    store.update((st) => moveCursor(st, ...arrows[event.key]));
    table?.square(s.cursor.row, s.cursor.col)?.focus();
  } else if (/^[a-zA-ZçÇ]$/.test(event.key) && s.mode === "play") {
    event.preventDefault();
    const letter = event.key.toUpperCase() === "Ç" ? "C" : event.key.toUpperCase();
    const index = rackIndexFor(s, letter);
    if (index < 0) {
      toast(`Você não tem a letra ${letter}.`, "error");
      return;
    }
    const { row, col } = s.cursor;
    if (occupied(s, row, col)) return;
    changePlacement((st) => {
      const ok = placeTile(st, index, row, col, isWild(st.view.rack[index]) ? letter : null);
      if (ok) advanceCursor(st);
      return ok;
    });
    table?.square(store.state.cursor.row, store.state.cursor.col)?.focus();
  } else if (event.key === "Backspace") {
    event.preventDefault();
    changePlacement((st) => {
      const last = st.placed.pop();
      if (!last) return false;
      st.cursor.row = last.row;
      st.cursor.col = last.col;
      return true;
    });
  } else if (event.key === " ") {
    event.preventDefault();
    ACTIONS.direction();
  } else if (event.key === "Enter") {
    event.preventDefault();
    if (s.preview.status === "ok" || s.mode === "swap") confirm();
    else schedulePreview();
  } else if (event.key === "Escape") {
    ACTIONS.clear();
  }
});

// -- dragging tiles (mouse and touch, with pointer events) -------------------------------------

let drag = null;
app.addEventListener("pointerdown", (event) => {
  const tile = event.target.closest("[data-rack]");
  if (!tile || tile.disabled || store.state.mode !== "play" || !myTurn(store.state)) return;
  drag = { index: Number(tile.dataset.rack), startX: event.clientX, startY: event.clientY, ghost: null };
});
document.addEventListener("pointermove", (event) => {
  if (!drag) return;
  if (!drag.ghost && Math.hypot(event.clientX - drag.startX, event.clientY - drag.startY) > 6) {
    drag.ghost = document.createElement("div");
    drag.ghost.className = "tile dragging";
    drag.ghost.textContent = isWild(store.state.view.rack[drag.index]) ? "?" : store.state.view.rack[drag.index];
    document.body.append(drag.ghost);
  }
  if (drag.ghost) {
    drag.ghost.style.left = `${event.clientX - 23}px`;
    drag.ghost.style.top = `${event.clientY - 25}px`;
  }
});
document.addEventListener("pointerup", (event) => {
  if (!drag) return;
  const { ghost, index } = drag;
  drag = null;
  if (!ghost) return;
  ghost.remove();
  const square = document.elementFromPoint(event.clientX, event.clientY)?.closest("[data-row]");
  if (square) {
    const row = Number(square.dataset.row);
    const col = Number(square.dataset.col);
    changePlacement((s) => placeTile(s, index, row, col));
  }
  // The click that follows a drag must not select the tile too.
  const swallow = (e) => { e.stopPropagation(); e.preventDefault(); };
  window.addEventListener("click", swallow, { capture: true, once: true });
  setTimeout(() => window.removeEventListener("click", swallow, { capture: true }), 0);
});

// -- start -------------------------------------------------------------------------------------

async function start() {
  try {
    config = await (await fetch("config.json", { cache: "no-store" })).json();
  } catch {
    app.innerHTML = '<p class="panel">Não foi possível carregar a configuração do jogo.</p>';
    return;
  }
  const guest = storedGuest();
  if (guest) {
    store.update((s) => { s.me = { name: guest.name, rating: 1500, matches: 0 }; });
    connect(guest);
  } else {
    store.update((s) => { s.screen = "entry"; });
  }
}

window.vanlexis = { store };  // for the browser tests and the curious
start();
