// The phone's sheet (store/sheet.js): your receipt opens there by itself and folds at your
// turn; a tab opened by hand stays until it is closed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { applyFrame } from "../../frontend/js/store/frames.js";
import { advancePacing } from "../../frontend/js/store/pacing.js";
import { closeSheet, openSheet, sheetTab } from "../../frontend/js/store/sheet.js";
import { EMPTY, played, started, view, withTiles } from "./fixtures.mjs";

function afterYourPlay() {
  const state = started();
  const mine = [[10, 9, "C"], [10, 10, "A"]];
  const bot = [[11, 10, "S"]];
  applyFrame(state, { type: "update", matchId: "m-1", version: 2, events: [
    played(0, 0, mine, 12, 12), played(1, 1, bot, 7, 7)],
  view: view({ board: withTiles(EMPTY, [...mine, ...bot]), turn: 3, current: 0, moves: 2 }) });
  return state;
}

test("after your play the sheet shows your receipt while the bots' moves play back", () => {
  const state = afterYourPlay();
  assert.equal(sheetTab(state), "jogadas");
  assert.equal(advancePacing(state), true);
  assert.equal(sheetTab(state), "jogadas", "still open while a bot's move is shown");
  assert.equal(advancePacing(state), false);
  assert.equal(sheetTab(state), null, "your turn: it folds so your hand is free");
  assert.equal(state.ownReceipt, 0, "the receipt itself stays, as a line under the hand");
});

test("a tab opened by hand stays open at your turn, and closes when asked", () => {
  const state = afterYourPlay();
  assert.equal(openSheet(state, "partida"), true);
  while (advancePacing(state));
  assert.equal(sheetTab(state), "partida");
  closeSheet(state);
  assert.equal(sheetTab(state), null);
  assert.equal(openSheet(state, "loja"), false, "no such tab");
  assert.equal(sheetTab(state), null);
});

test("the cards tab points at a card, and exists only at a table with cards", () => {
  const state = started();
  openSheet(state, "cartas", 2);
  assert.equal(sheetTab(state), "cartas");
  assert.equal(state.sheetCard, 2);
  state.view = { ...state.view, cards: false };
  assert.equal(sheetTab(state), null);
});
