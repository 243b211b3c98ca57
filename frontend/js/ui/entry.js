// The entry page: the name a guest plays under (checked here with the server's own rules, in
// Portuguese), and what a link to a match leads to when it is opened before a name is chosen.
import { esc } from "./dom.js";
import { tiles } from "./tiles.js";

// -- validation (the browser's own bubble speaks English: the forms are novalidate) -------------

const NAME_MAX = 20;

/** The Portuguese message for a field of the entry or join-room forms; "" when it is valid
 *  (and for any other element, buttons included). */
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

/** Checks a form's field, shows the message in its [data-form-error]; true when it is valid. */
export function checkForm(form) {
  const field = form?.querySelector("input[name]");
  if (!field) return true;
  const message = validationMessage(field);
  const box = form.querySelector("[data-form-error]");
  if (box) box.textContent = message;
  if (message) {
    field.setAttribute("aria-invalid", "true");
    field.focus();
    return false;
  }
  field.removeAttribute("aria-invalid");
  return true;
}

// -- entry -------------------------------------------------------------------------------------

export function entryScreen(state) {
  return `
    <div class="lx lx-entry">
      <section class="lx-card entry-card" aria-labelledby="entry-title">
        ${tiles("VANLEXIS", "tiles brand-tiles")}
        <h2 id="entry-title" tabindex="-1" data-screen-heading>Bem-vindo ao Vanlexis</h2>
        ${state.invite ? watchInvite() : ""}
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
            <button class="lx-primary" type="submit">${state.invite ? "Entrar e assistir" : "Entrar"}</button>
          </div>
          <p class="hint" id="guest-name-hint">De 1 a 20 caracteres: letras, números, espaços, ponto, apóstrofo e hífen.</p>
          <p class="form-error" id="guest-name-error" role="alert" data-form-error></p>
        </form>
        <p class="learn-line">Primeira vez? <a href="#/como-jogar" id="entry-guide">Veja como jogar</a> em dois minutos.</p>
      </section>
    </div>`;
}

/** A link to a match opened before choosing a name: what it leads to. Who plays, the theme and
 *  whether it is live come from the server, which answers only once you are in (a name first),
 *  so this says what the link is and what happens next. */
function watchInvite() {
  return `<section class="watch-invite" data-watch-invite aria-labelledby="invite-title">
          <h3 id="invite-title"><span class="live-dot" aria-hidden="true"></span>Você recebeu o link de uma partida</h3>
          <p>Escolha um nome e entre: em seguida você vê quem está jogando, o tema e cada lance no
            tabuleiro, ao vivo, sem as peças de ninguém. Se a partida já acabou, você a revê lance a lance.</p>
        </section>`;
}

