// The list of your matches: its order (a live match, then your turn, then the nearest
// deadline; finished ones after, newest first), a row that only replaces an older one, the
// tab's count, and the words: time left in one coarse unit, the last move, the result.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  applyList, applyRow, freshList, lastMove, opponents, ordered, pageTitle, resultText, timeLeft,
  turnsWaiting, turnText,
} from "../../frontend/js/store/matches.js";

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const NOW = 1_800_000_000_000;

function row(id, fields = {}) {
  return {
    matchId: id, mode: "room", turnSeconds: 86400, paced: true, seat: 0,
    seats: [{ name: "Você", score: 10, bot: false, left: false },
            { name: "Ana", score: 12, bot: false, left: false }],
    theme: "Futebol", round: 2, rounds: 15, current: 0, yourTurn: true,
    deadlineMs: NOW + DAY, last: null, endedMs: null, result: null, version: 3, ...fields,
  };
}

test("unfinished first: live, then your turn, then the nearest deadline; finished newest first", () => {
  const rows = [
    row("later", { yourTurn: false, current: 1, deadlineMs: NOW + 2 * HOUR }),
    row("old", { endedMs: NOW - DAY, result: { rank: 1, of: 2, score: 90, won: true } }),
    row("mine-late", { deadlineMs: NOW + 20 * HOUR }),
    row("live", { paced: false, turnSeconds: 90, deadlineMs: null, current: null, yourTurn: false }),
    row("mine-soon", { deadlineMs: NOW + HOUR }),
    row("new", { endedMs: NOW - HOUR, result: { rank: 2, of: 2, score: 50, won: false } }),
  ];
  assert.deepEqual(ordered(rows).map((r) => r.matchId),
    ["live", "mine-soon", "mine-late", "later", "new", "old"]);
  assert.equal(turnsWaiting(rows), 2);
  assert.equal(pageTitle(2), "(2) Vanlexis");
  assert.equal(pageTitle(0), "Vanlexis");
});

test("a row replaces its match's row unless the page has a newer one, and keeps the order", () => {
  const list = freshList();
  applyList(list, { type: "matches", matches: [row("a", { deadlineMs: NOW + HOUR }), row("b")],
                    serverTimeMs: NOW + 5000 }, NOW);
  assert.equal(list.skewMs, 5000);
  assert.ok(list.loaded);
  applyRow(list, row("a", { version: 4, yourTurn: false, current: 1 }), NOW, NOW);
  assert.deepEqual(list.rows.map((r) => [r.matchId, r.yourTurn]), [["b", true], ["a", false]]);
  applyRow(list, row("a", { version: 2, yourTurn: true }), NOW, NOW);  // older: ignored
  assert.equal(list.rows.find((r) => r.matchId === "a").yourTurn, false);
  applyRow(list, row("c", { version: 1 }), NOW, NOW);  // a new match joins the list
  assert.equal(list.rows.length, 3);
});

test("the time left is one coarse unit, short under an eighth of the turn", () => {
  assert.deepEqual(timeLeft(row("a", { deadlineMs: NOW + 2 * DAY + 5 * HOUR, turnSeconds: 259200 }), NOW),
    { text: "2 d", label: "2 dias", short: false });
  assert.deepEqual(timeLeft(row("a", { deadlineMs: NOW + 5 * HOUR + 59 * 60000 }), NOW),
    { text: "5 h", label: "5 horas", short: false });
  // 24-hour turns: an eighth is 3 hours.
  assert.equal(timeLeft(row("a", { deadlineMs: NOW + 2 * HOUR + 59 * 60000 }), NOW).short, true);
  assert.deepEqual(timeLeft(row("a", { deadlineMs: NOW + 47 * 60000 - 10 }), NOW),
    { text: "47 min", label: "47 minutos", short: true });
  assert.equal(timeLeft(row("a", { deadlineMs: NOW - 5 }), NOW).text, "0 min");
  assert.equal(timeLeft(row("a", { paced: false, deadlineMs: null }), NOW), null);
  assert.equal(timeLeft(row("a", { endedMs: NOW }), NOW), null);
});

test("whom you play, whose turn and the last move are said plainly", () => {
  const three = row("a", { seats: [...row("a").seats, { name: "Robô 1", score: 3, bot: true, left: false }] });
  assert.equal(opponents(three), "Ana e Robô 1");
  assert.equal(opponents(row("a")), "Ana");
  assert.equal(opponents(row("a", { seats: [row("a").seats[0]] })), "sozinho");
  assert.equal(turnText(row("a")), "Sua vez");
  assert.equal(turnText(row("a", { yourTurn: false, current: 1 })), "Vez de Ana");
  assert.equal(turnText(row("a", { paced: false })), "Ao vivo");
  assert.equal(lastMove(row("a")), "A partida começou.");
  assert.equal(lastMove(row("a", { last: { seat: 1, name: "Ana", kind: "play", word: "CASA", points: 12 } })),
    "Ana jogou CASA, +12");
  assert.equal(lastMove(row("a", { last: { seat: 0, name: "Você", kind: "passed" } })), "Você passou");
  assert.equal(lastMove(row("a", { last: { seat: 1, name: "Ana", kind: "swap", count: 2 } })),
    "Ana trocou 2 peças");
  assert.equal(lastMove(row("a", { last: { seat: 1, name: "Ana", kind: "timed_out" } })),
    "O tempo de Ana acabou");
  assert.equal(lastMove(row("a", { last: { seat: 0, name: "Você", kind: "timed_out" } })),
    "Seu tempo acabou");
});

test("a finished match says how it ended for you", () => {
  const ended = (result) => row("a", { endedMs: NOW, result: { reason: "rounds", left: false, ...result } });
  assert.equal(resultText(ended({ rank: 1, of: 2, score: 123, won: true })), "Você venceu com 123 pontos");
  assert.equal(resultText(ended({ rank: 2, of: 4, score: 98, won: false })), "2º de 4, com 98 pontos");
  assert.equal(resultText(ended({ rank: 2, of: 2, score: 5, won: false, left: true })), "Você saiu da partida");
  assert.equal(resultText(ended({ rank: 1, of: 1, score: 1, won: false })), "1 ponto");
});

test("the frames fill the list, a table's view moves its row, and the lobby shows it", async () => {
  const { applyFrame } = await import("../../frontend/js/store/frames.js");
  const { freshState } = await import("../../frontend/js/store/state.js");
  const { matchListSection } = await import("../../frontend/js/ui/match_list.js");
  const state = freshState();
  assert.equal(matchListSection(state, NOW), "");  // nothing before the server's list
  applyFrame(state, { type: "matches", serverTimeMs: Date.now(), matches: [
    row("m-1", { last: { seat: 1, name: "Ana", kind: "play", word: "CASA", points: 12 } }),
    row("m-2", { yourTurn: false, current: 1 }),
    row("m-3", { endedMs: NOW, result: { rank: 1, of: 2, score: 120, won: true, left: false, reason: "rounds" } }),
  ] });
  assert.equal(turnsWaiting(state.matches.rows), 1);
  applyFrame(state, { type: "matchRow", serverTimeMs: Date.now(), row: row("m-2", { version: 9 }) });
  assert.equal(turnsWaiting(state.matches.rows), 2);
  const html = matchListSection(state, Date.now());
  assert.match(html, /Suas partidas/);
  assert.match(html, /2 partidas na sua vez/);
  assert.match(html, /Ana jogou CASA, \+12/);
  assert.match(html, /Você venceu com 120 pontos/);
  assert.match(html, /data-rematch-of="m-3"/);
  assert.match(html, /data-open-match="m-1"/);
});

test("a clock says a long time coarsely and in words", async () => {
  const { clockText } = await import("../../frontend/js/text.js");
  assert.deepEqual(clockText(45), { text: "45 s", label: "45 segundos" });
  assert.deepEqual(clockText(12 * 60 - 5), { text: "12 min", label: "12 minutos" });
  assert.deepEqual(clockText(5 * 3600 + 7 * 60 + 30), { text: "5 h 07", label: "5 horas e 7 minutos" });
  assert.deepEqual(clockText(86400), { text: "1 d", label: "1 dia" });
  assert.deepEqual(clockText(2 * 86400 + 3 * 3600 + 5), { text: "2 d 3 h", label: "2 dias e 3 horas" });
});
