// The service worker's rules (frontend/js/worker/rules.js): what it answers from its cache, what
// a push shows, and where a click leads.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  GENERIC_BODY, GENERIC_TITLE, matchUrl, notificationFor, pickTab, shellPath, someoneLooking,
} from "../../frontend/js/worker/rules.js";
import { FILES } from "../../frontend/js/worker/files.js";

const SCOPE = "https://vanlexis.example/";
/** @param {string} url @param {string} [method] */
const get = (url, method = "GET") => ({ method, url });

test("the shell's own files are answered from the cache, the root as index.html", () => {
  assert.equal(shellPath(get(SCOPE), SCOPE, FILES), "index.html");
  assert.equal(shellPath(get(`${SCOPE}js/app.js`), SCOPE, FILES), "js/app.js");
  assert.equal(shellPath(get(`${SCOPE}css/lobby.css`), SCOPE, FILES), "css/lobby.css");
  assert.equal(shellPath(get(`${SCOPE}help/regras.html`), SCOPE, FILES), "help/regras.html");
  assert.equal(shellPath(get(`${SCOPE}icons/icon-192.png`), SCOPE, FILES), "icons/icon-192.png");
  assert.equal(shellPath(get(`${SCOPE}#/partida/abc`), SCOPE, FILES), "index.html");
});

test("game state never comes from the cache", () => {
  for (const url of [
    `${SCOPE}config.json`, `${SCOPE}match/abc123`, `${SCOPE}guest`, `${SCOPE}devices`,
    `${SCOPE}js/app.js?v=2`, `${SCOPE}sw.js`, `${SCOPE}js/%E0%A4%A.js`, `${SCOPE}js/worker/files.js`, `${SCOPE}nada.js`,
    "https://abc.execute-api.sa-east-1.amazonaws.com/match/abc123",
    "https://other.example/js/app.js", "wss://abc.execute-api.sa-east-1.amazonaws.com/live",
  ]) {
    assert.equal(shellPath(get(url), SCOPE, FILES), null, url);
  }
  assert.equal(shellPath(get(`${SCOPE}index.html`, "POST"), SCOPE, FILES), null);
  assert.ok(!FILES.includes("config.json") && !FILES.some((f) => f.startsWith("js/worker/")));
});

test("a site under a path answers only under it", () => {
  const scope = "https://example.org/jogo/";
  assert.equal(shellPath(get("https://example.org/jogo/js/app.js"), scope, FILES), "js/app.js");
  assert.equal(shellPath(get("https://example.org/js/app.js"), scope, FILES), null);
});

test("a push's payload makes its notice, with the match for the click", () => {
  const { title, options } = notificationFor({
    title: "Sua vez contra Ana (Futebol)", body: "Ana jogou CASA, +12", matchId: "m-42",
    tag: "turn-m-42" });
  assert.equal(title, "Sua vez contra Ana (Futebol)");
  assert.deepEqual(options, {
    body: "Ana jogou CASA, +12", tag: "turn-m-42", icon: "icons/icon-192.png",
    badge: "icons/badge-96.png", lang: "pt-BR", data: { matchId: "m-42" } });
});

test("no payload, or a strange one, makes the generic notice", () => {
  for (const payload of [null, "texto", 7, [], { title: "  ", matchId: "../x" }, { title: 3 }]) {
    const { title, options } = notificationFor(payload);
    assert.equal(title, GENERIC_TITLE);
    assert.equal(options.body, GENERIC_BODY);
    assert.equal(options.tag, "vanlexis-turn");
    assert.deepEqual(options.data, { matchId: null });
  }
  assert.equal(notificationFor({ matchId: "abc" }).options.tag, "turn-abc");
  assert.equal(notificationFor({ title: "x".repeat(500) }).title.length, 120);
});

test("a click leads to the match's page, or the site's", () => {
  assert.equal(matchUrl(SCOPE, "m-42"), `${SCOPE}#/partida/m-42`);
  assert.equal(matchUrl(SCOPE, null), SCOPE);
  assert.equal(matchUrl(SCOPE, "a/b"), SCOPE);
});

test("a focused tab silences the notice; a click prefers it, then a visible one", () => {
  const hidden = { focused: false, visibilityState: "hidden", name: "hidden" };
  const visible = { focused: false, visibilityState: "visible", name: "visible" };
  const focused = { focused: true, visibilityState: "visible", name: "focused" };
  assert.equal(someoneLooking([hidden, visible]), false);
  assert.equal(someoneLooking([hidden, focused]), true);
  assert.equal(pickTab([hidden, visible, focused]), focused);
  assert.equal(pickTab([hidden, visible]), visible);
  assert.equal(pickTab([hidden]), hidden);
  assert.equal(pickTab([]), null);
});
