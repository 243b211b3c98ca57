// The page's state lives in the store (store/state.js): what a match asked for, the clock it
// stopped and the preview's last answer are the match's own fields, forgotten with it, and a
// change made while the listeners are told is told after, never inside them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { askPreview } from "../../frontend/js/store/move.js";
import { Store, enterMatch, noteClock } from "../../frontend/js/store/state.js";
import { moveRow } from "../../frontend/js/ui/move_row.js";
import { started } from "./fixtures.mjs";

test("what one match asked for and the clock it stopped are forgotten with it", () => {
  const state = started("m-1");
  state.asked = { older: 50, review: 20 };
  noteClock(state, false);
  assert.equal(state.clockStopped, state.view.turn);
  noteClock(state, true);
  assert.equal(state.clockStopped, null);
  noteClock(state, false);
  // The next match's end screen asks for its own older page, though it may have the same number.
  enterMatch(state, "m-2");
  assert.deepEqual(state.asked, { older: null, review: null });
  assert.equal(state.clockStopped, null);
});

test("a change made by a listener is told after the round, not inside it", () => {
  const store = new Store();
  const seen = [];
  let depth = 0;
  store.subscribe((state) => {
    depth += 1;
    seen.push([state.screen, depth]);
    if (state.screen === "lobby") store.update((s) => { s.screen = "queue"; });
    depth -= 1;
  });
  store.update((s) => { s.screen = "lobby"; });
  assert.deepEqual(seen, [["lobby", 1], ["queue", 1]]);
});

test("while a new preview is asked the last answer stays, dimmed, and its square with it", () => {
  const state = started();
  state.placed = [{ row: 10, col: 11, letter: "A", wild: false, rackIndex: 1 }];
  state.preview = { status: "error", message: "…", code: "move.centre", square: [10, 10] };
  const answered = moveRow(state);
  assert.match(answered.html, /Falta passar pela casa do centro, K11\./);
  askPreview(state);
  assert.equal(state.preview.status, "pending");
  assert.equal(state.fault, null);
  const waiting = moveRow(state);
  assert.match(waiting.html, /^<span class="stale" aria-busy="true">.*K11/);
  assert.equal(waiting.enabled, false);
  askPreview(state);  // asked again before the answer: still the same last answer
  assert.match(moveRow(state).html, /K11/);
  state.preview = { status: "idle" };
  assert.match(moveRow(state).html, /Calculando/);
});
