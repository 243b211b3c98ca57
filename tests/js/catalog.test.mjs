// The page names and offers what the welcome's catalogue says: card names in the events and
// the card strip, a wildcard's name and value, the lobby's forms (their starting values,
// choices and table sizes), and the end of a match in the view's own numbers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { applyFrame } from "../../frontend/js/store/frames.js";
import { cardName, shortCardName, wildName, wildValue } from "../../frontend/js/store/catalog.js";
import { freshState } from "../../frontend/js/store/state.js";
import { describeEvent, reasonText } from "../../frontend/js/text.js";
import { stripHtml } from "../../frontend/js/ui/market.js";
import { lobbyScreen } from "../../frontend/js/ui/screens.js";
import { CATALOG, started, view } from "./fixtures.mjs";

function welcomed() {
  const state = freshState();
  applyFrame(state, { type: "welcome", player: { id: "p", name: "Ana", rating: 1500, deviation: 350, matches: 0 },
                      catalog: CATALOG });
  return state;
}

test("cards and wildcards are named by the catalogue, and nothing is made up before it", () => {
  const state = welcomed();
  assert.equal(cardName(state, "segundo_folego"), "Segundo Fôlego");
  assert.equal(shortCardName(state, "segundo_folego"), "2º Fôlego");
  assert.equal(wildName(state, "?V"), "Coringa de Vogal");
  assert.equal(wildValue(state), 0);
  const before = freshState();
  assert.equal(cardName(before, "segundo_folego"), "uma carta");
  assert.equal(wildName(before, "?V"), "coringa");
  assert.equal(wildValue(before), "");
});

test("an event names its card by the catalogue", () => {
  const state = welcomed();
  const card = (id) => cardName(state, id);
  const name = () => "Bia";
  assert.equal(describeEvent({ kind: "card_used", data: { seat: 1, card: "mina" } }, name, 0, card), "Bia usou Mina.");
  assert.equal(describeEvent({ kind: "second_play", data: { seat: 1 } }, name, 0, card),
    "Bia tem uma segunda palavra (Segundo Fôlego).");
  assert.equal(describeEvent({ kind: "card_used", data: { seat: 1, card: "mina" } }, name), "Bia usou uma carta.");
  // The store's own events come out named too (the line read to screen readers).
  const table = started();
  table.catalog = CATALOG;
  applyFrame(table, { type: "update", matchId: "m-1", version: 2, view: view({ version: 2 }),
                      events: [{ kind: "card_used", data: { seat: 1, card: "segundo_folego" } }] }, describeEvent);
  assert.ok(table.announcements.some((a) => a.text === "Robô 1 usou Segundo Fôlego."), JSON.stringify(table.announcements));
});

test("the card strip shows the catalogue's short name and says the whole one", () => {
  const state = started();
  state.catalog = CATALOG;
  state.view = view({ market: { coins: 3, row: [{ id: "segundo_folego", name: "Segundo Fôlego", owned: false, price: 9 }] } });
  const html = stripHtml(state, null);
  assert.match(html, /<span class="name">2º Fôlego<\/span><span class="sr-only">, Segundo Fôlego<\/span>/);
});

test("the lobby's forms are the catalogue's: starting values, choices, table sizes", () => {
  const state = welcomed();
  state.screen = "lobby";
  const html = lobbyScreen(state);
  assert.match(html, /<select id="solo-bots" name="bots"><option value="0">Nenhum<\/option><option value="1" selected>/);
  assert.match(html, /<select id="room-bots" name="bots"><option value="0" selected>/);
  assert.match(html, /<option value="5">Mestre<\/option>/);
  assert.match(html, /<option value="4" selected>4 jogadores<\/option><\/select>/);
  assert.doesNotMatch(html, /value="600"/);  // a limit is not a choice
  const custom = { ...CATALOG, form: { ...CATALOG.form, queueSeats: 2, turnSeconds: { min: 20, max: 600, choices: [45, 90] } } };
  const other = lobbyScreen({ ...state, catalog: custom });
  assert.match(other, /<option value="45">45 s<\/option>/);
  assert.match(other, /<option value="2" selected>2 jogadores<\/option>/);
  assert.match(lobbyScreen(freshState()), /Conectando/);  // no catalogue yet: no form of its own
  assert.match(html, /<span class="lx-tile">J<small>6<\/small><\/span>/);  // the decoration's values
});

test("badges and styles are called what the catalogue calls them", () => {
  const state = welcomed();
  state.me = { ...state.me, badges: ["palavra-longa"], styles: ["classico", "neon"], tileStyle: "neon",
               boardStyles: ["claro", "veterano"], boardStyle: "claro" };
  const html = lobbyScreen(state);
  assert.match(html, /Palavra longa \(8 letras ou mais\)/);
  assert.match(html, /<option value="neon" selected>Neon<\/option>/);
  assert.match(html, /<option value="veterano">Feltro verde<\/option>/);
});

test("the end of a match is said in the view's own number of passes", () => {
  assert.equal(reasonText("passes", { passes: 2 }), "todos passaram duas vezes seguidas");
  assert.equal(reasonText("passes", { alone: true, passes: 3 }), "você passou três vezes seguidas");
  assert.equal(reasonText("target", { alone: true }), "você alcançou a pontuação-alvo");
});
