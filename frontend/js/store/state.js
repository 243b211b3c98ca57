// @ts-check
// The page's state and its one way to change: every field the page keeps, declared here with
// what it is for, and a store that tells its listeners after each change. The state holds no
// game rules (what is legal, what a move is worth and which letters a wildcard may be all come
// from the server's view) and no DOM: the renderers read it, the actions change it.

/**
 * The protocol's frames and messages (generated from the server's models).
 * @typedef {import("../types/protocol").ServerFrame} ServerFrame
 * @typedef {import("../types/protocol").ClientMessage} ClientMessage
 * @typedef {import("../types/protocol").MatchView} MatchView
 * @typedef {import("../types/protocol").HistoryEntry} HistoryEntry
 * @typedef {import("../types/protocol").Breakdown} Breakdown
 * @typedef {import("../types/protocol").Catalog} Catalog
 * @typedef {import("../types/protocol").PlayerInfo} PlayerInfo
 * @typedef {import("../types/protocol").QueueStatus} QueueStatus
 * @typedef {import("../types/protocol").RoomStatus} RoomStatus
 * @typedef {import("../types/protocol").Ended} Ended
 * @typedef {import("../types/protocol").LeaderboardEntry} LeaderboardEntry
 * @typedef {import("../types/protocol").DailyStatus} DailyStatus
 * @typedef {import("../types/protocol").RematchOffer} RematchOffer
 * @typedef {import("../types/protocol").ReviewSummary} ReviewSummary
 * @typedef {import("../types/protocol").MoveReview} MoveReview
 * @typedef {import("../types/protocol").RoomSettings} RoomSettings
 * @typedef {import("../types/protocol").EngineEvent} EngineEvent
 * @typedef {import("../types/protocol").View} ViewFrame
 * @typedef {import("../types/protocol").Update} UpdateFrame
 * @typedef {import("../types/protocol").Error} ErrorFrame
 * @typedef {HistoryEntry["band"] & string} BandName
 */

/**
 * A move of the match as the page keeps it: a history entry, from the server's pages or from
 * a move event (whose data may lack the turn: a swap's and a pass's do).
 * @typedef {Omit<HistoryEntry, "turn" | "round" | "total" | "tiles" | "count" | "breakdown" | "band">
 *   & { turn: number | null, round: number | null, total: number | null,
 *       tiles: [number, number, string][] | null, count: number | null,
 *       breakdown: Breakdown | null, band: BandName | null }} Move
 */

/**
 * A tile put down this turn, not yet played.
 * @typedef {object} Placed
 * @property {number} row
 * @property {number} col
 * @property {string} letter the letter shown (a wildcard's chosen letter)
 * @property {boolean} wild
 * @property {number} rackIndex its place in the rack (the card wildcards after the rack's own)
 */

/**
 * A wildcard put on a square, waiting for its letter.
 * @typedef {{ rackIndex: number, row: number, col: number, code: string }} PendingWild
 */

/**
 * What the live preview says of the tiles put down: nothing yet, asked, or its answer.
 * @typedef {{ status: "idle" } | { status: "pending" }
 *   | { status: "ok", breakdown: Breakdown }
 *   | { status: "error", message: string, code: string }} Preview
 */

/**
 * A card waiting for its target: a square, a seat (the opponents to pick from), rack tiles,
 * or the letter a Letra Dobrada doubles.
 * @typedef {{ slot: number, kind: "square" | "tiles" | "letter-square", help: string }
 *   | { slot: number, kind: "seat", help: string, seats: { seat: number, name: string }[] }} Target
 */

/**
 * Opponents' moves shown one at a time: the moves still to show, the board and the scores as
 * they were before the next one, and the one shown now.
 * @typedef {object} Pacing
 * @property {Move[]} queue
 * @property {string[]} board
 * @property {Record<number, number | null | undefined>} scores
 * @property {Move | null} current
 */

/**
 * Your review of a finished match, as its pages arrive.
 * @typedef {{ summary: ReviewSummary, moves: MoveReview[], next: number | null }} Review
 */

/**
 * What a match's link leads to (the identity API's ``GET /match/<id>``, docs/protocol.md).
 * @typedef {object} MatchSummary
 * @property {string} matchId
 * @property {"live" | "finished"} status
 * @property {string} mode
 * @property {string} modeName
 * @property {{ id: string, name: string } | null} theme
 * @property {number} round
 * @property {number} roundLimit
 * @property {{ name: string, bot: boolean }[]} players
 */

/**
 * What the page was told of a match's link: its summary, or why it cannot be watched.
 * @typedef {{ status: "ok", match: MatchSummary }
 *   | { status: "refused", code: string, message: string }} InviteSummary
 */

/** @typedef {"loading" | "entry" | "lobby" | "queue" | "room" | "table" | "end" | "replay"} Screen */
/** @typedef {"jogadas" | "cartas" | "partida"} SheetTab */

/**
 * Who plays here: the name chosen, then the whole profile once the welcome has come.
 * @typedef {Pick<PlayerInfo, "name"> & Partial<PlayerInfo>} Me
 */

/**
 * A line for screen readers: "polite", "assertive" (an error: also a notice on screen) or
 * "notice" (both).
 * @typedef {{ text: string, kind: "polite" | "assertive" | "notice" }} Announcement
 */

/**
 * Everything the page keeps about the match it shows.
 * @typedef {object} MatchFields
 * @property {string | null} matchId
 * @property {MatchView | null} view
 * @property {{ moves: Move[], total: number, older: number | null, loaded: boolean }} history
 *   every move of the match, by move number: fetched in pages, then appended as they happen
 * @property {number | null} ownReceipt the move number of your last play while its receipt stays open
 * @property {boolean} receiptExpanded opened again by hand after it folded for your turn
 * @property {number | null} openMove the move whose receipt is expanded in the history
 * @property {Pacing | null} pacing opponents' moves being shown one at a time
 * @property {number | null} lastMove the move whose tiles are marked on the board
 * @property {Placed[]} placed
 * @property {{ row: number, col: number, dir: "across" | "down" }} cursor the typing cursor
 * @property {number | null} selected the rack tile picked to put down
 * @property {PendingWild | null} pendingWild
 * @property {Preview} preview
 * @property {string | null} previewRequest the request id of the preview whose answer is shown
 * @property {"play" | "swap"} mode
 * @property {number[]} swap the rack tiles picked for a swap (or a Reciclar)
 * @property {number[]} armedCards the card row's slots put into this play
 * @property {Record<number, [number, number]>} cardSquares the square each armed card marks
 * @property {Target | null} target
 * @property {Ended | null} ended
 * @property {boolean} secondWord a Segundo Fôlego's second word is to be played
 * @property {Review | null} review
 * @property {string | null} openReview "move:best" or "move:band": the review receipt open
 * @property {number} toldVersion the match version of the last whole update or view applied
 * @property {[number, number] | null} fault the square the last refusal was about
 * @property {"need" | "fault" | null} faultKind "need": the move is not finished, what it needs is there
 * @property {SheetTab | "receipt" | null} sheet the phone's sheet: its open tab, or null
 * @property {number | null} sheetCard the card row's slot the sheet points at
 */

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
  };
}

/**
 * The page's whole state: the match's fields and what outlives a match.
 * @typedef {object} PageFields
 * @property {Screen} screen
 * @property {"online" | "offline" | "connecting"} connection
 * @property {Me | null} me
 * @property {string | null} activeMatch the unfinished match you sit in
 * @property {Catalog | null} catalog what the welcome says no match changes
 * @property {QueueStatus | null} queue
 * @property {RoomStatus | null} room
 * @property {{ kind: "error", text: string, code: string } | null} toast the last refusal
 * @property {RoomSettings | null} lastSettings the settings of the last table you started
 * @property {LeaderboardEntry[] | null} leaderboard
 * @property {string | null} watching the match a replay link asked for, until its view arrives
 * @property {string | null} invite the match a link names, opened before a name is chosen
 * @property {InviteSummary | null} inviteSummary what the server said of that match
 * @property {DailyStatus | null} daily today's Desafio do dia, as the server last said
 * @property {number} replayStep how many moves of the replay are on its board
 * @property {RematchOffer | null} rematchOffer someone from your last room match wants to play again
 * @property {Announcement[]} announcements
 * @property {"mouse" | "touch"} input
 * @property {string | null} leftMatch the match you said Sair to
 * @property {string[]} previewIds the request ids of previews sent (their errors are not toasts)
 * @typedef {PageFields & MatchFields} State
 */

/** @returns {State} */
export function freshState() {
  return {
    screen: "loading", connection: "offline", me: null, activeMatch: null,
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
  }

  /** @param {Listener} listener */
  subscribe(listener) {
    this.listeners.push(listener);
  }

  /**
   * Change the state, then tell every listener.
   * @template T
   * @param {(state: State) => T} change
   * @returns {T} what ``change`` returned
   */
  update(change) {
    const result = change(this.state);
    for (const listener of this.listeners) listener(this.state);
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
 * "Sair": back to the lobby at once; frames of the match we left are ignored.
 * @param {State} state
 */
export function leaveMatch(state) {
  state.leftMatch = state.matchId;
  enterMatch(state, null);
  state.activeMatch = null;
  state.screen = "lobby";
}
