// Opponents' moves shown one at a time, and your receipt while they are (store/pacing.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { applyFrame } from "../../frontend/js/store/frames.js";
import { advancePacing, receiptFolded, shownBoard, shownScore, skipPacing } from "../../frontend/js/store/pacing.js";
import { myTurn } from "../../frontend/js/store/view.js";
import { EMPTY, played, started, view, withTiles } from "./fixtures.mjs";

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
