// @ts-check
// Letters drawn as game tiles, with their values: decoration for the screens around a match
// (the text beside them always says the same). The values are the catalogue's, so a page that
// has not heard from the server yet (the entry page) shows the letters alone.

/**
 * @param {string} word
 * @param {string} [className]
 * @param {Record<string, number>} [values] the catalogue's tile values
 */
export function tiles(word, className = "tiles", values = {}) {
  return `<span class="${className}" aria-hidden="true">${[...word].map((letter) =>
    `<span class="lx-tile">${letter}<small>${values[letter] ?? ""}</small></span>`).join("")}</span>`;
}
