// @ts-check
// The move you are making: tiles put on the board (and taken back, moved, typed at the
// cursor), the wildcard's letter, the tiles chosen for a swap, the cards armed for the play.
// Nothing here decides whether the move is legal: the server's preview says so.
import { boardSize, isWild, wildAllows, wildLetters } from "./view.js";

/** @import { State } from "../types/page" */
/** @import { Tile, MoveCard } from "../types/protocol" */

/** The preview refusals that only say a move is not finished yet (it needs the centre, a link
 *  to the board, another letter, a word, a card's target): building is not a mistake. The
 *  others (tiles out of line, a taken square) ask for a tile to be moved. */
const BUILDING = new Set(["move.centre", "move.not_connected", "move.too_short", "move.gap",
  "move.not_a_word", "card.unused", "card.target"]);

/** @param {string} code */
export function isBuilding(code) {
  return BUILDING.has(code);
}

/**
 * Forget the move in progress (a new turn, or the move was played).
 * @param {State} state
 */
export function clearMove(state) {
  state.placed = [];
  state.selected = null;
  state.pendingWild = null;
  state.preview = { status: "idle" };
  state.previewRequest = null;
  state.fault = null;
  state.faultKind = null;
  state.swap = [];
  state.mode = "play";
  state.armedCards = [];
  state.cardSquares = {};
  state.target = null;
}

/**
 * A new preview is to be asked: the last answer stays, to be shown dimmed until the new one.
 * @param {State} state
 */
export function askPreview(state) {
  const p = state.preview;
  const settled = p.status === "ok" || p.status === "error" ? p : p.status === "pending" ? p.settled : null;
  state.preview = { status: "pending", settled };
  state.previewRequest = null;
  state.fault = null;
}

/**
 * Remember a preview request: the latest one's answer is the one shown.
 * @param {State} state
 * @param {string | null} requestId
 */
export function notePreview(state, requestId) {
  state.previewRequest = requestId;
  if (requestId) state.previewIds = [...state.previewIds.slice(-30), requestId];
}

/**
 * The tiles this play may use: the rack, plus a wildcard for each armed Coringa card.
 * @param {Pick<State, "view" | "armedCards">} state
 * @returns {string[]}
 */
export function fullRack(state) {
  const rack = [...(state.view?.rack || [])];
  const row = state.view?.market?.row || [];
  for (const slot of state.armedCards) {
    const code = row[slot]?.wildcard;
    if (code) rack.push(code);
  }
  return rack;
}

/** @param {Pick<State, "placed">} state */
export function usedRack(state) {
  return new Set(state.placed.map((p) => p.rackIndex));
}

/** @param {Pick<State, "view" | "placed">} state @param {number} row @param {number} col */
export function occupied(state, row, col) {
  const cell = state.view?.board?.[row]?.[col];
  return (cell !== undefined && cell !== ".") || state.placed.some((p) => p.row === row && p.col === col);
}

/** @param {Pick<State, "placed">} state @param {number} row @param {number} col */
export function placedAt(state, row, col) {
  return state.placed.find((p) => p.row === row && p.col === col) || null;
}

/**
 * Put rack tile ``rackIndex`` on a square; a wildcard with no letter asks for one first.
 * @param {State} state
 * @param {number} rackIndex
 * @param {number} row
 * @param {number} col
 * @param {string | null} [letter] a wildcard's letter
 */
export function placeTile(state, rackIndex, row, col, letter = null) {
  const rack = fullRack(state);
  const code = rack[rackIndex];
  const size = boardSize(state);
  if (code === undefined || usedRack(state).has(rackIndex) || row < 0 || col < 0 ||
      row >= size || col >= size || occupied(state, row, col)) {
    return false;
  }
  const wild = isWild(state, code);
  let shown = code;
  if (wild) {
    if (!letter) {
      state.pendingWild = { rackIndex, row, col, code };
      state.selected = null;
      return true;
    }
    if (!wildAllows(state, code, letter)) return false;
    shown = letter;
  }
  state.placed.push({ row, col, letter: shown, wild, rackIndex });
  state.selected = null;
  state.pendingWild = null;
  return true;
}

/**
 * The letter chosen in the wildcard picker: the pending tile goes down with it.
 * @param {State} state
 * @param {string} letter
 */
export function chooseWildLetter(state, letter) {
  const pending = state.pendingWild;
  if (!pending) return false;
  const ok = placeTile(state, pending.rackIndex, pending.row, pending.col, letter);
  state.pendingWild = null;
  return ok;
}

/** @param {State} state */
export function cancelWild(state) {
  state.pendingWild = null;
}

/** The rack tile to use for a typed letter: the letter itself, else a wildcard that allows it
 * (the most restrictive one first, so a Coringa Universal is kept for when nothing else fits). */
/** @param {State} state @param {string} letter */
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

/**
 * Type a letter at the cursor: uses the letter, or a wildcard that can be it.
 * @param {State} state
 * @param {string} letter
 * @returns {{ ok: boolean, reason: "missing" | "occupied" | "refused" | null, wild?: boolean }}
 */
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

/** @param {State} state @param {number} row @param {number} col */
export function takeBack(state, row, col) {
  const before = state.placed.length;
  state.placed = state.placed.filter((p) => !(p.row === row && p.col === col));
  return state.placed.length !== before;
}

/**
 * Move one of your tentative tiles to another empty square (its wildcard letter kept).
 * @param {State} state
 * @param {number} fromRow
 * @param {number} fromCol
 * @param {number} toRow
 * @param {number} toCol
 */
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

/** @param {State} state */
export function takeBackLast(state) {
  const last = state.placed.pop();
  if (!last) return false;
  state.cursor.row = last.row;
  state.cursor.col = last.col;
  return true;
}

/** @param {State} state @param {number} dRow @param {number} dCol */
export function moveCursor(state, dRow, dCol) {
  const c = state.cursor;
  const max = boardSize(state) - 1;
  c.row = Math.max(0, Math.min(max, c.row + dRow));
  c.col = Math.max(0, Math.min(max, c.col + dCol));
}

/** @param {State} state */
export function advanceCursor(state) {
  const c = state.cursor;
  const max = boardSize(state) - 1;
  for (let step = 0; step <= max; step += 1) {
    if (c.dir === "across") c.col = Math.min(max, c.col + 1); else c.row = Math.min(max, c.row + 1);
    if (!occupied(state, c.row, c.col) || c.row === max || c.col === max) return;
  }
}

/**
 * How many rack tiles may be picked now: a swap's limit, or a Reciclar's when the card asks
 * for its tiles (the view's numbers both).
 * @param {Pick<State, "view" | "target">} state
 */
export function pickLimit(state) {
  if (state.target?.kind === "tiles") return state.view?.market?.recycleLimit ?? 0;
  return state.view?.swapLimit ?? 0;
}

/** @param {State} state @param {number} index */
export function toggleSwap(state, index) {
  const limit = pickLimit(state);
  if (state.swap.includes(index)) state.swap = state.swap.filter((i) => i !== index);
  else if (state.swap.length < limit) state.swap.push(index);
  else return false;
  return true;
}

/**
 * Arm or disarm a move card; disarming a Coringa takes its tile back off the board.
 * @param {State} state
 * @param {number} slot
 */
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

/** @param {Pick<State, "placed">} state @returns {Tile[]} */
export function playTiles(state) {
  return state.placed.map(({ row, col, letter, wild }) => ({ row, col, letter, wild }));
}

/** @param {Pick<State, "armedCards" | "cardSquares">} state @returns {MoveCard[]} */
export function moveCards(state) {
  return state.armedCards.map((slot) => {
    const square = state.cardSquares?.[slot];
    return square ? { slot, square } : { slot };
  });
}

/**
 * Every square a card marks during this move (Letra Dobrada's letter), for the board.
 * @param {Pick<State, "view" | "armedCards" | "cardSquares">} state
 */
export function markedSquares(state) {
  const row = state.view?.market?.row || [];
  return state.armedCards
    .filter((slot) => state.cardSquares?.[slot])
    .map((slot) => ({ square: state.cardSquares[slot], card: row[slot]?.name || "" }));
}
