// @ts-check
// A match from its link (#/partida/ID): a finished one move by move (the board after each
// move, the move with its receipt and, for the person who played it, their review of it), a
// live one as a spectator sees it, following its latest move. Anyone with the link sees only
// what is public: no rack ever.
import { esc } from "./dom.js";
import { breakdownHtml, moveSummary } from "./receipt.js";
import { boardHtml, reviewFor } from "./summary.js";
import { plural } from "../text.js";
import { replayBoard } from "../store/replay.js";

/** @import { State, MatchView } from "../types/page" */

/**
 * The board after ``step`` moves, the tiles of the step's own move marked.
 * @param {State & { view: MatchView }} state
 * @param {number} step
 */
function boardAt(state, step) {
  const move = state.history.moves[step - 1];
  const fresh = new Set((move?.kind === "play" ? move.tiles || [] : []).map(([r, c]) => `${r}:${c}`));
  return boardHtml(state.view, replayBoard(state, step),
                   { fresh, label: `Tabuleiro depois do lance ${step}`, className: "replay-board" });
}

/** @param {State & { view: MatchView }} state @param {number} step */
function scoresAt(state, step) {
  /** @type {Record<number, number | null>} */
  const totals = {};
  for (const move of state.history.moves.slice(0, step)) totals[move.seat] = move.total;
  return (state.view.seats || []).map((s) => `<li${s.seat === state.view.you ? ' class="me"' : ""}>
      <span>${esc(s.name)}${s.seat === state.view.you ? " (você)" : ""}</span>
      <strong>${totals[s.seat] ?? 0}</strong></li>`).join("");
}

/** @param {State} state */
export function replayScreen(state) {
  const view = state.view;
  if (!view) return '<p class="loading">Carregando a partida…</p>';
  const shown = { ...state, view };
  const moves = state.history.moves;
  const step = Math.min(state.replayStep, moves.length);
  const move = moves[step - 1];
  const names = (view.seats || []).map((s) => s.name);
  const loading = state.history.older ? '<p class="muted">Carregando os lances…</p>' : "";
  const review = move && view.you !== null && move.seat === view.you ? reviewFor(state, move.move) : "";
  const theme = view.theme ? `Tema: ${esc(view.theme.name)}` : "Sem tema";
  const live = view.status !== "finished";
  const watching = view.watchers ? ` · ${plural(view.watchers, "pessoa assistindo", "pessoas assistindo")}` : "";
  const turn = live ? `<p class="replay-live" data-live>Ao vivo: rodada ${view.round} de ${view.roundLimit}, vez de ${esc(names[view.current] || "?")}.</p>` : "";
  return `
    <div class="lx lx-end lx-replay">
      <section class="lx-card replay-card" aria-labelledby="replay-title">
        <p class="mode-kicker">${live ? "Ao vivo" : "Partida terminada"} · ${theme}${watching}</p>
        <h2 id="replay-title" tabindex="-1" data-screen-heading>${esc(names.join(" × "))}</h2>
        <div class="replay-grid">
          <div>
            ${boardAt(shown, step)}
            ${turn}
            <div class="replay-controls" role="group" aria-label="Lances"${live ? " hidden" : ""}>
              <button type="button" data-action="replay-first" ${step ? "" : "disabled"}>Início</button>
              <button type="button" data-action="replay-back" ${step ? "" : "disabled"} aria-label="Lance anterior">◀ Anterior</button>
              <button type="button" data-action="replay-next" ${step < moves.length ? "" : "disabled"} aria-label="Próximo lance">Próximo ▶</button>
              <button type="button" data-action="replay-last" ${step < moves.length ? "" : "disabled"}>Fim</button>
            </div>
            <label class="replay-range" for="replay-step"${live ? " hidden" : ""}><span>Lance <span data-replay-step>${step}</span> de ${moves.length}</span>
              <input type="range" id="replay-step" min="0" max="${moves.length}" value="${step}" data-replay-range></label>
            ${loading}
          </div>
          <div>
            <ul class="replay-scores" aria-label="Placar neste lance">${scoresAt(shown, step)}</ul>
            <div class="replay-move" aria-live="polite" data-replay-move>
              ${move ? `<p class="move-line"><span class="num muted">${move.move + 1}.</span> ${moveSummary(move, names[move.seat] || "?")}</p>
                ${move.breakdown ? breakdownHtml(move.breakdown, state) : ""}` : (live ? '<p class="muted" data-no-moves>Ainda não houve lances: cada um aparece aqui assim que é jogado.</p>'
                  : '<p class="muted">O tabuleiro antes do primeiro lance. Use Próximo para ver a partida.</p>')}
            </div>
            ${review ? `<section class="replay-review" aria-label="Sua revisão deste lance">${review}</section>` : ""}
          </div>
        </div>
        <div class="end-actions">
          <button class="lx-secondary" data-action="copy-link">Copiar o link desta partida</button>
          <button class="lx-secondary" data-action="to-lobby">Voltar ao saguão</button>
        </div>
      </section>
    </div>`;
}
