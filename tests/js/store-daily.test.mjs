// The Desafio do dia's shared result (store/daily.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { dailyShareText } from "../../frontend/js/store/daily.js";
import { started } from "./fixtures.mjs";

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
