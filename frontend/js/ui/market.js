// The card row: shop and inventory at once. One tap buys, one tap uses (with a target step);
// and the effects of cards while they last, shown next to the board.
import { esc } from "./dom.js";
import { myTurn, seatName } from "../store/view.js";
import { plural } from "../text.js";

export function marketHtml(state) {
  const market = state.view.market;
  if (!market) return "";
  const turn = myTurn(state);
  const slots = market.row.map((card, slot) => {
    if (!card) return `<div class="card empty muted">Vazio: uma carta nova chega no seu turno</div>`;
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
    return `<div class="card${card.owned ? " owned" : ""}${armed ? " armed" : ""}" data-card="${esc(card.id)}">
      <span class="name">${esc(card.name)}</span>
      <span class="muted small">Nível ${card.level} · ${card.owned ? "sua" : plural(card.price, "moeda", "moedas")}</span>
      <span class="effect">${esc(card.effect)}</span>
      <div class="row">${actions}</div></div>`;
  }).join("");
  const pending = market.pending;
  const choose = pending ? `<div class="stack" data-pending><strong>Escolha uma opção (só você vê):</strong>
    <div class="row">${pending.options.map((o, i) => `<button type="button" data-choose="${i}">${esc(o.name || o)}</button>`).join("")}</div></div>` : "";
  return `<p>Moedas: <strong data-coins>${market.coins}</strong></p>${choose}
    <div class="market">${slots}</div>`;
}

/** Active card effects, as chips next to the board (they say what acts, and for how long). */
export function effectsHtml(state) {
  const view = state.view;
  const market = view.market;
  const chips = [];
  if (market) {
    for (const left of market.mines || []) {
      chips.push(`<li data-effect="mina">Mina: +1 moeda por turno, ${plural(left, "pagamento restante", "pagamentos restantes")}</li>`);
    }
    if (market.secondWind) {
      chips.push(state.secondWord
        ? '<li data-effect="segundo-folego" class="strong">Segundo Fôlego: jogue a segunda palavra</li>'
        : '<li data-effect="segundo-folego">Segundo Fôlego: duas palavras neste turno</li>');
    }
    if (market.chainProtected) chips.push('<li data-effect="cadeia">Cadeia de Ouro: sua corrente não quebra nesta rodada</li>');
    if (market.spied) {
      chips.push(`<li data-effect="espiao">Espião: mão de ${esc(seatName(state, market.spied.seat))} até o fim da rodada: <strong>${esc(market.spied.rack.join(" "))}</strong></li>`);
    }
  }
  for (const slot of state.armedCards) {
    const card = market?.row?.[slot];
    if (!card) continue;
    const square = state.cardSquares?.[slot];
    chips.push(`<li data-effect="armed">${esc(card.name)} na jogada${card.target === "square" ? (square ? " (casa marcada no tabuleiro)" : ": toque na letra que ela dobra") : ""}</li>`);
  }
  for (const anchor of view.anchors || []) {
    if (anchor.seat === view.you) chips.push('<li data-effect="ancora">Âncora: sua casa reservada está marcada ⚓</li>');
  }
  const personal = view.seats[view.you]?.personalTheme;
  if (personal) chips.push(`<li data-effect="tema-pessoal">Tema pessoal: ${esc(personal.name)}</li>`);
  return chips.length ? `<ul class="effects" aria-label="Efeitos ativos">${chips.join("")}</ul>` : "";
}
