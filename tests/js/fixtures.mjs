// What the store's tests share: a match's view as the server sends it, move events, a started
// match. The board is 21 squares a side, as the standard rules say; one test uses another size.
import { applyFrame } from "../../frontend/js/store/frames.js";
import { freshState } from "../../frontend/js/store/state.js";

export const EMPTY = Array.from({ length: 21 }, () => ".".repeat(21));
export const WILDCARDS = { "?": "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "?V": "AEIOU", "?C": "BCDFGHJKLMNPQRSTVWXYZ" };

/** The welcome's catalogue, as the server sends it (functions/service/catalog.py), cut short:
 *  the page names cards and builds its forms from it. */
export const CATALOG = {
  tileValues: { A: 1, C: 2, E: 1, F: 3, G: 3, I: 1, J: 6, L: 2, O: 1, R: 1, S: 1, X: 8 },
  wildcardValue: 0,
  cards: [
    { id: "coringa_vogal", name: "Coringa de Vogal", shortName: "Coringa vogal", wildcard: "?V" },
    { id: "mina", name: "Mina", shortName: "Mina", wildcard: null },
    { id: "segundo_folego", name: "Segundo Fôlego", shortName: "2º Fôlego", wildcard: null },
    { id: "prisma", name: "Prisma", shortName: "Prisma", wildcard: null },
    { id: "ancora", name: "Âncora", shortName: "Âncora", wildcard: null },
    { id: "reciclar", name: "Reciclar", shortName: "Reciclar", wildcard: null },
  ],
  form: {
    solo: { turnSeconds: 90, rounds: 15, cards: true, themed: true, themeId: null, bots: 1, botLevel: 3, spectators: true },
    room: { turnSeconds: 90, rounds: 15, cards: true, themed: true, themeId: null, bots: 0, botLevel: 3, spectators: true },
    turnSeconds: { min: 20, max: 600, choices: [20, 30, 60, 90, 120, 180] },
    paceSeconds: [3600, 28800, 86400, 259200], queuePaceSeconds: 86400,
    rounds: { min: 1, max: 50, choices: [2, 3, 4, 5, 10, 15, 20] },
    bots: { min: 0, max: 3, choices: [0, 1, 2, 3] },
    botLevels: [{ level: 1, name: "Iniciante" }, { level: 3, name: "Jogador" }, { level: 5, name: "Mestre" }],
    seats: { min: 2, max: 4, choices: [2, 3, 4] },
    queueSeats: 4,
  },
  badges: [{ id: "palavra-longa", name: "Palavra longa (8 letras ou mais)" }],
  tileStyles: [{ id: "classico", name: "Clássico" }, { id: "neon", name: "Neon" }],
  boardStyles: [{ id: "claro", name: "Claro" }, { id: "veterano", name: "Feltro verde" }],
};

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

