// What Passar asks before it passes: what a pass gives and takes in this match (a coin only
// where there are cards, a chain only where there is a theme), and, plainly, when this pass is
// the one that ends the match (everyone, you included, then has passed twice in a row).
import { passEndsMatch } from "./history.js";
import { plural } from "../text.js";

/** The confirmation for Passar: {text, ok, danger}. */
export function passQuestion(state) {
  const view = state.view;
  const alone = view.seats.length === 1;
  if (passEndsMatch(state)) {
    const points = plural(view.seats[view.you]?.score ?? 0, "ponto", "pontos");
    const why = alone ? "seria a sua segunda passada seguida"
      : "todos, você também, terão passado duas vezes seguidas";
    return {
      text: `Passar agora encerra a partida: ${why}. Você termina com ${points}.`,
      ok: "Passar e encerrar", danger: true,
    };
  }
  const coin = view.cards ? "Você ganha 1 moeda" : "";
  const chain = view.theme ? "sua corrente se quebra" : "";
  const tail = coin && chain ? ` ${coin}, mas ${chain}.` : coin ? ` ${coin}.` : chain ? ` Sua corrente se quebra.` : "";
  const warn = alone ? " Duas passadas seguidas encerram a partida." : "";
  return { text: `Passar a vez?${tail}${warn}`, ok: "Passar", danger: false };
}
