// @ts-check
// Every word the page shows, in Brazilian Portuguese, and the look of the bands and squares.

/** @import { EngineEvent, Breakdown } from "./types/page" */
/**
 * @typedef {import("./types/page").EventData} EventData what the page reads of an event's data
 * @typedef {{ css: string, label: string, help: string }} BandLook
 */

/** @type {Record<string, BandLook>} */
export const BANDS = {
  Frio: { css: "band-frio", label: "Frio", help: "fora da lista do tema" },
  Morno: { css: "band-morno", label: "Morno", help: "na camada distante do tema" },
  Quente: { css: "band-quente", label: "Quente", help: "ligada ao tema" },
  Escaldante: { css: "band-escaldante", label: "Escaldante", help: "no coração do tema" },
};

/** @type {Record<string, { css: string, label: string, short: string }>} */
export const SQUARES = {
  d: { css: "sq-dl", label: "letra vale o dobro", short: "L×2" },
  t: { css: "sq-tl", label: "letra vale o triplo", short: "L×3" },
  D: { css: "sq-dw", label: "palavra vale o dobro", short: "P×2" },
  T: { css: "sq-tw", label: "palavra vale o triplo", short: "P×3" },
  "*": { css: "sq-start", label: "casa inicial", short: "★" },
  ".": { css: "sq-plain", label: "", short: "" },
};

/** Why a match ended, in a sentence's end ("A partida terminou porque …"); ``passes``: how
 *  many passes in a row end it (the view's ``passesToEnd``); ``alone``: said to someone who
 *  played alone (a Desafio do dia, a Solo with no robots). */
/**
 * @param {string} reason the result's ``reason``
 * @param {{ alone?: boolean, passes?: number }} [how]
 */
export function reasonText(reason, { alone = false, passes = 0 } = {}) {
  const times = inWords(passes, "vez", "vezes", { feminine: true });
  /** @type {Record<string, string>} */
  const reasons = {
    target: alone ? "você alcançou a pontuação-alvo" : "alguém alcançou a pontuação-alvo",
    rounds: "as rodadas acabaram",
    passes: alone ? `você passou ${times} seguidas` : `todos passaram ${times} seguidas`,
    left: "os adversários saíram",
  };
  return reasons[reason] || reason;
}

/** @type {Record<string, string>} */
export const TIE_BREAKS = {
  longest_word: "desempate: a palavra mais longa",
  fewer_passes: "desempate: menos passes",
  less_time: "desempate: menos tempo pensando",
  seat_order: "desempate: ordem dos lugares",
};

/** @type {Record<string, string>} */
export const CHAIN_EFFECTS = {
  extends: "a corrente cresce",
  keeps: "a corrente se mantém",
  breaks: "a corrente se quebra",
  same_root: "mesma raiz: a corrente não cresce",
  protected: "corrente protegida",
  none: "",
};

/** A word as the board shows it: capitals, with its accents (ação → AÇÃO). */
/** @param {string | null | undefined} word */
export function shout(word) {
  return String(word ?? "").toLocaleUpperCase("pt-BR");
}

/** "1 ponto", "2 pontos", "1.250 pontos". */
/** @param {number} n @param {string} one @param {string} many */
export function plural(n, one, many) {
  return `${number(n)} ${Math.abs(n) === 1 ? one : many}`;
}

const WORDS = ["zero", "um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez"];
/** @type {Record<number, string>} */
const WORDS_FEMININE = { 1: "uma", 2: "duas" };

/** A small count in words, as a sentence says it: "duas vezes", "dois jogadores", "11 rodadas". */
/**
 * @param {number} n
 * @param {string} one
 * @param {string} many
 * @param {{ feminine?: boolean }} [how]
 */
export function inWords(n, one, many, { feminine = false } = {}) {
  const word = (feminine && WORDS_FEMININE[n]) || WORDS[n] || number(n);
  return `${word} ${Math.abs(n) === 1 ? one : many}`;
}

const ORDINALS = ["", "primeira", "segunda", "terceira", "quarta", "quinta"];

/** "segunda" for 2 (feminine: "a segunda passada"); past five, "6ª". */
/** @param {number} n */
export function ordinal(n) {
  return ORDINALS[n] || `${number(n)}ª`;
}

/** The sentence's first letter as a capital. */
/** @param {string} text */
export function capitalized(text) {
  return text ? text[0].toLocaleUpperCase("pt-BR") + text.slice(1) : text;
}

/** @param {number} n */
export function number(n) {
  return Number(n).toLocaleString("pt-BR");
}

/** A multiplier in hundredths as a player reads it: 125 → "×1,25", 200 → "×2". */
/** @param {number} pct */
export function times(pct) {
  return `×${(pct / 100).toLocaleString("pt-BR", { maximumFractionDigits: 2 })}`;
}

/** Each event's line, given who did it, its data and the card names (``card(id)``: the
 *  catalogue's name of a card, "uma carta" while it is not known). */
/** @type {Record<string, (name: string, d: EventData, card: (id: string) => string) => string>} */
export const EVENT_TEXT = {
  passed: (name) => `${name} passou a vez.`,
  timed_out: (name) => `O tempo de ${name} acabou: passou a vez.`,
  swapped: (name, d) => `${name} trocou ${plural(d.count ?? 0, "peça", "peças")}.`,
  seat_left: (name, d) => d.reason === "timed_out"
    ? `${name} saiu da partida: deixou o tempo acabar várias vezes seguidas.` : `${name} saiu da partida.`,
  card_bought: (name, d) => `${name} comprou uma carta de nível ${d.level}.`,
  // Your own purchase, from your private market event: it names the card and your coins left.
  bought: (name, d, card) => `Você comprou ${card(d.card ?? "")}: ${plural(d.coins ?? 0, "moeda restante", "moedas restantes")}.`,
  card_used: (name, d, card) => `${name} usou ${card(d.card ?? "")}.`,
  second_play: (name, d, card) => `${name} tem uma segunda palavra (${card("segundo_folego")}).`,
  theme_changed: (name, d) => `${name} trocou o tema para ${d.name || d.theme?.name || "outro tema"}.`,
  sold: (name, d, card) => `Você vendeu ${card(d.card ?? "")} por ${plural(d.refund ?? 0, "moeda", "moedas")}.`,
};

/** One line for an event (the log and the screen reader), or null for quiet events. Your own
 *  purchase is told by its private ``bought`` event (which names the card), not by the public
 *  ``card_bought`` (which only gives the level others may see). */
/**
 * @param {EngineEvent} event
 * @param {(seat: number) => string} name a seat's name
 * @param {number | null} [you]
 * @param {(id: string) => string} [card] a card's name by its id
 * @returns {string | null}
 */
export function describeEvent(event, name, you = null, card = () => "uma carta") {
  const d = /** @type {EventData} */ (event.data || {});
  const who = d.seat === undefined ? "" : name(d.seat);  // a private market event has no seat
  if (event.kind === "card_bought" && you !== null && d.seat === you) return null;
  if (event.kind === "move_played") {
    const main = (d.breakdown?.words || []).find((w) => w.main) || d.breakdown?.words?.[0];
    const word = shout(d.display?.[0] || main?.display || "");
    return `${who} jogou ${word}: ${plural(d.score ?? d.breakdown?.total ?? 0, "ponto", "pontos")}, ${d.band || d.breakdown?.band || ""}.`;
  }
  const text = EVENT_TEXT[event.kind];
  return text ? text(who, d, card) : null;
}

/** A name in two or three characters, for a phone's bar: "Robô 1" → "R1", "Ana Lima" → "AL",
 *  "Bia" → "Bia", "Fernanda" → "Fer". */
/** @param {string | null | undefined} name */
export function shortName(name) {
  const words = String(name ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length > 1) {
    const last = words[words.length - 1];
    return `${words[0][0]}${/^\d+$/.test(last) ? last : last[0]}`.toLocaleUpperCase("pt-BR");
  }
  const word = words[0] || "?";
  return [...word].length <= 4 ? word : [...word].slice(0, 3).join("");
}

export const SQUARE_COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** "K11" for the square at row 10, column 10 (from 0). @param {number} row @param {number} col */
export function squareName(row, col) {
  return `${SQUARE_COLUMNS[col]}${row + 1}`;
}

/**
 * A time left as a clock shows it, as coarse as its size asks: "45 s", "12 min", "5 h 07",
 * "2 d 3 h"; and the same in words for screen readers.
 * @param {number} seconds
 * @returns {{ text: string, label: string }}
 */
export function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  if (s < 120) return { text: `${s} s`, label: plural(s, "segundo", "segundos") };
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return { text: `${minutes} min`, label: plural(minutes, "minuto", "minutos") };
  const hours = Math.floor(s / 3600);
  if (hours < 24) {
    const rest = Math.floor((s % 3600) / 60);
    return { text: `${hours} h ${String(rest).padStart(2, "0")}`,
             label: `${plural(hours, "hora", "horas")} e ${plural(rest, "minuto", "minutos")}` };
  }
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return { text: rest ? `${days} d ${rest} h` : `${days} d`,
           label: rest ? `${plural(days, "dia", "dias")} e ${plural(rest, "hora", "horas")}` : plural(days, "dia", "dias") };
}
