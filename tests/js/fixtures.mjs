// What the store's tests share: a match's view as the server sends it, move events, a started
// match. The board is 21 squares a side, as the standard rules say; one test uses another size.
import { applyFrame } from "../../frontend/js/store/frames.js";
import { freshState } from "../../frontend/js/store/state.js";

export const EMPTY = Array.from({ length: 21 }, () => ".".repeat(21));
export const WILDCARDS = { "?": "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "?V": "AEIOU", "?C": "BCDFGHJKLMNPQRSTVWXYZ" };

export function view(overrides = {}) {
  return {
    matchId: "m-1", board: EMPTY, boardSize: 21, swapLimit: 3, wildcards: WILDCARDS, cards: true,
    seats: [{ seat: 0, name: "Ana", score: 0 }, { seat: 1, name: "Robô 1", score: 0, bot: true },
            { seat: 2, name: "Robô 2", score: 0, bot: true }],
    you: 0, current: 0, turn: 1, round: 1, status: "playing", rack: ["C", "A", "S", "A", "R", "E", "?"],
    moves: 0, market: { row: [{ id: "coringa_vogal", name: "Coringa de Vogal", owned: true, wildcard: "?V" }] },
    ...overrides,
  };
}

export function withTiles(rows, tiles) {
  const grid = rows.map((r) => [...r]);
  for (const [r, c, cell] of tiles) grid[r][c] = cell;
  return grid.map((r) => r.join(""));
}

export function played(seat, move, tiles, score, total) {
  return { kind: "move_played", data: { seat, kind: "play", move, round: 1, turn: move + 1,
    words: ["CASA"], display: ["CASA"], score, total, band: "Quente", tiles,
    breakdown: { total: score, band: "Quente", words: [{ display: "CASA", main: true, letters: [] }] } } };
}

export function started(matchId = "m-1") {
  const state = freshState();
  applyFrame(state, { type: "view", matchId, view: view({ matchId: matchId }) });
  return state;
}

