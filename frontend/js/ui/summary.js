// @ts-check
// The parts of the end screen that look back at the match: the final board, what each player
// did (the server's summary), the tie-break in words when it decided, and every move with its
// receipt. Everything shown comes from the server's frames; nothing here knows a rule.
import { esc } from "./dom.js";
import { breakdownHtml, moveSummary } from "./receipt.js";
import { BANDS, SQUARES, plural, shout } from "../text.js";

/** @import { State, MatchView, Move, MoveReview, ReviewSummary } from "../types/page" */
/** @import { RankingRow, ReviewedMove, SeatSummary } from "../types/protocol" */

/** A small static board: letters on their squares, the bonus colours beneath; the squares
 *  in ``fresh`` ("row:col") are marked. ``label`` says what it shows, with its tile count. */
/**
 * @param {Pick<MatchView, "layout">} view
 * @param {string[]} rows
 * @param {{ fresh?: Set<string>, label?: string, className?: string }} [how]
 */
export function boardHtml(view, rows, { fresh = new Set(), label = "Tabuleiro final", className = "" } = {}) {
  let tiles = 0;
  const html = rows.map((line, r) => `<span class="fb-row">${[...line].map((cell, c) => {
    const bonus = SQUARES[view.layout?.[r]?.[c]] || SQUARES["."];
    if (cell === ".") return `<span class="fb-sq ${bonus.css}"></span>`;
    tiles += 1;
    const wild = cell !== cell.toUpperCase();
    const mark = fresh.has(`${r}:${c}`) ? " fb-fresh" : "";
    return `<span class="fb-sq fb-tile${wild ? " wild" : ""}${mark}">${esc(cell.toUpperCase())}</span>`;
  }).join("")}</span>`).join("");
  return `<div class="final-board${className ? ` ${className}` : ""}" role="img" aria-label="${label}, com ${plural(tiles, "peça", "peças")}">${html}</div>`;
}

/**
 * The final board of the match.
 * @param {MatchView | null} view
 */
export function finalBoard(view) {
  return view?.board ? boardHtml(view, view.board) : "";
}

/** @type {(keyof SeatSummary["bands"])[]} */
const HOTTEST_FIRST = ["Escaldante", "Quente", "Morno", "Frio"];

/** @param {SeatSummary["bands"]} bands */
function bandCounts(bands) {
  return HOTTEST_FIRST.map((name) => {
    const band = BANDS[name];
    return `<li><span class="band ${band.css}">${band.label}</span> ${bands?.[name] ?? 0}</li>`;
  }).join("");
}

/**
 * One card per player: best move, longest word, plays by band, chain, cards, swaps, passes.
 * @param {MatchView | null} view
 * @param {number | null | undefined} you
 */
export function seatSummaries(view, you) {
  const rows = view?.summary || [];
  return rows.map((s) => {
    const best = s.bestMove;
    const band = best ? BANDS[best.band] || BANDS.Frio : BANDS.Frio;
    return `
      <section class="seat-summary${s.seat === you ? " me" : ""}" aria-labelledby="summary-${s.seat}">
        <h4 id="summary-${s.seat}">${esc(s.name)}${s.seat === you ? " (você)" : ""} · ${plural(s.score, "ponto", "pontos")}</h4>
        <dl>
          <dt>Melhor jogada</dt>
          <dd data-best-move>${best ? `<span class="word-chip">${esc(shout(best.word))}</span>
            ${plural(best.points, "ponto", "pontos")} <span class="band ${band.css}">${band.label}</span>
            <small class="muted">rodada ${best.round}</small>` : "nenhuma"}</dd>
          <dt>Palavra mais longa</dt>
          <dd>${s.longestWord ? `<span class="word-chip">${esc(shout(s.longestWord))}</span>` : "—"}</dd>
          <dt>Maior corrente</dt><dd>${s.longestChain}</dd>
          <dt>Cartas usadas</dt><dd>${s.cardsUsed}</dd>
          <dt>Jogadas</dt><dd>${s.plays}${s.swaps ? ` · ${plural(s.swaps, "troca", "trocas")}` : ""}${s.passes ? ` · ${plural(s.passes, "passe", "passes")}` : ""}</dd>
        </dl>
        <ul class="band-counts" aria-label="Jogadas por faixa">${bandCounts(s.bands)}</ul>
      </section>`;
  }).join("");
}

const SECONDS = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 });

/**
 * The tie-break in a sentence, when the winner's place was decided by one ("" otherwise).
 * @param {RankingRow[]} ranking
 */
export function tieBreakText(ranking) {
  const [first, second] = [...ranking].sort((a, b) => a.rank - b.rank);
  if (!first || !second || first.score !== second.score || !second.tieBreak) return "";
  /** @type {Record<string, string>} */
  const reasons = {
    longest_word: `pela palavra mais longa (${esc(shout(first.longestWord))}, ` +
      `${plural([...first.longestWord].length, "letra", "letras")}, contra ` +
      `${esc(shout(second.longestWord || "—"))})`,
    fewer_passes: `por ter passado menos vezes (${first.passes} contra ${second.passes})`,
    less_time: `por ter pensado menos tempo (${SECONDS.format(first.thinkingMs / 1000)} s contra ` +
      `${SECONDS.format(second.thinkingMs / 1000)} s)`,
    seat_order: "pela ordem dos lugares (o empate foi total)",
  };
  const why = reasons[second.tieBreak] || "";
  return `Empate em ${plural(first.score, "ponto", "pontos")}: ${esc(first.name)} ficou na frente ${why}.`;
}

/**
 * Every move of the match, each play with a button that opens its receipt.
 * @param {State} state
 */
export function movesList(state) {
  const h = state.history;
  if (!h.moves.length) return '<p class="muted">Nenhuma jogada.</p>';
  const names = (state.view?.seats || []).map((s) => s.name);
  const loading = h.older ? '<p class="muted" data-history-loading>Carregando as jogadas anteriores…</p>' : "";
  const items = h.moves.map((m) => {
    const open = state.openMove === m.move;
    return `<li data-move="${m.move}">
      <div class="move-line">
        <span class="num muted">${m.move + 1}.</span> ${moveSummary(m, names[m.seat] || "?")}
        <span class="muted total" title="Total depois da jogada">${m.total ?? ""}</span>
        ${m.kind === "play" ? `<button type="button" class="link" id="end-move-${m.move}" data-open-move="${m.move}" aria-expanded="${open}">${open ? "Fechar" : "Cálculo"}</button>` : ""}
      </div>
      ${open && m.breakdown ? breakdownHtml(m.breakdown, state) : ""}</li>`;
  }).join("");
  return `${loading}<ol class="history end-history">${items}</ol>`;
}

// -- your review -------------------------------------------------------------------------------

/** @type {Record<string, string>} */
const ARROWS = { across: "→", down: "↓" };

/**
 * @param {State} state
 * @param {MoveReview} review
 * @param {"best" | "band"} key
 * @param {string} label
 * @param {ReviewedMove | null} best
 */
function suggestion(state, review, key, label, best) {
  if (!best) return "";
  const band = BANDS[best.band] || BANDS.Frio;
  const id = `${review.move}:${key}`;
  const open = state.openReview === id;
  return `<p class="review-line">${label}: <span class="word-chip">${esc(shout(best.display))}</span>
      <span class="muted">em ${esc(best.start)} ${ARROWS[best.direction] || ""}</span>
      ${plural(best.score, "ponto", "pontos")} <span class="band ${band.css}">${band.label}</span>
      <button type="button" class="link" id="review-${review.move}-${key}" data-open-review="${id}" aria-expanded="${open}">${open ? "Fechar" : "Cálculo"}</button></p>
      ${open ? breakdownHtml(best.breakdown, state) : ""}`;
}

/** @param {MoveReview} review @param {Move | undefined} entry */
function whatYouDid(review, entry) {
  if (review.kind === "play") {
    const band = BANDS[review.band ?? "Frio"] || BANDS.Frio;
    return `você jogou <span class="word-chip">${esc(shout(entry?.words?.[0] || "?"))}</span>
      ${plural(review.points, "ponto", "pontos")} <span class="band ${band.css}">${band.label}</span>`;
  }
  /** @type {Record<string, string>} */
  const kinds = { swap: "você trocou peças", passed: "você passou", timed_out: "seu tempo acabou" };
  return kinds[review.kind] || review.kind;
}

/**
 * The summary sentence of a review ("você deixou 87 pontos na mesa; …").
 * @param {ReviewSummary | null | undefined} summary
 */
export function reviewLead(summary) {
  if (!summary?.moves) return "Não houve jogada sua para revisar.";
  const parts = [summary.left ? `Você deixou ${plural(summary.left, "ponto", "pontos")} na mesa` :
    "Você não deixou pontos na mesa"];
  if (summary.escaldanteAvailable) {
    parts.push(`em ${plural(summary.escaldanteAvailable, "turno havia", "turnos havia")} jogada Escaldante`);
  } else if (summary.hotAvailable) {
    parts.push(`em ${plural(summary.hotAvailable, "turno havia", "turnos havia")} jogada Quente ou Escaldante`);
  }
  const lead = `${parts.join("; ")}.`;
  return `${lead} Você achou a melhor jogada em ${summary.bestFound} de ${plural(summary.moves, "turno", "turnos")}.`;
}

/** @param {State} state @param {MoveReview} r @param {Move | undefined} entry */
function reviewItem(state, r, entry) {
  const best = r.best && r.left === 0 && r.kind === "play"
    ? '<p class="review-line good">Foi a melhor jogada possível.</p>'
    : suggestion(state, r, "best", `Melhor jogada${r.left ? ` (mais ${plural(r.left, "ponto", "pontos")})` : ""}`, r.best);
  const top = r.bestBand ? suggestion(state, r, "band", `Melhor na faixa ${BANDS[r.topBand ?? ""]?.label || r.topBand}`, r.bestBand) : "";
  return `<p class="review-line"><strong>Rodada ${entry?.round ?? "?"}:</strong> ${whatYouDid(r, entry)}</p>
      ${best}${top}`;
}

/**
 * The review of one of your moves (for the replay), "" when there is none.
 * @param {State} state
 * @param {number} move
 */
export function reviewFor(state, move) {
  const r = state.review?.moves.find((m) => m.move === move);
  if (!r) return "";
  return `<div data-review-move="${r.move}">${reviewItem(state, r, state.history.moves.find((m) => m.move === move))}</div>`;
}

/**
 * Your moves, each with the best move in that position and the best of its highest band.
 * @param {State} state
 */
export function reviewHtml(state) {
  const review = state.review;
  if (state.view?.you === null || state.view?.you === undefined) return "";
  if (!review) return '<p class="muted" data-review-loading>Preparando a revisão das suas jogadas…</p>';
  const byMove = new Map(state.history.moves.map((m) => [m.move, m]));
  const items = review.moves.map((r) => `<li data-review-move="${r.move}">
      ${reviewItem(state, r, byMove.get(r.move))}</li>`).join("");
  const more = review.next !== null ? '<p class="muted">Carregando o resto da revisão…</p>' : "";
  return `<p class="review-lead" data-review-summary>${esc(reviewLead(review.summary))}</p>
    <ol class="review-list">${items}</ol>${more}`;
}
