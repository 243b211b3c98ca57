// @ts-check
// "Suas partidas", at the top of the lobby: a row for every match you sit in, your turn first,
// each opening its table with one tap; then the matches you finished this week, each with its
// result, its replay and a Revanche.
import { esc } from "./dom.js";
import { lastMove, opponents, resultText, timeLeft, turnText, turnsWaiting } from "../store/matches.js";
import { plural } from "../text.js";

/** @import { MatchRow, State } from "../types/page" */

/**
 * The scores in seat order, yours named "Você": "Você 34 · Ana 28".
 * @param {MatchRow} row
 */
function scores(row) {
  return row.seats.map((s, i) => `${i === row.seat ? "Você" : esc(s.name)}&nbsp;${s.score}`).join(" · ");
}

/** @param {MatchRow} row @param {number} now the server's clock */
function playing(row, now) {
  const left = timeLeft(row, now);
  const turn = turnText(row);
  const theme = row.theme ? `${esc(row.theme)} · ` : "";
  // Little time left says so in words too ("só 47 min"), not only in red.
  const time = left ? `<span class="row-time${left.short ? " short" : ""}"><span aria-hidden="true">${left.short ? "só " : ""}${left.text}</span><span class="sr-only">${left.short ? "Pouco tempo: " : ""}faltam ${left.label}</span></span>` : "";
  return `
    <li class="match-row${row.yourTurn || !row.paced ? " mine" : ""}">
      <button class="match-open" data-open-match="${esc(row.matchId)}">
        <span class="row-top">
          <span class="row-who">${row.seats.length > 1 ? "contra " : ""}${esc(opponents(row))}</span>
          <span class="row-turn">${esc(turn)}</span>
        </span>
        <span class="row-mid">${theme}rodada ${row.round} de ${row.rounds} · ${scores(row)}</span>
        <span class="row-last">${esc(lastMove(row))}</span>
      </button>
      ${time}
    </li>`;
}

/** @param {MatchRow} row */
function finished(row) {
  const won = row.result?.won ? " won" : "";
  return `
    <li class="match-row ended${won}">
      <button class="match-open" data-replay-of="${esc(row.matchId)}">
        <span class="row-top">
          <span class="row-who">${row.seats.length > 1 ? "contra " : ""}${esc(opponents(row))}</span>
          <span class="row-turn">${esc(resultText(row))}</span>
        </span>
        <span class="row-mid">${row.theme ? `${esc(row.theme)} · ` : ""}${scores(row)}</span>
      </button>
      ${row.mode === "daily" ? "" : `<button class="lx-secondary row-rematch" data-rematch-of="${esc(row.matchId)}">Revanche</button>`}
    </li>`;
}

/**
 * The lobby's list of your matches (nothing until the server's list came, so it never flashes
 * empty).
 * @param {State} state
 * @param {number} nowMs the page's clock
 */
export function matchListSection(state, nowMs) {
  const list = state.matches;
  if (!list.loaded) return "";
  const now = nowMs + list.skewMs;
  const running = list.rows.filter((r) => r.endedMs === null || r.endedMs === undefined);
  const ended = list.rows.filter((r) => !running.includes(r));
  const waiting = turnsWaiting(list.rows);
  const count = waiting ? `<span class="matches-count">${plural(waiting, "partida na sua vez", "partidas na sua vez")}</span>` : "";
  const empty = `<p class="muted-text">Nenhuma partida em andamento. No seu ritmo, cada jogada pode esperar horas ou dias: comece uma abaixo e jogue quando puder, em qualquer aparelho.</p>`;
  return `
    <section class="lx-card lx-matches" aria-labelledby="matches-title">
      <div class="matches-head"><h3 id="matches-title">Suas partidas</h3>${count}</div>
      ${running.length ? `<ul class="match-rows">${running.map((r) => playing(r, now)).join("")}</ul>` : empty}
      ${ended.length ? `<h4 class="matches-sub">Terminadas nos últimos 7 dias</h4>
      <ul class="match-rows">${ended.map(finished).join("")}</ul>` : ""}
    </section>`;
}
