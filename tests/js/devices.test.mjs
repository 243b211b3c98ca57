// "Seus aparelhos": a typed code is read as the server reads it, and the panel's words.
import { test } from "node:test";
import assert from "node:assert/strict";

import { clock, codeMessage, lastSeen, normalCode } from "../../frontend/js/ui/devices.js";

test("a code is read in any case, with or without the dash, and nothing else is one", () => {
  for (const typed of ["ABCD-2345", "abcd2345", " abCD 2345 ", "ABCD–2345"]) {
    assert.equal(normalCode(typed), "ABCD2345", typed);
  }
  for (const typed of ["", "ABCD-234", "ABCD-23456", "ABCD-2340", "ABCD-234O", "ABCD-234I", "ÁBCD-2345"]) {
    assert.equal(normalCode(typed), null, typed);
  }
});

test("what is wrong with a typed code is said in Portuguese before the round trip", () => {
  assert.match(codeMessage(""), /Digite o código/);
  assert.match(codeMessage("ABCD-0000"), /sem 0, 1, I, L ou O/);
  assert.equal(codeMessage("abcd-2345"), "");
});

test("the countdown and the last use read as a Brazilian would say them", () => {
  assert.equal(clock(600_000), "10:00");
  assert.equal(clock(61_001), "1:02");
  assert.equal(clock(-5), "0:00");
  const now = new Date(2026, 4, 20, 15, 0).getTime();
  assert.equal(lastSeen(now - 3_600_000, now), "usado hoje");
  assert.equal(lastSeen(now - 24 * 3_600_000, now), "usado ontem");
  assert.equal(lastSeen(now - 3 * 24 * 3_600_000, now), "usado há 3 dias");
  assert.equal(lastSeen(new Date(2026, 3, 2, 10).getTime(), now), "usado em 2 de abril de 2026");
});
