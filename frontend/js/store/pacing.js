// @ts-check
// Opponents' moves shown one at a time: the board and the scores as they were before each,
// then the move put down, so a player sees what happened instead of a board that jumped.
import { boardWith, myTurn } from "./view.js";
import { lastPlay } from "./history.js";

/** @import { State, Move } from "../types/page" */

/**
 * Start (or extend) the paced display of ``entries`` over the board shown now.
 * @param {State} state
 * @param {Move[]} entries
 * @param {string[]} board
 * @param {Record<number, number | null | undefined>} scores each seat's score before them
 */
export function queuePacing(state, entries, board, scores) {
  if (!entries.length) return;
  if (state.pacing) {
    state.pacing.queue.push(...entries);
    return;
  }
  state.pacing = { queue: [...entries], board, scores, current: null };
}

/**
 * Show the next paced move; false when none is left (the pacing ends).
 * @param {State} state
 */
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

/** @param {State} state */
export function skipPacing(state) {
  const p = state.pacing;
  if (!p) return;
  const last = lastPlay(p.queue);
  if (last) state.lastMove = last.move;
  state.pacing = null;
}

/** Your receipt stays until you close it or begin your next move; once your turn has come it
 * folds to its title line (on a phone it would otherwise cover your hand). */
/** @param {Pick<State, "ownReceipt" | "view" | "pacing" | "receiptExpanded">} state */
export function receiptFolded(state) {
  return state.ownReceipt !== null && myTurn(state) && !state.receiptExpanded;
}

/**
 * The board rows to draw: the paced board while opponents' moves are being shown.
 * @param {Pick<State, "pacing" | "view">} state
 * @returns {string[]}
 */
export function shownBoard(state) {
  return state.pacing ? state.pacing.board : state.view?.board || [];
}

/**
 * The round to show: the paced move's while opponents' moves are being shown.
 * @param {Pick<State, "pacing" | "view">} state
 * @returns {number}
 */
export function shownRound(state) {
  return state.pacing?.current?.round ?? state.view?.round ?? 1;
}

/**
 * @param {Pick<State, "pacing" | "view">} state
 * @param {number} seat
 * @returns {number}
 */
export function shownScore(state, seat) {
  const paced = state.pacing?.scores?.[seat];
  return paced ?? state.view?.seats?.[seat]?.score ?? 0;
}
