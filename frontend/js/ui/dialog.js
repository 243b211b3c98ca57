// A confirmation asked in the page (a modal <dialog>): focus goes into it, Esc cancels, and
// focus returns to where it was.
export function confirmDialog(text, okLabel = "Confirmar", { danger = false } = {}) {
  return new Promise((resolve) => {
    const previous = document.activeElement;
    const dialog = document.createElement("dialog");
    dialog.className = "confirm-dialog";
    dialog.setAttribute("aria-labelledby", "confirm-text");
    dialog.innerHTML = `<p id="confirm-text"></p>
      <div class="row"><button type="button" data-answer="no">Cancelar</button>
      <button type="button" class="${danger ? "danger-fill" : "primary"}" data-answer="yes"></button></div>`;
    dialog.querySelector("#confirm-text").textContent = text;
    dialog.querySelector('[data-answer="yes"]').textContent = okLabel;
    document.body.append(dialog);
    const close = (answer) => {
      dialog.close();
      dialog.remove();
      previous?.focus?.();
      resolve(answer);
    };
    dialog.addEventListener("click", (e) => {
      const answer = e.target.closest("[data-answer]")?.dataset.answer;
      if (answer) close(answer === "yes");
    });
    dialog.addEventListener("cancel", (e) => { e.preventDefault(); close(false); });
    dialog.showModal();
    dialog.querySelector('[data-answer="yes"]').focus();
  });
}
