// Passar's question (store/passing.js): coins only with cards, the chain only with a theme,
// and a plain warning when this pass is the one that ends the match; every number the view's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { passQuestion } from "../../frontend/js/store/passing.js";
import { passesInRow } from "../../frontend/js/store/history.js";
import { isBuilding } from "../../frontend/js/store/move.js";

function table({ seats = 1, cards = false, theme = true, moves = [], passesToEnd = 2, passCoin = 1 } = {}) {
  return {
    view: { you: 0, cards, theme: theme ? { name: "Mar e praia" } : null, passesToEnd,
            market: cards ? { passCoin } : undefined,
            seats: Array.from({ length: seats }, (_, seat) => ({ seat, score: seat ? 3 : 12 })) },
    history: { moves: moves.map(([seat, kind], move) => ({ move, seat, kind })) },
  };
}

test("no coin is promised in a match without cards, and one alone is warned ahead", () => {
  const { text, ok } = passQuestion(table());
  assert.equal(text, "Passar a vez? Sua corrente se quebra. Duas passadas seguidas encerram a partida.");
  assert.equal(ok, "Passar");
  assert.match(passQuestion(table({ seats: 2, cards: true })).text, /Você ganha 1 moeda, mas sua corrente/);
  assert.equal(passQuestion(table({ seats: 2, cards: true, theme: false })).text, "Passar a vez? Você ganha 1 moeda.");
});

test("the pass that ends the match says so, with your points", () => {
  const alone = passQuestion(table({ moves: [[0, "passed"]] }));
  assert.match(alone.text, /^Passar agora encerra a partida: seria a sua segunda passada seguida\. Você termina com 12 pontos\.$/);
  assert.equal(alone.ok, "Passar e encerrar");
  assert.equal(alone.danger, true);
  const all = table({ seats: 2, moves: [[0, "passed"], [1, "passed"], [0, "timed_out"], [1, "passed"]] });
  assert.match(passQuestion(all).text, /^Passar agora encerra a partida: todos/);
  // A play or a swap in between starts the count again.
  const fresh = table({ seats: 2, moves: [[0, "passed"], [1, "passed"], [0, "swap"], [1, "passed"]] });
  assert.equal(passesInRow(fresh, 0), 0);
  assert.equal(passesInRow(fresh, 1), 2);
  assert.equal(passQuestion(fresh).danger, false);
});

test("the passes that end a match and the coins a pass earns are the view's", () => {
  assert.equal(passQuestion(table({ passesToEnd: 3 })).text,
    "Passar a vez? Sua corrente se quebra. Três passadas seguidas encerram a partida.");
  assert.match(passQuestion(table({ passesToEnd: 3, moves: [[0, "passed"], [0, "passed"]] })).text,
    /seria a sua terceira passada seguida/);
  assert.equal(passQuestion(table({ seats: 2, cards: true, theme: false, passCoin: 2 })).text,
    "Passar a vez? Você ganha 2 moedas.");
});

test("a word being built is told apart from a move that must be undone", () => {
  for (const code of ["move.centre", "move.not_connected", "move.too_short", "move.gap", "move.not_a_word"]) {
    assert.equal(isBuilding(code), true, code);
  }
  for (const code of ["move.not_in_line", "move.occupied", "move.anchored", "turn.expired"]) {
    assert.equal(isBuilding(code), false, code);
  }
});
