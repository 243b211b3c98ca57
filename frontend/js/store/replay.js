// @ts-check
// A match seen from its link: a finished one move by move from the empty board, a live one
// as a spectator follows it to its latest move.
import { enterMatch } from "./state.js";
import { entryFromEvent, mergeHistory } from "./history.js";
import { boardWith, emptyBoard } from "./view.js";

/** @import { State, ViewFrame, UpdateFrame } from "../types/page" */

/** A finished match opened by its link (#/partida/ID): shown move by move from the start. */
/** @param {State} state @param {ViewFrame} frame */
export function openReplay(state, frame) {
  if (state.matchId !== frame.matchId) enterMatch(state, frame.matchId);
  state.watching = null;
  state.view = frame.view;
  state.replayStep = 0;  // a live match follows its latest move once the moves arrive
  state.screen = "replay";
}

/** A spectator's update: the public view and the new moves; the replay follows the live
 *  match to its latest move (and stays, a replay, once it ends). */
/** @param {State} state @param {ViewFrame | UpdateFrame} frame */
export function followLive(state, frame) {
  const entries = (frame.type === "update" ? frame.events : []).map(entryFromEvent)
    .filter((entry) => entry !== null);
  if (entries.length) mergeHistory(state, entries);
  if (frame.view) state.view = frame.view;
  if (state.view?.status !== "finished" || entries.length) state.replayStep = state.history.moves.length;
}

/** Move the replay to ``step`` (0: the empty board; the number of moves: the end). */
/** @param {State} state @param {number} step */
export function replayTo(state, step) {
  const last = state.history.moves.length;
  state.replayStep = Math.max(0, Math.min(last, step));
}

/** The board after the first ``step`` moves of the history (their tiles, in order). */
/** @param {State} state @param {number} step */
export function replayBoard(state, step) {
  let board = emptyBoard(state);
  for (const move of state.history.moves.slice(0, step)) {
    if (move.kind === "play" && move.tiles) board = boardWith(board, move.tiles);
  }
  return board;
}
