// The page's state and its one way to change: every field the page keeps, declared here with
// what it is for, and a store that tells its listeners after each change. The state holds no
// game rules (what is legal, what a move is worth and which letters a wildcard may be all come
// from the server's view) and no DOM: the renderers read it, the actions change it.

export function freshMatch() {
  return {
    matchId: null, view: null,
    // Every move of the match, by move number: fetched in pages, then appended as they happen.
    history: { moves: [], total: 0, older: null, loaded: false },
    ownReceipt: null, // the move number of your last play while its receipt stays open
    receiptExpanded: false, // opened again by hand after it folded for your turn
    openMove: null, // the move whose receipt is expanded in the history
    pacing: null, // opponents' moves being shown one at a time
    lastMove: null, // the move whose tiles are marked on the board
    // The typing cursor: put on the board's centre when the match's view arrives.
    placed: [], cursor: { row: 0, col: 0, dir: "across" }, selected: null,
    pendingWild: null, preview: { status: "idle" }, previewRequest: null,
    mode: "play", swap: [], armedCards: [], cardSquares: {}, target: null,
    ended: null, confirm: null, secondWord: false,
    review: null, // your post-game review: { summary, moves, next } as its pages arrive
    openReview: null, // "move:best" or "move:band": the review receipt that is open
    toldVersion: 0, // the match version of the last whole update or view applied
    fault: null, // [row, col]: the square the last refusal was about, marked on the board
    faultKind: null, // "need" (the move is not finished: what it needs is there) or "fault"
    // On a phone the side panel is a sheet over the lower screen: which of its tabs is open
    // ("jogadas", "cartas", "partida"), or null when it is closed; and the card it points at.
    sheet: null, sheetCard: null,
  };
}

export function freshState() {
  return {
    screen: "loading", connection: "offline", me: null, activeMatch: null,
    catalog: null, // what the welcome says no match changes: card names, the forms' numbers
    queue: null, room: null, toast: null, lastSettings: null, leaderboard: null,
    watching: null, // the match a replay link asked for, until its view arrives
    invite: null, // the match a link names when it is opened before a name is chosen
    inviteSummary: null, // what the server said of that match (net.matchSummary), once it has
    daily: null, // today's Desafio do dia, as the server last said
    replayStep: 0, // how many moves of the replay are on its board
    rematchOffer: null, // someone from your last room match wants to play again
    announcements: [], input: "mouse", leftMatch: null,
    previewIds: [], // the request ids of previews sent (their errors are not toasts)
    ...freshMatch(),
  };
}

export class Store {
  constructor() {
    this.state = freshState();
    this.listeners = [];
  }

  subscribe(listener) {
    this.listeners.push(listener);
  }

  update(change) {
    const result = change(this.state);
    for (const listener of this.listeners) listener(this.state);
    return result;
  }
}

/** Start showing a different match: nothing of the previous one may remain. */
export function enterMatch(state, matchId) {
  Object.assign(state, freshMatch(), { matchId });
  if (matchId) state.rematchOffer = null;  // a new match: any invitation is answered
}

/** "Sair": back to the lobby at once; frames of the match we left are ignored. */
export function leaveMatch(state) {
  state.leftMatch = state.matchId;
  enterMatch(state, null);
  state.activeMatch = null;
  state.screen = "lobby";
}
