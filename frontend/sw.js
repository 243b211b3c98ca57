// @ts-check
// The service worker: the app shell from a cache, so the site opens at once from the home
// screen, and the turn notices that pushes bring. A module worker (registered with
// `type: "module"` by app.js): its rules are a plain module the tests import too; a browser
// that cannot run one simply has no worker and loads the site from the network as before.
//
// The caching rule (docs/architecture.md): the shell's files, and only they, are answered from
// one cache named after a hash of their content (js/worker/files.js, made by
// `python -m tools.sw_manifest`). A new deployment changes that module, so the browser installs
// a new worker, which fetches the whole new shell before it takes over and then deletes the old
// cache: a page gets all its files from one deployment, never a mix. Everything else — config.json,
// the APIs, the WebSocket, other origins — is left to the network untouched.

import { FILES, VERSION } from "./js/worker/files.js";
import { matchUrl, notificationFor, pickTab, shellPath, someoneLooking } from "./js/worker/rules.js";

const worker = /** @type {import("./js/types/worker").WorkerScope} */ (/** @type {unknown} */ (self));
const PREFIX = "vanlexis-shell-";
const CACHE = PREFIX + VERSION;

/**
 * Keep the worker alive for `work`. An event a script dispatched (not the browser) cannot be
 * extended; its work still runs.
 * @param {import("./js/types/worker").ExtendableEvent} event
 * @param {Promise<unknown>} work
 */
function extend(event, work) {
  try {
    event.waitUntil(work);
  } catch {
    // an untrusted event: nothing to extend
  }
}

worker.addEventListener("install", (event) => {
  // "reload": past the browser's HTTP cache, so the shell is this deployment's files. All or
  // nothing: one missing file fails the install and the old worker stays.
  extend(event, caches.open(CACHE)
    .then((cache) => cache.addAll(FILES.map((file) => new Request(file, { cache: "reload" }))))
    .then(() => worker.skipWaiting()));
});

worker.addEventListener("activate", (event) => {
  extend(event, caches.keys()
    .then((names) => Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE)
      .map((name) => caches.delete(name))))
    .then(() => worker.clients.claim()));
});

worker.addEventListener("fetch", (event) => {
  const path = shellPath(event.request, worker.registration.scope, FILES);
  if (path === null) return;  // not the shell: the network, as if there were no worker
  event.respondWith(caches.open(CACHE)
    .then((cache) => cache.match(path))
    .then((hit) => hit || fetch(event.request)));
});

worker.addEventListener("push", (event) => {
  /** @type {unknown} */
  let payload = null;
  try {
    payload = event.data ? event.data.json() : null;
  } catch {
    payload = null;  // not JSON: the generic notice
  }
  extend(event, announce(payload));
});

/**
 * Show the notice for a push, unless a tab of the site has the focus (its WebSocket has
 * already told the player).
 * @param {unknown} payload
 */
async function announce(payload) {
  const tabs = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
  if (someoneLooking(tabs)) return;
  const { title, options } = notificationFor(payload);
  await worker.registration.showNotification(title, options);
}

worker.addEventListener("notificationclick", (event) => {
  event.notification.close();
  extend(event, openMatch(event.notification.data?.matchId));
});

/**
 * Bring a tab of the site forward on the match's page (its hash: the page opens the match
 * without reloading), or open one.
 * @param {unknown} matchId
 */
async function openMatch(matchId) {
  const url = matchUrl(worker.registration.scope, matchId);
  const tab = pickTab(await worker.clients.matchAll({ type: "window", includeUncontrolled: true }));
  if (!tab) {
    await worker.clients.openWindow(url);
    return;
  }
  try {
    await tab.focus();
  } catch {
    // only a click may focus a window; the tab is still taken to the match
  }
  if (tab.url !== url) await tab.navigate(url);
}
