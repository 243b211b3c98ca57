// The first-match walk through: at a new player's first table, a card offers a short tour
// (offered once: the answer, or the offer itself, is remembered in this browser). Each step
// outlines one part of the table and says, in a sentence or two, what it is for. The tour
// never blocks the table: it is a small non-modal card, Esc or "Pular" ends it.
import { plural } from "../text.js";

const KEY = "vanlexis.tour";
const WEIGHT = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 2 });

function remembered() {
  try { return localStorage.getItem(KEY); } catch { return "unavailable"; }
}

function remember(value) {
  try { localStorage.setItem(KEY, value); } catch { /* private mode: offered again next time */ }
}

function weight(view, band) {
  const found = (view.bandWeights || []).find((w) => w.band === band);
  return found ? `×${WEIGHT.format(found.weightPct / 100)}` : "";
}

/** The steps for this table: [selector, title, text, try, done]; a list of selectors names the
 *  part where it is shown and, failing that, where it is on a phone (the side is then a closed
 *  sheet: the bar's theme and scores, the card strip stand for it). ``try`` asks the player to
 *  do what the step shows, and the tour moves on by itself once ``done(state)`` holds. The
 *  cards step only when cards are on. */
export function tourSteps(view) {
  const steps = [
    ["[data-board]", "O tabuleiro",
      "Forme palavras numa linha ou coluna, encostadas nas que já estão no tabuleiro; a primeira " +
      "passa pela casa do centro. Casas coloridas multiplicam a letra ou a palavra."],
    ["[data-rack-box]", "Sua mão",
      "Toque numa peça e depois numa casa, ou arraste a peça. O número no canto é o valor da letra. " +
      "Para tirar uma peça do tabuleiro, toque nela de novo.",
      "Experimente agora: ponha uma peça na casa do centro.", (state) => state.placed.length > 0],
    [["[data-theme]", "[data-bar-theme]"], "O tema",
      view.theme
        ? `Palavras do tema ${view.theme.name} valem mais: Escaldante ${weight(view, "Escaldante")}, ` +
          `Quente ${weight(view, "Quente")}, Morno ${weight(view, "Morno")}. Jogadas quentes ` +
          "seguidas formam uma corrente, que dá ainda mais pontos."
        : "Esta mesa não tem tema: todas as palavras valem o mesmo."],
    ["[data-move]", "Prévia e Confirmar",
      "Com as peças no tabuleiro, aqui aparecem a faixa da palavra e os pontos, antes de você " +
      "decidir. Toque em Confirmar para jogar, ou troque peças e passe a vez na sua mão.",
      "Experimente: complete uma palavra e veja a prévia aparecer aqui.",
      (state) => state.preview?.status === "ok"],
  ];
  if (view.cards) {
    steps.push([["[data-market-panel]", "[data-card-strip]"], "Cartas",
      "A cada turno você ganha moedas. Antes de jogar, pode comprar uma carta da vitrine: cada uma " +
      "diz o que faz."]);
  }
  steps.push([["[data-goal]", "[data-scoreline]"], "O objetivo",
    `Ganha quem chegar a ${plural(view.pointTarget, "ponto", "pontos")} ou tiver mais pontos ` +
    `ao fim de ${plural(view.roundLimit, "rodada", "rodadas")}. O recibo de cada ` +
    "jogada mostra a conta. A ajuda (Como jogar, no alto da página) explica o resto."]);
  return steps;
}

export class Tour {
  constructor(root) {
    this.root = root;
    this.card = null;
    this.step = -1;
    this.steps = [];
    this.onKey = (event) => { if (event.key === "Escape" && this.card) this.finish("skipped"); };
  }

  /** Offers the tour at a table when this browser has never seen it offered. */
  offer(view) {
    if (this.card || remembered() || !view || view.status === "finished") return;
    remember("offered");
    this.steps = tourSteps(view);
    this.card = document.createElement("section");
    this.card.className = "tour-card";
    this.card.setAttribute("aria-labelledby", "tour-title");
    this.card.setAttribute("data-tour", "");
    this.card.addEventListener("click", (event) => {
      const act = event.target.closest("[data-tour-act]")?.dataset.tourAct;
      if (act === "start" || act === "next") this.show(this.step + 1);
      if (act === "back") this.show(this.step - 1);
      if (act === "skip") this.finish("skipped");
      if (act === "done") this.finish("done");
    });
    document.addEventListener("keydown", this.onKey);
    document.body.append(this.card);
    this.card.innerHTML = `
      <h2 id="tour-title" tabindex="-1">Primeira partida?</h2>
      <p>Conheça a mesa em ${this.steps.length} passos rápidos. Você pode pular quando quiser.</p>
      <div class="tour-actions">
        <button type="button" data-tour-act="skip">Agora não</button>
        <button type="button" class="primary" data-tour-act="start">Mostrar a mesa</button>
      </div>`;
  }

  show(index) {
    if (index >= this.steps.length) { this.finish("done"); return; }
    this.step = Math.max(0, index);
    const [selector, title, text, tryIt] = this.steps[this.step];
    this.root.querySelectorAll(".tour-target").forEach((el) => el.classList.remove("tour-target"));
    const target = [selector].flat().map((one) => this.root.querySelector(one))
      .find((el) => el && el.getClientRects().length);
    target?.classList.add("tour-target");
    // The card must not hide what it talks about: on a wide screen it sits on the other half
    // of the page from the target; on a phone (where the table fits the screen) it sits at the
    // top or the bottom, away from the target.
    const wide = window.innerWidth >= 720;
    target?.scrollIntoView({ block: "nearest" });
    const box = target?.getBoundingClientRect();
    const side = wide && box && box.left + box.width / 2 < window.innerWidth / 2 ? "right" : "left";
    const low = box && box.top + box.height / 2 > window.innerHeight / 2;
    this.card.dataset.side = wide ? side : low ? "top" : "bottom";
    const last = this.step === this.steps.length - 1;
    this.card.innerHTML = `
      <p class="tour-count">Passo ${this.step + 1} de ${this.steps.length}</p>
      <h2 id="tour-title" tabindex="-1">${title}</h2>
      <p>${text}</p>
      ${tryIt ? `<p class="tour-try" data-tour-try>${tryIt}</p>` : ""}
      <div class="tour-actions">
        <button type="button" data-tour-act="skip">Pular</button>
        ${this.step ? '<button type="button" data-tour-act="back">Voltar</button>' : ""}
        <button type="button" class="primary" data-tour-act="${last ? "done" : "next"}">${last ? "Começar a jogar" : "Próximo"}</button>
      </div>`;
    this.card.querySelector("#tour-title").focus({ preventScroll: true });
  }

  /** The table changed: a step waiting for the player moves on once they did it. */
  update(state) {
    const done = this.card && this.step >= 0 ? this.steps[this.step]?.[4] : null;
    if (done && done(state)) this.show(this.step + 1);
  }

  finish(how) {
    remember(how);
    this.root.querySelectorAll(".tour-target").forEach((el) => el.classList.remove("tour-target"));
    document.removeEventListener("keydown", this.onKey);
    this.card?.remove();
    this.card = null;
    this.step = -1;
  }
}
