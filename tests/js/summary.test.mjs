// The end screen's look back at the match (frontend/js/ui/summary.js): pure templates.
import { test } from "node:test";
import assert from "node:assert/strict";
import { finalBoard, tieBreakText } from "../../frontend/js/ui/summary.js";

const row = (rank, name, score, extra = {}) => ({
  rank, seat: rank - 1, name, score, longestWord: "casa", passes: 0, thinkingMs: 0,
  left: false, tieBreak: null, ...extra,
});

test("no tie, no sentence", () => {
  assert.equal(tieBreakText([row(1, "Ana", 90), row(2, "Bia", 80)]), "");
});

test("a tie decided by the longest word names both words", () => {
  const text = tieBreakText([row(1, "Ana", 90, { longestWord: "ação" }),
    row(2, "Bia", 90, { longestWord: "mar", tieBreak: "longest_word" })]);
  assert.equal(text, "Empate em 90 pontos: Ana ficou na frente pela palavra mais longa " +
    "(AÇÃO, 4 letras, contra MAR).");
});

test("a tie decided by thinking time gives both times in seconds", () => {
  const text = tieBreakText([row(2, "Bia", 50, { tieBreak: "less_time", thinkingMs: 61500 }),
    row(1, "Ana", 50, { thinkingMs: 42000 })]);
  assert.match(text, /^Empate em 50 pontos: Ana ficou na frente por ter pensado menos tempo \(42 s contra 61,5 s\)\.$/);
});

test("the final board shows every tile, wildcards apart, and says how many", () => {
  const board = Array.from({ length: 21 }, () => ".".repeat(21));
  board[10] = ".........CAsA........";
  const html = finalBoard({ board, layout: board.map(() => ".".repeat(21)) });
  assert.equal((html.match(/fb-tile/g) || []).length, 4);
  assert.equal((html.match(/fb-tile wild/g) || []).length, 1);
  assert.match(html, /aria-label="Tabuleiro final, com 4 peças"/);
});
