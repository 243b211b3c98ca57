// @ts-check
// What Passar asks before it passes: what a pass gives and takes in this match (coins only
// where there are cards, as many as the market says; a chain only where there is a theme), and,
// plainly, when this pass is the one that ends the match (everyone, you included, then has
// passed as many times in a row as the view's ``passesToEnd``).
import { passEndsMatch } from "./history.js";
import { capitalized, inWords, ordinal, plural } from "../text.js";

/**
 * The confirmation for Passar: {text, ok, danger}.
 * @param {Pick<import("../types/page").State, "view" | "history">} state
 */
export function passQuestion(state) {
  const view = state.view;
  if (!view) return { text: "Passar a vez?", ok: "Passar", danger: false };
  const alone = view.seats.length === 1;
  const passes = view.passesToEnd;
  if (passEndsMatch(state)) {
    const points = plural((view.you === null ? null : view.seats[view.you]?.score) ?? 0, "ponto", "pontos");
    const why = alone ? `seria a sua ${ordinal(passes)} passada seguida`
      : `todos, você também, terão passado ${inWords(passes, "vez", "vezes", { feminine: true })} seguidas`;
    return {
      text: `Passar agora encerra a partida: ${why}. Você termina com ${points}.`,
      ok: "Passar e encerrar", danger: true,
    };
  }
  const earned = view.cards && view.market ? view.market.passCoin : 0;
  const coin = earned ? `Você ganha ${plural(earned, "moeda", "moedas")}` : "";
  const chain = view.theme ? "sua corrente se quebra" : "";
  const tail = coin && chain ? ` ${coin}, mas ${chain}.` : coin ? ` ${coin}.` : chain ? ` Sua corrente se quebra.` : "";
  const ending = passes === 1 ? "Uma passada encerra a partida."
    : `${capitalized(inWords(passes, "passada", "passadas", { feminine: true }))} seguidas encerram a partida.`;
  const warn = alone ? ` ${ending}` : "";
  return { text: `Passar a vez?${tail}${warn}`, ok: "Passar", danger: false };
}
