// @ts-check
// What the welcome's catalogue says, read one way: a card's name by its id (events name cards
// by id), a wildcard tile's name and value. The page keeps no names or values of its own:
// until the catalogue has come, a card is "uma carta" and a wildcard "coringa".

/** @typedef {Pick<import("../types/page").State, "catalog">} Catalogued */

/**
 * The catalogue's entry for a card, or null.
 * @param {Catalogued} state
 * @param {string} id
 */
export function catalogCard(state, id) {
  return state.catalog?.cards.find((card) => card.id === id) || null;
}

/** @param {Catalogued} state @param {string} id @returns {string} */
export function cardName(state, id) {
  return catalogCard(state, id)?.name || "uma carta";
}

/**
 * The name that fits a narrow place (a phone's card strip).
 * @param {Catalogued} state
 * @param {string} id
 * @returns {string}
 */
export function shortCardName(state, id) {
  return catalogCard(state, id)?.shortName || cardName(state, id);
}

/**
 * A wildcard's name by its rack code ("?V" → "Coringa de Vogal", the card that adds it).
 * @param {Catalogued} state
 * @param {string} code
 * @returns {string}
 */
export function wildName(state, code) {
  return state.catalog?.cards.find((card) => card.wildcard === code)?.name || "coringa";
}

/**
 * What a wildcard tile is worth ("" while it is not known: no number is shown).
 * @param {Catalogued} state
 * @returns {number | ""}
 */
export function wildValue(state) {
  return state.catalog?.wildcardValue ?? "";
}

/**
 * What the catalogue calls a badge or a style of a profile (its id until the catalogue says).
 * @param {{ id: string, name: string }[] | undefined} names the catalogue's list
 * @param {string} id
 */
export function named(names, id) {
  return names?.find((entry) => entry.id === id)?.name || id;
}

/**
 * Whether the match is played at one's own pace: its turn is one of the catalogue's own-pace
 * limits (hours or days), not a live table's.
 * @param {Catalogued} state
 * @param {number | undefined} turnSeconds
 */
export function atOwnPace(state, turnSeconds) {
  return turnSeconds !== undefined && Boolean(state.catalog?.form.paceSeconds.includes(turnSeconds));
}
