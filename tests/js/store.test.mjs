// The headless store, with node's built-in test runner (`node --test tests/js`).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  advancePacing, applyFrame, chooseWildLetter, dailyShareText, freshState, fullRack, leaveMatch, notePreview,
  moveTile, myTurn, placeTile, rackIndexFor, receiptFolded, shownBoard, shownScore, skipPacing, toggleArmed,
  toggleSwap,
  typeLetter,
} from "../../frontend/js/store.js";

const EMPTY = Array.from({ length: 21 }, () => ".".repeat(21));
const WILDCARDS = { "?": "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "?V": "AEIOU", "?C": "BCDFGHJKLMNPQRSTVWXYZ" };

function view(overrides = {}) {
  return {
    matchId: "m-1", board: EMPTY, boardSize: 21, swapLimit: 3, wildcards: WILDCARDS,
    seats: [{ seat: 0, name: "Ana", score: 0 }, { seat: 1, name: "Robô 1", score: 0, bot: true },
            { seat: 2, name: "Robô 2", score: 0, bot: true }],
    you: 0, current: 0, turn: 1, round: 1, status: "playing", rack: ["C", "A", "S", "A", "R", "E", "?"],
    moves: 0, market: { row: [{ id: "coringa_vogal", name: "Coringa de Vogal", owned: true, wildcard: "?V" }] },
    ...overrides,
  };
}

function withTiles(rows, tiles) {
  const grid = rows.map((r) => [...r]);
  for (const [r, c, cell] of tiles) grid[r][c] = cell;
  return grid.map((r) => r.join(""));
}

function played(seat, move, tiles, score, total) {
  return { kind: "move_played", data: { seat, kind: "play", move, round: 1, turn: move + 1,
    words: ["CASA"], display: ["CASA"], score, total, band: "Quente", tiles,
    breakdown: { total: score, band: "Quente", words: [{ display: "CASA", main: true, letters: [] }] } } };
}

function started(matchId = "m-1") {
  const state = freshState();
  applyFrame(state, { type: "view", matchId, view: view({ matchId: matchId }) });
  return state;
}

test("your own receipt opens after your play while the bots' moves are paced one at a time", () => {
  const state = started();
  const mine = [[10, 9, "C"], [10, 10, "A"]];
  const bot1 = [[11, 10, "S"]];
  const bot2 = [[12, 10, "O"]];
  const final = withTiles(EMPTY, [...mine, ...bot1, ...bot2]);
  applyFrame(state, { type: "update", matchId: "m-1", version: 5, events: [
    played(0, 0, mine, 12, 12), played(1, 1, bot1, 7, 7), played(2, 2, bot2, 9, 9),
  ], view: view({ board: final, turn: 4, moves: 3, seats: [
    { seat: 0, name: "Ana", score: 12 }, { seat: 1, name: "Robô 1", score: 7 },
    { seat: 2, name: "Robô 2", score: 9 }] }) });
  assert.equal(state.ownReceipt, 0);
  assert.deepEqual(state.history.moves.map((m) => m.move), [0, 1, 2]);
  // Before the first paced move: your word is down, the bots' are not; scores as before theirs.
  assert.ok(state.pacing);
  assert.equal(shownBoard(state)[10].slice(9, 11), "CA");
  assert.equal(shownBoard(state)[11][10], ".");
  assert.equal(shownScore(state, 1), 0);
  assert.equal(myTurn(state), false, "no input while opponents' moves are being shown");
  assert.equal(advancePacing(state), true);
  assert.equal(shownBoard(state)[11][10], "S");
  assert.equal(shownBoard(state)[12][10], ".");
  assert.equal(shownScore(state, 1), 7);
  assert.equal(state.lastMove, 1);
  assert.equal(advancePacing(state), true);
  assert.equal(advancePacing(state), false);
  assert.equal(state.pacing, null);
  assert.deepEqual(shownBoard(state), final);
  assert.equal(myTurn(state), true);
  // The receipt stays open while your next turn has not started... it has: turn 4 is yours.
  assert.equal(state.ownReceipt, 0, "the receipt stays until you close it or play again");
  assert.equal(receiptFolded(state), true, "your turn: it folds to its title line");
  state.receiptExpanded = true;
  assert.equal(receiptFolded(state), false);
  const totals = {};
  for (const m of state.history.moves) totals[m.seat] = (totals[m.seat] || 0) + m.points;
  for (const seat of state.view.seats) assert.equal(totals[seat.seat] || 0, seat.score);
});

test("skipping the pacing shows the final board at once", () => {
  const state = started();
  applyFrame(state, { type: "update", matchId: "m-1", version: 2, events: [
    played(1, 0, [[10, 10, "A"]], 2, 2)], view: view({ board: withTiles(EMPTY, [[10, 10, "A"]]) }) });
  assert.ok(state.pacing);
  skipPacing(state);
  assert.equal(state.pacing, null);
  assert.equal(shownBoard(state)[10][10], "A");
  assert.equal(state.lastMove, 0);
});

test("partial updates carry events only: the view comes with the last frame", () => {
  const state = started();
  applyFrame(state, { type: "update", matchId: "m-1", version: 2, partial: true,
    events: [played(1, 0, [[10, 10, "A"]], 2, 2)] });
  assert.equal(state.view.turn, 1);
  assert.equal(state.history.moves.length, 1);
  applyFrame(state, { type: "update", matchId: "m-1", version: 3,
    events: [played(2, 1, [[11, 10, "S"]], 3, 3)], view: view({ turn: 3 }) });
  assert.equal(state.view.turn, 3);
  assert.deepEqual(state.history.moves.map((m) => m.seat), [1, 2]);
});

test("a new match starts with an empty history, log and receipt", () => {
  const state = started("m-1");
  applyFrame(state, { type: "update", matchId: "m-1", version: 2, events: [played(0, 0, [[10, 10, "A"]], 2, 2)], view: view() });
  assert.equal(state.history.moves.length, 1);
  assert.equal(state.ownReceipt, 0);
  applyFrame(state, { type: "view", matchId: "m-2", view: view({ matchId: "m-2" }) });
  assert.equal(state.history.moves.length, 0);
  assert.equal(state.ownReceipt, null);
  assert.equal(state.lastMove, null);
});

test("after Sair the lobby stays: frames of the match you left are ignored", () => {
  const state = started("m-1");
  leaveMatch(state);
  assert.equal(state.screen, "lobby");
  applyFrame(state, { type: "update", matchId: "m-1", version: 9, events: [], view: view() });
  assert.equal(state.screen, "lobby");
  assert.equal(state.view, null);
  applyFrame(state, { type: "ended", matchId: "m-1", result: { ranking: [] } });
  assert.equal(state.screen, "lobby");
});

test("history pages merge with live moves, each move once", () => {
  const state = started();
  applyFrame(state, { type: "update", matchId: "m-1", version: 2, events: [played(1, 3, [[10, 10, "A"]], 2, 9)], view: view({ moves: 4 }) });
  applyFrame(state, { type: "history", matchId: "m-1", total: 4, older: null, moves: [
    { move: 0, seat: 0, kind: "play", words: ["SOL"], points: 5, total: 5 },
    { move: 1, seat: 1, kind: "play", words: ["LUA"], points: 7, total: 7 },
    { move: 2, seat: 0, kind: "passed", words: [], points: 0, total: 5 },
    { move: 3, seat: 1, kind: "play", words: ["CASA"], points: 2, total: 9 },
  ] });
  assert.deepEqual(state.history.moves.map((m) => m.move), [0, 1, 2, 3]);
  assert.ok(state.history.moves[3].breakdown, "the live move keeps its receipt");
  applyFrame(state, { type: "history", matchId: "m-other", total: 1, older: null, moves: [{ move: 9 }] });
  assert.equal(state.history.moves.length, 4);
});

test("a wildcard can be the second tile of a move, and the picker closes after use", () => {
  const state = started();
  assert.equal(placeTile(state, 0, 10, 9), true);
  assert.equal(placeTile(state, 6, 10, 10), true, "the wildcard asks for its letter");
  assert.deepEqual(state.pendingWild, { rackIndex: 6, row: 10, col: 10, code: "?" });
  assert.equal(chooseWildLetter(state, "C"), true);
  assert.equal(state.pendingWild, null);
  assert.deepEqual(state.placed.map((p) => [p.letter, p.wild]), [["C", false], ["C", true]]);
});

test("typing a letter you do not hold uses the narrowest wildcard that can be it", () => {
  const state = started();
  state.armedCards = [0]; // a Coringa de Vogal: ?V after the rack
  assert.equal(fullRack(state).at(-1), "?V");
  assert.equal(rackIndexFor(state, "O"), 7, "?V is narrower than ?");
  state.cursor = { row: 10, col: 10, dir: "across" };
  assert.equal(typeLetter(state, "O").ok, true);
  assert.equal(typeLetter(state, "Z").ok, true, "Z only fits the universal wildcard");
  assert.deepEqual(state.placed.map((p) => [p.rackIndex, p.letter, p.wild]), [[7, "O", true], [6, "Z", true]]);
  assert.equal(typeLetter(state, "Q").ok, false);
  assert.deepEqual(state.cursor, { row: 10, col: 12, dir: "across" });
});

test("disarming a Coringa takes its tile back", () => {
  const state = started();
  toggleArmed(state, 0);
  placeTile(state, 7, 10, 10, "E");
  assert.equal(state.placed.length, 1);
  toggleArmed(state, 0);
  assert.equal(state.placed.length, 0);
});

test("the swap limit is the server's", () => {
  const state = started();
  state.view.swapLimit = 2;
  assert.equal(toggleSwap(state, 0), true);
  assert.equal(toggleSwap(state, 1), true);
  assert.equal(toggleSwap(state, 2), false);
  assert.deepEqual(state.swap, [0, 1]);
});

test("a timeout of yours is announced", () => {
  const state = started();
  applyFrame(state, { type: "update", matchId: "m-1", version: 2, events: [
    { kind: "timed_out", data: { seat: 0, move: 0, round: 1, total: 0 } }], view: view({ current: 1, turn: 2 }) });
  assert.ok(state.announcements.some((a) => a.text === "Tempo esgotado: você passou a vez."));
  assert.equal(state.history.moves[0].kind, "timed_out");
});

import { clamp, edgePush, follow, focusSquare, pan, step, zoomAt } from "../../frontend/js/zoom.js";

test("zoom and pan never lose the board", () => {
  const size = 336;
  assert.deepEqual(clamp({ scale: 1, x: 50, y: -50 }, size), { scale: 1, x: 0, y: 0 });
  const zoomed = step({ scale: 1, x: 0, y: 0 }, size, +1);
  assert.ok(zoomed.scale > 1);
  const far = pan(zoomed, size, -10_000, -10_000);
  assert.equal(far.x, -(size * far.scale - size));
  const back = pan(far, size, 10_000, 10_000);
  assert.deepEqual([back.x, back.y], [0, 0]);
  // The point under the fingers stays under them.
  const z = zoomAt({ scale: 1, x: 0, y: 0 }, size, 2, 100, 100);
  assert.equal((100 - z.x) / z.scale, 100);
  // Zooming onto a square puts it in the middle; following a square brings it into view.
  const onCorner = focusSquare({ scale: 1, x: 0, y: 0 }, size, 21, 10, 10, 2.3);
  const cell = (size * 2.3) / 21;
  assert.ok(Math.abs(10.5 * cell + onCorner.x - size / 2) < 1e-6);
  const followed = follow(onCorner, size, 21, 20, 20);
  assert.ok(20 * cell + followed.x + cell <= size + 1e-6);
});

test("a tile you placed moves to another empty square and keeps its wildcard letter", () => {
  const state = started();
  assert.ok(placeTile(state, 0, 10, 10));
  assert.ok(placeTile(state, 6, 10, 11, "O"));
  assert.ok(moveTile(state, 10, 11, 11, 10));
  assert.deepEqual(state.placed.map((p) => [p.row, p.col, p.letter, p.wild]),
                   [[10, 10, "C", false], [11, 10, "O", true]]);
  assert.equal(moveTile(state, 11, 10, 10, 10), false, "onto your other tile: refused");
  assert.equal(moveTile(state, 11, 10, 21, 0), false, "off the board: refused");
  assert.equal(moveTile(state, 5, 5, 6, 6), false, "no tile of yours there");
});

test("a dragged tile held near a zoomed board's edge pans it that way, and only then", () => {
  const size = 336;
  assert.deepEqual(edgePush({ scale: 1, x: 0, y: 0 }, size, 2, 2), { dx: 0, dy: 0 }, "not zoomed");
  const zoomed = { scale: 2.3, x: -200, y: -200 };
  assert.deepEqual(edgePush(zoomed, size, 168, 168), { dx: 0, dy: 0 }, "the middle");
  const left = edgePush(zoomed, size, 4, 168);
  assert.ok(left.dx > 0 && left.dy === 0, "near the left edge the board slides right");
  const bottom = edgePush(zoomed, size, 168, size - 2);
  assert.ok(bottom.dy < 0 && bottom.dx === 0);
  assert.ok(edgePush(zoomed, size, 1, 168).dx > edgePush(zoomed, size, 20, 168).dx, "faster closer");
  assert.deepEqual(edgePush(zoomed, size, -200, 168), { dx: 0, dy: 0 }, "far outside: the rack");
});

test("what your own cards do is confirmed on screen; an opponent's card is only announced", () => {
  const state = started();
  const describe = (event, name) => `${name(event.data.seat)} usou ${event.data.card}.`;
  applyFrame(state, { type: "update", matchId: "m-1", version: 2, events: [
    { kind: "card_used", data: { seat: 0, card: "espiao" } },
    { kind: "card_used", data: { seat: 1, card: "mina" } }], view: view() }, describe);
  assert.deepEqual(state.announcements.slice(-2), [
    { text: "Você usou espiao.", kind: "notice" }, { text: "Robô 1 usou mina.", kind: "polite" }]);
});

test("a welcome that still names the match you left does not take you back to it", () => {
  const state = started("m-1");
  leaveMatch(state);
  applyFrame(state, { type: "welcome", player: { id: "p", name: "Ana" }, activeMatch: "m-1" });
  assert.equal(state.activeMatch, null);
  assert.equal(state.screen, "lobby");
});

test("playing again leaves the end screen for the new table; the old match keeps it", () => {
  const state = started("m-1");
  applyFrame(state, { type: "update", matchId: "m-1", version: 2, events: [],
    view: view({ status: "finished" }) });
  applyFrame(state, { type: "ended", matchId: "m-1", mode: "room", result: { ranking: [] },
    player: { name: "Ana", matches: 1 } });
  assert.equal(state.screen, "end");
  assert.equal(state.me.matches, 1); // the profile after the match, at once
  applyFrame(state, { type: "rematchOffer", matchId: "m-1", code: "K7QH2M", by: "Bia" });
  assert.equal(state.rematchOffer.by, "Bia");
  applyFrame(state, { type: "update", matchId: "m-1", version: 3, events: [],
    view: view({ status: "finished" }) });
  assert.equal(state.screen, "end");
  applyFrame(state, { type: "view", matchId: "m-2", view: view({ matchId: "m-2" }) });
  assert.equal(state.screen, "table");
  assert.equal(state.rematchOffer, null);
});

test("a replay link opens the match from its first move; a late end frame keeps it", () => {
  const state = freshState();
  state.watching = "m-9";
  applyFrame(state, { type: "view", matchId: "m-9", view: view({ matchId: "m-9", status: "finished", you: null, rack: null }) });
  assert.equal(state.screen, "replay");
  assert.equal(state.replayStep, 0);
  applyFrame(state, { type: "ended", matchId: "m-9", result: { ranking: [] } });
  applyFrame(state, { type: "update", matchId: "m-9", version: 9, events: [], view: view({ matchId: "m-9" }) });
  assert.equal(state.screen, "replay");
});

test("the daily result is shared with one square per move of yours and no word", () => {
  const state = started("m-1");
  state.daily = { number: 335 };
  state.view = { ...state.view, you: 0, seats: [{ seat: 0, name: "Ana", score: 57 }] };
  state.history.moves = [
    { move: 0, seat: 0, kind: "play", band: "Escaldante", words: ["GATO"] },
    { move: 1, seat: 1, kind: "play", band: "Frio", words: ["CASA"] },
    { move: 2, seat: 0, kind: "passed" },
    { move: 3, seat: 0, kind: "play", band: "Morno", words: ["OVO"] },
  ];
  const text = dailyShareText(state);
  assert.equal(text, "Vanlexis · Desafio do dia #335\n57 pontos em 3 lances\n🟥⬛🟨");
  assert.ok(!text.includes("GATO") && !text.includes("OVO"));
});

test("an update told twice is applied once; a later one still applies", () => {
  const state = started();
  const opponent = [[10, 10, "S"]];
  const update = { type: "update", matchId: "m-1", version: 4, events: [played(1, 0, opponent, 7, 7)],
    view: view({ turn: 2, current: 2, moves: 1, version: 4 }) };
  applyFrame(state, update);
  const told = JSON.stringify([state.announcements, state.pacing]);
  applyFrame(state, structuredClone(update));  // the server's retry
  assert.equal(JSON.stringify([state.announcements, state.pacing]), told);
  assert.deepEqual(state.history.moves.map((m) => m.move), [0]);
  assert.equal(state.toldVersion, 4);
  applyFrame(state, { type: "update", matchId: "m-1", version: 5, events: [
    played(2, 1, [[11, 10, "O"]], 3, 3)], view: view({ turn: 3, current: 0, moves: 2, version: 5 }) });
  assert.deepEqual(state.history.moves.map((m) => m.move), [0, 1]);
  assert.equal(state.view.turn, 3);
});

test("a refusal about one square marks it: a preview's, then a command's, until the move changes", () => {
  const state = started();
  notePreview(state, "p-1");
  applyFrame(state, { type: "error", requestId: "p-1", code: "move.gap", message: "Há um buraco entre as peças da jogada.", square: [10, 12] });
  assert.equal(state.preview.status, "error");
  assert.deepEqual(state.fault, [10, 12]);
  assert.equal(state.toast, null); // a preview's refusal is not a toast
  applyFrame(state, { type: "error", requestId: "c-1", code: "move.occupied", message: "A casa K11 já está ocupada.", square: [10, 10] });
  assert.deepEqual(state.fault, [10, 10]);
  applyFrame(state, { type: "error", requestId: "c-2", code: "turn.not_yours", message: "Não é a sua vez." });
  assert.deepEqual(state.fault, [10, 10]); // a refusal about no square leaves the mark alone
  applyFrame(state, { type: "view", matchId: "m-1", view: view({ version: 2, turn: 2 }) });
  assert.equal(state.fault, null); // a new turn's board has no mark
});
