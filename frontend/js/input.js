// @ts-check
// The player's hands: taps and clicks, the keyboard, and dragging tiles with pointer events
// (mouse, pen and touch alike): from the rack onto the board, from one square to another, and
// back onto the rack. A drag captures its pointer, so the page never scrolls under a finger, a
// zoomed board pans while the tile is held near its edge, and the dragged tile's ghost is
// always removed, whatever happens.
import {
  moveCursor, moveTile, occupied, placeTile, placedAt, takeBack, takeBackLast, typeLetter,
} from "./store/move.js";
import { replayTo } from "./store/replay.js";
import { myTurn } from "./store/view.js";
import { sheetTab } from "./store/sheet.js";

import { focusOn, targetOf } from "./ui/dom.js";

/** @import { Wiring, Actions } from "./actions.js" */
/** @import { DragStart, Drag } from "./types/page" */

const DRAG_SLOP = 6;

/** @type {Record<string, [number, number]>} */
const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
/** @type {Record<string, string>} */
const ZOOM_KEYS = { "+": "zoom-in", "=": "zoom-in", "-": "zoom-out", 0: "zoom-fit" };

/** @param {Omit<Wiring, "send"> & { actions: Actions }} wiring */
export function bindInput({ app, store, actions, table, toast }) {
  const { ACTIONS } = actions;
  /** @type {{ index: number, at: number } | null} a rack tap already handled on pointerup (its click is then ignored) */
  let tapped = null;

  const noteInput = (/** @type {PointerEvent} */ event) => {
    const kind = event.pointerType === "touch" || event.pointerType === "pen" ? "touch" : "mouse";
    if (store.state.input !== kind) store.update((s) => { s.input = kind; });
  };
  document.addEventListener("pointerdown", noteInput, true);

  app.addEventListener("click", (event) => {
    const target = targetOf(event)?.closest("button, [data-row]");
    if (!(target instanceof HTMLElement) || (target instanceof HTMLButtonElement && target.disabled)) return;
    const d = target.dataset;
    const matchId = store.state.matchId;
    if (d.action && ACTIONS[d.action]) ACTIONS[d.action]();
    else if (d.openMatch) actions.openMatch(d.openMatch);
    else if (d.replayOf) location.hash = `#/partida/${d.replayOf}`;
    else if (d.rematchOf) actions.rematchOf(d.rematchOf);
    else if (d.rack !== undefined) {
      if (tapped && tapped.index === Number(d.rack) && performance.now() - tapped.at < 600) return;
      actions.onRack(Number(d.rack));
    } else if (d.row !== undefined) actions.onSquare(Number(d.row), Number(d.col));
    else if (d.wildLetter) {
      actions.chooseWild(d.wildLetter);
      focusOn(table()?.board.cell(store.state.cursor.row, store.state.cursor.col));
    } else if (d.buy !== undefined) {
      if (matchId) actions.send("buy", { matchId, slot: Number(d.buy) });
    }
    else if (d.sell !== undefined) actions.sell(Number(d.sell));
    else if (d.use !== undefined) actions.useCard(Number(d.use));
    else if (d.arm !== undefined) actions.onArm(Number(d.arm));
    else if (d.targetSeat !== undefined) {
      const slot = store.state.target?.slot;
      if (matchId && slot !== undefined) actions.send("useCard", { matchId, slot, seat: Number(d.targetSeat) });
      store.update((st) => { st.target = null; });
    } else if (d.choose !== undefined) {
      if (matchId) actions.send("chooseTheme", { matchId, option: Number(d.choose) });
    } else if (d.openMove !== undefined) actions.openMove(Number(d.openMove));
    else if (d.sheetTab === "jogadas" || d.sheetTab === "cartas" || d.sheetTab === "partida") actions.sheet(d.sheetTab);
    else if (d.openCard !== undefined) actions.sheet("cartas", Number(d.openCard));
    else if (d.openReview !== undefined) {
      const review = d.openReview;
      store.update((st) => { st.openReview = st.openReview === review ? null : review; });
    }
  });

  // -- the keyboard ----------------------------------------------------------------------------

  document.addEventListener("keydown", (event) => {
    const s = store.state;
    if (s.screen === "replay" && ["ArrowLeft", "ArrowRight"].includes(event.key) &&
        !(event.target instanceof HTMLInputElement && event.target.type === "range")) {
      store.update((st) => replayTo(st, st.replayStep + (event.key === "ArrowRight" ? 1 : -1)));
      return;
    }
    if (s.screen !== "table" || event.ctrlKey || event.metaKey || event.altKey) return;
    if (document.querySelector("dialog[open]")) return;
    if (["INPUT", "SELECT", "TEXTAREA"].includes(document.activeElement?.tagName ?? "")) return;
    if (event.key === "Escape" && sheetTab(s) && table()?.sheetLayout()) {
      ACTIONS["close-sheet"]();  // a phone's sheet closes before anything else is undone
      return;
    }
    if (s.pacing && !["Tab", "Shift"].includes(event.key)) {
      actions.finishPacing();
      return;
    }
    const onBoard = document.activeElement?.closest("[data-board]");
    if (onBoard && ZOOM_KEYS[event.key]) {
      event.preventDefault();
      ACTIONS[ZOOM_KEYS[event.key]]();
      focusCursor();
      return;
    }
    if (!myTurn(s)) return;
    if (s.pendingWild) {
      if (/^[a-zA-Z]$/.test(event.key)) {
        event.preventDefault();
        actions.chooseWild(event.key.toUpperCase());
      } else if (event.key === "Escape") ACTIONS["cancel-wild"]();
      return;
    }
    const arrow = ARROWS[event.key];
    if (arrow && onBoard) {
      event.preventDefault();
      store.update((st) => moveCursor(st, arrow[0], arrow[1]));
      focusCursor();
    } else if (/^[a-zA-ZçÇ]$/.test(event.key) && s.mode === "play") {
      event.preventDefault();
      const letter = event.key.toUpperCase() === "Ç" ? "C" : event.key.toUpperCase();
      let missing = false;
      actions.changePlacement((st) => {
        const typed = typeLetter(st, letter);
        missing = typed.reason === "missing";
        return typed.ok;
      });
      if (missing) toast(`Você não tem a letra ${letter} nem um coringa que vire ${letter}.`, "error");
      focusCursor();
    } else if (event.key === "Backspace") {
      event.preventDefault();
      actions.changePlacement((st) => takeBackLast(st));
      focusCursor();
    } else if (event.key === " " && (onBoard || document.activeElement === document.body)) {
      event.preventDefault();
      ACTIONS.direction();
    } else if (event.key === "Enter" && (onBoard || document.activeElement === document.body)) {
      event.preventDefault();
      if (s.preview.status === "ok" || s.mode === "swap") actions.confirm();
      else actions.schedulePreview();
    } else if (event.key === "Escape") {
      ACTIONS.clear();
    }
  });

  function focusCursor() {
    const { row, col } = store.state.cursor;
    focusOn(table()?.board.cell(row, col));
  }

  // -- dragging tiles --------------------------------------------------------------------------

  /** @type {Drag | null} */
  let drag = null;

  function endDrag() {
    if (!drag) return;
    drag.ghost?.remove();
    drag.source.classList.remove("lifted");
    cancelAnimationFrame(drag.frame);
    if (drag.source.hasPointerCapture?.(drag.pointerId)) drag.source.releasePointerCapture(drag.pointerId);
    drag = null;
  }

  /**
   * A drag starts from a rack tile, or from one of your tiles not yet confirmed.
   * @param {PointerEvent} event
   * @returns {DragStart | null}
   */
  function dragSource(event) {
    const s = store.state;
    if (s.mode !== "play" || !myTurn(s)) return null;
    const target = targetOf(event);
    const tile = target?.closest("[data-rack]");
    if (tile instanceof HTMLButtonElement) return tile.disabled ? null : { source: tile, index: Number(tile.dataset.rack) };
    const square = target?.closest(".tile.new")?.closest("[data-row]");
    if (!(square instanceof HTMLElement)) return null;
    const from = { row: Number(square.dataset.row), col: Number(square.dataset.col) };
    return placedAt(s, from.row, from.col) ? { source: square, from } : null;
  }

  app.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    const start = dragSource(event);
    if (!start) return;
    endDrag();
    drag = { ...start, pointerId: event.pointerId, startX: event.clientX, startY: event.clientY,
             x: event.clientX, y: event.clientY, ghost: null, frame: 0 };
    drag.source.setPointerCapture?.(event.pointerId);
  });

  /** Held near the edge of a zoomed board, the board pans under the tile. */
  function edgeLoop() {
    if (!drag?.ghost) return;
    table()?.board.edgePan(drag.x, drag.y);
    drag.frame = requestAnimationFrame(edgeLoop);
  }

  app.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    drag.x = event.clientX;
    drag.y = event.clientY;
    if (!drag.ghost && Math.hypot(event.clientX - drag.startX, event.clientY - drag.startY) > DRAG_SLOP) {
      const face = drag.from ? drag.source.querySelector(".tile") : drag.source;
      if (!(face instanceof HTMLElement)) return;
      const ghost = /** @type {HTMLElement} */ (face.cloneNode(true));
      drag.ghost = ghost;
      ghost.removeAttribute("data-rack");
      ghost.setAttribute("aria-hidden", "true");
      ghost.className = `${face.className} dragging`;
      document.body.append(ghost);
      drag.source.classList.add("lifted");
      drag.frame = requestAnimationFrame(edgeLoop);
    }
    if (drag.ghost) {
      event.preventDefault();
      drag.ghost.style.left = `${event.clientX}px`;
      drag.ghost.style.top = `${event.clientY}px`;
    }
  });

  /** The click that follows a drag (or a tap handled here) must not act a second time. */
  function swallowClick() {
    const swallow = (/** @type {Event} */ e) => { e.stopPropagation(); e.preventDefault(); };
    window.addEventListener("click", swallow, { capture: true, once: true });
    setTimeout(() => window.removeEventListener("click", swallow, { capture: true }), 0);
  }

  /** @param {DragStart} start @param {number} x @param {number} y */
  function drop(start, x, y) {
    const target = document.elementFromPoint(x, y);
    const square = target?.closest("[data-row]");
    if (square instanceof HTMLElement) {
      const row = Number(square.dataset.row);
      const col = Number(square.dataset.col);
      if (occupied(store.state, row, col)) return;
      store.update((s) => { s.cursor.row = row; s.cursor.col = col; });
      const { from, index } = start;
      actions.changePlacement((s) => (from
        ? moveTile(s, from.row, from.col, row, col)
        : index !== undefined && placeTile(s, index, row, col)));
    } else if (start.from && target?.closest(".hand")) {
      const from = start.from;
      actions.changePlacement((s) => takeBack(s, from.row, from.col));
    }
  }

  app.addEventListener("pointerup", (event) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const start = drag;
    endDrag();
    if (start.ghost) {
      drop(start, event.clientX, event.clientY);
      swallowClick();
    } else if (start.from) {
      // A tap on your tile takes it back (the board leaves these taps to us).
      actions.onSquare(start.from.row, start.from.col);
      swallowClick();
    } else if (event.pointerType !== "mouse") {
      // A tap: handled now, since a click may not follow a tap that comes after a drag.
      const index = start.index;
      tapped = { index, at: performance.now() };
      actions.onRack(index);
    }
  });

  app.addEventListener("pointercancel", endDrag);
  window.addEventListener("blur", endDrag);
  document.addEventListener("visibilitychange", endDrag);
}
