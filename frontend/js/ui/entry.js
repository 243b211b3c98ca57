// @ts-check
// The entry page: the name a guest plays under (checked here with the server's own rules, in
// Portuguese), and what a link to a match leads to when it is opened before a name is chosen.
import { esc } from "./dom.js";
import { tiles } from "./tiles.js";
import { devicesEntry, devicesNotice } from "./devices.js";

/** @import { State, InviteSummary } from "../types/page" */
/**
 * @typedef {{ live: boolean, refused?: string, lead: string, body: string, button: string }} Invite
 *   the invitation card's parts, HTML-escaped
 */

// -- validation (the browser's own bubble speaks English: the forms are novalidate) -------------

const NAME_MAX = 20;

/**
 * The Portuguese message for a field of the entry or join-room forms; "" when it is valid
 * (and for any other element, buttons included).
 * @param {{ name?: string, id?: string, value?: string } | null | undefined} input a form's field
 */
export function validationMessage(input) {
  const raw = String(input?.value ?? "");
  if (input?.name === "code" || input?.id === "room-code") {
    const code = raw.trim();
    if (!code) return "Escreva o código da sala.";
    if (!/^[A-Za-z0-9]+$/.test(code)) return "O código da sala tem só letras e números.";
    if (code.length < 4 || code.length > 8) return "O código da sala tem de 4 a 8 letras ou números.";
    return "";
  }
  if (input?.name !== "name" && input?.id !== "guest-name") return "";
  // The server's rules (functions/service/identity.py), said before the round trip.
  const name = raw.normalize("NFKC").split(/\s+/).filter(Boolean).join(" ");
  if (!name) return "Escreva seu nome para entrar.";
  if ([...name].length > NAME_MAX) return `O nome pode ter no máximo ${NAME_MAX} caracteres.`;
  if (!/^[\p{L}\p{N} .'-]+$/u.test(name)) {
    return "Use só letras, números, espaços, ponto, apóstrofo e hífen no nome.";
  }
  if (/[\p{L}--\p{Script=Latin}]/v.test(name)) {
    return "Use letras do nosso alfabeto no nome (sem letras gregas, cirílicas ou de outras escritas).";
  }
  const folded = name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  if (/^(robo|bot)(?![\p{L}\p{N}])/u.test(folded)) {
    return "Nomes que começam com “Robô” ou “Bot” são dos robôs do jogo: escolha outro.";
  }
  return "";
}

// -- entry -------------------------------------------------------------------------------------

/** @param {Pick<State, "invite" | "inviteSummary" | "me">} state */
export function entryScreen(state) {
  const invite = state.invite ? inviteCard(state.inviteSummary) : null;
  return `
    <div class="lx lx-entry">
      <section class="lx-card entry-card" aria-labelledby="entry-title">
        ${tiles("VANLEXIS", "tiles brand-tiles")}
        <h2 id="entry-title" tabindex="-1" data-screen-heading>Bem-vindo ao Vanlexis</h2>
        ${devicesNotice()}
        ${invite ? watchInvite(invite) : ""}
        <p class="pitch">O jogo de palavras em que o tema da partida vale mais: monte palavras no
          tabuleiro, use cartas de poder e jogue contra robôs ou amigos, a qualquer hora.</p>
        <ul class="perks" aria-label="Destaques do jogo">
          <li><span class="perk-dot perk-theme" aria-hidden="true">★</span>Palavras do tema valem mais</li>
          <li><span class="perk-dot perk-cards" aria-hidden="true">✦</span>Cartas de poder</li>
          <li><span class="perk-dot perk-bots" aria-hidden="true">●</span>Robôs sempre prontos</li>
        </ul>
        <form class="entry-form" data-form="guest" novalidate>
          <label for="guest-name">Seu nome</label>
          <div class="entry-row">
            <input id="guest-name" name="name" maxlength="20" autocomplete="nickname" required
                   spellcheck="false" aria-describedby="guest-name-hint guest-name-error"
                   placeholder="Como quer ser chamado?" value="${esc(state.me?.name || "")}">
            <button class="lx-primary" type="submit">${invite ? invite.button : "Entrar"}</button>
          </div>
          <p class="hint" id="guest-name-hint">De 1 a 20 caracteres: letras, números, espaços, ponto, apóstrofo e hífen.</p>
          <p class="form-error" id="guest-name-error" role="alert" data-form-error></p>
        </form>
        ${devicesEntry()}
        <p class="learn-line">Primeira vez? <a href="#/como-jogar" id="entry-guide">Veja como jogar</a> em dois minutos.</p>
      </section>
    </div>`;
}

// -- a match's link opened before choosing a name ----------------------------------------------

/** "Ana", "Ana e Bia", "Ana, Robô 1 e Robô 2". */
/** @param {string[]} names */
export function namesList(names) {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} e ${names.at(-1)}`;
}

/** Why the link leads to nothing to watch now, said plainly (the server's refusal codes). */
/** @type {Record<string, string>} */
const REFUSED = {
  "match.not_found": "Esta partida não foi encontrada: o link pode estar incompleto, ou a partida é antiga e já saiu do ar.",
  "watch.closed": "Esta mesa não aceita espectadores enquanto a partida está em andamento. Quando ela terminar, este mesmo link mostra a partida lance a lance.",
  "watch.daily_open": "É uma tentativa do Desafio do dia: ela pode ser vista depois que o dia acaba (meia-noite, horário de Brasília), porque as peças do dia são as mesmas para todos.",
};

/** The invitation card's parts for what the server said of the match (``summary``: the
 *  identity API's ``GET /match/<id>`` as ``net.matchSummary`` returns it; null when it is not
 *  known, and the card says what the link is in general). HTML-escaped. */
/**
 * @param {InviteSummary | null | undefined} summary
 * @returns {Invite}
 */
export function inviteCard(summary) {
  const general = {
    live: true, lead: "",
    body: "Escolha um nome e entre: em seguida você vê quem está jogando, o tema e cada lance no tabuleiro, ao vivo, sem as peças de ninguém. Se a partida já acabou, você a revê lance a lance.",
    button: "Entrar e assistir",
  };
  if (summary?.status === "refused") {
    const why = REFUSED[summary.code];
    if (!why) return general;
    return { live: false, refused: summary.code, lead: why,
             body: "Você pode escolher um nome e entrar para jogar.", button: "Entrar" };
  }
  if (summary?.status !== "ok") return general;
  const match = summary.match;
  const live = match.status === "live";
  const names = (match.players || []).map((p) => `<strong>${esc(p.name)}</strong>`);
  const verb = names.length === 1 ? (live ? "joga" : "jogou") : (live ? "jogam" : "jogaram");
  const what = match.mode === "daily" ? " o Desafio do dia" : (match.theme ? "" : " uma partida");
  const theme = match.theme ? ` com o tema <strong>${esc(match.theme.name)}</strong>` : " sem tema";
  const when = live ? `ao vivo, rodada ${Number(match.round)} de ${Number(match.roundLimit)}`
    : "partida terminada: veja o replay";
  return {
    live,
    lead: `${namesList(names)} ${verb}${what}${theme}&nbsp;— ${when}.`,  // the dash stays with the theme
    body: live ? "Escolha um nome e entre para assistir a cada lance no tabuleiro, sem as peças de ninguém."
      : "Escolha um nome e entre para rever a partida lance a lance.",
    button: live ? "Entrar e assistir" : "Entrar e ver o replay",
  };
}

/** A link to a match opened before choosing a name: what it leads to. Who plays, the theme and
 *  whether it is live come from the identity API's public summary of the match, asked for as
 *  the page opens; until it answers (or if it cannot), the card says what such a link is. */
/** @param {Invite} invite */
function watchInvite(invite) {
  const dot = invite.live ? '<span class="live-dot" aria-hidden="true"></span>' : "";
  const lead = invite.lead ? `<p class="invite-lead" data-invite-summary${invite.refused ? ` data-refused="${esc(invite.refused)}"` : ""}>${invite.lead}</p>` : "";
  return `<section class="watch-invite" data-watch-invite aria-labelledby="invite-title">
          <h3 id="invite-title">${dot}Você recebeu o link de uma partida</h3>
          ${lead}
          <p>${invite.body}</p>
        </section>`;
}
