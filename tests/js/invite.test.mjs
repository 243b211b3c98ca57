// A match's link opened before a name: the entry card says what the server said of the match,
// why it cannot be watched when it cannot, and what it always said when the server is silent.
import { test } from "node:test";
import assert from "node:assert/strict";

import { matchSummary } from "../../frontend/js/net.js";
import { entryScreen, inviteCard, namesList } from "../../frontend/js/ui/entry.js";

const LIVE = {
  matchId: "m-1", status: "live", mode: "normal", modeName: "Normal",
  theme: { id: "animais", name: "Animais" }, round: 3, roundLimit: 10,
  players: [{ name: "Ana", bot: false }, { name: "Robô 1", bot: true }, { name: "Robô 2", bot: true }],
};

const plain = (html) => html.replace(/<[^>]+>/g, "").replaceAll("&nbsp;", " ");

test("names are listed as Portuguese lists them", () => {
  assert.equal(namesList(["Ana"]), "Ana");
  assert.equal(namesList(["Ana", "Bia"]), "Ana e Bia");
  assert.equal(namesList(["Ana", "Robô 1", "Robô 2"]), "Ana, Robô 1 e Robô 2");
});

test("a live match: who plays, the theme, the round", () => {
  const card = inviteCard({ status: "ok", match: LIVE });
  assert.equal(plain(card.lead), "Ana, Robô 1 e Robô 2 jogam com o tema Animais — ao vivo, rodada 3 de 10.");
  assert.equal(card.button, "Entrar e assistir");
  assert.equal(card.live, true);
});

test("a finished match without a theme, and a past day's challenge", () => {
  const over = inviteCard({ status: "ok", match: { ...LIVE, status: "finished", theme: null } });
  assert.equal(plain(over.lead), "Ana, Robô 1 e Robô 2 jogaram uma partida sem tema — partida terminada: veja o replay.");
  assert.equal(over.button, "Entrar e ver o replay");
  assert.equal(over.live, false);
  const daily = inviteCard({ status: "ok", match: {
    ...LIVE, status: "finished", mode: "daily", players: [{ name: "Ana", bot: false }] } });
  assert.equal(plain(daily.lead), "Ana jogou o Desafio do dia com o tema Animais — partida terminada: veja o replay.");
});

test("names are escaped", () => {
  const card = inviteCard({ status: "ok", match: { ...LIVE, players: [{ name: "<b>x</b>", bot: false }] } });
  assert.doesNotMatch(card.lead, /<b>x/);
});

test("a refusal says why, and offers no button to watch", () => {
  for (const [code, words] of [["match.not_found", /não foi encontrada/],
                               ["watch.closed", /não aceita espectadores/],
                               ["watch.daily_open", /depois que o dia acaba/]]) {
    const card = inviteCard({ status: "refused", code, message: "…" });
    assert.match(card.lead, words, code);
    assert.equal(card.button, "Entrar", code);
    assert.equal(card.live, false, code);
    const page = entryScreen({ invite: "m-1", inviteSummary: { status: "refused", code } });
    assert.doesNotMatch(page, /assistir/, code);
    assert.match(page, new RegExp(`data-refused="${code}"`));
  }
});

test("nothing known (or an unknown refusal): what the card always said", () => {
  for (const summary of [null, { status: "refused", code: "rate.limited", message: "x" }]) {
    const card = inviteCard(summary);
    assert.equal(card.lead, "");
    assert.match(card.body, /Escolha um nome e entre/);
    assert.equal(card.button, "Entrar e assistir");
  }
});

test("the summary is asked for by GET, and a failure is no answer", async () => {
  const asked = [];
  globalThis.fetch = async (url, options) => {
    asked.push([url, options]);
    return { ok: true, status: 200, json: async () => LIVE };
  };
  assert.deepEqual(await matchSummary("http://api", "m-1"), { status: "ok", match: LIVE });
  assert.deepEqual(asked, [["http://api/match/m-1", undefined]]);
  globalThis.fetch = async () => ({
    ok: false, status: 403,
    json: async () => ({ error: { code: "watch.closed", message: "Esta mesa não aceita espectadores." } }),
  });
  assert.deepEqual(await matchSummary("http://api", "m-1"),
                   { status: "refused", code: "watch.closed", message: "Esta mesa não aceita espectadores." });
  globalThis.fetch = async () => { throw new TypeError("Failed to fetch"); };
  assert.equal(await matchSummary("http://api", "m-1"), null);
  globalThis.fetch = async () => ({ ok: false, status: 429, json: async () => ({ message: "Too Many Requests" }) });
  assert.equal(await matchSummary("http://api", "m-1"), null);
});
