// @ts-check
// Talking to the server: the guest identity and a match link's summary (HTTP), and the game
// socket (WebSocket).
// The socket reconnects with backoff, pings well inside API Gateway's 10-minute idle limit,
// renews itself before the 2-hour connection limit, and stamps every command with a requestId.

/** @import { ServerFrame, InviteSummary, MatchSummary, Action, Guest } from "./types/page" */
/**
 * @template {Action} A
 * @typedef {import("./types/page").FieldArgs<A>} FieldArgs
 */

/** A refusal or a failure of the identity API: its stable code and a Portuguese message. */
export class RequestError extends Error {
  /** @param {string} message @param {string} code */
  constructor(message, code) {
    super(message);
    this.code = code;
  }
}

const GUEST_KEY = "vanlexis.guest";
const HEARTBEAT_MS = 4 * 60 * 1000;
const RENEW_MS = 110 * 60 * 1000;

/** @returns {Guest | null} */
export function storedGuest() {
  try {
    const data = JSON.parse(localStorage.getItem(GUEST_KEY) || "null");
    return data && data.token && data.name ? data : null;
  } catch {
    return null;
  }
}

export function forgetGuest() {
  localStorage.removeItem(GUEST_KEY);
}

/**
 * Keep a guest identity (``{playerId, name, token}``) in this browser.
 * @param {Guest} guest
 */
export function keepGuest(guest) {
  localStorage.setItem(GUEST_KEY, JSON.stringify(guest));
}

/**
 * A token the identity API renewed (one made before devices, now given its device).
 * @param {string | undefined} token
 */
export function renewToken(token) {
  const guest = storedGuest();
  if (guest && token) keepGuest({ ...guest, token });
}

/**
 * @param {string} url
 * @param {object} body
 * @returns {Promise<any>} the answer's JSON: each caller reads the fields of its own route
 */
export async function postJson(url, body) {
  let answer;
  try {
    answer = await fetch(url, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
    });
  } catch {
    // The browser's own text ("Failed to fetch") is English and says nothing to a player.
    throw new RequestError("Sem conexão com o servidor: verifique a internet e tente de novo.",
                           "http.unreachable");
  }
  const data = await answer.json().catch(() => ({}));
  if (!answer.ok) {
    throw new RequestError(data.error?.message || "Não foi possível falar com o servidor.",
                           data.error?.code || `http.${answer.status}`);
  }
  return data;
}

/**
 * @param {string} apiUrl
 * @param {string} name
 * @returns {Promise<Guest>}
 */
export async function createGuest(apiUrl, name) {
  const guest = await postJson(`${apiUrl}/guest`, { name });
  keepGuest(guest);
  return guest;
}

/** What a match's link leads to, asked before a name is chosen (the identity API's public
 *  ``GET /match/<id>``): ``{ status: "ok", match }``, ``{ status: "refused", code, message }``
 *  when the server says it cannot be watched, or null when the server could not be asked or
 *  answered something else (a throttle, a fault): the page then says what it always said. */
/**
 * @param {string} apiUrl
 * @param {string} matchId
 * @returns {Promise<InviteSummary | null>}
 */
export async function matchSummary(apiUrl, matchId) {
  let answer;
  try {
    // A plain GET, no headers: a simple cross-origin request, with no preflight (the answer
    // itself says no-store).
    answer = await fetch(`${apiUrl}/match/${encodeURIComponent(matchId)}`);
  } catch {
    return null;
  }
  const data = await answer.json().catch(() => null);
  if (answer.ok && Array.isArray(data?.players)) return { status: "ok", match: /** @type {MatchSummary} */ (data) };
  if (!answer.ok && data?.error?.code) {
    return { status: "refused", code: data.error.code, message: data.error.message };
  }
  return null;
}

/**
 * @typedef {object} SocketOptions
 * @property {string} wsUrl
 * @property {string} apiUrl
 * @property {string} token the guest's token, exchanged for a ticket at each connection
 * @property {(frame: ServerFrame) => void} onFrame
 * @property {(status: "online" | "offline" | "connecting") => void} onStatus
 * @property {(error: RequestError) => void} onAuthFailed the token is refused: a new guest is needed
 */

export class GameSocket {
  /** @param {SocketOptions} options */
  constructor({ wsUrl, apiUrl, token, onFrame, onStatus, onAuthFailed }) {
    this.wsUrl = wsUrl;
    this.apiUrl = apiUrl;
    this.token = token;
    this.onFrame = onFrame;
    this.onStatus = onStatus;
    this.onAuthFailed = onAuthFailed;
    this.counter = 0;
    this.prefix = Math.random().toString(36).slice(2, 8);
    this.backoff = 1000;
    this.closedByUs = false;
    /** @type {WebSocket | null} */
    this.ws = null;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.heartbeat = undefined;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.renew = undefined;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.retryTimer = undefined;
  }

  async connect() {
    this.closedByUs = false;
    this.onStatus("connecting");
    /** @type {string} */
    let ticket;
    try {
      const answer = await postJson(`${this.apiUrl}/ticket`, { token: this.token });
      ticket = answer.ticket;
      if (answer.token) {
        this.token = answer.token;
        renewToken(answer.token);
      }
    } catch (error) {
      if (error instanceof RequestError && error.code.startsWith("auth.")) {
        this.onAuthFailed(error);
        return;
      }
      this.retry();
      return;
    }
    const ws = new WebSocket(`${this.wsUrl}/?ticket=${encodeURIComponent(ticket)}`);
    this.ws = ws;
    ws.onopen = () => {
      this.backoff = 1000;
      this.onStatus("online");
      this.heartbeat = setInterval(() => this.send("ping"), HEARTBEAT_MS);
      this.renew = setTimeout(() => this.reconnectNow(), RENEW_MS);
    };
    ws.onmessage = (message) => {
      try {
        // The frame as the server's models type it (docs/protocol/server-frame.schema.json).
        this.onFrame(/** @type {ServerFrame} */ (JSON.parse(message.data)));
      } catch (error) {
        console.warn("frame ignored", error);
      }
    };
    ws.onclose = () => {
      clearInterval(this.heartbeat);
      clearTimeout(this.renew);
      if (this.ws === ws) this.ws = null;
      if (!this.closedByUs) {
        this.onStatus("offline");
        this.retry();
      }
    };
  }

  retry() {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), this.backoff);
    this.backoff = Math.min(this.backoff * 2, 15000);
  }

  reconnectNow() {
    const old = this.ws;
    this.ws = null;
    if (old) {
      old.onclose = null;
      old.close();
    }
    clearInterval(this.heartbeat);
    clearTimeout(this.renew);
    this.connect();
  }

  get open() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  /**
   * Send an action; returns its requestId, or null when there is no connection.
   * @template {Action} A
   * @param {A} action
   * @param {FieldArgs<A>} fields
   * @returns {string | null}
   */
  send(action, ...fields) {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return null;
    this.counter += 1;
    const requestId = `${this.prefix}-${this.counter}`;
    ws.send(JSON.stringify({ action, requestId, ...fields[0] }));
    return requestId;
  }

  close() {
    this.closedByUs = true;
    clearTimeout(this.retryTimer);
    if (this.ws) this.ws.close();
  }
}
