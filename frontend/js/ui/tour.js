// @ts-check
// The first-match walk through: at a new player's first Solo table, a card offers a short tour
// (offered once: the answer, or the offer itself, is remembered in this browser). Each step
// outlines one part of the table and says, in a sentence or two, what it is for.
//
// The tour never costs turn time: it is offered at a Solo table only (the view's
// ``pauseSeconds``: nobody waits there; a first match elsewhere leaves it for the first Solo
// one), where it stops the turn's clock while it is open and starts it again, with a whole
// turn, when it closes. Nor is it ever in the way of the turn: it moves only when the player
// taps Próximo, Voltar or Pular (doing what a step suggests is acknowledged, never a jump to
// another step), and its card sits where nothing of the play is: over the side column on a
// wide screen, below the hand on a phone (the card strip, the controls and the help line),
// never over the board, the rack or the move row. Esc or "Pular" ends it; it is a small
// non-modal card.
import { plural } from "../text.js";
import { placeCard } from "./tour_place.js";
import { must, targetOf } from "./dom.js";

/** @import { State, MatchView, Step } from "../types/page" */

const KEY = "vanlexis.tour";
const WEIGHT = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 2 });

function remembered() {
  try { return localStorage.getItem(KEY); } catch { return "unavailable"; }
}

/** @param {string} value */
function remember(value) {
  try { localStorage.setItem(KEY, value); } catch { /* private mode: offered again next time */ }
}

/** @param {MatchView} view @param {string} band */
function weight(view, band) {
  const found = (view.bandWeights || []).find((w) => w.band === band);
  return found ? `×${WEIGHT.format(found.weightPct / 100)}` : "";
}

/** The steps for this table: {target, title, text, tryIt, done, doneText}. ``target`` is a
 *  selector or a list of them: the first one shown is outlined (on a phone the side is a closed
 *  sheet, and the bar's theme and scores or the card strip stand for it). ``tryIt`` suggests
 *  doing what the step shows; once ``done(state)`` holds, ``doneText`` says so. The cards step
 *  only when cards are on. The verbs follow the input in use (a tap or a click). */
/**
 * @param {MatchView} view
 * @param {State["input"]} [input]
 * @returns {Step[]}
 */
export function tourSteps(view, input = "mouse") {
  const touch = input === "touch";
  const tap = touch ? "Toque" : "Clique";
  /** @type {Step[]} */
  const steps = [
    { target: "[data-board]", title: "O tabuleiro",
      text: "Forme palavras numa linha ou coluna, ligadas às do tabuleiro; a primeira passa pela " +
        "casa ★. Casas coloridas multiplicam a letra (L) ou a palavra (P)." },
    { target: "[data-rack-box]", title: "Sua mão",
      text: `${tap} numa peça e depois numa casa, ou arraste. ${tap} de novo numa peça posta ` +
        "para tirá-la.",
      tryIt: "Experimente: uma peça na casa ★ do centro.",
      done: (state) => state.placed.length > 0,
      doneText: "Isso! Continue quando quiser: o tour espera." },
    { target: ["[data-theme]", "[data-bar-theme]"], title: "O tema",
      text: view.theme
        ? `Palavras do tema ${view.theme.name} valem mais: Escaldante ${weight(view, "Escaldante")}, ` +
          `Quente ${weight(view, "Quente")}, Morno ${weight(view, "Morno")}. Quentes seguidas ` +
          "formam uma corrente, com bônus."
        : "Esta mesa não tem tema: todas as palavras valem o mesmo." },
    { target: "[data-move]", title: "Prévia e Confirmar",
      text: "Os pontos e a faixa da palavra aparecem aqui antes de você decidir; Confirmar joga.",
      tryIt: "Experimente: complete uma palavra e veja a prévia.",
      done: (state) => state.preview?.status === "ok",
      doneText: "A prévia apareceu: Confirmar joga a palavra." },
  ];
  if (view.cards) {
    steps.push({ target: ["[data-market-panel]", "[data-card-strip]"], title: "Cartas",
      text: "A cada turno você ganha moedas. Antes de jogar, compre uma carta da vitrine: cada " +
        "uma diz o que faz." });
  }
  steps.push({ target: ["[data-goal]", "[data-scoreline]"], title: "O objetivo",
    text: `Ganha quem chegar a ${plural(view.pointTarget, "ponto", "pontos")} ou tiver mais ` +
      `ao fim de ${plural(view.roundLimit, "rodada", "rodadas")}. Como jogar, no alto da ` +
      "página, explica o resto." });
  return steps;
}

/** Whether the tour stops this turn's clock: a table that allows it, on your own turn. */
/** @param {MatchView | null | undefined} view */
export function stopsClock(view) {
  return Boolean(view && view.pauseSeconds > 0 && view.status !== "finished"
    && view.you !== null && view.you !== undefined && view.current === view.you);
}

export class Tour {
  /**
   * @param {HTMLElement} root the page's main box, where the table is
   * @param {(running: boolean) => void} [clock] stops (false) or restarts (true) the turn's clock
   */
  constructor(root, clock = () => {}) {
    this.root = root;
    this.clock = clock;
    /** @type {HTMLElement | null} */
    this.card = null;
    this.step = -1;
    /** @type {Step[]} */
    this.steps = [];
    /** @type {State["input"]} */
    this.input = "mouse";
    /** @type {boolean | null} whether the step's suggestion shows as done */
    this.doneShown = null;
    /** @type {State | null} */
    this.lastState = null;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.follow = undefined;
    this.frame = 0;
    this.onKey = (/** @type {KeyboardEvent} */ event) => { if (event.key === "Escape" && this.card) this.finish("skipped"); };
    // The table's layout may change under the card (a rotation, the sheet): it follows.
    this.onResize = () => { if (this.card) placeCard(this.card, this.target()); };
  }

  /**
   * Offers the tour at a table when this browser has never seen it offered.
   * @param {State} state
   */
  offer(state) {
    const view = state.view;
    if (this.card || remembered() || !view || view.status === "finished") return;
    // Only at a table whose clock it can stop (Solo): elsewhere someone waits, and reading
    // would cost turn time. A first match in Normal, a room or the daily leaves it for later.
    if (!(view.pauseSeconds > 0)) return;
    remember("offered");
    this.input = state.input;
    this.steps = tourSteps(view, state.input);
    const card = document.createElement("section");
    this.card = card;
    card.className = "tour-card";
    card.setAttribute("aria-labelledby", "tour-title");
    card.setAttribute("data-tour", "");
    card.addEventListener("click", (event) => {
      const act = targetOf(event)?.closest("[data-tour-act]")?.getAttribute("data-tour-act");
      if (act === "start" || act === "next") this.show(this.step + 1);
      if (act === "back") this.show(this.step - 1);
      if (act === "skip") this.finish("skipped");
      if (act === "done") this.finish("done");
    });
    document.addEventListener("keydown", this.onKey);
    window.addEventListener("resize", this.onResize);
    // The table may settle after the card is placed (the hand drawn, fonts loaded) with no
    // frame or resize to say so: the card checks its place a few times a second while open.
    this.follow = setInterval(this.onResize, 400);
    document.body.append(card);
    card.innerHTML = `
      <h2 id="tour-title" tabindex="-1">Primeira partida?</h2>
      <p>Conheça a mesa em ${this.steps.length} passos. O tour só avança quando você pede e não
        cobre o tabuleiro nem a sua mão. O relógio fica parado enquanto ele estiver aberto, e
        você recomeça com o turno inteiro.</p>
      <div class="tour-actions">
        <button type="button" data-tour-act="skip">Agora não</button>
        <button type="button" class="primary" data-tour-act="start">Mostrar a mesa</button>
      </div>`;
    placeCard(card, null);
  }

  /** The part of the table the current step outlines (the first of its selectors shown). */
  target() {
    const step = this.steps[this.step];
    if (!step) return null;
    return [step.target].flat().map((one) => this.root.querySelector(one))
      .find((el) => el && el.getClientRects().length) || null;
  }

  /** @param {number} index */
  show(index) {
    const card = this.card;
    if (!card) return;
    if (index >= this.steps.length) { this.finish("done"); return; }
    this.step = Math.max(0, index);
    const step = this.steps[this.step];
    this.root.querySelectorAll(".tour-target").forEach((el) => { el.classList.remove("tour-target"); });
    const target = this.target();
    target?.classList.add("tour-target");
    const last = this.step === this.steps.length - 1;
    card.innerHTML = `
      <p class="tour-count">Passo ${this.step + 1} de ${this.steps.length}</p>
      <h2 id="tour-title" tabindex="-1">${step.title}</h2>
      <p>${step.text}</p>
      <p class="tour-try" data-tour-try${step.tryIt ? "" : " hidden"}></p>
      <div class="tour-actions">
        <button type="button" data-tour-act="skip">Pular</button>
        ${this.step ? '<button type="button" data-tour-act="back">Voltar</button>' : ""}
        <button type="button" class="primary" data-tour-act="${last ? "done" : "next"}">${last ? "Começar a jogar" : "Próximo"}</button>
      </div>`;
    this.doneShown = null;
    this.drawTry(this.lastState);
    placeCard(card, target);
    must(card, "#tour-title").focus({ preventScroll: true });
  }

  /**
   * The step's suggestion, or, once the player did it, that they did (no jump).
   * @param {State | null} state
   */
  drawTry(state) {
    const step = this.steps[this.step];
    const line = this.card?.querySelector("[data-tour-try]");
    if (!step?.tryIt || !line) return;
    const done = Boolean(state && step.done?.(state));
    if (done === this.doneShown) return;
    this.doneShown = done;
    line.textContent = done ? `✓ ${step.doneText}` : step.tryIt;
    line.classList.toggle("done", done);
  }

  /** The table changed: the step's suggestion follows what the player did, and the card
   *  follows the table's layout (it settles after the first frames, the hand may grow).
   * @param {State} state
   */
  update(state) {
    this.lastState = state;
    if (!this.card) return;
    const view = state.view;
    // Each of your turns while the tour is open (the store keeps which turn was stopped).
    if (view && stopsClock(view) && state.clockStopped !== view.turn) this.clock(false);
    if (this.step >= 0) this.drawTry(state);
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(() => { if (this.card) placeCard(this.card, this.target()); });
  }

  /** @param {"done" | "skipped"} how */
  finish(how) {
    remember(how);
    const view = this.lastState?.view;
    const stopped = this.lastState?.clockStopped ?? null;
    if (stopped !== null && view && stopsClock(view) && view.turn === stopped) {
      this.clock(true); // the turn starts again, whole: the time read away is not lost
    }
    this.root.querySelectorAll(".tour-target").forEach((el) => { el.classList.remove("tour-target"); });
    document.removeEventListener("keydown", this.onKey);
    window.removeEventListener("resize", this.onResize);
    clearInterval(this.follow);
    this.card?.remove();
    this.card = null;
    this.step = -1;
  }
}
