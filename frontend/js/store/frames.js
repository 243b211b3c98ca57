// @ts-check
// Frames from the server into the state: the lobby's, a match's views and updates (with the
// opponents' moves queued for pacing and the lines read to screen readers), history pages,
// previews, the end, the review, errors.
import { enterMatch } from "./state.js";
import { applyHistoryPage, entryFromEvent, lastPlay, mergeHistory } from "./history.js";
import { queuePacing } from "./pacing.js";
import { followLive, openReplay } from "./replay.js";
import { boardCentre, boardWith, seatName } from "./view.js";
import { clearMove, isBuilding } from "./move.js";
import { showReceipt } from "./sheet.js";
import { cardName } from "./catalog.js";
import { applyList, applyRow, patchRow } from "./matches.js";

/**
 * @import {
 *   State, ServerFrame, ViewFrame, UpdateFrame, EngineEvent, Move, Announcement
 * } from "../types/page"
 */

/** @import { Describe } from "../types/page" */

/** Your own card events, confirmed on screen as well as to screen readers. */
const OWN_NOTICES = new Set(["bought", "card_used", "sold", "second_play"]);

/** Private events of your own market, sent only to you and carrying no seat. */
const PRIVATE_OWN = new Set(["bought", "sold"]);

/**
 * ``kind``: "polite" (screen readers), "assertive" (errors: also a toast), "notice" (both).
 * @param {State} state
 * @param {string | null} text
 * @param {Announcement["kind"]} [kind]
 */
function announce(state, text, kind = "polite") {
  if (text) state.announcements.push({ text, kind });
}

/**
 * A frame from the server into the state.
 * @param {State} state
 * @param {ServerFrame} frame
 * @param {Describe} [describe]
 */
export function applyFrame(state, frame, describe = () => null) {
  switch (frame.type) {
    case "welcome":
      state.me = frame.player;
      state.catalog = frame.catalog;
      // The match you said Sair to is not yours any more, whatever the server still says.
      state.activeMatch = frame.activeMatch && frame.activeMatch !== state.leftMatch ? frame.activeMatch : null;
      // A table stays open across a reconnect (the page resumes it); else the lobby.
      if (!state.activeMatch && (state.screen === "loading" || (state.screen === "table" && !state.matchId))) {
        state.screen = "lobby";
      }
      break;
    case "leaderboard":
      state.leaderboard = frame.players;
      break;
    case "matches":
      applyList(state.matches, frame, Date.now());
      break;
    case "matchRow":
      applyRow(state.matches, frame.row, frame.serverTimeMs, Date.now());
      break;
    case "queue":
      state.queue = frame;
      if (frame.status === "waiting") state.screen = "queue";
      if (frame.status === "left") state.screen = "lobby";
      break;
    case "room":
      state.room = frame;
      if (frame.status === "open") state.screen = "room";
      if (frame.status === "closed") state.screen = "lobby";
      break;
    case "view":
    case "update":
      if (frame.type === "view" && state.watching && frame.matchId === state.watching) {
        openReplay(state, frame);
        break;
      }
      if (state.screen === "replay" && frame.matchId === state.matchId) {
        followLive(state, frame);
        break;
      }
      applyMatchFrame(state, frame, describe);
      if (frame.view) patchRow(state.matches, frame.view);
      break;
    case "history":
      applyHistoryPage(state, frame);
      break;
    case "previewed":
      if (frame.requestId === state.previewRequest) {
        state.preview = { status: "ok", breakdown: frame.breakdown };
      }
      break;
    case "ended":
      // A replay of the match is not interrupted by its end frame arriving late.
      if (frame.matchId !== state.matchId || state.screen === "replay") break;
      state.ended = frame;
      state.activeMatch = null;
      if (frame.player) state.me = frame.player;  // the profile after this match
      if (!state.pacing) state.screen = "end";
      break;
    case "review":
      if (frame.matchId !== state.matchId) break;
      state.review = {
        summary: frame.summary,
        moves: [...(state.review?.moves || []).filter((m) => m.move < (frame.moves[0]?.move ?? Infinity)), ...frame.moves],
        next: frame.next ?? null,
      };
      break;
    case "daily":
      state.daily = frame;
      break;
    case "watchers":
      if (frame.matchId === state.matchId && state.view) state.view = { ...state.view, watchers: frame.count };
      break;
    case "rematchOffer":
      state.rematchOffer = frame;
      announce(state, `${frame.by} quer jogar de novo com a mesma mesa.`, "notice");
      break;
    case "error":
      if (frame.requestId && state.previewIds.includes(frame.requestId)) {
        // A preview's refusal belongs in the preview (when it is the latest), never in a toast.
        if (frame.requestId === state.previewRequest) {
          state.preview = { status: "error", message: frame.message, code: frame.code, square: frame.square ?? null };
          state.fault = frame.square || null;
          state.faultKind = isBuilding(frame.code) ? "need" : "fault";
        }
      } else {
        state.toast = { kind: "error", text: frame.message, code: frame.code };
        if (frame.square) {
          state.fault = frame.square;
          state.faultKind = "fault";
        }
        announce(state, frame.message, "assertive");
      }
      break;
    default:
      break;
  }
}

/**
 * A match's view or update (not a replay's): the new view, the moves into the history, the
 * opponents' moves queued for pacing, the lines read to screen readers.
 * @param {State} state
 * @param {ViewFrame | UpdateFrame} frame
 * @param {Describe} describe
 */
function applyMatchFrame(state, frame, describe) {
  if (state.leftMatch && state.leftMatch === frame.matchId) return; // we said Sair
  // A match that ended while we were away is not sat at again from the lobby; nor does a late
  // update of a table just left for the list take the page back there (only a view does).
  const away = frame.matchId !== state.matchId && ["lobby", "queue", "room"].includes(state.screen);
  if (away && (frame.type === "update" || frame.view?.status === "finished")) return;
  const fresh = frame.matchId !== state.matchId;
  // An update can come twice (the server retries what it could not finish telling): the
  // second copy is not applied again.
  if (frame.type === "update" && !fresh && frame.version <= state.toldVersion) return;
  if (fresh) enterMatch(state, frame.matchId);
  // A view has no events and is never partial; an update's last (or only) frame has the view.
  const events = frame.type === "update" ? frame.events : [];
  const view = frame.type === "update" && frame.partial ? null : frame.view ?? null;
  if (view) state.toldVersion = frame.type === "update" ? frame.version : view.version;
  const before = state.view;
  const you = frame.view?.you ?? before?.you ?? null;
  /** @type {Move[]} */
  const paced = [];
  let board = state.pacing ? null : before?.board;
  /** @type {Record<number, number | null | undefined>} */
  const scores = {};
  for (const seat of before?.seats || []) scores[seat.seat] = seat.score;
  let secondWord = false;
  for (const event of events) {
    if (event.kind === "second_play" && event.data?.seat === you) secondWord = true;
    const entry = entryFromEvent(event);
    if (entry) {
      mergeHistory(state, [entry]);
      if (entry.seat === you) {
        if (entry.kind === "play") {
          state.ownReceipt = entry.move;
          state.receiptExpanded = false;
          showReceipt(state);
          state.lastMove = entry.move;
          if (board) board = boardWith(board, entry.tiles);
          scores[entry.seat] = entry.total ?? scores[entry.seat];
        }
        if (entry.kind === "timed_out") announce(state, "Tempo esgotado: você passou a vez.", "assertive");
      } else {
        paced.push(entry);
      }
    }
    const line = describe(event, (seat) => (seat === you ? "Você" : seatName({ view: frame.view || before }, seat)), you,
                          (id) => cardName(state, id));
    // Your own moves are not read back to you (your timeout has its own message above); what
    // your cards did is also shown, since on a phone the card you tapped may be far from its effect.
    const yours = PRIVATE_OWN.has(event.kind) || event.data?.seat === you;
    if (line && !entry) announce(state, line, yours && OWN_NOTICES.has(event.kind) ? "notice" : "polite");
    else if (line && entry && entry.seat !== you) announce(state, line);
  }
  const pacedBoard = board || state.pacing?.board;
  if (paced.length && pacedBoard) {
    queuePacing(state, paced, pacedBoard, scores);
  } else if (paced.length) {
    const last = lastPlay(paced);
    if (last) state.lastMove = last.move;
  }
  if (!view) return;
  state.activeMatch = view.status === "finished" ? null : frame.matchId;
  state.view = view;
  if (fresh || !before) Object.assign(state.cursor, boardCentre(state));
  state.history.total = Math.max(state.history.total, view.moves ?? 0);
  if (!before || before.turn !== view.turn) state.secondWord = false;
  if (secondWord) state.secondWord = true;
  const sameTurn = before && before.turn === view.turn &&
    JSON.stringify(before.rack) === JSON.stringify(view.rack);
  if (!sameTurn) {
    clearMove(state);
  }
  if (view.current === you && view.status !== "finished" &&
      (!before || before.current !== you || before.turn !== view.turn)) {
    announce(state, "Sua vez.");
  }
  // A new match (playing again from the end screen) takes you to its table; a frame of the
  // match that just ended leaves you on its end screen.
  if (state.screen !== "end" || fresh) state.screen = "table";
}
