// @ts-check
// What the server's view says, read the same way everywhere: the board's size, the wildcards'
// letters, the seats' names, whose turn it is. The client knows no rule of its own; even the
// board's size is the view's.

/** @import { State, MatchView } from "../types/page" */
/**
 * @typedef {Pick<State, "view">} Viewed a state, or as much of one as says the view
 */

/** @param {Viewed} state @param {string} code @returns {string} */
export function wildLetters(state, code) {
  return state.view?.wildcards?.[code] || "";
}

/** @param {Viewed} state @param {unknown} code @returns {code is string} */
export function isWild(state, code) {
  return typeof code === "string" && Boolean(state.view?.wildcards?.[code]);
}

/** @param {Viewed} state @param {string} code @param {string} letter */
export function wildAllows(state, code, letter) {
  return wildLetters(state, code).includes(letter);
}

/**
 * The board's side in squares: the view's ``boardSize``.
 * @param {Viewed} state
 */
export function boardSize(state) {
  return sizeOf(state.view);
}

/** @param {MatchView | null | undefined} view @returns {number} */
export function sizeOf(view) {
  return view?.boardSize || view?.board?.length || 0;
}

/**
 * The centre square, where the first word goes and the typing cursor starts.
 * @param {Viewed} state
 */
export function boardCentre(state) {
  const middle = Math.floor(Math.max(0, boardSize(state) - 1) / 2);
  return { row: middle, col: middle };
}

/** @param {Viewed} state @param {number} seat */
export function seatName(state, seat) {
  return state.view?.seats?.[seat]?.name ?? `Lugar ${seat + 1}`;
}

/**
 * Whether the state has a match's view (the table and the replay draw only then).
 * @template {Pick<State, "view">} S
 * @param {S} state
 * @returns {state is S & { view: MatchView }}
 */
export function hasView(state) {
  return state.view !== null && state.view !== undefined;
}

/** @param {Pick<State, "view" | "pacing">} state */
export function myTurn(state) {
  const v = state.view;
  return Boolean(v && v.status !== "finished" && v.you !== null && v.you !== undefined &&
    v.current === v.you && !state.pacing);
}

/**
 * The board rows with ``tiles`` ([row, col, cell]) put on them.
 * @param {string[]} rows
 * @param {[number, number, string][] | null | undefined} tiles
 */
export function boardWith(rows, tiles) {
  const grid = rows.map((row) => [...row]);
  for (const [r, c, cell] of tiles || []) {
    if (grid[r]) grid[r][c] = cell;
  }
  return grid.map((row) => row.join(""));
}

/**
 * An empty board of the view's size.
 * @param {Viewed} state
 */
export function emptyBoard(state) {
  const size = boardSize(state);
  return Array.from({ length: size }, () => ".".repeat(size));
}
