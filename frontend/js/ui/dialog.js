// @ts-check
// A confirmation asked in the page (a modal <dialog>): focus goes into it, Esc cancels, and
// focus returns to where it was.
import { must, targetOf } from "./dom.js";

/**
 * @param {string} text
 * @param {string} [okLabel]
 * @param {{ danger?: boolean }} [how]
 * @returns {Promise<boolean>} whether the player said yes
 */
export function confirmDialog(text, okLabel = "Confirmar", { danger = false } = {}) {
  return new Promise((resolve) => {
    const previous = document.activeElement;
    const dialog = document.createElement("dialog");
    dialog.className = "confirm-dialog";
    dialog.setAttribute("aria-labelledby", "confirm-text");
    dialog.innerHTML = `<p id="confirm-text"></p>
      <div class="row"><button type="button" data-answer="no">Cancelar</button>
      <button type="button" class="${danger ? "danger-fill" : "primary"}" data-answer="yes"></button></div>`;
    must(dialog, "#confirm-text").textContent = text;
    const yes = must(dialog, '[data-answer="yes"]');
    yes.textContent = okLabel;
    document.body.append(dialog);
    const close = (/** @type {boolean} */ answer) => {
      dialog.close();
      dialog.remove();
      if (previous instanceof HTMLElement) previous.focus();
      resolve(answer);
    };
    dialog.addEventListener("click", (e) => {
      const answer = targetOf(e)?.closest("[data-answer]")?.getAttribute("data-answer");
      if (answer) close(answer === "yes");
    });
    dialog.addEventListener("cancel", (e) => { e.preventDefault(); close(false); });
    dialog.showModal();
    yes.focus();
  });
}
