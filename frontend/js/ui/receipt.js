// The score receipt: the whole calculation, letter by letter, as the server computed it.
import { esc } from "./dom.js";
import { BANDS, CHAIN_EFFECTS } from "../text.js";

export function receiptHtml(receipt) {
  if (!receipt) return '<p class="muted">Nenhuma jogada ainda.</p>';
  const b = receipt.breakdown;
  const band = BANDS[b.band] || BANDS.Frio;
  const words = b.words.map((w) => `
    <tr><th colspan="4">${esc(w.display)}${w.main ? " (principal)" : ""}</th></tr>
    ${w.letters.map((l) => `<tr><td>${esc(l.letter)}${l.wildcard ? " (curinga)" : ""}</td>
      <td>${esc(l.square)}</td><td>${l.value}${l.multiplier > 1 ? ` × ${l.multiplier}` : ""}
      ${l.sources.length ? `<small class="muted">${esc(l.sources.join(", "))}</small>` : ""}</td>
      <td>${l.points}</td></tr>`).join("")}
    <tr><td colspan="3">Soma ${w.letter_sum}${w.multiplier > 1 ? ` × ${w.multiplier} (${esc(w.sources.join(", "))})` : ""}</td>
      <td><strong>${w.points}</strong></td></tr>`).join("");
  const chain = b.chain;
  return `
    <p data-receipt-summary><strong>${esc(receipt.name)}</strong>:
      <span class="band ${band.css}">${band.label}</span>
      <span class="total" data-receipt-total>${b.total} pontos</span></p>
    <details data-receipt-details>
      <summary>Ver o cálculo</summary>
      <table>${words}</table>
      <p>Palavras: ${b.words_total} · bônus de comprimento (${esc(b.longest_word)}): ${b.length_bonus}
        · subtotal ${b.subtotal}</p>
      <p>Faixa ${band.label}: × ${(b.band_weight_pct / 100).toFixed(2)}${b.prisma ? " (Prisma)" : ""}
        ${chain.bonus_pct !== 100 ? ` · corrente ${chain.after}: × ${(chain.bonus_pct / 100).toFixed(2)}` : ""}
        ${CHAIN_EFFECTS[chain.effect] ? ` · ${CHAIN_EFFECTS[chain.effect]}` : ""}</p>
      <p class="total">Total: ${b.total}</p>
    </details>`;
}
