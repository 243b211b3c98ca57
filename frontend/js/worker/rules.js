// @ts-check
// The service worker's decisions (sw.js), apart from its events so that they can be tested
// (tests/js/worker.test.mjs): which requests the app shell answers, what a push shows, and
// which tab a click opens the match in.

/** A match id as the page's links carry it (app.js `replayLink`). */
const MATCH_ID = /^[A-Za-z0-9_-]{1,64}$/;
export const GENERIC_TITLE = "Sua vez no Vanlexis";
export const GENERIC_BODY = "Uma partida espera a sua jogada.";

/**
 * The shell file a request asks for, or null to leave the request to the network untouched.
 * Only a GET, on the site's own origin and under its scope, without a query, for a file in the
 * shell's list is answered from the cache: config.json, the APIs (here or on another origin),
 * the WebSocket and whatever else the page asks for are never in the list, so the game's state
 * never comes from a cache.
 * @param {{ method: string, url: string }} request
 * @param {string} scope the registration's scope, e.g. "https://example.org/"
 * @param {readonly string[]} files the shell, relative to the scope
 * @returns {string | null}
 */
export function shellPath(request, scope, files) {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  const root = new URL(scope);
  if (url.origin !== root.origin || url.search || !url.pathname.startsWith(root.pathname)) {
    return null;
  }
  let relative;
  try {
    relative = decodeURIComponent(url.pathname.slice(root.pathname.length)) || "index.html";
  } catch {
    return null;  // a malformed escape: no file of ours
  }
  return files.includes(relative) ? relative : null;
}

/**
 * What a push shows: its JSON payload `{title, body, matchId, tag}`, each part checked (a
 * payload is data from elsewhere), or a generic notice.
 * @param {unknown} payload the parsed push data, or null when it had none or was not JSON
 * @returns {{ title: string, options: NotificationOptions & { data: { matchId: string | null } } }}
 */
export function notificationFor(payload) {
  const given = payload && typeof payload === "object"
    ? /** @type {Record<string, unknown>} */ (payload) : {};
  /** @param {unknown} value @param {number} limit */
  const text = (value, limit) => typeof value === "string" && value.trim()
    ? value.trim().slice(0, limit) : null;
  const matchId = typeof given.matchId === "string" && MATCH_ID.test(given.matchId)
    ? given.matchId : null;
  return {
    title: text(given.title, 120) || GENERIC_TITLE,
    options: {
      body: text(given.body, 240) || GENERIC_BODY,
      // One notice per match: a newer turn replaces the older one instead of piling up.
      tag: text(given.tag, 80) || (matchId ? `turn-${matchId}` : "vanlexis-turn"),
      icon: "icons/icon-192.png",
      badge: "icons/badge-96.png",
      lang: "pt-BR",
      data: { matchId },
    },
  };
}

/**
 * Where a click on a notice leads: the match's page, or the site's.
 * @param {string} scope
 * @param {unknown} matchId
 */
export function matchUrl(scope, matchId) {
  return typeof matchId === "string" && MATCH_ID.test(matchId)
    ? `${scope}#/partida/${matchId}` : scope;
}

/**
 * @template {{ focused: boolean, visibilityState?: string }} T
 * Whether someone is looking at the site now: a focused tab already hears of the turn over its
 * WebSocket, so a notice would only repeat it.
 * @param {readonly T[]} tabs
 */
export function someoneLooking(tabs) {
  return tabs.some((tab) => tab.focused);
}

/**
 * The tab a click brings forward: the focused one, else a visible one, else any; null when the
 * site is not open (a new window is opened then).
 * @template {{ focused: boolean, visibilityState?: string }} T
 * @param {readonly T[]} tabs
 * @returns {T | null}
 */
export function pickTab(tabs) {
  return tabs.find((t) => t.focused) || tabs.find((t) => t.visibilityState === "visible")
    || tabs[0] || null;
}
