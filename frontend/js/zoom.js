// @ts-check
// The board's zoom and pan, as plain numbers (no DOM): a scale of 1 fits the whole board in
// its viewport; larger scales show part of it, and the offset says which part. Every change
// goes through clamp(), so the board can never be dragged out of sight.

/** @import { Zoom } from "./types/page" */

export const ZOOMS = [1, 1.6, 2.3, 3.2];
const MOST = ZOOMS[ZOOMS.length - 1];

/** @returns {Zoom} */
export function freshZoom() {
  return { scale: 1, x: 0, y: 0 };
}

/**
 * Keep the offset inside the board: a viewport of ``size`` px shows a board of size × scale.
 * @param {Zoom} zoom
 * @param {number} size
 * @returns {Zoom}
 */
export function clamp(zoom, size) {
  const scale = Math.max(ZOOMS[0], Math.min(MOST, zoom.scale));
  const max = size * scale - size;
  const within = (/** @type {number} */ v) => Math.max(-max, Math.min(0, v)) || 0; // no -0
  return { scale, x: within(zoom.x), y: within(zoom.y) };
}

/**
 * Zoom to ``scale`` keeping the board point under (px, py) of the viewport where it is.
 * @param {Zoom} zoom
 * @param {number} size
 * @param {number} scale
 * @param {number} px
 * @param {number} py
 */
export function zoomAt(zoom, size, scale, px, py) {
  const ratio = scale / zoom.scale;
  return clamp({ scale, x: px - (px - zoom.x) * ratio, y: py - (py - zoom.y) * ratio }, size);
}

/** @param {Zoom} zoom @param {number} size @param {number} direction +1 in, -1 out */
export function step(zoom, size, direction) {
  const index = ZOOMS.findIndex((z) => z >= zoom.scale - 0.01);
  const next = ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, (index < 0 ? 0 : index) + direction))];
  return zoomAt(zoom, size, next, size / 2, size / 2);
}

/** @param {Zoom} zoom @param {number} size @param {number} dx @param {number} dy */
export function pan(zoom, size, dx, dy) {
  return clamp({ ...zoom, x: zoom.x + dx, y: zoom.y + dy }, size);
}

/**
 * Pan as little as needed for square (row, col) to be in view with a margin of one square.
 * @param {Zoom} zoom
 * @param {number} size
 * @param {number} cells the board's side in squares
 * @param {number} row
 * @param {number} col
 */
export function follow(zoom, size, cells, row, col) {
  if (zoom.scale <= 1) return zoom;
  const cell = (size * zoom.scale) / cells;
  let { x, y } = zoom;
  const left = col * cell + x;
  const top = row * cell + y;
  if (left < cell) x += cell - left;
  if (left + cell > size - cell) x -= left + 2 * cell - size;
  if (top < cell) y += cell - top;
  if (top + cell > size - cell) y -= top + 2 * cell - size;
  return clamp({ ...zoom, x, y }, size);
}

/**
 * Zoom in around a square (the first tile of a move on a small screen).
 * @param {Zoom} zoom
 * @param {number} size
 * @param {number} cells
 * @param {number} row
 * @param {number} col
 * @param {number} scale
 */
export function focusSquare(zoom, size, cells, row, col, scale) {
  const cell = (size * scale) / cells;
  return clamp({ scale, x: size / 2 - (col + 0.5) * cell, y: size / 2 - (row + 0.5) * cell }, size);
}

/** How far to pan a zoomed board while a dragged tile is held near its edge (px, py inside a
 * viewport of ``size`` px): towards that edge, faster the closer it is; 0 elsewhere. */
/**
 * @param {Zoom} zoom
 * @param {number} size
 * @param {number} px
 * @param {number} py
 */
export function edgePush(zoom, size, px, py, margin = 32, speed = 10) {
  if (zoom.scale <= 1) return { dx: 0, dy: 0 };
  const push = (/** @type {number} */ v) => {
    if (v < -margin || v > size + margin) return 0; // well outside: not a drag over the board
    if (v < margin) return Math.round(speed * (1 - Math.max(0, v) / margin));
    if (v > size - margin) return -Math.round(speed * (1 - Math.max(0, size - v) / margin));
    return 0;
  };
  return { dx: push(px), dy: push(py) };
}
