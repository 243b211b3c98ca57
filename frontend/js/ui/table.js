// @ts-check
// The match table: the bar (timer, scores, round, theme: one line at every size), the board,
// the move row under it (the preview and Confirmar, or the opponent's move being shown), the
// hand (rack, the card strip, controls) and the side: your receipt and every move, the cards,
// the goal and the theme. On a wide screen the side is a column beside the board; on a phone
// it is a sheet that opens over the hand, below the board, so no square is ever hidden. Built
// once per match; each part redraws only when what it shows changed.
import { esc, must } from "./dom.js";
import { BoardView, squareContent } from "./board.js";
import { breakdownHtml, moveSummary } from "./receipt.js";
import { effectsHtml, marketHtml, stripHtml } from "./market.js";
import { moveRow } from "./move_row.js";
import { BANDS, clockText, plural, shortName, shout, times } from "../text.js";
import { atOwnPace, cardName, wildName, wildValue } from "../store/catalog.js";
import { findMove } from "../store/history.js";
import { fullRack, markedSquares, placedAt, usedRack } from "../store/move.js";
import { shownBoard, shownRound, shownScore } from "../store/pacing.js";
import { sheetTab } from "../store/sheet.js";
import { boardSize, isWild, myTurn, seatName, wildLetters } from "../store/view.js";

/** @import { State, MatchView, SheetTab, Row } from "../types/page" */
/**
 * @typedef {State & { view: MatchView }} TableState the state of a table: its view has come
 */

/** The table's parts, each found by its ``data-`` attribute and redrawn on its own. */
const PARTS = /** @type {const} */ (["table", "bar", "move", "move-info", "prompt", "effects", "rack-box",
  "picker", "card-strip", "receipt-peek", "help", "side", "sheet-head", "own-receipt", "goal", "theme",
  "market", "market-panel", "history"]);
/** @typedef {typeof PARTS[number]} Part */

export class TableView {
  /**
   * @param {HTMLElement} root
   * @param {TableState} state
   * @param {{ onSquare: (row: number, col: number) => void }} handlers
   */
  constructor(root, state, handlers) {
    this.root = root;
    const size = boardSize(state);
    // At one's own pace the hand's last button goes back to your list (Sair stays in the
    // sheet's Partida tab): such a table is one of many, visited a move at a time.
    const paced = atOwnPace(state, state.view.turnSeconds);
    root.innerHTML = `
      <div class="table" data-table>
        <h2 class="sr-only" tabindex="-1" data-screen-heading>Mesa da partida</h2>
        <div class="play" data-play>
          <section class="bar" data-bar aria-label="Placar"></section>
          <section class="board-area" aria-label="Tabuleiro">
            <div class="board-viewport" data-viewport>
              <div class="board" role="grid" data-board aria-label="Tabuleiro de ${size} por ${size} casas"
                   aria-describedby="board-help"></div>
            </div>
            <div class="zoom" role="group" aria-label="Zoom do tabuleiro">
              <button type="button" data-action="zoom-in" aria-label="Aumentar o zoom">+</button>
              <span data-zoom-level aria-hidden="true">100%</span>
              <button type="button" data-action="zoom-out" aria-label="Diminuir o zoom">−</button>
              <button type="button" data-action="zoom-fit" aria-label="Ver o tabuleiro inteiro">⤢</button>
            </div>
          </section>
          <section class="move" data-move aria-label="Jogada">
            <div class="move-info" data-move-info></div>
            <button type="button" class="skip" data-action="skip-pacing" hidden>Pular</button>
            <button type="button" class="primary confirm" data-action="confirm" disabled>Confirmar</button>
          </section>
          <section class="hand" aria-label="Sua mão">
            <div class="effects-box" data-effects></div>
            <div class="rack" role="toolbar" aria-label="Suas peças" data-rack-box></div>
            <div class="picker" data-picker hidden></div>
            <div class="prompt" data-prompt role="group" aria-labelledby="target-help" hidden></div>
            <div class="card-strip" data-card-strip role="group" aria-label="Suas cartas e a vitrine" hidden></div>
            <div class="controls">
              <button type="button" data-action="clear">Recolher</button>
              <button type="button" data-action="swap" aria-label="Trocar peças">Trocar<span class="long"> peças</span></button>
              <button type="button" data-action="pass">Passar</button>
              <button type="button" data-action="direction"></button>
              ${paced ? '<button type="button" data-action="to-list" aria-label="Voltar às suas partidas">Partidas</button>'
                : '<button type="button" class="danger" data-action="leave-match">Sair</button>'}
              <button type="button" class="more" data-action="open-sheet" aria-expanded="false"
                      aria-controls="table-side" aria-label="Mais: jogadas, cartas e partida">Mais</button>
            </div>
            <div class="receipt-peek" data-receipt-peek hidden></div>
            <p class="muted help" id="board-help" data-help></p>
          </section>
        </div>
        <aside class="side" id="table-side" data-side aria-label="Jogadas, cartas e partida">
          <div class="sheet-head" data-sheet-head></div>
          <section class="panel receipt-panel" data-own-receipt data-sheet-part="jogadas" hidden
                   aria-labelledby="own-receipt-title"></section>
          <section class="panel" data-goal data-sheet-part="partida" aria-label="Placar e objetivo"></section>
          <section class="panel" data-market-panel data-sheet-part="cartas" aria-labelledby="cards-title">
            <h3 id="cards-title">Cartas</h3><div data-market></div></section>
          <section class="panel" data-theme data-sheet-part="partida" aria-label="Tema e faixas"></section>
          <section class="panel" data-sheet-part="jogadas" aria-labelledby="history-title">
            <h3 id="history-title">Jogadas</h3>
            <div class="history-box" data-history tabindex="0" role="region" aria-label="Todas as jogadas da partida"></div>
          </section>
          <section class="panel leave-panel" data-sheet-part="partida" aria-label="Sair da partida">
            <button type="button" class="danger" data-action="leave-match">Sair da partida</button>
          </section>
        </aside>
      </div>`;
    this.board = new BoardView(root, size, handlers);
    /** @type {Record<Part, HTMLElement>} */
    this.parts = /** @type {Record<Part, HTMLElement>} */ (
      Object.fromEntries(PARTS.map((name) => [name, must(root, `[data-${name}]`)])));
    /** @type {Partial<Record<Part, string>>} the HTML each part shows now */
    this.last = {};
    /** @type {number | null} the card the sheet was last brought to */
    this.pointed = null;
    /** @type {SheetTab | null} */
    this.sheetTabShown = null;
    /** @type {SheetTab | null} the tab drawn last (a new one opens at its top) */
    this.sideTab = null;
    /** @type {(() => void) | null} */
    this.afterLayout = null;
    this.lastBoardMs = 0;
    this.lastDrawMs = 0;
    // The table fills the screen under the page's header, and the sheet starts where the
    // board ends: both measured, since the header and the bar may wrap.
    this.resize = new ResizeObserver(() => this.layout());
    this.resize.observe(this.parts.table);
    this.resize.observe(this.board.viewport);
  }

  layout() {
    const table = this.parts.table;
    if (!table.isConnected) {
      this.resize.disconnect();
      return;
    }
    // What the page has above the table and below it (its container's padding).
    const below = parseFloat(getComputedStyle(this.root).paddingBottom) || 0;
    const top = table.getBoundingClientRect().top + window.scrollY;
    table.style.setProperty("--table-top", `${Math.ceil(top + below)}px`);
    // The sheet starts under the board and, on a phone, under the zoom buttons' row too, so
    // both stay in reach while it is open.
    const board = this.board.viewport.getBoundingClientRect();
    const zoom = this.root.querySelector(".zoom")?.getBoundingClientRect();
    table.style.setProperty("--sheet-top", `${Math.round(Math.max(board.bottom, zoom?.bottom ?? 0) + 6)}px`);
    const after = this.afterLayout;
    this.afterLayout = null;
    if (after) requestAnimationFrame(after);
  }

  /** Bring a card of the sheet into view down to its buttons, now and once the table's
   *  layout has settled (opening the sheet folds the receipt line, and the board and the
   *  sheet's top move with it). */
  /** @param {number} slot */
  showPointed(slot) {
    const show = () => this.parts.market.querySelector(`[data-slot="${slot}"]`)?.scrollIntoView({ block: "end" });
    show();
    this.afterLayout = show;
    setTimeout(() => { if (this.afterLayout === show) this.afterLayout = null; }, 600);
  }

  /** Whether the side is a sheet here (a phone): its own stylesheet says so. */
  sheetLayout() {
    return getComputedStyle(this.parts.side).position === "fixed";
  }

  /**
   * Set a part's HTML only when it changed (so focus and scroll positions survive).
   * @param {Part} name
   * @param {string} html
   */
  put(name, html) {
    if (this.last[name] === html) return false;
    this.last[name] = html;
    this.parts[name].innerHTML = html;
    return true;
  }

  /** @param {TableState} state */
  update(state) {
    const started = performance.now();
    this.sheetTabShown = sheetTab(state);
    this.drawBoard(state);
    this.lastBoardMs = performance.now() - started;
    this.drawBar(state);
    this.drawMove(state);
    this.drawHand(state);
    this.drawSide(state);
    this.lastDrawMs = performance.now() - started;
  }

  /** @param {TableState} state */
  drawBoard(state) {
    const view = state.view;
    const rows = shownBoard(state);
    const anchor = cardName(state, "ancora");
    const names = Object.fromEntries((view.anchors || []).map((a) =>
      [`${a.square[0]},${a.square[1]}`, `${anchor} de ${seatName(state, a.seat)}`]));
    const doubled = Object.fromEntries(markedSquares(state).map((m) =>
      [`${m.square[0]},${m.square[1]}`, m.card]));
    const last = findMove(state, state.lastMove);
    const lastTiles = new Set((last?.tiles || []).map(([r, c]) => `${r},${c}`));
    const fresh = state.pacing?.current?.move === state.lastMove;
    const active = myTurn(state);
    const fault = state.fault ? `${state.fault[0]},${state.fault[1]}` : null;
    performance.mark("board-redraw-start");
    this.board.draw((r, c) => {
      const at = `${r},${c}`;
      /** @type {import("../types/page").SquareInfo} */
      const info = {
        cell: rows[r]?.[c], tentative: placedAt(state, r, c), anchor: names[at],
        doubled: doubled[at], last: lastTiles.has(at), fresh: fresh && lastTiles.has(at),
        cursor: active && state.cursor.row === r && state.cursor.col === c, fault: at === fault && (state.faultKind || "fault"),
      };
      const key = `${info.cell}|${info.tentative ? info.tentative.letter + info.tentative.wild : ""}|` +
        `${info.cursor}|${info.anchor || ""}|${info.doubled || ""}|${info.last}|${info.fresh}|${info.fault}`;
      return { ...squareContent(view, r, c, info, wildValue(state)), key, selected: info.cursor };
    });
    performance.mark("board-redraw-end");
    performance.measure("board-redraw", "board-redraw-start", "board-redraw-end");
    this.board.setCursor(state.cursor.row, state.cursor.col);
  }

  /** One line at every size and in every state: what does not fit is in the move row under
   * the board or in the side.
   * @param {TableState} state
   */
  drawBar(state) {
    const view = state.view;
    const seconds = Math.max(0, Math.ceil((view.deadlineMs - Date.now()) / 1000));
    // A stopped clock (Solo, while the tour is open): more than a whole turn is left.
    const stopped = view.pauseSeconds > 0 && seconds > view.turnSeconds + 5;
    const clock = clockText(seconds);
    const you = view.you;
    const turn = myTurn(state);
    const playing = state.pacing?.current?.seat ?? view.current;
    // Every seat, you first, then the others in seat order: a name never changes place.
    const seats = [...view.seats].sort((a, b) => (a.seat === you ? -1 : b.seat === you ? 1 : a.seat - b.seat));
    const theme = view.theme ? esc(view.theme.name) : "Sem tema";
    let who;
    if (view.status === "finished") who = "Partida encerrada";
    else if (state.pacing) who = `${esc(seatName(state, playing))} jogando…`;
    else if (turn) who = "<strong>Sua vez</strong>";
    else who = `Vez de ${esc(view.seats[view.current]?.name || "")}`;
    const score = (/** @type {MatchView["seats"][number]} */ seat) => {
      const full = seat.seat === you ? "Você" : esc(seat.name);
      const short = seat.seat === you ? "Você" : esc(shortName(seat.name));
      return `<span class="score-chip${seat.seat === playing && view.status !== "finished" ? " playing" : ""}"
        data-bar-seat="${seat.seat}"><span class="who"><span class="full">${full}</span><span class="short" aria-hidden="true">${short}</span></span>
        <strong>${shownScore(state, seat.seat)}</strong></span>`;
    };
    this.parts.bar.dataset.seats = String(seats.length);
    // At one's own pace, one tap from anywhere at the table (a phone's sheet open or not)
    // goes back to your list.
    const back = atOwnPace(state, view.turnSeconds)
      ? '<button type="button" class="bar-back" data-action="to-list" aria-label="Voltar às suas partidas">‹</button>' : "";
    this.put("bar", `${back}
      ${stopped ? `<span class="timer" data-timer role="timer" aria-label="Relógio parado durante o tour">parado</span>`
        : `<span class="timer${seconds <= 10 && turn ? " low" : ""}" data-timer role="timer"
            aria-label="Tempo restante: ${clock.label}">${clock.text}</span>`}
      <span class="turn" data-turn>${who}</span>
      <span class="scoreline" data-scoreline>${seats.map(score).join("")}</span>
      <span class="round" data-bar-round><span class="long">Rodada </span>${shownRound(state)}/${view.roundLimit}</span>
      <span class="theme-name" data-bar-theme title="Tema">${theme}</span>`);
  }

  /** Under the board: the preview and Confirmar on your turn (js/ui/move_row.js); the move
   * being shown, with Pular, while opponents' moves play back; whose turn it is otherwise.
   * @param {TableState} state
   */
  drawMove(state) {
    const view = state.view;
    const turn = myTurn(state);
    const current = state.pacing?.current;
    let info;
    let row = null;
    if (current) {
      info = `<span class="paced" data-pacing>${moveSummary(current, seatName(state, current.seat))}</span>`;
    } else if (view.status === "finished") {
      info = '<span class="muted">Partida encerrada.</span>';
    } else if (turn) {
      row = moveRow(state);
      info = row.html;
    } else {
      info = `<span class="muted">Vez de ${esc(seatName(state, view.current))}…</span>`;
    }
    this.put("move-info", info);
    const confirm = must(this.parts.move, "[data-action=confirm]", HTMLButtonElement);
    const skip = must(this.parts.move, "[data-action=skip-pacing]");
    skip.hidden = !current;
    confirm.hidden = Boolean(current);
    confirm.disabled = !(turn && row?.enabled);
    // Off, Confirmar says why: the sentence beside it (or the card's prompt over the hand).
    if (row?.reason && !row.enabled) confirm.setAttribute("aria-describedby", row.reason);
    else confirm.removeAttribute("aria-describedby");
    const text = state.mode === "swap" ? "Confirmar troca" : "Confirmar";
    if (confirm.textContent !== text) confirm.textContent = text;
  }

  /** @param {TableState} state */
  drawHand(state) {
    const view = state.view;
    const used = usedRack(state);
    const rack = fullRack(state);
    const turn = myTurn(state);
    const rackHtml = rack.map((code, i) => {
      const wild = isWild(state, code);
      const name = wild ? wildName(state, code) : code;
      const value = wild ? wildValue(state) : view.tileValues[code] ?? "";
      const pressed = state.selected === i || state.swap.includes(i);
      const classes = ["tile", wild ? "wild" : "", used.has(i) ? "used" : "",
                       state.selected === i ? "selected" : "", state.swap.includes(i) ? "swap" : ""]
        .filter(Boolean).join(" ");
      const visible = wild ? (code === "?" ? "?" : `?${code[1]}`) : code;
      return `<button class="${classes}" type="button" data-rack="${i}" data-value="${value}"
        aria-pressed="${pressed}" aria-label="${esc(visible)}: ${esc(wild ? name : `letra ${code}`)}${value === "" ? "" : `, vale ${value}`}${used.has(i) ? ", no tabuleiro" : ""}"
        ${used.has(i) || !turn ? "disabled" : ""}>${esc(visible)}</button>`;
    }).join("");
    this.put("rack-box", rackHtml);
    const pending = state.pendingWild;
    this.parts.picker.hidden = !pending;
    this.put("picker", pending ? `<p id="picker-title"><strong>Que letra o ${esc(wildName(state, pending.code))} vira?</strong></p>
      <div class="letters" role="group" aria-labelledby="picker-title">${[...wildLetters(state, pending.code)].map((l) =>
        `<button type="button" data-wild-letter="${l}">${l}</button>`).join("")}</div>
      <button type="button" data-action="cancel-wild">Cancelar</button>` : "");
    // A card that asks for a target says so once, over the lower hand (the controls), never
    // beside the board: the board keeps its size, and the rack stays in view for Reciclar.
    const target = state.target;
    this.parts.prompt.hidden = !target;
    let prompt = "";
    if (target) {
      const seats = target.kind === "seat" ? target.seats.map((x) =>
        `<button type="button" data-target-seat="${x.seat}">${esc(x.name)}</button>`).join("") : "";
      prompt = `<p id="target-help" data-target-help><strong>${esc(target.help)}</strong></p>
        <div class="row">${seats}<button type="button" data-action="cancel-target">Cancelar</button></div>`;
    }
    this.put("prompt", prompt);
    this.put("effects", effectsHtml(state));
    const set = (/** @type {string} */ action, /** @type {boolean} */ disabled, /** @type {string} */ text = "") => {
      const button = must(this.root, `.controls [data-action="${action}"]`, HTMLButtonElement);
      button.disabled = disabled;
      if (text && button.textContent !== text) button.textContent = text;
    };
    set("clear", !turn || (!state.placed.length && state.mode !== "swap"), state.mode === "swap" ? "Cancelar troca" : "Recolher");
    set("swap", !turn || state.mode === "swap");
    set("pass", !turn);
    set("direction", !turn, state.cursor.dir === "across" ? "Direção: →" : "Direção: ↓");
    const direction = must(this.root, '.controls [data-action="direction"]');
    direction.setAttribute("aria-label", `Direção da digitação: ${state.cursor.dir === "across" ? "horizontal" : "vertical"}`);
    direction.hidden = state.input === "touch"; // it steers typing, and a touch screen has no keys
    const verb = state.input === "touch" ? "Toque" : "Clique";
    this.parts["card-strip"].hidden = !view.cards;
    if (view.cards) this.put("card-strip", stripHtml(state, this.sheetTabShown));
    this.drawPeek(state);
    this.put("help", state.input === "touch"
      ? `${verb} numa peça e depois numa casa, ou arraste a peça. Pinça ou toque duplo: zoom.`
      : `${verb} numa peça e numa casa, ou arraste. Teclado: setas, letras, Espaço (direção), Enter (confirma), Backspace (recolhe), + − (zoom).` +
        (rack.some((code) => isWild(state, code)) ? " Uma letra que você não tem usa o coringa." : ""));
  }

  /** Your last play's title line under the hand, while the sheet with its receipt is closed
   * (on a phone; a wide screen shows the receipt in the side).
   * @param {TableState} state
   */
  drawPeek(state) {
    const own = findMove(state, state.ownReceipt);
    const show = Boolean(own?.breakdown) && !this.sheetTabShown;
    this.parts["receipt-peek"].hidden = !show;
    this.put("receipt-peek", show && own ? `
      <span class="peek-title" data-peek-title><small>Sua jogada</small>
        <span><strong>${esc(shout(own.words[0]))}</strong> · ${plural(own.points, "ponto", "pontos")}</span></span>
      <button type="button" data-action="open-receipt" aria-label="Ver o cálculo da sua jogada">Cálculo</button>
      <button type="button" class="shut" data-action="close-receipt" aria-label="Fechar o cálculo da sua jogada">×</button>` : "");
  }

  /**
   * The sheet's head (phone only): its tabs, the move being shown, Fechar.
   * @param {TableState} state
   * @param {SheetTab | null} tab
   */
  sheetHeadHtml(state, tab) {
    const tabs = [["jogadas", "Jogadas"], ...(state.view.cards ? [["cartas", "Cartas"]] : []), ["partida", "Partida"]];
    const current = state.pacing?.current;
    return `<div class="sheet-tabs" role="group" aria-label="Painel">${tabs.map(([id, label]) =>
      `<button type="button" data-sheet-tab="${id}" aria-pressed="${tab === id}">${label}</button>`).join("")}
      <button type="button" class="sheet-close" data-action="close-sheet" aria-label="Fechar o painel">Fechar</button></div>
      ${current ? `<div class="sheet-pacing"><span class="paced">${moveSummary(current, seatName(state, current.seat))}</span>
        <button type="button" data-action="skip-pacing">Pular</button></div>` : ""}`;
  }

  /** @param {TableState} state */
  drawSide(state) {
    const view = state.view;
    const tab = this.sheetTabShown;
    const side = this.parts.side;
    side.dataset.tab = tab || "";
    // On a phone every tab opens at its top (the sheet is one scrolling box for all of them).
    if (tab !== this.sideTab && this.sheetLayout()) side.scrollTop = 0;
    this.sideTab = tab;
    this.put("sheet-head", this.sheetHeadHtml(state, tab));
    const more = must(this.root, "[data-action=open-sheet]");
    more.setAttribute("aria-expanded", String(Boolean(tab)));
    const own = findMove(state, state.ownReceipt);
    const ownBox = this.parts["own-receipt"];
    ownBox.hidden = !own?.breakdown;
    this.put("own-receipt", own?.breakdown ? `
      <div class="row spread"><h3 id="own-receipt-title" tabindex="-1">Sua jogada: ${esc(shout(own.words[0]))} · ${plural(own.points, "ponto", "pontos")}</h3>
        <button type="button" data-action="close-receipt" aria-label="Fechar o cálculo da sua jogada">Fechar</button></div>
      <div data-own-breakdown id="own-breakdown">${breakdownHtml(own.breakdown, state)}</div>` : "");
    this.put("goal", this.goalHtml(state));
    this.put("theme", this.themeHtml(state));
    this.parts["market-panel"].hidden = !view.cards;
    if (view.cards) this.put("market", marketHtml(state));
    // A card tapped in the strip: its place in the sheet is brought into view, once, down to
    // its buttons (its top clears the sheet's head, which stays on top).
    const pointed = tab === "cartas" ? state.sheetCard : null;
    if (pointed !== null && pointed !== this.pointed) this.showPointed(pointed);
    this.pointed = pointed;
    const box = this.parts.history;
    const atEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 4;
    if (this.put("history", this.historyHtml(state)) && atEnd) box.scrollTop = box.scrollHeight;
  }

  /** @param {TableState} state */
  goalHtml(state) {
    const view = state.view;
    const me = view.you === null ? null : view.seats[view.you];
    // Live, a person away from the table is "desconectado"; at one's own pace everyone is
    // away between moves, and "na mesa" says who is here now.
    const paced = atOwnPace(state, view.turnSeconds);
    const presence = (/** @type {MatchView["seats"][number]} */ s) => s.bot ? ""
      : paced ? (s.online && s.seat !== view.you ? "na mesa · " : "")
        : s.online === false ? "desconectado · " : "";
    const seats = view.seats.map((s) => `
      <li class="${s.seat === view.current && view.status !== "finished" ? "current" : ""}" data-seat="${s.seat}">
        <span class="name">${esc(s.name)}${s.bot ? ' <span class="badge bot">robô</span>' : ""}${s.seat === view.you ? ' <span class="badge">você</span>' : ""}${s.left ? ' <span class="badge">saiu</span>' : ""}
          <small class="muted">${presence(s)}corrente ${s.chain}${view.cards ? ` · ${plural(s.coins ?? 0, "moeda", "moedas")}` : ""} · ${plural(s.rackSize, "peça", "peças")}</small></span>
        <span class="score" data-seat-score="${s.seat}">${shownScore(state, s.seat)}</span></li>`).join("");
    // What your chain earns now and what the next word that extends it would: your own seat's.
    const now = me?.chainBonusPct ?? 0;
    const next = me?.nextChainBonusPct ?? 0;
    const chain = me ? `<p class="chain" data-chain>Sua corrente: <strong>${me.chain}</strong>${now > 100 ? ` (${times(now)})` : ""}${next > 100 ? ` · a próxima palavra Quente ou Escaldante de raiz nova leva a ${times(next)}` : ""}.</p>` : "";
    return `<h3>Objetivo</h3>
      <p class="goal" data-goal-line>Quem chegar a <strong>${plural(view.pointTarget, "ponto", "pontos")}</strong> vence; senão, quem tiver mais ao fim da rodada ${view.roundLimit}. Rodada <strong>${shownRound(state)}</strong> de ${view.roundLimit}.</p>
      <ul class="seats">${seats}</ul>${chain}
      <p class="watchers" data-watchers>${view.watchers ? `${plural(view.watchers, "pessoa assiste", "pessoas assistem")} a esta partida. ` : ""}<button type="button" class="link" data-action="copy-link">Copiar o link para assistir</button></p>
      <p class="muted small">Corrente: jogadas seguidas Quentes ou Escaldantes ganham um bônus que cresce; passar, trocar ou jogar uma palavra Fria quebra a corrente, e uma palavra da mesma raiz não a faz crescer.</p>`;
  }

  /** @param {TableState} state */
  themeHtml(state) {
    const view = state.view;
    const theme = view.theme;
    const personal = view.you === null ? null : view.seats[view.you]?.personalTheme;
    const legend = (view.bandWeights || []).map((b) => {
      const band = BANDS[b.band] || BANDS.Frio;
      return `<li><span class="band ${band.css}">${band.label}</span> ${times(b.weightPct)} <small class="muted">${esc(band.help)}</small></li>`;
    }).join("");
    return `<h3>${theme ? `Tema: ${esc(theme.name)}` : "Sem tema (clássico)"}</h3>
      ${theme?.description ? `<p class="muted">${esc(theme.description)}</p>` : ""}
      ${personal ? `<p>Seu tema pessoal: <strong>${esc(personal.name)}</strong> (suas palavras valem pelo melhor dos dois)</p>` : ""}
      ${legend && theme ? `<ul class="legend" aria-label="Faixas de afinidade e seus pesos">${legend}</ul>` : ""}`;
  }

  /** @param {TableState} state */
  historyHtml(state) {
    const h = state.history;
    if (!h.moves.length) return '<p class="muted">Nenhuma jogada ainda.</p>';
    const more = h.older !== null && h.older !== undefined && h.older > 0
      ? '<button type="button" data-action="older-moves">Ver jogadas anteriores</button>' : "";
    const items = h.moves.map((m) => {
      const open = state.openMove === m.move;
      const canOpen = m.kind === "play";
      return `<li data-move="${m.move}" class="${m.move === state.lastMove ? "latest" : ""}">
        <div class="move-line">
          <span class="num muted">${m.move + 1}.</span> ${moveSummary(m, seatName(state, m.seat))}
          <span class="muted total" title="Total depois da jogada">${m.total ?? ""}</span>
          ${canOpen ? `<button type="button" class="link" data-open-move="${m.move}" aria-expanded="${open}">${open ? "Fechar" : "Cálculo"}</button>` : ""}
        </div>
        ${open ? (m.breakdown ? breakdownHtml(m.breakdown, state) : '<p class="muted">Carregando o cálculo…</p>') : ""}</li>`;
    }).join("");
    return `${more}<ol class="history">${items}</ol>`;
  }
}
