// The match's history, each move once and in order (store/history.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { applyFrame } from "../../frontend/js/store/frames.js";
import { played, started, view } from "./fixtures.mjs";

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
