// @ts-check
// The match's history: every move by its number, from the server's pages and from the move
// events of each update, each move once and in order.

/** @import { State, Move, BandName, Breakdown, EngineEvent } from "../types/page" */
/** @import { History as HistoryFrame } from "../types/protocol" */
/**
 * @typedef {import("../types/page").MoveEventData} MoveEventData what the page reads of a move event
 */

/** @type {Record<string, Move["kind"] | undefined>} */
const MOVE_EVENTS = { move_played: "play", swapped: "swap", passed: "passed", timed_out: "timed_out" };

/**
 * A history entry from a move event (the same fields as the server's history pages).
 * @param {EngineEvent} event
 * @returns {Move | null}
 */
export function entryFromEvent(event) {
  const kind = MOVE_EVENTS[event.kind];
  if (!kind || typeof event.data?.move !== "number") return null;
  const d = /** @type {MoveEventData} */ (event.data);
  const breakdown = d.breakdown || null;
  const words = d.display || [];
  return {
    move: d.move, turn: d.turn ?? null, round: d.round ?? null, seat: d.seat, kind,
    words: kind === "play" ? words : [], band: kind === "play" ? (d.band ?? breakdown?.band ?? null) : null,
    points: kind === "play" ? (d.score ?? breakdown?.total ?? 0) : 0, total: d.total ?? null,
    tiles: d.tiles || null, count: d.count ?? null, breakdown,
  };
}

/**
 * Put entries into the history, each move once, in move order.
 * @param {Pick<State, "history">} state
 * @param {Move[]} entries
 */
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

/**
 * A history page's entry as the page keeps a move (a field the schema lets the server leave
 * out is null here, as in an entry made from an event).
 * @param {import("../types/page").HistoryEntry} entry
 * @returns {Move}
 */
function fromPage(entry) {
  return { ...entry, band: entry.band ?? null, tiles: entry.tiles ?? null, count: entry.count ?? null,
           breakdown: entry.breakdown ?? null };
}

/** @param {State} state @param {HistoryFrame} frame */
export function applyHistoryPage(state, frame) {
  if (frame.matchId !== state.matchId) return;
  mergeHistory(state, (frame.moves || []).map(fromPage));
  state.history.total = Math.max(state.history.total, frame.total ?? 0);
  state.history.older = frame.older ?? null;
  state.history.loaded = true;
  if (state.screen === "replay" && state.view?.status === "active") {
    state.replayStep = state.history.moves.length;  // a spectator starts at the latest move
  }
  if (state.lastMove === null && state.history.moves.length) {
    const last = lastPlay(state.history.moves);
    if (last) state.lastMove = last.move;
  }
}

/** @param {Pick<State, "history">} state @param {number | null} move */
export function findMove(state, move) {
  return state.history.moves.find((m) => m.move === move) || null;
}

/**
 * The latest play among ``moves`` (swaps and passes put no tile down).
 * @param {Move[]} moves
 */
export function lastPlay(moves) {
  return [...moves].reverse().find((m) => m.kind === "play") || null;
}

/**
 * The squares ("row,col") of the move marked on the board: the last move's.
 * @param {Pick<State, "history" | "lastMove">} state
 */
export function lastMoveSquares(state) {
  return (findMove(state, state.lastMove)?.tiles || []).map(([r, c]) => `${r},${c}`);
}

/**
 * The passes (timeouts included) ``seat`` has made since its last play or swap.
 * @param {Pick<State, "history">} state
 * @param {number} seat
 */
export function passesInRow(state, seat) {
  let count = 0;
  for (let i = state.history.moves.length - 1; i >= 0; i -= 1) {
    const move = state.history.moves[i];
    if (move.seat !== seat) continue;
    if (move.kind !== "passed" && move.kind !== "timed_out") break;
    count += 1;
  }
  return count;
}

/** Whether your pass now would end the match: every other seat has already passed enough
 *  times in a row (the view's ``passesToEnd``: a timeout counts as a pass, a swap does not),
 *  and this pass makes yours enough too. */
/** @param {Pick<State, "history" | "view">} state */
export function passEndsMatch(state) {
  const view = state.view;
  if (!view || view.you === null || view.you === undefined) return false;
  const needed = view.passesToEnd;
  return view.seats.every((seat) => passesInRow(state, seat.seat) + (seat.seat === view.you ? 1 : 0) >= needed);
}
