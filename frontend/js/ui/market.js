// The card row: shop and inventory at once. One tap buys, one tap uses (with a target step).
import { esc } from "./dom.js";
import { myTurn } from "../store.js";

export function marketHtml(state) {
  const market = state.view.market;
  if (!market) return "";
  const turn = myTurn(state);
  const slots = market.row.map((card, slot) => {
    if (!card) return `<div class="card muted">Vazio</div>`;
    const armed = state.armedCards.includes(slot);
    let actions = "";
    if (!card.owned) {
      actions = `<button data-buy="${slot}" ${!turn || card.price > market.coins ? "disabled" : ""}>
        Comprar (${card.price})</button>`;
    } else if (card.kind === "move") {
      actions = `<button data-arm="${slot}" aria-pressed="${armed}" ${turn ? "" : "disabled"}>
        ${armed ? "Na jogada ✓" : "Usar na jogada"}</button>
        <button data-sell="${slot}" ${turn ? "" : "disabled"}>Vender</button>`;
    } else {
      actions = `<button data-use="${slot}" ${turn ? "" : "disabled"}>Usar</button>
        <button data-sell="${slot}" ${turn ? "" : "disabled"}>Vender</button>`;
    }
    return `<div class="card${card.owned ? " owned" : ""}${armed ? " armed" : ""}" data-card="${esc(card.id)}">
      <span class="name">${esc(card.name)}</span>
      <span class="muted">Nível ${card.level} · ${card.owned ? "sua" : `${card.price} moedas`}</span>
      <span class="effect">${esc(card.effect)}</span>
      <div class="row">${actions}</div></div>`;
  }).join("");
  const pending = market.pending;
  const choose = pending ? `<div class="stack" data-pending><strong>Escolha uma opção:</strong>
    <div class="row">${pending.options.map((o, i) => `<button data-choose="${i}">${esc(o.name || o)}</button>`).join("")}</div></div>` : "";
  const seats = state.target?.kind === "seat" ? state.target.seats.map((x) =>
    `<button data-target-seat="${x.seat}">${esc(x.name)}</button>`).join("") : "";
  const target = state.target ? `<p data-target-help><strong>${esc(state.target.help)}</strong>
    ${seats} <button data-action="cancel-target">Cancelar</button></p>` : "";
  const spied = market.spied ? `<p>Mão de ${esc(state.view.seats[market.spied.seat]?.name)} (Espião): ${esc(market.spied.rack.join(" "))}</p>` : "";
  return `<p>Moedas: <strong data-coins>${market.coins}</strong></p>${target}${choose}${spied}
    <div class="market">${slots}</div>`;
}
