// What the view says, read the same way everywhere (store/view.js): the board's size is the
// server's, never the client's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { applyFrame } from "../../frontend/js/store/frames.js";
import { moveCursor, placeTile } from "../../frontend/js/store/move.js";
import { replayBoard } from "../../frontend/js/store/replay.js";
import { freshState } from "../../frontend/js/store/state.js";
import { boardCentre, boardSize } from "../../frontend/js/store/view.js";
import { started, view } from "./fixtures.mjs";

const SMALL = Array.from({ length: 15 }, () => ".".repeat(15));

test("a board of another size is the view's: its centre, its edges, its replay", () => {
  const state = freshState();
  applyFrame(state, { type: "view", matchId: "m-15", view: view({ matchId: "m-15", board: SMALL, boardSize: 15 }) });
  assert.equal(boardSize(state), 15);
  assert.deepEqual(boardCentre(state), { row: 7, col: 7 });
  assert.deepEqual([state.cursor.row, state.cursor.col], [7, 7], "the cursor starts on the centre");
  moveCursor(state, 30, 30);
  assert.deepEqual([state.cursor.row, state.cursor.col], [14, 14], "and stops at the last square");
  assert.equal(placeTile(state, 0, 14, 15), false, "a column past the edge is refused");
  assert.equal(placeTile(state, 0, 14, 14), true);
  state.history.moves = [{ move: 0, kind: "play", tiles: [[7, 7, "A"]] }];
  const board = replayBoard(state, 1);
  assert.equal(board.length, 15);
  assert.ok(board.every((row) => row.length === 15));
  assert.equal(board[7][7], "A");
});

test("the standard board's cursor starts on its centre square, K11", () => {
  const state = started();
  assert.equal(boardSize(state), 21);
  assert.deepEqual([state.cursor.row, state.cursor.col], [10, 10]);
});

test("a view without a board says nothing of a size", () => {
  assert.equal(boardSize(freshState()), 0);
});
