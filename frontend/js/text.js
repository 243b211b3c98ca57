// Every word the page shows, in Brazilian Portuguese, and the look of the bands.
export const BANDS = {
  Frio: { css: "band-frio", label: "Frio" },
  Morno: { css: "band-morno", label: "Morno" },
  Quente: { css: "band-quente", label: "Quente" },
  Escaldante: { css: "band-escaldante", label: "Escaldante" },
};

export const SQUARES = {
  d: { css: "sq-dl", label: "Letra ×2", short: "L×2" },
  t: { css: "sq-tl", label: "Letra ×3", short: "L×3" },
  D: { css: "sq-dw", label: "Palavra ×2", short: "P×2" },
  T: { css: "sq-tw", label: "Palavra ×3", short: "P×3" },
  "*": { css: "sq-start", label: "Início", short: "★" },
  ".": { css: "sq-plain", label: "", short: "" },
};

export const REASONS = {
  target: "alguém alcançou a pontuação-alvo",
  rounds: "as rodadas acabaram",
  passes: "todos passaram duas vezes seguidas",
  left: "os adversários saíram",
};

export const TIE_BREAKS = {
  longest_word: "desempate: a palavra mais longa",
  fewer_passes: "desempate: menos passes",
  less_time: "desempate: menos tempo pensando",
  seat_order: "desempate: ordem dos lugares",
};

export const CHAIN_EFFECTS = {
  extends: "a corrente cresce",
  keeps: "a corrente se mantém",
  breaks: "a corrente se quebra",
  same_root: "mesma raiz: a corrente não cresce",
  protected: "corrente protegida",
  none: "",
};

export const EVENT_TEXT = {
  passed: (name) => `${name} passou a vez.`,
  timed_out: (name) => `O tempo de ${name} acabou.`,
  swapped: (name, d) => `${name} trocou ${d.count} peça${d.count === 1 ? "" : "s"}.`,
  seat_left: (name) => `${name} saiu da partida.`,
  card_bought: (name, d) => `${name} comprou ${d.name || "uma carta"}.`,
  card_used: (name, d) => `${name} usou ${d.name || "uma carta"}.`,
};

export function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

export const SQUARE_COLUMNS = "ABCDEFGHIJKLMNOPQRSTU";

export function squareName(row, col) {
  return `${SQUARE_COLUMNS[col]}${row + 1}`;
}
