// What the player's intents do: commands sent to the server (with a confirmation where a
// mistake would cost a turn or a card), the live preview of a placement, and the paced display
// of opponents' moves. The server answers every command; nothing here decides a rule.
import { dailyShareText } from "./store/daily.js";
import {
  cancelWild, chooseWildLetter, moveCards, notePreview, occupied, placeTile, playTiles, takeBack,
  toggleArmed, toggleSwap,
} from "./store/move.js";
import { advancePacing, skipPacing } from "./store/pacing.js";
import { replayTo } from "./store/replay.js";
import { leaveMatch } from "./store/state.js";
import { myTurn } from "./store/view.js";
import { passQuestion } from "./store/passing.js";
import { MORE_TAB, closeSheet, openSheet, sheetTab } from "./store/sheet.js";
import { readSettings } from "./ui/screens.js";
import { confirmDialog } from "./ui/dialog.js";
import { plural } from "./text.js";

const PREVIEW_DELAY_MS = 150;
export const PACE_MS = 650;

export function createActions({ app, store, send, table, toast }) {
  let previewTimer = null;
  let paceTimer = null;

  function schedulePreview() {
    clearTimeout(previewTimer);
    const state = store.state;
    if (!state.placed.length || !myTurn(state)) {
      if (state.preview.status !== "idle" || state.fault) {
        store.update((s) => { s.preview = { status: "idle" }; s.fault = null; });
      }
      return;
    }
    store.update((s) => { s.preview = { status: "pending" }; s.previewRequest = null; s.fault = null; });
    previewTimer = setTimeout(() => {
      const s = store.state;
      if (!s.placed.length) return;
      const id = send("preview", { matchId: s.matchId, tiles: playTiles(s), cards: moveCards(s) });
      store.update((st) => notePreview(st, id));
    }, PREVIEW_DELAY_MS);
  }

  /** Change the placement; the preview follows, and a zoomed board follows the new tile. */
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
    clearTimeout(paceTimer);
    paceTimer = null;
    store.update((s) => {
      skipPacing(s);
      if (s.ended && s.matchId === s.ended.matchId) s.screen = "end";
    });
  }

  async function confirm() {
    const s = store.state;
    if (!myTurn(s)) return;
    if (s.target?.kind === "tiles") {
      if (!s.swap.length) return;
      send("useCard", { matchId: s.matchId, slot: s.target.slot, tiles: s.swap.map((i) => s.view.rack[i]) });
      store.update((st) => { st.target = null; st.mode = "play"; st.swap = []; });
      return;
    }
    if (s.mode === "swap") {
      if (s.swap.length) send("swap", { matchId: s.matchId, tiles: s.swap.map((i) => s.view.rack[i]) });
      return;
    }
    if (s.placed.length) send("play", { matchId: s.matchId, tiles: playTiles(s), cards: moveCards(s) });
  }

  function useCard(slot) {
    const s = store.state;
    const card = s.view.market.row[slot];
    if (card.target === "square") {
      store.update((st) => { st.target = { slot, kind: "square", help: `${card.name}: ${verb(st)} numa casa vazia do tabuleiro.` }; });
    } else if (card.target === "seat") {
      const others = s.view.seats.filter((x) => x.seat !== s.view.you && !x.left);
      if (others.length === 1) send("useCard", { matchId: s.matchId, slot, seat: others[0].seat });
      else {
        store.update((st) => {
          st.target = { slot, kind: "seat", help: `${card.name}: de quem?`,
                        seats: others.map((o) => ({ seat: o.seat, name: o.name })) };
        });
      }
    } else if (card.target === "tiles") {
      store.update((st) => {
        st.mode = "swap"; st.swap = []; st.placed = [];
        st.target = { slot, kind: "tiles", help: `${card.name}: escolha até ${plural(st.view.swapLimit, "peça", "peças")} e confirme.` };
      });
    } else {
      send("useCard", { matchId: s.matchId, slot });
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

  /** Open the sheet on a tab (a phone; on a wide screen the side already shows it all), the
   * focus on that tab so a screen reader follows. */
  function sheet(tab, card = null) {
    store.update((s) => openSheet(s, tab, card));
    requestAnimationFrame(() => app.querySelector(`[data-sheet-tab="${tab}"]`)?.focus({ preventScroll: true }));
  }

  function closeTheSheet() {
    const inside = document.activeElement?.closest?.("[data-side]");
    store.update((s) => closeSheet(s));
    if (inside) app.querySelector("[data-action=open-sheet]")?.focus({ preventScroll: true });
  }

  function verb(state) {
    return state.input === "touch" ? "toque" : "clique";
  }

  function onSquare(row, col) {
    const s = store.state;
    if (s.pacing) {
      finishPacing();
      return;
    }
    if (!myTurn(s)) return;
    if (s.target?.kind === "square") {
      send("useCard", { matchId: s.matchId, slot: s.target.slot, square: [row, col] });
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
    if (s.selected !== null && !occupied(s, row, col)) {
      changePlacement((st) => placeTile(st, st.selected, row, col));
      return;
    }
    store.update((st) => { st.cursor.row = row; st.cursor.col = col; });
    table()?.board.cell(row, col)?.focus({ preventScroll: true });
  }

  function onRack(index) {
    store.update((s) => {
      s.ownReceipt = null;
      if (s.mode === "swap") {
        if (!toggleSwap(s, index)) toast(`Dá para trocar no máximo ${plural(s.view.swapLimit, "peça", "peças")}.`, "error");
      } else {
        s.selected = s.selected === index ? null : index;
      }
    });
  }

  function onArm(slot) {
    const card = store.state.view.market.row[slot];
    changePlacement((s) => {
      const arming = toggleArmed(s, slot);
      if (arming) closeSheet(s); // the play is made on the board and the rack
      if (arming && card.target === "square") {
        s.target = { slot, kind: "letter-square", help: `${card.name}: ${verb(s)} na letra que ela dobra (da jogada ou do tabuleiro).` };
      }
    });
    if (store.state.target) showPrompt();
  }

  async function sell(slot) {
    const s = store.state;
    const card = s.view.market.row[slot];
    if (await confirmDialog(`Vender ${card.name}? A carta sai da sua fileira e você recebe moedas de volta.`, "Vender")) {
      send("sell", { matchId: store.state.matchId, slot });
    }
  }

  const ACTIONS = {
    "join-queue": () => send("joinQueue", { seats: Number(app.querySelector("#queue-seats").value) }),
    "leave-queue": () => send("leaveQueue"),
    "create-room": () => {
      const settings = readSettings(app, "room");
      store.state.lastSettings = settings;
      send("createRoom", { settings });
    },
    "update-room": () => send("updateRoom", { code: store.state.room.code, settings: readSettings(app, "update") }),
    "start-room": () => send("startRoom", { code: store.state.room.code }),
    "leave-room": () => send("leaveRoom", { code: store.state.room.code }),
    "start-solo": () => {
      const settings = readSettings(app, "solo");
      store.state.lastSettings = settings;
      send("startSolo", { settings });
    },
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
      if (await confirmDialog(text, ok, { danger })) send("pass", { matchId: store.state.matchId });
    },
    direction: () => store.update((s) => { s.cursor.dir = s.cursor.dir === "across" ? "down" : "across"; }),
    "leave-match": async () => {
      if (await confirmDialog("Sair da partida? Seu lugar passa a vez até o fim e você volta ao saguão.", "Sair", { danger: true })) {
        send("leave", { matchId: store.state.matchId });
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
    "to-lobby": () => {
      if (/^#\/partida\//.test(location.hash)) history.replaceState(null, "", location.pathname + location.search);
      store.update((s) => { s.screen = "lobby"; s.view = null; s.ended = null; s.matchId = null; });
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
      send("history", { matchId: s.matchId, before: s.history.older });
    },
    "zoom-in": () => table()?.board.zoomBy(+1),
    "zoom-out": () => table()?.board.zoomBy(-1),
    "zoom-fit": () => table()?.board.fit(),
  };

  return {
    ACTIONS, send, schedulePreview, sheet, changePlacement, confirm, useCard, onSquare, onRack, onArm, sell,
    pace, finishPacing,
    chooseWild: (letter) => changePlacement((s) => chooseWildLetter(s, letter)),
    openMove: (move) => {
      store.update((s) => { s.openMove = s.openMove === move ? null : move; });
      const entry = store.state.history.moves.find((m) => m.move === move);
      if (store.state.openMove === move && entry && !entry.breakdown) {
        send("history", { matchId: store.state.matchId, before: move + 1, limit: 1 });
      }
    },
  };
}
