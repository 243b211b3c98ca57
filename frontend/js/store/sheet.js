// The sheet: on a phone the table's side (your receipt and every move, the cards, the match's
// goal and theme) opens over the lower screen on demand, one tab at a time, below the board so
// it never hides a square. On a wide screen the side is always shown and this changes nothing.
import { receiptFolded } from "./pacing.js";

export const SHEET_TABS = ["jogadas", "cartas", "partida"];

/** Where "Mais" opens the sheet: its first tab, every time (and every tab opens at its top). */
export const MORE_TAB = "jogadas";

/** The tab the sheet shows, or null when it is closed. After your play it opens on your
 *  receipt by itself ("receipt") and closes again once your turn comes (the receipt then
 *  folds to a line under the hand); a tab opened by hand stays until it is closed. */
export function sheetTab(state) {
  if (state.sheet === "receipt") {
    return state.ownReceipt !== null && !receiptFolded(state) ? "jogadas" : null;
  }
  if (state.sheet === "cartas" && !state.view?.cards) return null;
  return SHEET_TABS.includes(state.sheet) ? state.sheet : null;
}

/** Open the sheet on ``tab``; ``card``: the card row's slot to point at (the cards tab). */
export function openSheet(state, tab, card = null) {
  if (!SHEET_TABS.includes(tab)) return false;
  state.sheet = tab;
  state.sheetCard = tab === "cartas" ? card : null;
  return true;
}

export function closeSheet(state) {
  state.sheet = null;
  state.sheetCard = null;
  state.receiptExpanded = false;
}

/** Your play was accepted: its receipt opens, unless you are reading a tab you opened. */
export function showReceipt(state) {
  if (state.sheet === null || state.sheet === "receipt") state.sheet = "receipt";
}
