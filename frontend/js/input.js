// The player's hands: taps and clicks, the keyboard, and dragging tiles from the rack with
// pointer events (mouse, pen and touch alike). A drag captures its pointer, so the page never
// scrolls under a finger and the dragged tile's ghost is always removed, whatever happens.
import { moveCursor, myTurn, occupied, placeTile, takeBackLast, typeLetter } from "./store.js";

const DRAG_SLOP = 6;

export function bindInput({ app, store, actions, table, toast }) {
  const { ACTIONS } = actions;
  let tapped = null; // a rack tap already handled on pointerup (its click is then ignored)

  const noteInput = (event) => {
    const kind = event.pointerType === "touch" || event.pointerType === "pen" ? "touch" : "mouse";
    if (store.state.input !== kind) store.update((s) => { s.input = kind; });
  };
  document.addEventListener("pointerdown", noteInput, true);

  app.addEventListener("click", (event) => {
    const target = event.target.closest("button, [data-row]");
    if (!target || target.disabled) return;
    const d = target.dataset;
    if (d.action && ACTIONS[d.action]) ACTIONS[d.action]();
    else if (d.rack !== undefined) {
      if (tapped && tapped.index === Number(d.rack) && performance.now() - tapped.at < 600) return;
      actions.onRack(Number(d.rack));
    } else if (d.row !== undefined) actions.onSquare(Number(d.row), Number(d.col));
    else if (d.wildLetter) {
      actions.chooseWild(d.wildLetter);
      table()?.board.cell(store.state.cursor.row, store.state.cursor.col)?.focus({ preventScroll: true });
    } else if (d.buy !== undefined) actions.send("buy", { matchId: store.state.matchId, slot: Number(d.buy) });
    else if (d.sell !== undefined) actions.sell(Number(d.sell));
    else if (d.use !== undefined) actions.useCard(Number(d.use));
    else if (d.arm !== undefined) actions.onArm(Number(d.arm));
    else if (d.targetSeat !== undefined) {
      const s = store.state;
      actions.send("useCard", { matchId: s.matchId, slot: s.target.slot, seat: Number(d.targetSeat) });
      store.update((st) => { st.target = null; });
    } else if (d.choose !== undefined) {
      actions.send("chooseTheme", { matchId: store.state.matchId, option: Number(d.choose) });
    } else if (d.openMove !== undefined) actions.openMove(Number(d.openMove));
  });

  // -- the keyboard ----------------------------------------------------------------------------

  document.addEventListener("keydown", (event) => {
    const s = store.state;
    if (s.screen !== "table" || event.ctrlKey || event.metaKey || event.altKey) return;
    if (document.querySelector("dialog[open]")) return;
    if (["INPUT", "SELECT", "TEXTAREA"].includes(document.activeElement?.tagName)) return;
    if (s.pacing && !["Tab", "Shift"].includes(event.key)) {
      actions.finishPacing();
      return;
    }
    if (!myTurn(s)) return;
    const onBoard = document.activeElement?.closest?.("[data-board]");
    const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (s.pendingWild) {
      if (/^[a-zA-Z]$/.test(event.key)) {
        event.preventDefault();
        actions.chooseWild(event.key.toUpperCase());
      } else if (event.key === "Escape") ACTIONS["cancel-wild"]();
      return;
    }
    if (arrows[event.key] && onBoard) {
      event.preventDefault();
      store.update((st) => moveCursor(st, ...arrows[event.key]));
      focusCursor();
    } else if (/^[a-zA-ZçÇ]$/.test(event.key) && s.mode === "play") {
      event.preventDefault();
      const letter = event.key.toUpperCase() === "Ç" ? "C" : event.key.toUpperCase();
      let result = null;
      actions.changePlacement((st) => {
        result = typeLetter(st, letter);
        return result.ok;
      });
      if (result.reason === "missing") toast(`Você não tem a letra ${letter} nem um coringa que vire ${letter}.`, "error");
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
    table()?.board.cell(row, col)?.focus({ preventScroll: true });
  }

  // -- dragging tiles --------------------------------------------------------------------------

  let drag = null;

  function endDrag() {
    if (!drag) return;
    drag.ghost?.remove();
    if (drag.tile.hasPointerCapture?.(drag.pointerId)) drag.tile.releasePointerCapture(drag.pointerId);
    drag = null;
  }

  app.addEventListener("pointerdown", (event) => {
    const tile = event.target.closest("[data-rack]");
    if (!tile || tile.disabled || store.state.mode !== "play" || !myTurn(store.state)) return;
    if (event.pointerType === "mouse" && event.button !== 0) return;
    endDrag();
    drag = { tile, index: Number(tile.dataset.rack), pointerId: event.pointerId,
             startX: event.clientX, startY: event.clientY, ghost: null };
    tile.setPointerCapture?.(event.pointerId);
  });

  app.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    if (!drag.ghost && Math.hypot(event.clientX - drag.startX, event.clientY - drag.startY) > DRAG_SLOP) {
      drag.ghost = drag.tile.cloneNode(true);
      drag.ghost.removeAttribute("data-rack");
      drag.ghost.setAttribute("aria-hidden", "true");
      drag.ghost.className = `${drag.tile.className} dragging`;
      document.body.append(drag.ghost);
    }
    if (drag.ghost) {
      event.preventDefault();
      drag.ghost.style.left = `${event.clientX}px`;
      drag.ghost.style.top = `${event.clientY}px`;
    }
  });

  app.addEventListener("pointerup", (event) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const { ghost, index } = drag;
    endDrag();
    if (!ghost) {
      // A tap: handled now, since a click may not follow a tap that comes after a drag.
      if (event.pointerType !== "mouse") {
        tapped = { index, at: performance.now() };
        actions.onRack(index);
      }
      return;
    }
    const square = document.elementFromPoint(event.clientX, event.clientY)?.closest("[data-row]");
    if (square) {
      const row = Number(square.dataset.row);
      const col = Number(square.dataset.col);
      if (!occupied(store.state, row, col)) {
        store.update((s) => { s.cursor.row = row; s.cursor.col = col; });
        actions.changePlacement((s) => placeTile(s, index, row, col));
      }
    }
    // The click that follows a drag must not select the tile too.
    const swallow = (e) => { e.stopPropagation(); e.preventDefault(); };
    window.addEventListener("click", swallow, { capture: true, once: true });
    setTimeout(() => window.removeEventListener("click", swallow, { capture: true }), 0);
  });

  app.addEventListener("pointercancel", endDrag);
  window.addEventListener("blur", endDrag);
  document.addEventListener("visibilitychange", endDrag);
}
