// Frames from the server into the page's state (store/frames.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { applyFrame } from "../../frontend/js/store/frames.js";
import { leaveMatch } from "../../frontend/js/store/state.js";
import { notePreview } from "../../frontend/js/store/move.js";
import { played, started, view } from "./fixtures.mjs";

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

test("a timeout of yours is announced", () => {
  const state = started();
  applyFrame(state, { type: "update", matchId: "m-1", version: 2, events: [
    { kind: "timed_out", data: { seat: 0, move: 0, round: 1, total: 0 } }], view: view({ current: 1, turn: 2 }) });
  assert.ok(state.announcements.some((a) => a.text === "Tempo esgotado: você passou a vez."));
  assert.equal(state.history.moves[0].kind, "timed_out");
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
