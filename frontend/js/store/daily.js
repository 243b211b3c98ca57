// @ts-check
// The Desafio do dia's shareable result.

/** @type {Record<string, string>} */
const SQUARES_BY_BAND = { Escaldante: "🟥", Quente: "🟧", Morno: "🟨", Frio: "⬜" };

/**
 * The shareable result of a daily challenge: its number, your points and one square per move
 * of yours coloured by band (⬛ a pass or a swap): no word, no spoiler.
 * @param {Pick<import("../types/page").State, "view" | "history" | "daily">} state
 */
export function dailyShareText(state) {
  const you = state.view?.you ?? null;
  const mine = state.history.moves.filter((m) => m.seat === you);
  const squares = mine.map((m) => (m.kind === "play" ? SQUARES_BY_BAND[m.band ?? "Frio"] || "⬜" : "⬛")).join("");
  const points = (you === null ? null : state.view?.seats?.[you]?.score) ?? 0;
  const number = state.daily?.number;
  return `Vanlexis · Desafio do dia${number ? ` #${number}` : ""}\n${points} pontos em ${mine.length} lances\n${squares}`;
}
