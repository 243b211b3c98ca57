// The match table: board, rack, live preview, controls, seats, theme, market, receipt, log.
// The board's 441 squares are built once and only the squares that change are touched.
import { esc, el } from "./dom.js";
import { BANDS, SQUARES, squareName } from "../text.js";
import { fullRack, isWild, myTurn, usedRack } from "../store.js";
import { receiptHtml } from "./receipt.js";
import { marketHtml } from "./market.js";

const SIZE = 21;

export class TableView {
  constructor(root) {
    this.root = root;
    root.innerHTML = `
      <div class="table">
        <section class="board-wrap" aria-label="Mesa">
          <div class="board" role="grid" aria-label="Tabuleiro de 21 por 21 casas"></div>
          <div class="rack" role="list" aria-label="Suas peças"></div>
          <div class="picker" data-picker hidden></div>
          <div class="preview" data-preview aria-live="polite"></div>
          <div class="controls">
            <button class="primary" data-action="confirm">Confirmar</button>
            <button data-action="clear">Recolher</button>
            <button data-action="swap">Trocar peças</button>
            <button data-action="pass">Passar</button>
            <button data-action="direction" aria-label="Mudar direção da digitação"></button>
            <button class="danger" data-action="leave-match">Sair</button>
          </div>
          <p class="muted" data-help>Toque numa peça e depois numa casa, arraste, ou use o teclado:
            setas movem, letras colocam, Espaço muda a direção, Enter confirma, Backspace recolhe.</p>
        </section>
        <aside class="stack">
          <section class="panel" data-info></section>
          <section class="panel" data-market-panel><h2>Cartas</h2><div data-market></div></section>
          <section class="panel receipt" data-receipt-panel><h2>Última jogada</h2><div data-receipt></div></section>
          <section class="panel"><h2>Acontecimentos</h2><ol class="log" data-log></ol></section>
        </aside>
      </div>`;
    this.board = root.querySelector(".board");
    this.squares = [];
    this.keys = [];
    for (let r = 0; r < SIZE; r += 1) {
      for (let c = 0; c < SIZE; c += 1) {
        const square = el("button", { class: "square", "data-row": r, "data-col": c,
                                      role: "gridcell", tabindex: -1, type: "button" });
        this.board.append(square);
        this.squares.push(square);
        this.keys.push("");
      }
    }
    this.rack = root.querySelector(".rack");
    this.picker = root.querySelector("[data-picker]");
    this.previewBox = root.querySelector("[data-preview]");
    this.info = root.querySelector("[data-info]");
    this.market = root.querySelector("[data-market]");
    this.marketPanel = root.querySelector("[data-market-panel]");
    this.receipt = root.querySelector("[data-receipt]");
    this.logBox = root.querySelector("[data-log]");
    this.last = {};
  }

  square(row, col) {
    return this.squares[row * SIZE + col];
  }

  update(state) {
    const started = performance.now();
    performance.mark("board-redraw-start");
    this.drawBoard(state);
    performance.mark("board-redraw-end");
    performance.measure("board-redraw", "board-redraw-start", "board-redraw-end");
    this.drawRack(state);
    this.drawPreview(state);
    this.drawControls(state);
    this.drawInfo(state);
    this.drawSide(state);
    this.lastDrawMs = performance.now() - started;
  }

  drawBoard(state) {
    const view = state.view;
    const placed = new Map(state.placed.map((p) => [`${p.row},${p.col}`, p]));
    const anchors = new Set((view.anchors || []).map((a) => `${a.square[0]},${a.square[1]}`));
    const lastTiles = new Set((state.receipt?.breakdown?.words || [])
      .flatMap((w) => w.letters.filter((l) => l.placed).map((l) => l.square)));
    const turn = myTurn(state);
    for (let r = 0; r < SIZE; r += 1) {
      for (let c = 0; c < SIZE; c += 1) {
        const cell = view.board[r][c];
        const tentative = placed.get(`${r},${c}`);
        const bonus = view.layout[r][c];
        const cursor = turn && state.cursor.row === r && state.cursor.col === c;
        const name = squareName(r, c);
        const key = `${cell}|${tentative ? tentative.letter + tentative.wild : ""}|${cursor}|` +
          `${anchors.has(`${r},${c}`)}|${lastTiles.has(name)}`;
        const index = r * SIZE + c;
        if (this.keys[index] === key) continue;
        this.keys[index] = key;
        const square = this.squares[index];
        const kind = SQUARES[bonus] || SQUARES["."];
        square.className = `square ${kind.css}${cursor ? " cursor" : ""}` +
          `${anchors.has(`${r},${c}`) ? " anchored" : ""}`;
        square.tabIndex = cursor ? 0 : -1;
        if (cell !== ".") {
          const letter = cell.toUpperCase();
          const wild = cell !== letter;
          const value = wild ? 0 : view.tile_values[letter] ?? "";
          square.innerHTML = `<span class="tile${wild ? " wild" : ""}${lastTiles.has(name) ? " last" : ""}">${letter}<sub>${value}</sub></span>`;
          square.setAttribute("aria-label", `${name}: ${letter}${wild ? " (curinga)" : ""}`);
        } else if (tentative) {
          square.innerHTML = `<span class="tile new${tentative.wild ? " wild" : ""}">${tentative.letter}</span>`;
          square.setAttribute("aria-label", `${name}: ${tentative.letter}, peça sua ainda não confirmada`);
        } else {
          square.innerHTML = kind.short ? `<span class="lbl">${kind.short}</span>` : "";
          square.setAttribute("aria-label", `${name}${kind.label ? `, ${kind.label}` : ""}, vazia`);
        }
      }
    }
  }

  drawRack(state) {
    const view = state.view;
    const used = usedRack(state);
    const rack = fullRack(state);
    const key = JSON.stringify([rack, [...used], state.selected, state.swap, state.mode]);
    if (this.last.rack === key) return;
    this.last.rack = key;
    this.rack.innerHTML = rack.map((code, i) => {
      const wild = isWild(code);
      const label = wild ? { "?": "curinga", "?V": "curinga de vogal", "?C": "curinga de consoante" }[code] : code;
      const classes = ["tile", wild ? "wild" : "", used.has(i) ? "used" : "",
                       state.selected === i ? "selected" : "",
                       state.swap.includes(i) ? "swap" : ""].join(" ");
      return `<button class="${classes}" type="button" role="listitem" data-rack="${i}"
        aria-pressed="${state.selected === i || state.swap.includes(i)}"
        aria-label="Peça ${esc(label)}${used.has(i) ? " (no tabuleiro)" : ""}"${used.has(i) ? " disabled" : ""}>
        ${esc(wild ? "?" : code)}${wild ? `<sub>${code === "?" ? "" : code[1]}</sub>` : `<sub>${view.tile_values[code] ?? ""}</sub>`}</button>`;
    }).join("");
    const pending = state.pendingWild;
    this.picker.hidden = !pending;
    if (pending) {
      const letters = { "?": "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "?V": "AEIOU", "?C": "BCDFGHJKLMNPQRSTVWXYZ" }[pending.code];
      this.picker.innerHTML = `<span>Que letra o curinga vira?</span>` +
        [...letters].map((l) => `<button type="button" data-wild-letter="${l}">${l}</button>`).join("");
    }
  }

  drawPreview(state) {
    const p = state.preview;
    let html = "";
    if (state.mode === "swap") {
      html = `<span>Escolha até 3 peças para trocar e confirme.</span>`;
    } else if (!state.placed.length) {
      html = myTurn(state) ? `<span class="muted">Sua vez: monte uma palavra.</span>` : "";
    } else if (p.status === "pending") {
      html = `<span class="muted">Calculando…</span>`;
    } else if (p.status === "ok") {
      const band = BANDS[p.breakdown.band] || BANDS.Frio;
      const main = p.breakdown.words.find((w) => w.main) || p.breakdown.words[0];
      html = `<span>${esc(main?.display || "")}</span>
        <span class="band ${band.css}" data-band="${esc(band.label)}">${band.label}</span>
        <span class="points" data-preview-points>${p.breakdown.total} pontos</span>`;
    } else if (p.status === "error") {
      html = `<span class="muted" data-preview-error>${esc(p.message)}</span>`;
    }
    if (this.last.preview !== html) {
      this.last.preview = html;
      this.previewBox.innerHTML = html;
    }
  }

  drawControls(state) {
    const turn = myTurn(state);
    const set = (action, disabled, text) => {
      const button = this.root.querySelector(`[data-action="${action}"]`);
      button.disabled = disabled;
      if (text) button.textContent = text;
    };
    set("confirm", !turn || (state.mode === "play" ? !state.placed.length : !state.swap.length),
        state.mode === "swap" ? "Confirmar troca" : "Confirmar");
    set("clear", !turn, state.mode === "swap" ? "Cancelar troca" : "Recolher");
    set("swap", !turn || state.mode === "swap");
    set("pass", !turn);
    set("direction", !turn, state.cursor.dir === "across" ? "Direção: →" : "Direção: ↓");
  }

  drawInfo(state) {
    const view = state.view;
    const seconds = Math.max(0, Math.ceil((view.deadline_ms - Date.now()) / 1000));
    const theme = view.theme;
    const mine = view.seats[view.you];
    const personal = mine?.personal_theme;
    const key = JSON.stringify([view.seats, view.current, view.turn, view.round, seconds,
                                theme, personal, view.status]);
    if (this.last.info === key) return;
    this.last.info = key;
    const seats = view.seats.map((s) => `
      <li class="${s.seat === view.current ? "current" : ""}" data-seat="${s.seat}">
        <span>${esc(s.name)}${s.bot ? ' <span class="badge bot">robô</span>' : ""}${s.seat === view.you ? ' <span class="badge">você</span>' : ""}${s.left ? ' <span class="badge">saiu</span>' : ""}
          <br><small class="muted">${s.bot ? "" : s.online === false ? "○ desconectado · " : "● conectado · "}corrente ${s.chain}${view.cards ? ` · ${s.coins} moedas` : ""} · ${s.rack_size} peças</small></span>
        <span class="score">${s.score}</span></li>`).join("");
    const current = view.seats[view.current];
    this.info.innerHTML = `
      <div class="row" style="justify-content:space-between">
        <span>Rodada ${view.round} de ${view.round_limit}</span>
        <span class="timer${seconds <= 10 ? " low" : ""}" data-timer aria-label="Tempo restante">${seconds} s</span>
      </div>
      <p data-turn>${view.current === view.you ? "<strong>Sua vez!</strong>" : `Vez de ${esc(current?.name || "")}`}</p>
      <ul class="seats">${seats}</ul>
      <div class="theme-box" data-theme>${theme ? `<h3>Tema: ${esc(theme.name)}</h3><p class="muted">${esc(theme.description)}</p>` : "<h3>Sem tema (clássico)</h3>"}
      ${personal ? `<p>Seu tema pessoal: <strong>${esc(personal.name)}</strong></p>` : ""}</div>`;
  }

  drawSide(state) {
    const view = state.view;
    this.marketPanel.hidden = !view.cards;
    if (view.cards) {
      const html = marketHtml(state);
      if (this.last.market !== html) {
        this.last.market = html;
        this.market.innerHTML = html;
      }
    }
    const receipt = receiptHtml(state.receipt);
    if (this.last.receipt !== receipt) {
      this.last.receipt = receipt;
      this.receipt.innerHTML = receipt;
    }
    const log = state.log.map((line) => `<li>${esc(line)}</li>`).join("");
    if (this.last.log !== log) {
      this.last.log = log;
      this.logBox.innerHTML = log;
      this.logBox.scrollTop = this.logBox.scrollHeight;
    }
  }
}
