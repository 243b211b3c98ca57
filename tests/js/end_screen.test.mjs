// The end screen says so when a Normal match did not count for the rating.
import { test } from "node:test";
import assert from "node:assert/strict";

import { endScreen } from "../../frontend/js/ui/screens.js";
import { CATALOG } from "./fixtures.mjs";

const EMPTY = Array.from({ length: 21 }, () => ".".repeat(21));

function state(ended) {
  return {
    ended: {
      matchId: "m-1", mode: "normal", ratings: [], badges: [],
      result: { reason: "left", winner: 0, ranking: [
        { rank: 1, seat: 0, name: "Ana", score: 12, longestWord: "gol", tieBreak: null },
        { rank: 2, seat: 1, name: "Bia", score: 0, longestWord: "", tieBreak: null, left: true },
      ] },
      ...ended,
    },
    history: { moves: [], total: 0, older: null, loaded: true }, review: null,
    view: { you: 0, board: EMPTY, boardSize: 21, layout: EMPTY, seats: [{ seat: 0, name: "Ana" }, { seat: 1, name: "Bia" }] },
  };
}

test("an unrated Normal match says why on the end screen", () => {
  const why = "A partida terminou com saída antes de 3 turnos de cada jogador, por isso não mexe na classificação de ninguém.";
  const html = endScreen(state({ unrated: why }));
  assert.match(html, /data-unrated>A partida terminou com saída antes de 3 turnos/);
  assert.doesNotMatch(html, /Classificação<\/th>/);
});

test("a rated match shows no such note", () => {
  const html = endScreen(state({ unrated: null, ratings: [{ seat: 0, before: 1500, after: 1512 }] }));
  assert.doesNotMatch(html, /data-unrated/);
  assert.match(html, /Classificação<\/th>/);
});

test("the room screen finds the host by the server's flag, not by a shared name", async () => {
  const { roomScreen } = await import("../../frontend/js/ui/screens.js");
  const room = { code: "ABC234", status: "open", settings: { bots: 0, turnSeconds: 90, rounds: 15 },
                 players: [{ name: "Ana", host: true, you: false }, { name: "Ana", host: false, you: true }] };
  const html = roomScreen({ room, me: { name: "Ana" }, catalog: CATALOG });
  assert.equal((html.match(/\(você\)/g) || []).length, 1);
  assert.doesNotMatch(html, /data-action="start-room"/);
  const asHost = roomScreen({ room: { ...room, players: [{ name: "Ana", host: true, you: true }] }, me: { name: "Ana" },
                             catalog: CATALOG });
  assert.match(asHost, /data-action="start-room"/);
  // Alone at the table: the catalogue's fewest seats says how many it takes.
  assert.match(asHost, /pelo menos dois jogadores/);
  const three = { ...CATALOG, form: { ...CATALOG.form, seats: { min: 3, max: 4, choices: [3, 4] } } };
  const bigger = roomScreen({ room: { ...room, settings: { ...room.settings, bots: 1 }, players: [{ name: "Ana", host: true, you: true }] },
                             me: { name: "Ana" }, catalog: three });
  assert.match(bigger, /pelo menos três jogadores/);
});
