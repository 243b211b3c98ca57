// The page's state, with no DOM in it: frames from the server and the player's intents go in,
// the renderers read it out. It holds no game rules: what is legal, and what a move is worth,
// is always the server's answer.

const WILD_LETTERS = {
  "?": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
  "?V": "AEIOU",
  "?C": "BCDFGHJKLMNPQRSTVWXYZ",
};

export function isWild(code) {
  return code.startsWith("?");
}

export function wildAllows(code, letter) {
  return (WILD_LETTERS[code] || "").includes(letter);
}

export function freshState() {
  return {
    screen: "loading", connection: "offline", me: null, activeMatch: null,
    queue: null, room: null, matchId: null, view: null, log: [],
    placed: [], cursor: { row: 10, col: 10, dir: "across" }, selected: null,
    pendingWild: null, preview: { status: "idle" }, previewRequest: null,
    mode: "play", swap: [], armedCards: [], target: null, receipt: null,
    ended: null, toast: null, lastSettings: null, leaderboard: null,
  };
}

export class Store {
  constructor() {
    this.state = freshState();
    this.listeners = [];
  }

  subscribe(listener) {
    this.listeners.push(listener);
  }

  update(change) {
    change(this.state);
    for (const listener of this.listeners) listener(this.state);
  }
}

// -- frames ----------------------------------------------------------------------------------

function seatName(state, seat) {
  return state.view?.seats?.[seat]?.name ?? `Lugar ${seat + 1}`;
}

function clearMove(state) {
  state.placed = [];
  state.selected = null;
  state.pendingWild = null;
  state.preview = { status: "idle" };
  state.previewRequest = null;
  state.swap = [];
  state.mode = "play";
  state.armedCards = [];
  state.cardSquares = {};
  state.target = null;
}

export function applyFrame(state, frame, describe) {
  switch (frame.type) {
    case "welcome":
      state.me = frame.player;
      state.activeMatch = frame.activeMatch || null;
      if (!state.activeMatch && ["loading", "table"].includes(state.screen)) state.screen = "lobby";
      break;
    case "leaderboard":
      state.leaderboard = frame.players;
      break;
    case "queue":
      state.queue = frame;
      if (frame.status === "waiting") state.screen = "queue";
      if (frame.status === "left") state.screen = "lobby";
      break;
    case "room":
      state.room = frame;
      if (frame.status === "open") state.screen = "room";
      if (frame.status === "closed") state.screen = "lobby";
      break;
    case "view":
    case "update": {
      const before = state.view;
      state.matchId = frame.matchId;
      state.activeMatch = frame.view.status === "finished" ? null : frame.matchId;
      state.view = frame.view;
      state.ended = frame.view.status === "finished" ? state.ended : null;
      for (const event of frame.events || []) {
        if (event.kind === "move_played") {
          state.receipt = { seat: event.data.seat, name: seatName(state, event.data.seat),
                            breakdown: event.data.breakdown };
        }
        const line = describe(event, (seat) => seatName(state, seat));
        if (line) state.log.push(line);
      }
      state.log = state.log.slice(-30);
      const sameTurn = before && before.match_id === frame.view.match_id &&
        before.turn === frame.view.turn &&
        JSON.stringify(before.rack) === JSON.stringify(frame.view.rack);
      if (!sameTurn) clearMove(state);
      if (state.screen !== "end" || frame.type === "view") state.screen = "table";
      break;
    }
    case "previewed":
      if (frame.requestId === state.previewRequest) {
        state.preview = { status: "ok", breakdown: frame.breakdown };
      }
      break;
    case "ended":
      state.ended = frame;
      state.activeMatch = null;
      state.screen = "end";
      break;
    case "error":
      if (frame.requestId && frame.requestId === state.previewRequest) {
        state.preview = { status: "error", message: frame.message, code: frame.code };
      } else {
        state.toast = { kind: "error", text: frame.message, code: frame.code };
      }
      break;
    default:
      break;
  }
}

// -- placing tiles -----------------------------------------------------------------------------

const CARD_WILDCARDS = { coringa_vogal: "?V", coringa_consoante: "?C", coringa_universal: "?" };

/** The tiles this play may use: the rack, plus a wildcard for each armed Coringa card. */
export function fullRack(state) {
  const rack = [...(state.view?.rack || [])];
  const row = state.view?.market?.row || [];
  for (const slot of state.armedCards) {
    const code = CARD_WILDCARDS[row[slot]?.id];
    if (code) rack.push(code);
  }
  return rack;
}

export function myTurn(state) {
  const v = state.view;
  return Boolean(v && v.status !== "finished" && v.you !== null && v.current === v.you);
}

export function usedRack(state) {
  return new Set(state.placed.map((p) => p.rackIndex));
}

export function occupied(state, row, col) {
  const cell = state.view?.board?.[row]?.[col];
  return (cell && cell !== ".") || state.placed.some((p) => p.row === row && p.col === col);
}

export function placeTile(state, rackIndex, row, col, letter = null) {
  const rack = fullRack(state);
  const code = rack[rackIndex];
  if (code === undefined || usedRack(state).has(rackIndex) || occupied(state, row, col)) {
    return false;
  }
  if (isWild(code) && !letter) {
    state.pendingWild = { rackIndex, row, col, code };
    return true;
  }
  if (isWild(code) && !wildAllows(code, letter)) return false;
  state.placed.push({ row, col, letter: isWild(code) ? letter : code, wild: isWild(code), rackIndex });
  state.selected = null;
  state.pendingWild = null;
  return true;
}

/** The rack tile to use for a typed letter: the letter itself, else a wildcard that allows it. */
export function rackIndexFor(state, letter) {
  const rack = fullRack(state);
  const used = usedRack(state);
  const exact = rack.findIndex((code, i) => code === letter && !used.has(i));
  if (exact >= 0) return exact;
  return rack.findIndex((code, i) => isWild(code) && wildAllows(code, letter) && !used.has(i));
}

export function takeBack(state, row, col) {
  const before = state.placed.length;
  state.placed = state.placed.filter((p) => !(p.row === row && p.col === col));
  return state.placed.length !== before;
}

export function moveCursor(state, dRow, dCol) {
  const c = state.cursor;
  c.row = Math.max(0, Math.min(20, c.row + dRow));
  c.col = Math.max(0, Math.min(20, c.col + dCol));
}

export function advanceCursor(state) {
  const c = state.cursor;
  for (let step = 0; step < 21; step += 1) {
    if (c.dir === "across") c.col = Math.min(20, c.col + 1); else c.row = Math.min(20, c.row + 1);
    if (!occupied(state, c.row, c.col) || c.row === 20 || c.col === 20) return;
  }
}

export function playTiles(state) {
  return state.placed.map(({ row, col, letter, wild }) => ({ row, col, letter, wild }));
}

export function moveCards(state) {
  return state.armedCards.map((slot) => {
    const square = state.cardSquares?.[slot];
    return square ? { slot, square } : { slot };
  });
}
