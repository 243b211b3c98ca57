// The move in progress: tiles, wildcards, the swap, armed cards (store/move.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { chooseWildLetter, fullRack, moveTile, pickLimit, placeTile, rackIndexFor, toggleArmed, toggleSwap, typeLetter } from "../../frontend/js/store/move.js";
import { started } from "./fixtures.mjs";

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

test("a Reciclar picks up to its own limit, a swap up to the swap's: both the view's", () => {
  const state = started();
  state.view = { ...state.view, swapLimit: 3, market: { ...state.view.market, recycleLimit: 2 } };
  state.mode = "swap";
  for (const index of [0, 1, 2]) assert.equal(toggleSwap(state, index), true);
  assert.equal(toggleSwap(state, 3), false, "the swap's limit");
  state.swap = [];
  state.target = { slot: 1, kind: "tiles", help: "" };
  assert.equal(pickLimit(state), 2);
  for (const index of [0, 1]) assert.equal(toggleSwap(state, index), true);
  assert.equal(toggleSwap(state, 2), false, "the Reciclar's limit, not the swap's");
});
