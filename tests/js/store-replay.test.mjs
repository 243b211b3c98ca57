// A match from its link, move by move (store/replay.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { applyFrame } from "../../frontend/js/store/frames.js";
import { freshState } from "../../frontend/js/store/state.js";
import { view } from "./fixtures.mjs";

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
