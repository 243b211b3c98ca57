// What the server's view says, read the same way everywhere: the board's size, the wildcards'
// letters, the seats' names, whose turn it is. The client knows no rule of its own; even the
// board's size is the view's.

export function wildLetters(state, code) {
  return state.view?.wildcards?.[code] || "";
}

export function isWild(state, code) {
  return typeof code === "string" && Boolean(state.view?.wildcards?.[code]);
}

export function wildAllows(state, code, letter) {
  return wildLetters(state, code).includes(letter);
}

/** The board's side in squares: the view's ``boardSize`` (its rows, for an older frame). */
export function boardSize(state) {
  return sizeOf(state.view);
}

export function sizeOf(view) {
  return view?.boardSize || view?.board?.length || 0;
}

/** The centre square, where the first word goes and the typing cursor starts. */
export function boardCentre(state) {
  const middle = Math.floor(Math.max(0, boardSize(state) - 1) / 2);
  return { row: middle, col: middle };
}

export function seatName(state, seat) {
  return state.view?.seats?.[seat]?.name ?? `Lugar ${seat + 1}`;
}

export function myTurn(state) {
  const v = state.view;
  return Boolean(v && v.status !== "finished" && v.you !== null && v.you !== undefined &&
    v.current === v.you && !state.pacing);
}

/** The board rows with ``tiles`` ([row, col, cell]) put on them. */
export function boardWith(rows, tiles) {
  const grid = rows.map((row) => [...row]);
  for (const [r, c, cell] of tiles || []) {
    if (grid[r]) grid[r][c] = cell;
  }
  return grid.map((row) => row.join(""));
}

/** An empty board of the view's size. */
export function emptyBoard(state) {
  const size = boardSize(state);
  return Array.from({ length: size }, () => ".".repeat(size));
}
