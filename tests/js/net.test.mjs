// What the player reads when the identity API cannot be reached or refuses: always Portuguese.
import { test } from "node:test";
import assert from "node:assert/strict";

import { createGuest } from "../../frontend/js/net.js";

globalThis.localStorage = { setItem() {}, getItem() { return null; }, removeItem() {} };

test("an unreachable server is said in Portuguese, not the browser's English", async () => {
  globalThis.fetch = async () => { throw new TypeError("Failed to fetch"); };
  await assert.rejects(createGuest("http://x", "Ana"), (error) => {
    assert.equal(error.code, "http.unreachable");
    assert.match(error.message, /Sem conexão com o servidor/);
    assert.doesNotMatch(error.message, /fetch/i);
    return true;
  });
});

test("a refusal from the server shows the server's own message", async () => {
  globalThis.fetch = async () => ({
    ok: false, status: 400,
    json: async () => ({ error: { code: "identity.bad_name", message: "Escolha um nome para jogar." } }),
  });
  await assert.rejects(createGuest("http://x", ""), (error) => {
    assert.equal(error.code, "identity.bad_name");
    assert.equal(error.message, "Escolha um nome para jogar.");
    return true;
  });
});

test("the entry form says the server's name rules before the round trip", async () => {
  const { validationMessage } = await import("../../frontend/js/ui/screens.js");
  const check = (value) => validationMessage({ name: "name", value });
  assert.match(check("\u0410na"), /alfabeto/);
  assert.match(check("Robô Mestre 1"), /robôs do jogo/);
  assert.equal(check("Ａｎａ"), "");
  assert.equal(check("Botafogo"), "");
});
