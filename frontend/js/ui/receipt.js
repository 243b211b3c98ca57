// @ts-check
// The score receipt: the whole calculation, letter by letter, as the server computed it.
import { esc } from "./dom.js";
import { BANDS, CHAIN_EFFECTS, plural, shout, times } from "../text.js";
import { cardName } from "../store/catalog.js";

/** @import { Breakdown, Move } from "../types/page" */
/** @import { WordScore } from "../types/protocol" */

/** @param {WordScore} word */
function lettersRows(word) {
  return word.letters.map((l) => `<tr>
      <td>${esc(l.letter)}${l.wildcard ? " <small>(coringa)</small>" : ""}${l.placed ? "" : ' <small class="muted">(no tabuleiro)</small>'}</td>
      <td>${esc(l.square)}</td>
      <td>${l.value}${l.multiplier > 1 ? ` ${times(l.multiplier * 100)}` : ""}${l.sources.length ? ` <small class="muted">${esc(l.sources.join(", "))}</small>` : ""}</td>
      <td class="num">${l.points}</td></tr>`).join("");
}

/** Why the band, when the main word counted as another word of the theme: "CHUTOU conta
 * como CHUTAR" (a conjugation as its verb, BOLINHAS as BOLA); "" when it counted as itself. */
/** @param {Breakdown} b */
export function countsAsText(b) {
  const main = b.words.find((w) => w.main);
  if (!b.matchedDisplay || !main) return "";
  return `${shout(main.display)} conta como ${shout(b.matchedDisplay)}`;
}

/** @param {Breakdown} b */
function countsAs(b) {
  const text = countsAsText(b);
  return text ? ` <small data-counts-as>(${esc(text)})</small>` : "";
}

/**
 * The breakdown as a table: each word (the main one first), then length, band and chain.
 * @param {Breakdown} b
 * @param {Pick<import("../types/page").State, "catalog">} state whose catalogue names the cards
 */
export function breakdownHtml(b, state) {
  const band = BANDS[b.band] || BANDS.Frio;
  const words = [...b.words].sort((x, y) => Number(y.main) - Number(x.main)).map((w) => `
    <tbody>
      <tr class="word-head"><th scope="rowgroup" colspan="4">${esc(shout(w.display))}${w.main ? " <small>(palavra principal)</small>" : " <small>(palavra cruzada)</small>"}</th></tr>
      ${lettersRows(w)}
      <tr class="word-sum"><td colspan="3">Soma ${w.letterSum}${w.multiplier > 1 ? ` ${times(w.multiplier * 100)} <small class="muted">(${esc(w.sources.join(", "))})</small>` : ""}</td>
        <td class="num"><strong>${w.points}</strong></td></tr>
    </tbody>`).join("");
  const longest = b.words.find((w) => w.word === b.longestWord)?.display || b.longestWord;
  const chain = b.chain;
  const chainText = CHAIN_EFFECTS[chain.effect] || "";
  return `
    <table class="breakdown">
      <caption class="sr-only">Cálculo da jogada</caption>
      <thead><tr><th scope="col">Letra</th><th scope="col">Casa</th><th scope="col">Valor</th><th scope="col" class="num">Pontos</th></tr></thead>
      ${words}
    </table>
    <dl class="steps">
      <dt>Palavras</dt><dd>${b.wordsTotal}</dd>
      ${b.lengthBonus ? `<dt>Bônus de comprimento <small>(${esc(shout(longest))})</small></dt><dd>+${b.lengthBonus}</dd>` : ""}
      <dt>Subtotal</dt><dd>${b.subtotal}</dd>
      <dt>Faixa ${band.label}${b.prisma ? ` com ${esc(cardName(state, "prisma"))}` : ""}${countsAs(b)}</dt><dd>${times(b.bandWeightPct)}</dd>
      ${chain.bonusPct !== 100 ? `<dt>Corrente de ${chain.after}</dt><dd>${times(chain.bonusPct)}</dd>` : ""}
      ${chainText ? `<dt>Corrente</dt><dd>${esc(chainText)}</dd>` : ""}
      <dt class="total">Total</dt><dd class="total" data-receipt-total>${plural(b.total, "ponto", "pontos")}</dd>
    </dl>`;
}

/**
 * A move's one-line summary: who, the words, the band and the points.
 * @param {Pick<Move, "kind" | "band" | "words" | "points" | "count">} entry
 * @param {string} name
 */
export function moveSummary(entry, name) {
  if (entry.kind === "play") {
    const band = BANDS[entry.band ?? "Frio"] || BANDS.Frio;
    const [main, ...cross] = entry.words;
    return `<span class="who">${esc(name)}</span>
      <span class="word">${esc(shout(main))}</span>${cross.length ? ` <small class="muted">+ ${esc(cross.map(shout).join(", "))}</small>` : ""}
      <span class="band ${band.css}">${band.label}</span>
      <span class="pts">+${entry.points}</span>`;
  }
  /** @type {Record<string, string>} */
  const kinds = { swap: `trocou ${plural(entry.count || 0, "peça", "peças")}`, passed: "passou",
                  timed_out: "passou (tempo esgotado)" };
  const what = kinds[entry.kind] || entry.kind;
  return `<span class="who">${esc(name)}</span> <span class="muted">${what}</span>`;
}
