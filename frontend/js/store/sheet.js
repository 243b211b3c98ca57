// @ts-check
// The sheet: on a phone the table's side (your receipt and every move, the cards, the match's
// goal and theme) opens over the lower screen on demand, one tab at a time, below the board so
// it never hides a square. On a wide screen the side is always shown and this changes nothing.
import { receiptFolded } from "./pacing.js";

/** @import { State, SheetTab } from "../types/page" */

/** @type {SheetTab[]} */
export const SHEET_TABS = ["jogadas", "cartas", "partida"];

/** Where "Mais" opens the sheet: its first tab, every time (and every tab opens at its top). */
/** @type {SheetTab} */
export const MORE_TAB = "jogadas";

/** The tab the sheet shows, or null when it is closed. After your play it opens on your
 *  receipt by itself ("receipt") and closes again once your turn comes (the receipt then
 *  folds to a line under the hand); a tab opened by hand stays until it is closed. */
/**
 * @param {State} state
 * @returns {SheetTab | null}
 */
export function sheetTab(state) {
  if (state.sheet === "receipt") {
    return state.ownReceipt !== null && !receiptFolded(state) ? "jogadas" : null;
  }
  if (state.sheet === "cartas" && !state.view?.cards) return null;
  return state.sheet !== null && isTab(state.sheet) ? state.sheet : null;
}

/**
 * @param {string} tab
 * @returns {tab is SheetTab}
 */
function isTab(tab) {
  return SHEET_TABS.some((known) => known === tab);
}

/**
 * Open the sheet on ``tab``; ``card``: the card row's slot to point at (the cards tab).
 * @param {State} state
 * @param {string} tab
 * @param {number | null} [card]
 */
export function openSheet(state, tab, card = null) {
  if (!isTab(tab)) return false;
  state.sheet = tab;
  state.sheetCard = tab === "cartas" ? card : null;
  return true;
}

/** @param {State} state */
export function closeSheet(state) {
  state.sheet = null;
  state.sheetCard = null;
  state.receiptExpanded = false;
}

/** Your play was accepted: its receipt opens, unless you are reading a tab you opened. */
/** @param {State} state */
export function showReceipt(state) {
  if (state.sheet === null || state.sheet === "receipt") state.sheet = "receipt";
}
