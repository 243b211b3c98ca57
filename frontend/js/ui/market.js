// @ts-check
// The card row: shop and inventory at once. One tap buys, one tap uses (with a target step);
// the strip under the rack that points at it on a phone; and the effects of cards while they
// last, shown next to the board.
import { esc } from "./dom.js";
import { myTurn, seatName } from "../store/view.js";
import { plural } from "../text.js";
import { cardName, shortCardName } from "../store/catalog.js";

/** @import { State, SheetTab } from "../types/page" */

/** @param {State} state */
export function marketHtml(state) {
  const market = state.view?.market;
  if (!market) return "";
  const turn = myTurn(state);
  const slots = market.row.map((card, slot) => {
    if (!card) return `<div class="card empty muted" data-slot="${slot}">Vazio: uma carta nova chega no seu turno</div>`;
    const armed = state.armedCards.includes(slot);
    let actions = "";
    if (!card.owned) {
      actions = `<button type="button" data-buy="${slot}" ${!turn || card.price > market.coins ? "disabled" : ""}>
        Comprar por ${plural(card.price, "moeda", "moedas")}</button>`;
    } else if (card.kind === "move") {
      actions = `<button type="button" data-arm="${slot}" aria-pressed="${armed}" ${turn ? "" : "disabled"}>
        ${armed ? "Na jogada ✓" : "Usar na jogada"}</button>
        <button type="button" data-sell="${slot}" ${turn ? "" : "disabled"}>Vender</button>`;
    } else {
      actions = `<button type="button" data-use="${slot}" ${turn ? "" : "disabled"}>Usar</button>
        <button type="button" data-sell="${slot}" ${turn ? "" : "disabled"}>Vender</button>`;
    }
    const pointed = state.sheetCard === slot ? " pointed" : "";
    return `<div class="card${card.owned ? " owned" : ""}${armed ? " armed" : ""}${pointed}" data-card="${esc(card.id)}" data-slot="${slot}">
      <span class="name">${esc(card.name)}</span>
      <span class="muted small">Nível ${card.level} · ${card.owned ? "sua" : plural(card.price, "moeda", "moedas")}</span>
      <span class="effect">${esc(card.effect)}</span>
      <div class="row">${actions}</div></div>`;
  }).join("");
  const pending = market.pending;
  const choose = pending ? `<div class="stack" data-pending><strong>Escolha uma opção (só você vê):</strong>
    <div class="row">${pending.options.map((o, i) => `<button type="button" data-choose="${i}">${esc(typeof o === "string" ? o : o.name)}</button>`).join("")}</div></div>` : "";
  return `<p>Moedas: <strong data-coins>${market.coins}</strong></p>${choose}
    <div class="market">${slots}</div>`;
}

/** The card row in one line under the rack (a phone): your coins, then each slot's name and
 *  what it costs or that it is yours; a tap opens the sheet on that card. */
/** @param {State} state @param {SheetTab | null} tab the sheet's open tab */
export function stripHtml(state, tab) {
  const market = state.view?.market;
  if (!market) return "";
  const chips = market.row.map((card, slot) => {
    const open = tab === "cartas" && state.sheetCard === slot;
    if (!card) {
      return `<button type="button" class="chip empty" data-open-card="${slot}" aria-pressed="${open}">
        <span class="name">Vazio</span><small>nova no seu turno</small></button>`;
    }
    const armed = state.armedCards.includes(slot);
    const status = armed ? "na jogada ✓" : card.owned ? "sua" : plural(card.price, "moeda", "moedas");
    const classes = ["chip", card.owned ? "owned" : "", armed ? "armed" : "",
                     !card.owned && card.price > market.coins ? "dear" : ""].filter(Boolean).join(" ");
    const short = shortCardName(state, card.id);
    // What fits on the chip (the catalogue's short name), then the whole name for screen
    // readers (the spoken name still begins with the words seen).
    const name = short !== card.name
      ? `<span class="name">${esc(short)}</span><span class="sr-only">, ${esc(card.name)}</span>`
      : `<span class="name">${esc(card.name)}</span>`;
    return `<button type="button" class="${classes}" data-open-card="${slot}" aria-pressed="${open}">
      ${name}<small>${status}</small></button>`;
  }).join("");
  const pending = market.pending
    ? '<button type="button" class="chip alert" data-sheet-tab="cartas">Escolha <small>uma opção</small></button>' : "";
  return `<span class="coins" data-strip-coins>Moedas <strong>${market.coins}</strong></span>${pending}${chips}`;
}

/**
 * Active card effects, as chips over the rack (they say what acts, and for how long).
 * @param {State} state
 */
export function effectsHtml(state) {
  const view = state.view;
  if (!view) return "";
  const market = view.market;
  const chips = [];
  if (market) {
    // Each chip names its card as the catalogue does (the card has left the row by now).
    const name = (/** @type {string} */ id) => esc(cardName(state, id));
    for (const left of market.mines || []) {
      chips.push(`<li data-effect="mina">${name("mina")}: rende a cada turno, ${plural(left, "pagamento restante", "pagamentos restantes")}</li>`);
    }
    if (market.secondWind) {
      chips.push(state.secondWord
        ? `<li data-effect="segundo-folego" class="strong">${name("segundo_folego")}: jogue a segunda palavra</li>`
        : `<li data-effect="segundo-folego">${name("segundo_folego")}: uma segunda palavra neste turno</li>`);
    }
    if (market.chainProtected) chips.push(`<li data-effect="cadeia">${name("cadeia_de_ouro")}: sua corrente não quebra nesta rodada</li>`);
    if (market.spied) {
      chips.push(`<li data-effect="espiao">${name("espiao")}: mão de ${esc(seatName(state, market.spied.seat))} até o fim da rodada: <strong>${esc(market.spied.rack.join(" "))}</strong></li>`);
    }
  }
  // A card armed for the play is not listed here: the card strip and the side mark it "na
  // jogada", its target is asked once over the hand, and a chip appearing mid-move would
  // take height from the board.
  for (const anchor of view.anchors || []) {
    if (anchor.seat === view.you) chips.push(`<li data-effect="ancora">${esc(cardName(state, "ancora"))}: sua casa reservada está marcada ⚓</li>`);
  }
  const personal = view.you === null ? null : view.seats[view.you]?.personalTheme;
  if (personal) chips.push(`<li data-effect="tema-pessoal">${esc(cardName(state, "tema_pessoal"))}: ${esc(personal.name)}</li>`);
  return chips.length ? `<ul class="effects" aria-label="Efeitos ativos">${chips.join("")}</ul>` : "";
}
