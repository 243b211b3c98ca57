// @ts-check
// The board: an ARIA grid (rows of gridcells) built once, whose squares are redrawn only when
// what they show changes, inside a viewport that zooms and pans (pinch, double tap, the +/−
// buttons, and a zoom that follows the tiles you place). It knows nothing of the rules: the
// layout, the tile values and the board's size are the server's view.
import { el, must, targetOf } from "./dom.js";
import { SQUARES, squareName } from "../text.js";
import { clamp, edgePush, focusSquare, follow, freshZoom, pan, step, zoomAt, ZOOMS } from "../zoom.js";

/** @import { Zoom, MatchView, Square, SquareInfo } from "../types/page" */
/**
 * @typedef {{ x: number, y: number, x0: number, y0: number }} Pointer
 * @typedef {{ kind: "pinch", distance: number, zoom: Zoom } | { kind: "maybe-pan" | "pan" | "none", zoom: Zoom }} Gesture
 */

const TAP_SLOP = 8;
const DOUBLE_TAP_MS = 320;

export class BoardView {
  /**
   * @param {ParentNode} root the table, holding the viewport, the grid and the zoom label
   * @param {number} size the board's side in squares
   * @param {{ onSquare?: (row: number, col: number) => void }} [handlers]
   */
  constructor(root, size, { onSquare } = {}) {
    this.size = size;
    this.onSquare = onSquare;
    this.viewport = must(root, "[data-viewport]");
    this.grid = must(root, "[data-board]");
    this.zoomLabel = root.querySelector("[data-zoom-level]");
    this.zoom = freshZoom();
    /** @type {HTMLElement[]} */
    this.cells = [];
    /** @type {string[]} */
    this.keys = [];
    /** @type {(() => boolean) | null} whether a double tap may zoom now (the table says) */
    this.onDoubleTapAllowed = null;
    /** @type {HTMLElement | null} the square in the Tab order */
    this.focusable = null;
    for (let r = 0; r < size; r += 1) {
      const row = el("div", { role: "row", class: "board-row" });
      for (let c = 0; c < size; c += 1) {
        const cell = el("div", { class: "square", role: "gridcell", tabindex: -1,
                                 "data-row": r, "data-col": c });
        row.append(cell);
        this.cells.push(cell);
        this.keys.push("");
      }
      this.grid.append(row);
    }
    /** @type {Map<number, Pointer>} */
    this.pointers = new Map();
    /** @type {Gesture | null} */
    this.gesture = null;
    /** @type {{ t: number, x: number, y: number } | null} */
    this.lastTap = null;
    this.swallowUntil = 0; // the click that ends a pan, a pinch or a double tap is not a tap
    this.viewport.addEventListener("pointerdown", (e) => this.down(e));
    this.viewport.addEventListener("pointermove", (e) => this.move(e));
    this.viewport.addEventListener("pointerup", (e) => this.up(e));
    this.viewport.addEventListener("pointercancel", (e) => this.up(e, true));
    this.viewport.addEventListener("click", (e) => {
      if (performance.now() < this.swallowUntil) {
        e.stopPropagation();
        e.preventDefault();
      }
    }, true);
    this.viewport.addEventListener("wheel", (e) => {
      if (!e.ctrlKey) return; // a trackpad pinch arrives as ctrl+wheel
      e.preventDefault();
      const box = this.viewport.getBoundingClientRect();
      this.setZoom(zoomAt(this.zoom, this.px(), this.zoom.scale * (e.deltaY < 0 ? 1.15 : 0.87),
                          e.clientX - box.left, e.clientY - box.top));
    }, { passive: false });
    new ResizeObserver(() => this.setZoom(this.zoom)).observe(this.viewport);
  }

  /** @param {number} row @param {number} col @returns {HTMLElement | undefined} */
  cell(row, col) {
    return this.cells[row * this.size + col];
  }

  px() {
    return this.viewport.clientWidth || 1;
  }

  squarePx() {
    return (this.px() * this.zoom.scale) / this.size;
  }

  /** @param {Zoom} zoom */
  setZoom(zoom) {
    this.zoom = clamp(zoom, this.px());
    const { scale, x, y } = this.zoom;
    this.grid.style.width = `${scale * 100}%`;
    this.grid.style.transform = `translate(${x}px, ${y}px)`;
    this.grid.style.setProperty("--sq", `${this.squarePx()}px`);
    this.viewport.dataset.zoomed = String(scale > 1.01);
    if (this.zoomLabel) this.zoomLabel.textContent = `${Math.round(scale * 100)}%`;
  }

  /** @param {number} direction +1 in, -1 out */
  zoomBy(direction) {
    this.setZoom(step(this.zoom, this.px(), direction));
  }

  fit() {
    this.setZoom(freshZoom());
  }

  /**
   * After a tile goes down: on a small board zoom in around it, else keep it in view.
   * @param {number} row
   * @param {number} col
   * @param {{ zoomIn?: boolean }} [how]
   */
  followSquare(row, col, { zoomIn = false } = {}) {
    if (zoomIn && this.zoom.scale <= 1 && this.squarePx() < 30) {
      this.setZoom(focusSquare(this.zoom, this.px(), this.size, row, col, ZOOMS[2]));
    } else {
      this.setZoom(follow(this.zoom, this.px(), this.size, row, col));
    }
  }

  /**
   * While a tile is dragged near the viewport's edge, pan that way; true if it moved.
   * @param {number} clientX
   * @param {number} clientY
   */
  edgePan(clientX, clientY) {
    const box = this.viewport.getBoundingClientRect();
    const { dx, dy } = edgePush(this.zoom, this.px(), clientX - box.left, clientY - box.top);
    if (!dx && !dy) return false;
    const before = this.zoom;
    this.setZoom(pan(this.zoom, this.px(), dx, dy));
    return before.x !== this.zoom.x || before.y !== this.zoom.y;
  }

  // -- gestures: one finger pans a zoomed board, two fingers pinch, a double tap zooms --------

  /** @param {PointerEvent} e */
  down(e) {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    // A finger on one of your own tiles drags that tile, it does not pan the board.
    if (this.pointers.size === 0 && targetOf(e)?.closest(".tile.new")) return;
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, x0: e.clientX, y0: e.clientY });
    if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      this.gesture = { kind: "pinch", distance: Math.hypot(a.x - b.x, a.y - b.y), zoom: this.zoom };
    } else if (this.pointers.size === 1) {
      this.gesture = { kind: "maybe-pan", zoom: this.zoom };
    }
  }

  /** @param {PointerEvent} e */
  move(e) {
    const p = this.pointers.get(e.pointerId);
    if (!p) return;
    const dx = e.clientX - p.x;
    const dy = e.clientY - p.y;
    p.x = e.clientX;
    p.y = e.clientY;
    const g = this.gesture;
    if (!g) return;
    if (g.kind === "pinch" && this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      const box = this.viewport.getBoundingClientRect();
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      const scale = g.zoom.scale * (distance / Math.max(1, g.distance));
      this.setZoom(zoomAt(this.zoom, this.px(), scale, (a.x + b.x) / 2 - box.left,
                          (a.y + b.y) / 2 - box.top));
    } else if (g.kind === "maybe-pan" && Math.hypot(e.clientX - p.x0, e.clientY - p.y0) > TAP_SLOP) {
      g.kind = this.zoom.scale > 1 ? "pan" : "none";
      if (g.kind === "pan") {
        this.viewport.setPointerCapture?.(e.pointerId);
      }
    } else if (g.kind === "pan") {
      this.setZoom(pan(this.zoom, this.px(), dx, dy));
    }
  }

  /** @param {PointerEvent} e @param {boolean} [cancelled] */
  up(e, cancelled = false) {
    const p = this.pointers.get(e.pointerId);
    this.pointers.delete(e.pointerId);
    if (this.viewport.hasPointerCapture?.(e.pointerId)) this.viewport.releasePointerCapture(e.pointerId);
    const g = this.gesture;
    if (this.pointers.size === 0) this.gesture = null;
    if (g && (g.kind === "pinch" || g.kind === "pan")) this.swallowUntil = performance.now() + 350;
    if (cancelled || !p || !g || g.kind !== "maybe-pan") return;
    // A tap is handled here, not by the click that may follow it: after a finger drag some
    // browsers drop the next tap's click.
    const now = performance.now();
    // Asked before the tap acts: a tap that puts a tile down is never half of a double tap.
    const zoomable = e.pointerType === "touch" && (this.onDoubleTapAllowed?.() ?? true);
    const cell = document.elementFromPoint(e.clientX, e.clientY)?.closest("[data-row]");
    if (cell && this.grid.contains(cell)) {
      this.swallowUntil = now + 500;
      this.onSquare?.(Number(cell.getAttribute("data-row")), Number(cell.getAttribute("data-col")));
    }
    if (!zoomable) {
      this.lastTap = null;
      return;
    }
    // Two taps close together in time and place zoom in (or back out).
    const last = this.lastTap;
    this.lastTap = { t: now, x: e.clientX, y: e.clientY };
    if (last && now - last.t < DOUBLE_TAP_MS && Math.hypot(e.clientX - last.x, e.clientY - last.y) < 30) {
      this.lastTap = null;
      const box = this.viewport.getBoundingClientRect();
      const target = this.zoom.scale > 1.01 ? 1 : ZOOMS[2];
      this.setZoom(zoomAt(this.zoom, this.px(), target, e.clientX - box.left, e.clientY - box.top));
      this.swallowUntil = performance.now() + 350;
    }
  }

  // -- drawing ---------------------------------------------------------------------------------

  /**
   * Draw every square from ``squares(r, c)``; only the squares whose key changed are touched.
   * Returns the number redrawn.
   * @param {(row: number, col: number) => Square} squares
   */
  draw(squares) {
    let redrawn = 0;
    for (let r = 0; r < this.size; r += 1) {
      for (let c = 0; c < this.size; c += 1) {
        const index = r * this.size + c;
        const s = squares(r, c);
        if (this.keys[index] === s.key) continue;
        this.keys[index] = s.key;
        const cell = this.cells[index];
        cell.className = s.className;
        cell.innerHTML = s.html;
        cell.setAttribute("aria-label", s.label);
        if (s.selected) cell.setAttribute("aria-selected", "true"); else cell.removeAttribute("aria-selected");
        redrawn += 1;
      }
    }
    return redrawn;
  }

  /**
   * The roving tab stop: only the cursor's square is in the Tab order.
   * @param {number} row
   * @param {number} col
   */
  setCursor(row, col) {
    const cell = this.cell(row, col);
    if (this.focusable && this.focusable !== cell) this.focusable.tabIndex = -1;
    if (cell) cell.tabIndex = 0;
    this.focusable = cell ?? null;
  }
}

/** What one square shows: a tile (with its value: a letter's from the view, a wildcard's
 *  ``wildValue`` from the catalogue), a tentative tile, or its bonus label. */
/**
 * @param {Pick<MatchView, "layout" | "tileValues">} view
 * @param {number} r
 * @param {number} c
 * @param {SquareInfo} info
 * @param {number | ""} [wildValue]
 * @returns {Omit<Square, "key">}
 */
export function squareContent(view, r, c, info, wildValue = "") {
  const name = squareName(r, c);
  const bonus = SQUARES[view.layout?.[r]?.[c]] || SQUARES["."];
  const classes = ["square", bonus.css];
  const extra = [];
  if (info.cursor) classes.push("cursor");
  if (info.anchor) {
    classes.push("anchored");
    extra.push(info.anchor);
  }
  if (info.doubled) {
    classes.push("doubled");
    extra.push(info.doubled);
  }
  if (info.fault === "need") {
    classes.push("need"); // a move still being built: what it needs is here (not a mistake)
    extra.push("o que falta na jogada é aqui");
  } else if (info.fault) {
    classes.push("fault");
    extra.push("o problema da jogada está aqui");
  }
  const suffix = extra.length ? `; ${extra.join("; ")}` : "";
  // The marks are drawn by CSS (their words are in the label, not in the square's text).
  const badges = `${info.anchor ? '<span class="mark anchor" aria-hidden="true"></span>' : ""}` +
    `${info.doubled ? '<span class="mark doubled-mark" aria-hidden="true"></span>' : ""}`;
  let html;
  let label;
  if (info.cell && info.cell !== ".") {
    const letter = info.cell.toUpperCase();
    const wild = info.cell !== letter;
    const value = wild ? wildValue : view.tileValues[letter] ?? "";
    const tileClass = ["tile", wild ? "wild" : "", info.last ? "last" : "", info.fresh ? "fresh" : ""]
      .filter(Boolean).join(" ");
    html = `<span class="${tileClass}" data-value="${value}">${letter}</span>${badges}`;
    label = `${letter}, ${name}${wild ? ", coringa" : ""}${info.last ? ", última jogada" : ""}${suffix}`;
  } else if (info.tentative) {
    const t = info.tentative;
    html = `<span class="tile new${t.wild ? " wild" : ""}" data-value="${t.wild ? wildValue : view.tileValues[t.letter] ?? ""}">${t.letter}</span>${badges}`;
    label = `${t.letter}, ${name}, sua peça ainda não confirmada${t.wild ? " (coringa)" : ""}${suffix}`;
  } else {
    html = `${bonus.short ? `<span class="lbl">${bonus.short}</span>` : ""}${badges}`;
    label = `${bonus.short ? `${bonus.short}, ` : ""}${name}${bonus.label ? `, ${bonus.label}` : ""}, vazia${suffix}`;
  }
  return { className: classes.join(" "), html, label };
}
