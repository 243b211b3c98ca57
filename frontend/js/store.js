// The page's state, with no DOM in it: frames from the server and the player's intents go in,
// the renderers read it out. It holds no game rules: what is legal, what a move is worth and
// which letters a wildcard may be all come from the server's view; this module only keeps
// track of what the player is doing and of what to show, in which order.

export function freshMatch() {
  return {
    matchId: null, view: null,
    // Every move of the match, by move number: fetched in pages, then appended as they happen.
    history: { moves: [], total: 0, older: null, loaded: false },
    ownReceipt: null, // the move number of your last play while its receipt stays open
    receiptExpanded: false, // opened again by hand after it folded for your turn
    openMove: null, // the move whose receipt is expanded in the history
    pacing: null, // opponents' moves being shown one at a time
    lastMove: null, // the move whose tiles are marked on the board
    placed: [], cursor: { row: 10, col: 10, dir: "across" }, selected: null,
    pendingWild: null, preview: { status: "idle" }, previewRequest: null,
    mode: "play", swap: [], armedCards: [], cardSquares: {}, target: null,
    ended: null, confirm: null, secondWord: false,
    review: null, // your post-game review: { summary, moves, next } as its pages arrive
    openReview: null, // "move:best" or "move:band": the review receipt that is open
    toldVersion: 0, // the match version of the last whole update or view applied
    fault: null, // [row, col]: the square the last refusal was about, marked on the board
  };
}

export function freshState() {
  return {
    screen: "loading", connection: "offline", me: null, activeMatch: null,
    queue: null, room: null, toast: null, lastSettings: null, leaderboard: null,
    watching: null, // the match a replay link asked for, until its view arrives
    daily: null, // today's Desafio do dia, as the server last said
    replayStep: 0, // how many moves of the replay are on its board
    rematchOffer: null, // someone from your last room match wants to play again
    announcements: [], input: "mouse", leftMatch: null,
    previewIds: [], // the request ids of previews sent (their errors are not toasts)
    ...freshMatch(),
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
    const result = change(this.state);
    for (const listener of this.listeners) listener(this.state);
    return result;
  }
}

// -- what the view says -----------------------------------------------------------------------

export function wildLetters(state, code) {
  return state.view?.wildcards?.[code] || "";
}

export function isWild(state, code) {
  return typeof code === "string" && Boolean(state.view?.wildcards?.[code]);
}

export function wildAllows(state, code, letter) {
  return wildLetters(state, code).includes(letter);
}

export function boardSize(state) {
  return state.view?.boardSize || state.view?.board?.length || 21;
}

export function seatName(state, seat) {
  return state.view?.seats?.[seat]?.name ?? `Lugar ${seat + 1}`;
}

export function myTurn(state) {
  const v = state.view;
  return Boolean(v && v.status !== "finished" && v.you !== null && v.you !== undefined &&
    v.current === v.you && !state.pacing);
}

// -- history ----------------------------------------------------------------------------------

const MOVE_EVENTS = { move_played: "play", swapped: "swap", passed: "passed", timed_out: "timed_out" };

/** A history entry from a move event (the same fields as the server's history pages). */
export function entryFromEvent(event) {
  const kind = MOVE_EVENTS[event.kind];
  if (!kind || typeof event.data?.move !== "number") return null;
  const d = event.data;
  const breakdown = d.breakdown || null;
  const words = d.display || [];
  return {
    move: d.move, turn: d.turn ?? null, round: d.round ?? null, seat: d.seat, kind,
    words: kind === "play" ? words : [], band: kind === "play" ? (d.band ?? breakdown?.band) : null,
    points: kind === "play" ? (d.score ?? breakdown?.total ?? 0) : 0, total: d.total ?? null,
    tiles: d.tiles || null, count: d.count ?? null, breakdown,
  };
}

/** Put entries into the history, each move once, in move order. */
export function mergeHistory(state, entries) {
  const byMove = new Map(state.history.moves.map((m) => [m.move, m]));
  for (const entry of entries) {
    const known = byMove.get(entry.move);
    // A page from the server is as complete as an event; keep a breakdown we already hold.
    byMove.set(entry.move, known ? { ...known, ...entry, breakdown: entry.breakdown || known.breakdown } : entry);
  }
  state.history.moves = [...byMove.values()].sort((a, b) => a.move - b.move);
  const newest = state.history.moves.at(-1);
  state.history.total = Math.max(state.history.total, newest ? newest.move + 1 : 0);
}

/** Remember a preview request: the latest one's answer is the one shown. */
export function notePreview(state, requestId) {
  state.previewRequest = requestId;
  if (requestId) state.previewIds = [...state.previewIds.slice(-30), requestId];
}

export function applyHistoryPage(state, frame) {
  if (frame.matchId !== state.matchId) return;
  mergeHistory(state, frame.moves || []);
  state.history.total = Math.max(state.history.total, frame.total ?? 0);
  state.history.older = frame.older ?? null;
  state.history.loaded = true;
  if (state.screen === "replay" && state.view?.status === "active") {
    state.replayStep = state.history.moves.length;  // a spectator starts at the latest move
  }
  if (state.lastMove === null && state.history.moves.length) {
    const last = [...state.history.moves].reverse().find((m) => m.kind === "play");
    if (last) state.lastMove = last.move;
  }
}

export function findMove(state, move) {
  return state.history.moves.find((m) => m.move === move) || null;
}

// -- pacing: opponents' moves one at a time ---------------------------------------------------

function boardWith(rows, tiles) {
  const grid = rows.map((row) => [...row]);
  for (const [r, c, cell] of tiles || []) {
    if (grid[r]) grid[r][c] = cell;
  }
  return grid.map((row) => row.join(""));
}

/** Start (or extend) the paced display of ``entries`` over the board shown now. */
export function queuePacing(state, entries, board, scores) {
  if (!entries.length) return;
  if (state.pacing) {
    state.pacing.queue.push(...entries);
    return;
  }
  state.pacing = { queue: [...entries], board, scores, current: null };
}

/** Show the next paced move; false when none is left (the pacing ends). */
export function advancePacing(state) {
  const p = state.pacing;
  if (!p) return false;
  const next = p.queue.shift();
  if (!next) {
    state.pacing = null;
    return false;
  }
  p.current = next;
  if (next.tiles) p.board = boardWith(p.board, next.tiles);
  if (next.total !== null) p.scores = { ...p.scores, [next.seat]: next.total };
  if (next.kind === "play") state.lastMove = next.move;
  return true;
}

export function skipPacing(state) {
  const p = state.pacing;
  if (!p) return;
  const last = [...p.queue].reverse().find((m) => m.kind === "play");
  if (last) state.lastMove = last.move;
  state.pacing = null;
}

/** Your receipt stays until you close it or begin your next move; once your turn has come it
 * folds to its title line (on a phone it would otherwise cover the board and your hand). */
export function receiptFolded(state) {
  return state.ownReceipt !== null && myTurn(state) && !state.receiptExpanded;
}

/** The board rows to draw: the paced board while opponents' moves are being shown. */
export function shownBoard(state) {
  return state.pacing ? state.pacing.board : state.view?.board || [];
}

/** The round to show: the paced move's while opponents' moves are being shown. */
export function shownRound(state) {
  return state.pacing?.current?.round ?? state.view?.round ?? 1;
}

export function shownScore(state, seat) {
  const paced = state.pacing?.scores?.[seat];
  return paced !== undefined ? paced : state.view?.seats?.[seat]?.score ?? 0;
}

// -- frames -----------------------------------------------------------------------------------

function clearMove(state) {
  state.placed = [];
  state.selected = null;
  state.pendingWild = null;
  state.preview = { status: "idle" };
  state.previewRequest = null;
  state.fault = null;
  state.swap = [];
  state.mode = "play";
  state.armedCards = [];
  state.cardSquares = {};
  state.target = null;
  state.confirm = null;
}

/** Your own card events, confirmed on screen as well as to screen readers. */
const OWN_NOTICES = new Set(["card_bought", "card_used", "sold", "second_play"]);

/** ``kind``: "polite" (screen readers), "assertive" (errors: also a toast), "notice" (both). */
function announce(state, text, kind = "polite") {
  if (text) state.announcements.push({ text, kind });
}

/** Start showing a different match: nothing of the previous one may remain. */
export function enterMatch(state, matchId) {
  Object.assign(state, freshMatch(), { matchId });
  if (matchId) state.rematchOffer = null;  // a new match: any invitation is answered
}

/** "Sair": back to the lobby at once; frames of the match we left are ignored. */
export function leaveMatch(state) {
  state.leftMatch = state.matchId;
  enterMatch(state, null);
  state.activeMatch = null;
  state.screen = "lobby";
}

// -- replays ---------------------------------------------------------------------------------

/** A finished match opened by its link (#/partida/ID): shown move by move from the start. */
export function openReplay(state, frame) {
  if (state.matchId !== frame.matchId) enterMatch(state, frame.matchId);
  state.watching = null;
  state.view = frame.view;
  state.replayStep = 0;  // a live match follows its latest move once the moves arrive
  state.screen = "replay";
}

const SQUARES_BY_BAND = { Escaldante: "🟥", Quente: "🟧", Morno: "🟨", Frio: "⬜" };

/** The shareable result of a daily challenge: its number, your points and one square per
 *  move of yours coloured by band (⬛ a pass or a swap): no word, no spoiler. */
export function dailyShareText(state) {
  const you = state.view?.you;
  const mine = state.history.moves.filter((m) => m.seat === you);
  const squares = mine.map((m) => (m.kind === "play" ? SQUARES_BY_BAND[m.band] || "⬜" : "⬛")).join("");
  const points = state.view?.seats?.[you]?.score ?? 0;
  const number = state.daily?.number;
  return `Vanlexis · Desafio do dia${number ? ` #${number}` : ""}\n${points} pontos em ${mine.length} lances\n${squares}`;
}

/** A spectator's update: the public view and the new moves; the replay follows the live
 *  match to its latest move (and stays, a replay, once it ends). */
function followLive(state, frame) {
  const entries = (frame.events || []).map(entryFromEvent).filter(Boolean);
  if (entries.length) mergeHistory(state, entries);
  if (frame.view) state.view = frame.view;
  if (state.view?.status !== "finished" || entries.length) state.replayStep = state.history.moves.length;
}

/** Move the replay to ``step`` (0: the empty board; the number of moves: the end). */
export function replayTo(state, step) {
  const last = state.history.moves.length;
  state.replayStep = Math.max(0, Math.min(last, step));
}

/** The board after the first ``step`` moves of the history (their tiles, in order). */
export function replayBoard(state, step) {
  const size = state.view?.boardSize || 21;
  let board = Array.from({ length: size }, () => ".".repeat(size));
  for (const move of state.history.moves.slice(0, step)) {
    if (move.kind === "play" && move.tiles) board = boardWith(board, move.tiles);
  }
  return board;
}

export function applyFrame(state, frame, describe = () => null) {
  switch (frame.type) {
    case "welcome":
      state.me = frame.player;
      // The match you said Sair to is not yours any more, whatever the server still says.
      state.activeMatch = frame.activeMatch && frame.activeMatch !== state.leftMatch ? frame.activeMatch : null;
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
    case "update":
      if (frame.type === "view" && state.watching && frame.matchId === state.watching) {
        openReplay(state, frame);
        break;
      }
      if (state.screen === "replay" && frame.matchId === state.matchId) {
        followLive(state, frame);
        break;
      }
      applyMatchFrame(state, frame, describe);
      break;
    case "history":
      applyHistoryPage(state, frame);
      break;
    case "previewed":
      if (frame.requestId === state.previewRequest) {
        state.preview = { status: "ok", breakdown: frame.breakdown };
      }
      break;
    case "ended":
      // A replay of the match is not interrupted by its end frame arriving late.
      if (frame.matchId !== state.matchId || state.screen === "replay") break;
      state.ended = frame;
      state.activeMatch = null;
      if (frame.player) state.me = frame.player;  // the profile after this match
      if (!state.pacing) state.screen = "end";
      break;
    case "review":
      if (frame.matchId !== state.matchId) break;
      state.review = {
        summary: frame.summary,
        moves: [...(state.review?.moves || []).filter((m) => m.move < (frame.moves[0]?.move ?? Infinity)), ...frame.moves],
        next: frame.next ?? null,
      };
      break;
    case "daily":
      state.daily = frame;
      break;
    case "watchers":
      if (frame.matchId === state.matchId && state.view) state.view = { ...state.view, watchers: frame.count };
      break;
    case "rematchOffer":
      state.rematchOffer = frame;
      announce(state, `${frame.by} quer jogar de novo com a mesma mesa.`, "notice");
      break;
    case "error":
      if (frame.requestId && state.previewIds.includes(frame.requestId)) {
        // A preview's refusal belongs in the preview (when it is the latest), never in a toast.
        if (frame.requestId === state.previewRequest) {
          state.preview = { status: "error", message: frame.message, code: frame.code };
          state.fault = frame.square || null;
        }
      } else {
        state.toast = { kind: "error", text: frame.message, code: frame.code };
        if (frame.square) state.fault = frame.square;
        announce(state, frame.message, "assertive");
      }
      break;
    default:
      break;
  }
}

function applyMatchFrame(state, frame, describe) {
  if (state.leftMatch && state.leftMatch === frame.matchId) return; // we said Sair
  // A match that ended while we were away is not sat at again from the lobby.
  if (frame.type === "view" && frame.view?.status === "finished" && frame.matchId !== state.matchId &&
      ["lobby", "queue", "room"].includes(state.screen)) return;
  const fresh = frame.matchId !== state.matchId;
  // An update can come twice (the server retries what it could not finish telling): the
  // second copy is not applied again.
  if (frame.type === "update" && !fresh && frame.version <= state.toldVersion) return;
  if (fresh) enterMatch(state, frame.matchId);
  if (!frame.partial && frame.view) {
    state.toldVersion = (frame.type === "update" ? frame.version : frame.view.version) ?? 0;
  }
  const before = state.view;
  const you = frame.view?.you ?? before?.you;
  const paced = [];
  let board = state.pacing ? null : before?.board;
  const scores = {};
  for (const seat of before?.seats || []) scores[seat.seat] = seat.score;
  let secondWord = false;
  for (const event of frame.events || []) {
    if (event.kind === "second_play" && event.data?.seat === you) secondWord = true;
    const entry = entryFromEvent(event);
    if (entry) {
      mergeHistory(state, [entry]);
      if (entry.seat === you) {
        if (entry.kind === "play") {
          state.ownReceipt = entry.move;
          state.receiptExpanded = false;
          state.lastMove = entry.move;
          if (board) board = boardWith(board, entry.tiles);
          scores[entry.seat] = entry.total ?? scores[entry.seat];
        }
        if (entry.kind === "timed_out") announce(state, "Tempo esgotado: você passou a vez.", "assertive");
      } else {
        paced.push(entry);
      }
    }
    const line = describe(event, (seat) => (seat === you ? "Você" : seatName({ view: frame.view || before }, seat)), you);
    // Your own moves are not read back to you (your timeout has its own message above); what
    // your cards did is also shown, since on a phone the card you tapped may be far from its effect.
    const yours = event.kind === "sold" || event.data?.seat === you;
    if (line && !entry) announce(state, line, yours && OWN_NOTICES.has(event.kind) ? "notice" : "polite");
    else if (line && entry.seat !== you) announce(state, line);
  }
  if (paced.length && (board || state.pacing)) {
    queuePacing(state, paced, board || state.pacing.board, scores);
  } else if (paced.length) {
    const last = [...paced].reverse().find((m) => m.kind === "play");
    if (last) state.lastMove = last.move;
  }
  if (frame.partial || !frame.view) return;
  state.activeMatch = frame.view.status === "finished" ? null : frame.matchId;
  state.view = frame.view;
  state.history.total = Math.max(state.history.total, frame.view.moves ?? 0);
  if (!before || before.turn !== frame.view.turn) state.secondWord = false;
  if (secondWord) state.secondWord = true;
  const sameTurn = before && before.turn === frame.view.turn &&
    JSON.stringify(before.rack) === JSON.stringify(frame.view.rack);
  if (!sameTurn) {
    clearMove(state);
  }
  if (frame.view.current === you && frame.view.status !== "finished" &&
      (!before || before.current !== you || before.turn !== frame.view.turn)) {
    announce(state, "Sua vez.");
  }
  // A new match (playing again from the end screen) takes you to its table; a frame of the
  // match that just ended leaves you on its end screen.
  if (state.screen !== "end" || fresh) state.screen = "table";
}

// -- placing tiles ----------------------------------------------------------------------------

/** The tiles this play may use: the rack, plus a wildcard for each armed Coringa card. */
export function fullRack(state) {
  const rack = [...(state.view?.rack || [])];
  const row = state.view?.market?.row || [];
  for (const slot of state.armedCards) {
    const code = row[slot]?.wildcard;
    if (code) rack.push(code);
  }
  return rack;
}

export function usedRack(state) {
  return new Set(state.placed.map((p) => p.rackIndex));
}

export function occupied(state, row, col) {
  const cell = state.view?.board?.[row]?.[col];
  return (cell !== undefined && cell !== ".") || state.placed.some((p) => p.row === row && p.col === col);
}

export function placedAt(state, row, col) {
  return state.placed.find((p) => p.row === row && p.col === col) || null;
}

/** Put rack tile ``rackIndex`` on a square; a wildcard with no letter asks for one first. */
export function placeTile(state, rackIndex, row, col, letter = null) {
  const rack = fullRack(state);
  const code = rack[rackIndex];
  const size = boardSize(state);
  if (code === undefined || usedRack(state).has(rackIndex) || row < 0 || col < 0 ||
      row >= size || col >= size || occupied(state, row, col)) {
    return false;
  }
  const wild = isWild(state, code);
  if (wild && !letter) {
    state.pendingWild = { rackIndex, row, col, code };
    state.selected = null;
    return true;
  }
  if (wild && !wildAllows(state, code, letter)) return false;
  state.placed.push({ row, col, letter: wild ? letter : code, wild, rackIndex });
  state.selected = null;
  state.pendingWild = null;
  return true;
}

/** The letter chosen in the wildcard picker: the pending tile goes down with it. */
export function chooseWildLetter(state, letter) {
  const pending = state.pendingWild;
  if (!pending) return false;
  const ok = placeTile(state, pending.rackIndex, pending.row, pending.col, letter);
  state.pendingWild = null;
  return ok;
}

export function cancelWild(state) {
  state.pendingWild = null;
}

/** The rack tile to use for a typed letter: the letter itself, else a wildcard that allows it
 * (the most restrictive one first, so a Coringa Universal is kept for when nothing else fits). */
export function rackIndexFor(state, letter) {
  const rack = fullRack(state);
  const used = usedRack(state);
  const exact = rack.findIndex((code, i) => code === letter && !used.has(i));
  if (exact >= 0) return exact;
  const candidates = rack
    .map((code, i) => ({ code, i }))
    .filter(({ code, i }) => !used.has(i) && isWild(state, code) && wildAllows(state, code, letter))
    .sort((a, b) => wildLetters(state, a.code).length - wildLetters(state, b.code).length);
  return candidates.length ? candidates[0].i : -1;
}

/** Type a letter at the cursor: uses the letter, or a wildcard that can be it. */
export function typeLetter(state, letter) {
  const index = rackIndexFor(state, letter);
  if (index < 0) return { ok: false, reason: "missing" };
  const { row, col } = state.cursor;
  if (occupied(state, row, col)) return { ok: false, reason: "occupied" };
  const code = fullRack(state)[index];
  const ok = placeTile(state, index, row, col, isWild(state, code) ? letter : null);
  if (ok) advanceCursor(state);
  return { ok, reason: ok ? null : "refused", wild: isWild(state, code) };
}

export function takeBack(state, row, col) {
  const before = state.placed.length;
  state.placed = state.placed.filter((p) => !(p.row === row && p.col === col));
  return state.placed.length !== before;
}

/** Move one of your tentative tiles to another empty square (its wildcard letter kept). */
export function moveTile(state, fromRow, fromCol, toRow, toCol) {
  const tile = placedAt(state, fromRow, fromCol);
  const size = boardSize(state);
  if (!tile || toRow < 0 || toCol < 0 || toRow >= size || toCol >= size ||
      occupied(state, toRow, toCol)) {
    return false;
  }
  tile.row = toRow;
  tile.col = toCol;
  return true;
}

export function takeBackLast(state) {
  const last = state.placed.pop();
  if (!last) return false;
  state.cursor.row = last.row;
  state.cursor.col = last.col;
  return true;
}

export function moveCursor(state, dRow, dCol) {
  const c = state.cursor;
  const max = boardSize(state) - 1;
  c.row = Math.max(0, Math.min(max, c.row + dRow));
  c.col = Math.max(0, Math.min(max, c.col + dCol));
}

export function advanceCursor(state) {
  const c = state.cursor;
  const max = boardSize(state) - 1;
  for (let step = 0; step <= max; step += 1) {
    if (c.dir === "across") c.col = Math.min(max, c.col + 1); else c.row = Math.min(max, c.row + 1);
    if (!occupied(state, c.row, c.col) || c.row === max || c.col === max) return;
  }
}

export function toggleSwap(state, index) {
  const limit = state.view?.swapLimit ?? 0;
  if (state.swap.includes(index)) state.swap = state.swap.filter((i) => i !== index);
  else if (state.swap.length < limit) state.swap.push(index);
  else return false;
  return true;
}

/** Arm or disarm a move card; disarming a Coringa takes its tile back off the board. */
export function toggleArmed(state, slot) {
  const arming = !state.armedCards.includes(slot);
  state.armedCards = arming ? [...state.armedCards, slot] : state.armedCards.filter((x) => x !== slot);
  if (!arming) {
    // The card wildcards sit after the rack, in arming order: taking one away shifts the
    // others, so every tile placed from a card wildcard goes back to the rack.
    const rackSize = state.view?.rack?.length ?? 0;
    state.placed = state.placed.filter((p) => p.rackIndex < rackSize);
    state.pendingWild = null;
    const squares = { ...state.cardSquares };
    delete squares[slot];
    state.cardSquares = squares;
    if (state.target?.slot === slot) state.target = null;
  }
  return arming;
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

/** Every square a card marks during this move (Letra Dobrada's letter), for the board. */
export function markedSquares(state) {
  const row = state.view?.market?.row || [];
  return state.armedCards
    .filter((slot) => state.cardSquares?.[slot])
    .map((slot) => ({ square: state.cardSquares[slot], card: row[slot]?.name || "" }));
}
