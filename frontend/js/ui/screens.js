// The screens around a match: entry, lobby, queue, room, and the end of a match.
import { esc } from "./dom.js";
import { REASONS, TIE_BREAKS } from "../text.js";

function settingsForm(prefix, settings = {}, { withBots = true } = {}) {
  const s = { turnSeconds: 90, rounds: 15, cards: true, themed: true, bots: 1, botLevel: 3, ...settings };
  const opt = (value, label, current) =>
    `<option value="${value}"${String(value) === String(current) ? " selected" : ""}>${label}</option>`;
  return `
    <div class="settings" data-settings="${prefix}">
      <label for="${prefix}-turn">Tempo por turno</label>
      <select id="${prefix}-turn" name="turnSeconds">
        ${[20, 30, 60, 90, 120, 180].map((v) => opt(v, `${v} segundos`, s.turnSeconds)).join("")}
      </select>
      <label for="${prefix}-rounds">Rodadas</label>
      <select id="${prefix}-rounds" name="rounds">
        ${[2, 3, 4, 5, 10, 15, 20].map((v) => opt(v, `${v}`, s.rounds)).join("")}
      </select>
      <label for="${prefix}-cards">Cartas de poder</label>
      <input id="${prefix}-cards" name="cards" type="checkbox"${s.cards ? " checked" : ""}>
      <label for="${prefix}-themed">Com tema</label>
      <input id="${prefix}-themed" name="themed" type="checkbox"${s.themed ? " checked" : ""}>
      ${withBots ? `
      <label for="${prefix}-bots">Robôs</label>
      <select id="${prefix}-bots" name="bots">${[0, 1, 2, 3].map((v) => opt(v, `${v}`, s.bots)).join("")}</select>
      <label for="${prefix}-level">Nível dos robôs</label>
      <select id="${prefix}-level" name="botLevel">
        ${[[1, "Iniciante"], [2, "Aprendiz"], [3, "Jogador"], [4, "Experiente"], [5, "Mestre"]]
          .map(([v, n]) => opt(v, n, s.botLevel)).join("")}
      </select>` : ""}
    </div>`;
}

export function readSettings(root, prefix) {
  const box = root.querySelector(`[data-settings="${prefix}"]`);
  const value = (name) => box.querySelector(`[name="${name}"]`);
  const out = {
    turnSeconds: Number(value("turnSeconds").value), rounds: Number(value("rounds").value),
    cards: value("cards").checked, themed: value("themed").checked,
  };
  if (value("bots")) {
    out.bots = Number(value("bots").value);
    out.botLevel = Number(value("botLevel").value);
  }
  return out;
}

export function entryScreen(state) {
  return `
    <section class="panel" aria-labelledby="entry-title">
      <h2 id="entry-title">Bem-vindo ao Vanlexis</h2>
      <p>Forme palavras no tabuleiro, siga o tema da partida e use cartas de poder.</p>
      <form class="row" data-form="guest">
        <label for="guest-name">Seu nome</label>
        <input id="guest-name" name="name" maxlength="20" autocomplete="nickname" required
               value="${esc(state.me?.name || "")}">
        <button class="primary" type="submit">Entrar</button>
      </form>
    </section>`;
}

const STYLE_NAMES = { classico: "Clássico", madeira: "Madeira", neon: "Neon" };
const BOARD_NAMES = { claro: "Claro", noturno: "Noturno", veterano: "Feltro verde" };
const BADGE_NAMES = {
  "primeira-partida": "Primeira partida", "primeira-vitoria": "Primeira vitória",
  "palavra-longa": "Palavra longa", veterano: "Veterano",
};

export function badgeName(id) {
  return BADGE_NAMES[id] || id;
}

function profilePanel(state) {
  const me = state.me;
  const styles = (me?.styles || ["classico"]).map((id) =>
    `<option value="${esc(id)}"${id === me?.tileStyle ? " selected" : ""}>${esc(STYLE_NAMES[id] || id)}</option>`).join("");
  const badges = (me?.badges || []).map((b) => `<span class="badge">🏅 ${esc(badgeName(b))}</span>`).join(" ");
  const board = state.leaderboard || [];
  return `
    <section class="panel" aria-labelledby="profile-title">
      <h2 id="profile-title">Olá, ${esc(me?.name || "")}!</h2>
      <p data-profile>Rating <strong>${me ? Math.round(me.rating) : "—"}</strong>
        · ${me?.matches ?? 0} partida(s), ${me?.ratedMatches ?? 0} valendo rating</p>
      <p>${badges || '<span class="muted">Jogue para ganhar medalhas (só visuais).</span>'}</p>
      <div class="row"><label for="tile-style">Estilo das peças</label>
        <select id="tile-style" data-style="tile">${styles}</select>
        <label for="board-style">Tabuleiro</label>
        <select id="board-style" data-style="board">${(me?.boardStyles || ["claro"]).map((id) =>
          `<option value="${esc(id)}"${id === me?.boardStyle ? " selected" : ""}>${esc(BOARD_NAMES[id] || id)}</option>`).join("")}</select></div>
      <details data-leaderboard-box>
        <summary>Classificação</summary>
        ${board.length ? `<table class="standings"><thead><tr><th>#</th><th>Jogador</th><th>Rating</th><th>Partidas</th></tr></thead>
          <tbody>${board.map((p) => `<tr><td>${p.rank}</td><td>${esc(p.name)}</td><td>${Math.round(p.rating)}</td><td>${p.matches}</td></tr>`).join("")}</tbody></table>`
          : '<p class="muted">Ninguém na classificação ainda: ela conta as partidas da fila Jogar.</p>'}
      </details>
    </section>`;
}

export function lobbyScreen(state) {
  return `
    ${profilePanel(state)}
    <div class="lobby-grid">
      <section class="panel stack" aria-labelledby="normal-title">
        <h2 id="normal-title">Jogar</h2>
        <p>Entre na fila: se faltar gente, robôs do seu nível completam a mesa.</p>
        <label for="queue-seats">Jogadores na mesa</label>
        <select id="queue-seats">
          <option value="2">2</option><option value="3">3</option><option value="4" selected>4</option>
        </select>
        <button class="primary" data-action="join-queue">Jogar</button>
      </section>
      <section class="panel stack" aria-labelledby="room-title">
        <h2 id="room-title">Customizada</h2>
        ${settingsForm("room", state.lastSettings || { bots: 0 })}
        <button data-action="create-room">Criar sala</button>
        <form class="row" data-form="join-room">
          <label for="room-code">Código</label>
          <input id="room-code" name="code" maxlength="8" autocapitalize="characters" required>
          <button type="submit">Entrar na sala</button>
        </form>
      </section>
      <section class="panel stack" aria-labelledby="solo-title">
        <h2 id="solo-title">Solo</h2>
        <p>Jogue sozinho ou contra robôs, agora.</p>
        ${settingsForm("solo", state.lastSettings || {})}
        <button class="primary" data-action="start-solo">Começar</button>
      </section>
    </div>`;
}

export function queueScreen(state) {
  const q = state.queue;
  const seconds = q?.fillAtMs ? Math.max(0, Math.ceil((q.fillAtMs - Date.now()) / 1000)) : null;
  return `
    <section class="panel stack" aria-live="polite">
      <h2>Procurando partida…</h2>
      <p>Mesa de ${q?.seats ?? "?"} jogadores. Na mesa: ${esc((q?.players || []).join(", "))}.</p>
      ${seconds !== null ? `<p class="muted" data-queue-timer>Robôs completam a mesa em ${seconds} s.</p>` : ""}
      <button data-action="leave-queue">Sair da fila</button>
    </section>`;
}

export function roomScreen(state) {
  const room = state.room;
  const host = room.players.find((p) => p.host);
  const amHost = host && host.name === state.me?.name;
  return `
    <section class="panel stack">
      <h2>Sala</h2>
      <p>Código para compartilhar: <span class="code" data-room-code>${esc(room.code)}</span></p>
      <ul>${room.players.map((p) => `<li>${esc(p.name)}${p.host ? ' <span class="badge">anfitrião</span>' : ""}</li>`).join("")}
      ${Array.from({ length: room.settings.bots || 0 }, (_, i) => `<li>Robô ${i + 1} <span class="badge bot">robô</span></li>`).join("")}</ul>
      ${amHost ? `${settingsForm("update", room.settings)}
        <div class="row"><button data-action="update-room">Salvar ajustes</button>
        <button class="primary" data-action="start-room">Começar partida</button></div>`
        : `<p class="muted">Aguardando ${esc(host?.name || "o anfitrião")} começar.</p>`}
      <button data-action="leave-room">Sair da sala</button>
    </section>`;
}

export function endScreen(state) {
  const ended = state.ended;
  const view = state.view;
  const rows = ended.result.ranking.map((r) => {
    const change = ended.ratings?.find((x) => x.seat === r.seat);
    const seat = view?.seats?.[r.seat];
    return `<tr${r.seat === view?.you ? ' class="me"' : ""}>
      <td>${r.rank}º</td>
      <td>${esc(r.name)}${seat?.bot ? ' <span class="badge bot">robô</span>' : ""}</td>
      <td>${r.score}</td><td>${esc(r.longest_word || "—")}</td>
      <td>${r.tie_break ? esc(TIE_BREAKS[r.tie_break] || r.tie_break) : ""}</td>
      <td>${change ? `${Math.round(change.before)} → ${Math.round(change.after)}` : ""}</td></tr>`;
  }).join("");
  const earned = (ended.badges || []).find((b) => b.seat === view?.you)?.badges || [];
  const badge = earned.map((b) => `🏅 ${esc(badgeName(b))}`).join(", ");
  return `
    <section class="panel stack" aria-labelledby="end-title">
      <h2 id="end-title">Fim da partida</h2>
      <p>A partida terminou porque ${esc(REASONS[ended.result.reason] || ended.result.reason)}.</p>
      <table class="standings">
        <thead><tr><th>Posição</th><th>Jogador</th><th>Pontos</th><th>Melhor palavra</th><th></th><th>Rating</th></tr></thead>
        <tbody>${rows}</tbody>
      </table>
      ${badge ? `<p data-rewards>Você ganhou: <strong>${badge}</strong> (só visual).</p>` : ""}
      <div class="row">
        <button class="primary" data-action="rematch">Jogar de novo</button>
        <button data-action="to-lobby">Voltar ao saguão</button>
      </div>
    </section>`;
}
