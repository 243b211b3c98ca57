// The page's own types, for its type check (TypeScript over JSDoc): the state and the shapes the
// modules pass each other. Written by hand, unlike protocol.d.ts (generated from the server's
// models). They live here rather than in @typedef comments because comments ship: the page has
// no build step to strip them, and the first load has a budget (tests/browser). Not published.

import type {
  Breakdown, Catalog, ClientMessage, DailyStatus, EngineEvent, Ended, HistoryEntry,
  LeaderboardEntry, MatchView, MoveReview, PlayerInfo, QueueStatus, RematchOffer,
  ReviewSummary, RoomSettings, RoomStatus, ServerFrame,
} from "./protocol";

export type {
  Breakdown, Catalog, ClientMessage, DailyStatus, EngineEvent, Ended, HistoryEntry,
  LeaderboardEntry, MatchView, MoveReview, PlayerInfo, QueueStatus, RematchOffer,
  ReviewSummary, RoomSettings, RoomStatus, ServerFrame,
};
export type { MatchList, MatchRow, MatchRowChanged } from "./protocol";
export type {
  CardView, Error as ErrorFrame, FormSettings, History as HistoryFrame, MoveCard, RankingRow,
  ReviewedMove, RoomForm, SeatSummary, Tile, Update as UpdateFrame, View as ViewFrame, WordScore,
} from "./protocol";

export type BandName = NonNullable<HistoryEntry["band"]>;

// -- the state --------------------------------------------------------------------------------

/**
 * A move of the match as the page keeps it: a history entry, from the server's pages or from a
 * move event (whose data may lack the turn: a swap's and a pass's do).
 */
export type Move = Omit<HistoryEntry, "turn" | "round" | "total" | "tiles" | "count" | "breakdown" | "band"> & {
  turn: number | null;
  round: number | null;
  total: number | null;
  tiles: [number, number, string][] | null;
  count: number | null;
  breakdown: Breakdown | null;
  band: BandName | null;
};

/** A tile put down this turn, not yet played. */
export interface Placed {
  row: number;
  col: number;
  letter: string; // the letter shown (a wildcard's chosen letter)
  wild: boolean;
  rackIndex: number; // its place in the rack (the card wildcards after the rack's own)
}

/** A wildcard put on a square, waiting for its letter. */
export interface PendingWild { rackIndex: number; row: number; col: number; code: string }

/** The live preview's answer: the play's receipt, or the refusal (and the square it is about). */
export type Answer =
  | { status: "ok"; breakdown: Breakdown }
  | { status: "error"; message: string; code: string; square: [number, number] | null };

/**
 * What the live preview says of the tiles put down: nothing yet, asked (with the last answer,
 * shown dimmed until the new one comes, so the move row does not flicker), or its answer.
 */
export type Preview = { status: "idle" } | { status: "pending"; settled: Answer | null } | Answer;

/**
 * A card waiting for its target: a square, a seat (the opponents to pick from), rack tiles, or
 * the letter a Letra Dobrada doubles.
 */
export type Target =
  | { slot: number; kind: "square" | "tiles" | "letter-square"; help: string }
  | { slot: number; kind: "seat"; help: string; seats: { seat: number; name: string }[] };

/**
 * Opponents' moves shown one at a time: the moves still to show, the board and the scores as
 * they were before the next one, and the one shown now.
 */
export interface Pacing {
  queue: Move[];
  board: string[];
  scores: Record<number, number | null | undefined>;
  current: Move | null;
}

/** Your review of a finished match, as its pages arrive. */
export interface Review { summary: ReviewSummary; moves: MoveReview[]; next: number | null }

/** What a match's link leads to (the identity API's `GET /match/<id>`, docs/protocol.md). */
export interface MatchSummary {
  matchId: string;
  status: "live" | "finished";
  mode: string;
  modeName: string;
  theme: { id: string; name: string } | null;
  round: number;
  roundLimit: number;
  players: { name: string; bot: boolean }[];
}

/** What the page was told of a match's link: its summary, or why it cannot be watched. */
export type InviteSummary =
  | { status: "ok"; match: MatchSummary }
  | { status: "refused"; code: string; message: string };

export type Screen = "loading" | "entry" | "lobby" | "queue" | "room" | "table" | "end" | "replay";
export type SheetTab = "jogadas" | "cartas" | "partida";

/** Who plays here: the name chosen, then the whole profile once the welcome has come. */
export type Me = Pick<PlayerInfo, "name"> & Partial<PlayerInfo>;

/** A line for screen readers: "polite", "assertive" (an error: also a notice) or "notice" (both). */
export interface Announcement { text: string; kind: "polite" | "assertive" | "notice" }

/** Everything the page keeps about the match it shows (store/state.js `freshMatch`). */
export interface MatchFields {
  matchId: string | null;
  view: MatchView | null;
  /** every move of the match, by move number: fetched in pages, then appended as they happen */
  history: { moves: Move[]; total: number; older: number | null; loaded: boolean };
  /** the move number of your last play while its receipt stays open */
  ownReceipt: number | null;
  /** opened again by hand after it folded for your turn */
  receiptExpanded: boolean;
  /** the move whose receipt is expanded in the history */
  openMove: number | null;
  /** opponents' moves being shown one at a time */
  pacing: Pacing | null;
  /** the move whose tiles are marked on the board */
  lastMove: number | null;
  placed: Placed[];
  /** the typing cursor: put on the board's centre when the match's view arrives */
  cursor: { row: number; col: number; dir: "across" | "down" };
  /** the rack tile picked to put down */
  selected: number | null;
  pendingWild: PendingWild | null;
  preview: Preview;
  /** the request id of the preview whose answer is shown */
  previewRequest: string | null;
  mode: "play" | "swap";
  /** the rack tiles picked for a swap (or a Reciclar) */
  swap: number[];
  /** the card row's slots put into this play, and the square each marks */
  armedCards: number[];
  cardSquares: Record<number, [number, number]>;
  target: Target | null;
  ended: Ended | null;
  /** a Segundo Fôlego's second word is to be played */
  secondWord: boolean;
  review: Review | null;
  /** "move:best" or "move:band": the review receipt that is open */
  openReview: string | null;
  /** the match version of the last whole update or view applied */
  toldVersion: number;
  /** the square the last refusal was about, and whether it is what the move needs or a fault */
  fault: [number, number] | null;
  faultKind: "need" | "fault" | null;
  /** the phone's sheet: its open tab (or the receipt it opened on by itself), or null */
  sheet: SheetTab | "receipt" | null;
  /** the card row's slot the sheet points at */
  sheetCard: number | null;
  /** the older history page and the review page last asked for (each is asked once) */
  asked: { older: number | null; review: number | null };
  /** the turn whose clock the page stopped (the tour, at a Solo table): restarted once, on it */
  clockStopped: number | null;
  /** the last turn's time warning said ("turn:seconds") */
  timerWarned: string | null;
}

/** What outlives a match (store/state.js `freshState`). */
export interface PageFields {
  screen: Screen;
  connection: "online" | "offline" | "connecting";
  me: Me | null;
  /** the unfinished match you sit in */
  activeMatch: string | null;
  /** your matches ("Suas partidas"): the lobby's list, and the tab's title counts your turns */
  matches: MatchListState;
  /** the devices panel ("Seus aparelhos"): its list, its code, its notices */
  devices: DevicesPanel;
  /** what the welcome says no match changes */
  catalog: Catalog | null;
  queue: QueueStatus | null;
  room: RoomStatus | null;
  /** the last refusal */
  toast: { kind: "error"; text: string; code: string } | null;
  /** the settings of the last table you started */
  lastSettings: RoomSettings | null;
  leaderboard: LeaderboardEntry[] | null;
  /** the match a replay link asked for, until its view arrives */
  watching: string | null;
  /** the match a link names, opened before a name is chosen, and what the server said of it */
  invite: string | null;
  inviteSummary: InviteSummary | null;
  /** today's Desafio do dia, as the server last said */
  daily: DailyStatus | null;
  /** how many moves of the replay are on its board */
  replayStep: number;
  /** someone from your last room match wants to play again */
  rematchOffer: RematchOffer | null;
  announcements: Announcement[];
  input: "mouse" | "touch";
  /** the match you said Sair to */
  leftMatch: string | null;
  /** the request ids of previews sent (their errors are not notices) */
  previewIds: string[];
}

export type State = PageFields & MatchFields;

/** What the page reads of a move event's data (docs/protocol.md, "Event kinds"). */
export interface MoveEventData {
  [field: string]: unknown; // the protocol types an event's data as a plain object
  move: number;
  seat: number;
  turn?: number;
  round?: number;
  total?: number;
  display?: string[]; // the words' spellings, main word first (plays)
  score?: number;
  band?: BandName;
  tiles?: [number, number, string][];
  count?: number; // how many tiles a swap gave back
  breakdown?: Breakdown;
}

/** What the page reads of any event's data: the protocol types it as a plain object. */
export interface EventData {
  [field: string]: unknown;
  seat?: number;
  count?: number; // swapped: how many tiles
  level?: number; // card_bought: the card's level
  card?: string; // bought, card_used, sold: the card's id
  coins?: number; // bought: your coins left
  refund?: number; // sold: the coins back
  name?: string; // theme_changed: the new theme's name
  theme?: { name?: string };
  display?: string[]; // move_played: the words' spellings, main word first
  breakdown?: Breakdown;
  score?: number;
  band?: string;
}

/** An event's line for the log and screen readers, or null (text.js `describeEvent`). */
export type Describe = (event: EngineEvent, name: (seat: number) => string, you: number | null,
                        card: (id: string) => string) => string | null;

// -- the socket -------------------------------------------------------------------------------

export type Action = ClientMessage["action"];

/** A message's own fields: all but its `action` and `requestId` (the socket adds those). */
export type Fields<A extends Action> = Omit<Extract<ClientMessage, { action: A }>, "action" | "requestId">;

/** What follows the action: the fields, optional for a message that requires none. */
export type FieldArgs<A extends Action> = {} extends Fields<A> ? [fields?: Fields<A>] : [fields: Fields<A>];

/** Send one message; its requestId, or null when there is no connection. */
export type Send = <A extends Action>(action: A, ...fields: FieldArgs<A>) => string | null;

/** The identity API's guest, as the browser keeps it. */
export interface Guest { playerId: string; name: string; token: string }

/** The stack's config.json. */
export interface Config { websocketUrl: string; apiUrl: string }

// -- the table --------------------------------------------------------------------------------

/** The board's zoom: its scale and the board's offset in px. */
export interface Zoom { scale: number; x: number; y: number }

/** What one square shows; `key` changes exactly when the rest does. */
export interface Square { key: string; className: string; html: string; label: string; selected?: boolean }

/** What a square holds, for ui/board.js `squareContent`. */
export interface SquareInfo {
  cell: string | undefined; // the board's letter there ("." empty)
  tentative: Placed | null; // your tile put there this turn
  anchor: string | undefined; // what holds it: the card and whose it is ("Âncora de Ana")
  doubled: string | undefined; // the card that marks it (Letra Dobrada)
  last: boolean; // a tile of the last move
  fresh: boolean; // that move is being shown now
  cursor: boolean;
  fault: false | "need" | "fault"; // what the preview's refusal says of it
}

/** What the move row shows on your turn; `reason`: the id of what says why Confirmar is off. */
export interface Row { html: string; enabled: boolean; reason: string | null }

/** A drag from a rack tile (its index) or from one of your tiles on the board (its square). */
export type DragStart =
  | { source: HTMLElement; index: number; from?: undefined }
  | { source: HTMLElement; from: { row: number; col: number }; index?: undefined };

export type Drag = DragStart & {
  pointerId: number; startX: number; startY: number; x: number; y: number;
  ghost: HTMLElement | null; frame: number;
};

/** A step of the first-match tour. */
export interface Step {
  target: string | string[]; // the part outlined: the first of these selectors shown
  title: string;
  text: string;
  tryIt?: string; // what to try while the step is shown
  done?: (state: State) => boolean; // whether it was done,
  doneText?: string; // said once it is
}

// -- the devices panel (ui/devices.js) --------------------------------------------------------

/** One of the player's devices, as `POST /devices` lists it. */
export interface Device { id: string; label: string; createdAtMs: number; lastSeenAtMs: number; current: boolean }
/** A one-time code shown for another device, and when it stops working. */
export interface ShownCode { code: string; expiresAtMs: number; ended?: boolean }
/** What the devices panel needs from the page. */
export interface DevicesHooks {
  apiUrl: () => string;
  onJoined: (guest: Guest) => void;
  onSignedOut: (message: string) => void;
  toast: (text: string, kind?: "info" | "error") => void;
  /** the store's part the panel shows (`state.devices`) */
  panel: DevicesPanel;
}
/** What the devices panel shows (its own, apart from the game's state: no match is in it). */
export interface DevicesPanel {
  player: string | null;
  devices: Device[] | null;
  loading: boolean;
  error: string;
  code: ShownCode | null;
  asking: boolean;
  joinedLabel: string;
  entryOpen: boolean;
  entryBusy: boolean;
  notice: string;
}

// -- the list of matches (store/matches.js) ---------------------------------------------------

/** Your matches as the page holds them: ordered rows, whether the server's list came, and how far
 *  the server's clock is ahead of the page's (the time left is counted on the server's). */
export interface MatchListState { rows: import("./protocol").MatchRow[]; loaded: boolean; skewMs: number }
