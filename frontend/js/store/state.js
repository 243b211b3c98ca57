// @ts-check
// The page's state and its one way to change: every field the page keeps, starting here (what
// each is for is said with its type, in js/types/page.d.ts), and a store that tells its
// listeners after each change. The state holds no game rules (what is legal, what a move is
// worth and which letters a wildcard may be all come from the server's view) and no DOM: the
// renderers read it, the actions change it.

import { freshList } from "./matches.js";

/** @import { DevicesPanel, State, MatchFields } from "../types/page" */

/** @returns {MatchFields} */
export function freshMatch() {
  return {
    matchId: null, view: null,
    history: { moves: [], total: 0, older: null, loaded: false },
    ownReceipt: null,
    receiptExpanded: false,
    openMove: null,
    pacing: null,
    lastMove: null,
    // The typing cursor: put on the board's centre when the match's view arrives.
    placed: [], cursor: { row: 0, col: 0, dir: "across" }, selected: null,
    pendingWild: null, preview: { status: "idle" }, previewRequest: null,
    mode: "play", swap: [], armedCards: [], cardSquares: {}, target: null,
    ended: null, secondWord: false,
    review: null, // your post-game review, as its pages arrive
    openReview: null,
    toldVersion: 0,
    fault: null,
    faultKind: null,
    // On a phone the side panel is a sheet over the lower screen: which of its tabs is open
    // ("jogadas", "cartas", "partida"), or null when it is closed; and the card it points at.
    sheet: null, sheetCard: null,
    asked: { older: null, review: null },
    clockStopped: null,
    timerWarned: null,
  };
}

/** The devices panel before anything is read: no list, no code. @returns {DevicesPanel} */
export function freshDevicesPanel() {
  return {
    player: null, devices: null, loading: false, error: "", code: null, asking: false,
    joinedLabel: "", entryOpen: false, entryBusy: false, notice: "",
  };
}

/** @returns {State} */
export function freshState() {
  return {
    screen: "loading", connection: "offline", me: null, activeMatch: null,
    matches: freshList(),
    devices: freshDevicesPanel(),
    catalog: null,
    queue: null, room: null, toast: null, lastSettings: null, leaderboard: null,
    watching: null,
    invite: null,
    inviteSummary: null,
    daily: null,
    replayStep: 0,
    rematchOffer: null,
    announcements: [], input: "mouse", leftMatch: null,
    previewIds: [],
    ...freshMatch(),
  };
}

/** @typedef {(state: State) => void} Listener */

export class Store {
  constructor() {
    /** @type {State} */
    this.state = freshState();
    /** @type {Listener[]} */
    this.listeners = [];
    this.telling = false; // the listeners are being told of a change
    this.again = false; // a change came while they were: they are told once more
  }

  /** @param {Listener} listener */
  subscribe(listener) {
    this.listeners.push(listener);
  }

  /**
   * Change the state, then tell every listener. A change made by a listener while it is told
   * (a renderer noting the request it sends) is told after the round in progress, not inside
   * it, so that no listener ever runs within itself.
   * @template T
   * @param {(state: State) => T} change
   * @returns {T} what ``change`` returned
   */
  update(change) {
    const result = change(this.state);
    if (this.telling) {
      this.again = true;
      return result;
    }
    this.telling = true;
    try {
      do {
        this.again = false;
        for (const listener of this.listeners) listener(this.state);
      } while (this.again);
    } finally {
      this.telling = false;
    }
    return result;
  }
}

/**
 * Start showing a different match: nothing of the previous one may remain.
 * @param {State} state
 * @param {string | null} matchId
 */
export function enterMatch(state, matchId) {
  Object.assign(state, freshMatch(), { matchId });
  if (matchId) state.rematchOffer = null;  // a new match: any invitation is answered
}

/**
 * The page stopped (``running`` false) or started again the turn's clock: which turn it
 * stopped, so it is started again once, and only on that turn.
 * @param {State} state
 * @param {boolean} running
 */
export function noteClock(state, running) {
  state.clockStopped = running ? null : state.view?.turn ?? null;
}

/**
 * "Sair": back to the lobby at once; frames of the match we left are ignored.
 * @param {State} state
 */
export function leaveMatch(state) {
  state.leftMatch = state.matchId;
  enterMatch(state, null);
  state.activeMatch = null;
  state.screen = "lobby";
}
