// @ts-check
// The list of your matches ("Suas partidas"): the rows the server sends (`matches`, then one
// `matchRow` at a time), kept in order, and said in words: whose turn, the time left in one
// coarse unit, the last move, the result. The server's rows carry no rule: the page only orders
// and words them.
import { plural, shout } from "../text.js";

/** @import { MatchList, MatchListState, MatchRow, MatchView } from "../types/page" */

/** A new list: nothing known yet (the page asks for it as the lobby opens). @returns {MatchListState} */
export function freshList() {
  return { rows: [], loaded: false, skewMs: 0 };
}

/** @param {MatchRow} row */
function running(row) {
  return row.endedMs === null || row.endedMs === undefined;
}

/**
 * Unfinished rows first — a live match (it cannot wait), then your turn, then the nearest
 * deadline — and then the finished ones, newest first.
 * @param {MatchRow[]} rows
 */
export function ordered(rows) {
  const urgency = (/** @type {MatchRow} */ r) => (!r.paced ? 0 : r.yourTurn ? 1 : 2);
  const playing = rows.filter(running).sort((a, b) =>
    urgency(a) - urgency(b) || (a.deadlineMs ?? 0) - (b.deadlineMs ?? 0));
  const ended = rows.filter((r) => !running(r)).sort((a, b) => (b.endedMs ?? 0) - (a.endedMs ?? 0));
  return [...playing, ...ended];
}

/**
 * The server's list: it replaces the one the page held.
 * @param {MatchListState} list
 * @param {MatchList} frame
 * @param {number} nowMs the page's clock when the frame arrived
 */
export function applyList(list, frame, nowMs) {
  list.rows = ordered(frame.matches);
  list.loaded = true;
  list.skewMs = frame.serverTimeMs - nowMs;
}

/**
 * One row changed: it replaces the row of that match unless the page already has a newer one.
 * @param {MatchListState} list
 * @param {MatchRow} row
 * @param {number} serverTimeMs
 * @param {number} nowMs
 */
export function applyRow(list, row, serverTimeMs, nowMs) {
  const old = list.rows.find((r) => r.matchId === row.matchId);
  if (old && old.version > row.version) return;
  list.rows = ordered([...list.rows.filter((r) => r.matchId !== row.matchId), row]);
  list.skewMs = serverTimeMs - nowMs;
}

/**
 * The table of a listed match moved (a view or an update came): its row follows what the view
 * says at once — the scores, whose turn and until when — so the title's count is right before
 * the server's row comes (the page at a table is not sent that match's rows).
 * @param {MatchListState} list
 * @param {MatchView} view
 */
export function patchRow(list, view) {
  const row = list.rows.find((r) => r.matchId === view.matchId);
  if (!row || !running(row) || !row.paced) return;
  const over = view.status === "finished";
  const changed = {
    ...row, round: view.round, current: over ? null : view.current,
    yourTurn: !over && view.current === view.you, deadlineMs: over ? null : view.deadlineMs,
    seats: row.seats.map((seat, i) => ({ ...seat, score: view.seats[i]?.score ?? seat.score })),
  };
  list.rows = ordered([...list.rows.filter((r) => r !== row), changed]);
}

/**
 * How many of your unfinished matches wait for you (the tab's title counts them).
 * @param {MatchRow[]} rows
 */
export function turnsWaiting(rows) {
  return rows.filter((r) => running(r) && r.yourTurn).length;
}

/** @param {number} waiting */
export function pageTitle(waiting) {
  return waiting ? `(${waiting}) Vanlexis` : "Vanlexis";
}

/**
 * The time left of the running turn in one coarse unit ("2 d", "5 h", "47 min"), and whether it
 * is short: under an eighth of the turn's limit. Null when no turn is timed (a live match's
 * table says it, a finished one has none).
 * @param {MatchRow} row
 * @param {number} serverNowMs
 * @returns {{text: string, label: string, short: boolean} | null}
 */
export function timeLeft(row, serverNowMs) {
  if (!running(row) || row.deadlineMs === null || row.deadlineMs === undefined) return null;
  const ms = Math.max(0, row.deadlineMs - serverNowMs);
  const short = ms < (row.turnSeconds * 1000) / 8;
  const minutes = Math.ceil(ms / 60000);
  const hours = Math.floor(ms / 3600000);
  const days = Math.floor(ms / 86400000);
  if (days >= 1) return { text: `${days} d`, label: plural(days, "dia", "dias"), short };
  if (hours >= 1) return { text: `${hours} h`, label: plural(hours, "hora", "horas"), short };
  return { text: `${minutes} min`, label: plural(minutes, "minuto", "minutos"), short };
}

/**
 * A seat's name as a row says it: "Você" for yours.
 * @param {MatchRow} row
 * @param {number} seat
 */
function who(row, seat) {
  return seat === row.seat ? "Você" : row.seats[seat]?.name ?? "";
}

/**
 * Whom you play, in words: "Ana", "Ana e Bia", "Ana, Bia e Robô 1"; alone, "sozinho".
 * @param {MatchRow} row
 */
export function opponents(row) {
  const names = row.seats.filter((_, i) => i !== row.seat).map((seat) => seat.name);
  if (!names.length) return "sozinho";
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} e ${names.at(-1)}`;
}

/**
 * The last move in words: "Ana jogou CASA, +12", "Você passou", "Bia trocou 2 peças", "O tempo
 * de Ana acabou"; before any move, that the match began.
 * @param {MatchRow} row
 */
export function lastMove(row) {
  const last = row.last;
  if (!last) return "A partida começou.";
  const name = who(row, last.seat);
  switch (last.kind) {
    case "play": return `${name} jogou ${shout(last.word ?? "")}, +${last.points ?? 0}`;
    case "swap": return `${name} trocou ${plural(last.count ?? 0, "peça", "peças")}`;
    case "passed": return `${name} passou`;
    default: return last.seat === row.seat ? "Seu tempo acabou" : `O tempo de ${name} acabou`;
  }
}

/**
 * Whose turn it is, for a running row: "Sua vez", "Vez de Ana"; a live match "Ao vivo".
 * @param {MatchRow} row
 */
export function turnText(row) {
  if (!row.paced) return "Ao vivo";
  if (row.yourTurn) return "Sua vez";
  return row.current === null || row.current === undefined ? "" : `Vez de ${row.seats[row.current]?.name ?? ""}`;
}

/**
 * How a finished match ended for you: "Você venceu com 123 pontos", "2º de 4, com 98 pontos",
 * "Você saiu da partida", alone "123 pontos".
 * @param {MatchRow} row
 */
export function resultText(row) {
  const result = row.result;
  if (!result) return "";
  const points = plural(result.score, "ponto", "pontos");
  if (result.left) return "Você saiu da partida";
  if (result.of === 1) return points;
  if (result.won) return `Você venceu com ${points}`;
  return `${result.rank}º de ${result.of}, com ${points}`;
}
