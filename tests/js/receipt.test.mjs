// The receipt's band line says what the main word counted as (frontend/js/ui/receipt.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { breakdownHtml, countsAsText } from "../../frontend/js/ui/receipt.js";
import { CATALOG } from "./fixtures.mjs";

const state = { catalog: CATALOG };

const breakdown = (extra = {}) => ({
  words: [{ word: "CHUTOU", display: "chutou", main: true, letters: [], letterSum: 9,
            multiplier: 1, sources: [], points: 9 }],
  wordsTotal: 9, longestWord: "CHUTOU", lengthBonus: 2, subtotal: 11, band: "Quente",
  bandWeightPct: 150, matched: "CHUTAR", matchedDisplay: "chutar", prisma: false,
  chain: { before: 0, after: 1, effect: "extends", bonusPct: 100 }, total: 17, ...extra,
});

test("a conjugation's band line names its verb", () => {
  assert.equal(countsAsText(breakdown()), "CHUTOU conta como CHUTAR");
  assert.match(breakdownHtml(breakdown(), state), /Faixa Quente <small data-counts-as>\(CHUTOU conta como CHUTAR\)<\/small>/);
});

test("an accented entry keeps its accents", () => {
  const b = breakdown({ words: [{ ...breakdown().words[0], word: "MAES", display: "mães" }],
                        matched: "MAE", matchedDisplay: "mãe" });
  assert.equal(countsAsText(b), "MÃES conta como MÃE");
});

test("a word that counted as itself, or a Frio word, says nothing more", () => {
  assert.equal(countsAsText(breakdown({ matchedDisplay: null })), "");
  assert.doesNotMatch(breakdownHtml(breakdown({ band: "Frio", matched: null, matchedDisplay: null }), state),
                      /conta como/);
});

test("a Prisma in the play is named as the catalogue names the card", () => {
  assert.match(breakdownHtml(breakdown({ prisma: true }), state), /Faixa Quente com Prisma/);
  const renamed = { catalog: { ...CATALOG, cards: [{ id: "prisma", name: "Lente", shortName: "Lente", wildcard: null }] } };
  assert.match(breakdownHtml(breakdown({ prisma: true }), renamed), /Faixa Quente com Lente/);
});
