// Letters drawn as game tiles, with their values: decoration for the screens around a match
// (the text beside them always says the same).
const TILE_VALUES = { A: 1, E: 1, I: 1, O: 1, S: 1, R: 1, T: 1, M: 1, U: 1, N: 2, D: 2, C: 2,
  L: 2, P: 2, B: 3, F: 3, G: 3, V: 3, H: 4, J: 6, Q: 6, Z: 7, X: 8, K: 10, W: 10, Y: 10 };

export function tiles(word, className = "tiles") {
  return `<span class="${className}" aria-hidden="true">${[...word].map((letter) =>
    `<span class="lx-tile">${letter}<small>${TILE_VALUES[letter] ?? ""}</small></span>`).join("")}</span>`;
}

