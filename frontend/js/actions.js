// @ts-check
// What the player's intents do: commands sent to the server (with a confirmation where a
// mistake would cost a turn or a card), the live preview of a placement, and the paced display
// of opponents' moves. The server answers every command; nothing here decides a rule.
import { dailyShareText } from "./store/daily.js";
import {
  askPreview, cancelWild, chooseWildLetter, moveCards, notePreview, occupied, pickLimit, placeTile, playTiles, takeBack,
  toggleArmed, toggleSwap,
} from "./store/move.js";
import { advancePacing, skipPacing } from "./store/pacing.js";
import { replayTo } from "./store/replay.js";
import { enterMatch, leaveMatch } from "./store/state.js";
import { myTurn } from "./store/view.js";
import { passQuestion } from "./store/passing.js";
import { MORE_TAB, closeSheet, openSheet, sheetTab } from "./store/sheet.js";
import { readSettings } from "./ui/screens.js";
import { confirmDialog } from "./ui/dialog.js";
import { focusOn, must } from "./ui/dom.js";
import { plural } from "./text.js";

/** @import { State, Send } from "./types/page" */
/** @import { Store } from "./store/state.js" */
/** @import { TableView } from "./ui/table.js" */
/**
 * @typedef {(text: string | null | undefined, kind?: "info" | "error") => void} Toast
 * @typedef {ReturnType<typeof createActions>} Actions
 */

/**
 * What the actions work with: the page's box, the store, the socket's send, the table (when
 * one is drawn) and the notices.
 * @typedef {object} Wiring
 * @property {HTMLElement} app
 * @property {Store} store
 * @property {Send} send
 * @property {() => TableView | null} table
 * @property {Toast} toast
 */

const PREVIEW_DELAY_MS = 150;
export const PACE_MS = 650;

/** @param {Wiring} wiring */
export function createActions({ app, store, send, table, toast }) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let previewTimer;
  /** @type {ReturnType<typeof setTimeout> | null} */
  let paceTimer = null;

  /**
   * The match on the table, for a command about it: its id and view (null while none is
   * shown: the command is then not sent).
   */
  function onTable() {
    const s = store.state;
    return s.matchId && s.view ? { matchId: s.matchId, view: s.view } : null;
  }

  /**
   * The card in a slot of your row (null: an empty slot, or no market).
   * @param {number} slot
   */
  function cardAt(slot) {
    return store.state.view?.market?.row[slot] ?? null;
  }

  function schedulePreview() {
    clearTimeout(previewTimer);
    const state = store.state;
    if (!state.placed.length || !myTurn(state)) {
      if (state.preview.status !== "idle" || state.fault) {
        store.update((s) => { s.preview = { status: "idle" }; s.fault = null; });
      }
      return;
    }
    store.update((s) => askPreview(s));
    previewTimer = setTimeout(() => {
      const s = store.state;
      const at = onTable();
      if (!s.placed.length || !at) return;
      const id = send("preview", { matchId: at.matchId, tiles: playTiles(s), cards: moveCards(s) });
      store.update((st) => notePreview(st, id));
    }, PREVIEW_DELAY_MS);
  }

  /**
   * Change the placement; the preview follows, and a zoomed board follows the new tile.
   * @param {(state: State) => boolean | void} change false: nothing changed
   */
  function changePlacement(change) {
    let changed = false;
    store.update((s) => {
      changed = change(s) !== false;
      if (changed && s.placed.length) s.ownReceipt = null; // your next move has begun
    });
    if (changed) {
      schedulePreview();
      const last = store.state.placed.at(-1);
      if (last) table()?.board.followSquare(last.row, last.col, { zoomIn: store.state.input === "touch" });
    }
    return changed;
  }

  /** Show the opponents' moves one at a time; any skip shows the rest at once. */
  function pace() {
    if (paceTimer || !store.state.pacing) return;
    const tick = () => {
      paceTimer = null;
      const more = store.update((s) => advancePacing(s));
      if (more) paceTimer = setTimeout(tick, PACE_MS);
      else finishPacing();
    };
    paceTimer = setTimeout(tick, 60);
  }

  function finishPacing() {
    if (paceTimer) clearTimeout(paceTimer);
    paceTimer = null;
    store.update((s) => {
      skipPacing(s);
      if (s.ended && s.matchId === s.ended.matchId) s.screen = "end";
    });
  }

  function confirm() {
    const s = store.state;
    const at = onTable();
    if (!myTurn(s) || !at) return;
    const rack = at.view.rack || [];
    const picked = s.swap.map((i) => rack[i]);
    if (s.target?.kind === "tiles") {
      if (!s.swap.length) return;
      send("useCard", { matchId: at.matchId, slot: s.target.slot, tiles: picked });
      store.update((st) => { st.target = null; st.mode = "play"; st.swap = []; });
      return;
    }
    if (s.mode === "swap") {
      if (s.swap.length) send("swap", { matchId: at.matchId, tiles: picked });
      return;
    }
    if (s.placed.length) send("play", { matchId: at.matchId, tiles: playTiles(s), cards: moveCards(s) });
  }

  /** @param {number} slot */
  function useCard(slot) {
    const at = onTable();
    const card = cardAt(slot);
    if (!at || !card) return;
    const { matchId, view } = at;
    if (card.target === "square") {
      store.update((st) => { st.target = { slot, kind: "square", help: `${card.name}: ${verb(st)} numa casa vazia do tabuleiro.` }; });
    } else if (card.target === "seat") {
      const others = view.seats.filter((x) => x.seat !== view.you && !x.left);
      if (others.length === 1) send("useCard", { matchId, slot, seat: others[0].seat });
      else {
        store.update((st) => {
          st.target = { slot, kind: "seat", help: `${card.name}: de quem?`,
                        seats: others.map((o) => ({ seat: o.seat, name: o.name })) };
        });
      }
    } else if (card.target === "tiles") {
      store.update((st) => {
        st.mode = "swap"; st.swap = []; st.placed = [];
        const limit = view.market?.recycleLimit ?? 0;  // the card's own limit, not a swap's
        st.target = { slot, kind: "tiles", help: `${card.name}: escolha até ${plural(limit, "peça", "peças")} e confirme.` };
      });
    } else {
      send("useCard", { matchId, slot });
    }
    if (store.state.target) showPrompt();
  }

  /** A card that asks for a target: bring the hand (its prompt, the rack, the board above it)
   * into view, since on a phone the card was tapped far below. */
  function showPrompt() {
    if (sheetTab(store.state)) store.update((s) => closeSheet(s));
    requestAnimationFrame(() => {
      const hand = app.querySelector(".hand");
      if (!hand) return;
      const box = hand.getBoundingClientRect();
      if (box.top >= 0 && box.bottom <= window.innerHeight) return;
      const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
      hand.scrollIntoView({ block: "end", behavior: still ? "auto" : "smooth" });
    });
  }

  /**
   * Open the sheet on a tab (a phone; on a wide screen the side already shows it all), the
   * focus on that tab so a screen reader follows.
   * @param {import("./types/page").SheetTab} tab
   * @param {number | null} [card]
   */
  function sheet(tab, card = null) {
    store.update((s) => openSheet(s, tab, card));
    requestAnimationFrame(() => focusOn(app.querySelector(`[data-sheet-tab="${tab}"]`)));
  }

  function closeTheSheet() {
    const inside = document.activeElement?.closest("[data-side]");
    store.update((s) => closeSheet(s));
    if (inside) focusOn(app.querySelector("[data-action=open-sheet]"));
  }

  /** @param {State} state */
  function verb(state) {
    return state.input === "touch" ? "toque" : "clique";
  }

  /** @param {number} row @param {number} col */
  function onSquare(row, col) {
    const s = store.state;
    if (s.pacing) {
      finishPacing();
      return;
    }
    const at = onTable();
    if (!myTurn(s) || !at) return;
    if (s.target?.kind === "square") {
      send("useCard", { matchId: at.matchId, slot: s.target.slot, square: [row, col] });
      store.update((st) => { st.target = null; });
      return;
    }
    if (s.target?.kind === "letter-square") {
      const slot = s.target.slot;
      changePlacement((st) => { st.cardSquares = { ...st.cardSquares, [slot]: [row, col] }; st.target = null; });
      return;
    }
    if (s.placed.some((p) => p.row === row && p.col === col)) {
      changePlacement((st) => takeBack(st, row, col));
      return;
    }
    const selected = s.selected;
    if (selected !== null && !occupied(s, row, col)) {
      changePlacement((st) => placeTile(st, selected, row, col));
      return;
    }
    store.update((st) => { st.cursor.row = row; st.cursor.col = col; });
    table()?.board.cell(row, col)?.focus({ preventScroll: true });
  }

  /** @param {number} index */
  function onRack(index) {
    store.update((s) => {
      s.ownReceipt = null;
      if (s.mode === "swap") {
        if (!toggleSwap(s, index)) toast(`Dá para trocar no máximo ${plural(pickLimit(s), "peça", "peças")}.`, "error");
      } else {
        s.selected = s.selected === index ? null : index;
      }
    });
  }

  /** @param {number} slot */
  function onArm(slot) {
    const card = cardAt(slot);
    if (!card) return;
    changePlacement((s) => {
      const arming = toggleArmed(s, slot);
      if (arming) closeSheet(s); // the play is made on the board and the rack
      if (arming && card.target === "square") {
        s.target = { slot, kind: "letter-square", help: `${card.name}: ${verb(s)} na letra que ela dobra (da jogada ou do tabuleiro).` };
      }
    });
    if (store.state.target) showPrompt();
  }

  /** @param {number} slot */
  async function sell(slot) {
    const card = cardAt(slot);
    if (!card) return;
    if (await confirmDialog(`Vender ${card.name}? A carta sai da sua fileira e você recebe moedas de volta.`, "Vender")) {
      const at = onTable();
      if (at) send("sell", { matchId: at.matchId, slot });
    }
  }

  /**
   * A room command about the room you wait in (none: nothing is sent).
   * @param {"startRoom" | "leaveRoom"} action
   */
  function roomCommand(action) {
    const code = store.state.room?.code;
    if (code) send(action, { code });
  }

  /**
   * Start a table with a form's settings, remembered for the next form.
   * @param {"createRoom" | "startSolo"} action
   * @param {string} prefix the form's
   */
  function startTable(action, prefix) {
    const settings = readSettings(app, prefix);
    store.update((s) => { s.lastSettings = settings; });
    send(action, { settings });
  }

  /**
   * From a table back to your list: the match goes on without the page (its row follows it);
   * asking for the list tells the server this device shows no table now.
   */
  function toList() {
    finishPacing();
    const left = store.state.matchId;
    if (/^#\/partida\//.test(location.hash)) history.replaceState(null, "", location.pathname + location.search);
    store.update((s) => { enterMatch(s, null); s.screen = "lobby"; });
    send("matches", left ? { left } : {});
  }

  /**
   * Open one of your matches from the list: its table, on your seat.
   * @param {string} matchId
   */
  function openMatch(matchId) {
    store.update((s) => { s.screen = "table"; });
    send("resume", { matchId });
  }

  /** @type {Record<string, () => unknown>} what each ``data-action`` button does */
  const ACTIONS = {
    "join-queue": () => send("joinQueue", {
      seats: Number(must(app, "#queue-seats", HTMLSelectElement).value),
      paced: must(app, "#queue-paced", HTMLInputElement).checked,
    }),
    "leave-queue": () => send("leaveQueue"),
    "show-queue": () => store.update((s) => { s.screen = "queue"; }),
    "create-room": () => startTable("createRoom", "room"),
    "update-room": () => {
      const code = store.state.room?.code;
      if (code) send("updateRoom", { code, settings: readSettings(app, "update") });
    },
    "start-room": () => roomCommand("startRoom"),
    "leave-room": () => roomCommand("leaveRoom"),
    "start-solo": () => startTable("startSolo", "solo"),
    "copy-code": () => {
      const code = store.state.room?.code;
      if (code) navigator.clipboard?.writeText(code).then(() => toast("Código copiado."), () => toast(code));
    },
    confirm,
    clear: () => changePlacement((s) => {
      const had = s.placed.length || s.mode === "swap";
      s.placed = []; s.selected = null; s.pendingWild = null; s.mode = "play"; s.swap = [];
      if (s.target?.kind === "tiles") s.target = null;
      s.preview = { status: "idle" };
      return Boolean(had);
    }),
    swap: () => store.update((s) => { s.mode = "swap"; s.placed = []; s.swap = []; s.preview = { status: "idle" }; }),
    pass: async () => {
      const { text, ok, danger } = passQuestion(store.state);
      const at = onTable();
      if (at && await confirmDialog(text, ok, { danger })) send("pass", { matchId: at.matchId });
    },
    direction: () => store.update((s) => { s.cursor.dir = s.cursor.dir === "across" ? "down" : "across"; }),
    "leave-match": async () => {
      const matchId = store.state.matchId;
      if (matchId && await confirmDialog("Sair da partida? Seu lugar passa a vez até o fim e você volta ao saguão.", "Sair", { danger: true })) {
        send("leave", { matchId });
        finishPacing();
        store.update((s) => leaveMatch(s));
        send("hello");
        send("leaderboard");
      }
    },
    rematch: () => {
      const s = store.state;
      const matchId = s.screen === "end" && s.ended ? s.ended.matchId : s.rematchOffer?.matchId;
      if (matchId) send("rematch", { matchId });
    },
    "start-daily": () => send("startDaily"),
    "share-daily": () => {
      const text = dailyShareText(store.state);
      navigator.clipboard?.writeText(text).then(() => toast("Resultado copiado: é só colar."), () => toast(text));
    },
    "dismiss-rematch": () => store.update((s) => { s.rematchOffer = null; }),
    "open-replay": () => { location.hash = `#/partida/${store.state.matchId}`; },
    "replay-first": () => store.update((s) => replayTo(s, 0)),
    "replay-back": () => store.update((s) => replayTo(s, s.replayStep - 1)),
    "replay-next": () => store.update((s) => replayTo(s, s.replayStep + 1)),
    "replay-last": () => store.update((s) => replayTo(s, s.history.moves.length)),
    "copy-link": () => {
      const link = `${location.origin}${location.pathname}#/partida/${store.state.matchId}`;
      navigator.clipboard?.writeText(link).then(() => toast("Link copiado."), () => toast(link));
    },
    "to-list": () => toList(),
    "to-lobby": () => {
      if (/^#\/partida\//.test(location.hash)) history.replaceState(null, "", location.pathname + location.search);
      store.update((s) => { enterMatch(s, null); s.screen = "lobby"; });  // nothing of the match stays
      send("hello");
      send("leaderboard");
    },
    "cancel-target": () => store.update((s) => {
      if (s.target?.kind === "tiles") { s.mode = "play"; s.swap = []; }
      if (s.target?.kind === "letter-square") toggleArmed(s, s.target.slot);
      s.target = null;
    }),
    "cancel-wild": () => store.update((s) => cancelWild(s)),
    "close-receipt": () => store.update((s) => { s.ownReceipt = null; }),
    "open-receipt": () => sheet("jogadas"),
    "open-sheet": () => (sheetTab(store.state) ? closeTheSheet() : sheet(MORE_TAB)),
    "close-sheet": () => closeTheSheet(),
    "skip-pacing": () => finishPacing(),
    "older-moves": () => {
      const s = store.state;
      if (s.matchId) send("history", { matchId: s.matchId, before: s.history.older });
    },
    "zoom-in": () => table()?.board.zoomBy(+1),
    "zoom-out": () => table()?.board.zoomBy(-1),
    "zoom-fit": () => table()?.board.fit(),
  };

  return {
    ACTIONS, send, schedulePreview, openMatch, toList,
    rematchOf: (/** @type {string} */ matchId) => send("rematch", { matchId }), sheet, changePlacement, confirm, useCard, onSquare, onRack, onArm, sell,
    pace, finishPacing,
    chooseWild: (/** @type {string} */ letter) => changePlacement((s) => chooseWildLetter(s, letter)),
    openMove: (/** @type {number} */ move) => {
      store.update((s) => { s.openMove = s.openMove === move ? null : move; });
      const entry = store.state.history.moves.find((m) => m.move === move);
      const matchId = store.state.matchId;
      if (store.state.openMove === move && entry && !entry.breakdown && matchId) {
        send("history", { matchId, before: move + 1, limit: 1 });
      }
    },
  };
}
