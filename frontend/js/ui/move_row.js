// @ts-check
// The move row under the board, on your turn: what the move you are building will score, or
// what it still needs, and whether Confirmar can play it. A move being built is not a mistake:
// what the server's preview says is still missing (the centre, a link to the board, a second
// letter, a word) is said in a plain voice; only a move that must be undone (tiles out of line,
// a square that is taken) is said as a problem. Confirmar is off whenever the preview already
// knows the server would refuse, and its description is the very sentence that says why.
import { esc } from "./dom.js";
import { countsAsText } from "./receipt.js";
import { BANDS, plural, shout, squareName } from "../text.js";
import { isBuilding, pickLimit } from "../store/move.js";

/** @import { State, Breakdown, Row } from "../types/page" */

/** The id of the sentence that says why Confirmar is off (its aria-describedby). */
export const REASON_ID = "move-reason";

/**
 * What the move row shows on your turn, and Confirmar's state.
 * @param {State} state
 * @returns {Row}
 */
export function moveRow(state) {
  const p = state.preview;
  if (state.mode === "swap") {
    const picked = state.swap.length;
    const limit = pickLimit(state);
    // Short enough for a phone's row: how many are picked, of how many at most.
    const text = picked ? `Peças para trocar: ${picked} de até ${limit}.`
      : `Escolha as peças para trocar (até ${limit}).`;
    return { html: `<span id="${REASON_ID}" data-swap-count="${picked}">${text}</span>`,
             enabled: picked > 0, reason: picked > 0 ? null : REASON_ID };
  }
  if (!state.placed.length) {
    return { html: `<span class="muted" id="${REASON_ID}"><strong>Sua vez:</strong> monte uma palavra.</span>`,
             enabled: false, reason: REASON_ID };
  }
  if (p.status === "idle" || p.status === "pending") { // asked, or about to be
    // The last answer stays (dimmed) until the next one comes: the row does not flicker.
    if (p.status === "pending" && p.settled) {
      const settled = answerRow(state, p.settled);
      return { ...settled, html: `<span class="stale" aria-busy="true">${settled.html}</span>` };
    }
    return { html: '<span class="muted">Calculando…</span>', enabled: false, reason: null };
  }
  return answerRow(state, p);
}

/**
 * The row for one answer of the preview: its points and words, or what the move needs.
 * @param {State} state
 * @param {import("../types/page").Answer} p
 * @returns {Row}
 */
function answerRow(state, p) {
  if (p.status === "error") {
    // A card's target asked in the prompt over the hand is said there, once.
    if (p.code === "card.target" && state.target) return { html: "", enabled: false, reason: "target-help" };
    const building = isBuilding(p.code);
    const html = building
      ? `<span class="need-text" id="${REASON_ID}" data-preview-need>${esc(needText(p))}</span>`
      : `<span class="error-text" id="${REASON_ID}" data-preview-error>${esc(p.message)}</span>`;
    return { html, enabled: false, reason: REASON_ID };
  }
  return { html: previewHtml(p.breakdown), enabled: true, reason: null };
}

/**
 * What a move being built still needs, in a plain voice.
 * @param {{ code: string, message: string, square: [number, number] | null }} preview the refusal
 */
function needText(preview) {
  const square = preview.square;
  const name = square ? squareName(square[0], square[1]) : "";
  switch (preview.code) {
    case "move.centre": return `Falta passar pela casa do centro${name ? `, ${name}` : ""}.`;
    case "move.not_connected": return "Falta ligar a palavra às peças do tabuleiro.";
    case "move.too_short": return "Falta pelo menos mais uma letra.";
    case "move.gap": return "Falta preencher o espaço entre as suas peças.";
    case "card.unused": return "Falta pôr o coringa da carta numa peça.";
    case "card.target": return "Falta escolher a casa da carta.";
    default: return preview.message; // a word not (yet) in the dictionary: the server says which
  }
}

/** Points, band and the words formed. On a phone the row has one line each for the points
 *  and for the words; words that do not fit are counted (+2), read whole by screen readers. */
/** @param {Breakdown} b */
function previewHtml(b) {
  const band = BANDS[b.band] || BANDS.Frio;
  const words = [...b.words].sort((x, y) => Number(y.main) - Number(x.main));
  const items = words.map((w) =>
    `<li class="${w.main ? "main" : "extra"}">${esc(shout(w.display))} <small>${w.points}</small></li>`).join("");
  const more = words.length > 1 ? `<span class="more-words" aria-hidden="true">+${words.length - 1}</span>` : "";
  const counts = countsAsText(b);
  return `<span class="points" data-preview-points>${plural(b.total, "ponto", "pontos")}</span>
    <span class="band ${band.css}" data-band="${esc(band.label)}"${counts ? ` title="${esc(counts)}"` : ""}>${band.label}</span>
    <ul class="preview-words" data-preview-words aria-label="Palavras formadas">${items}</ul>${more}`;
}
