// @ts-check
// Where the first-match tour's card goes: somewhere that holds nothing of the turn in play.
// A wide screen has the side column (the receipt, the goal, the cards, the theme): the card
// sits at its top, or at its bottom when the step points at a panel there. A phone has no spare
// room, so the card sits below the hand (over the card strip, the controls and the help line)
// and, when the step points there, above the board (over the page's header and the bar). It
// never sits over the board's viewport, the rack or the move row while it can avoid them.

const GAP = 6;

/** @typedef {{ left: number, right: number, top: number, bottom: number }} Box */

/** @param {Box | null | undefined} a @param {Box | null | undefined} b */
function overlaps(a, b) {
  return Boolean(a && b && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom);
}

/** @param {string} selector */
function rectOf(selector) {
  const el = document.querySelector(selector);
  return el && el.getClientRects().length ? el.getBoundingClientRect() : null;
}

/**
 * Position ``card`` (fixed) for a step outlining ``target`` (an element, or null).
 * @param {HTMLElement} card
 * @param {Element | null} target
 */
export function placeCard(card, target) {
  const side = document.querySelector("[data-side]");
  const sheet = !side || getComputedStyle(side).position === "fixed";
  // Either edge may be the one it hangs from: the other is left to the card's own height.
  for (const key of /** @type {const} */ (["left", "width", "maxHeight"])) card.style[key] = "";
  card.style.top = "auto";
  card.style.bottom = "auto";
  if (!sheet) {
    placeBeside(card, side, target);
  } else {
    placeAroundHand(card, target);
  }
}

/**
 * Over the side column: the target, when it is a panel there, is scrolled to the other end.
 * @param {HTMLElement} card
 * @param {Element} side
 * @param {Element | null} target
 */
function placeBeside(card, side, target) {
  const column = side.getBoundingClientRect();
  const inSide = target !== null && side.contains(target);
  card.dataset.place = inSide ? "side-bottom" : "side-top";
  card.style.left = `${Math.round(column.left)}px`;
  card.style.width = `${Math.round(column.width)}px`;
  card.style.maxHeight = `${Math.round(column.height / 2)}px`;
  if (!inSide || !target) {
    card.style.top = `${Math.round(column.top)}px`;
    return;
  }
  // The panel is brought to the top of the column (the side scrolls by itself) and the card
  // goes to the end of the column it leaves free; when the side cannot scroll that far (its
  // last panel), the card takes the top instead.
  side.scrollTop += target.getBoundingClientRect().top - column.top;
  const box = target.getBoundingClientRect();
  const height = Math.min(card.offsetHeight, column.height / 2);
  if (box.bottom <= column.bottom - height - GAP) {
    card.style.bottom = `${Math.round(window.innerHeight - column.bottom)}px`;
  } else {
    card.dataset.place = "side-top";
    card.style.top = `${Math.round(column.top)}px`;
    side.scrollTop -= Math.max(0, column.top + height + GAP - box.top);
  }
}

/**
 * A phone: below the rack, or above the board when the target is down there.
 * @param {HTMLElement} card
 * @param {Element | null} target
 */
function placeAroundHand(card, target) {
  const rack = rectOf("[data-rack-box]");
  const board = rectOf("[data-viewport]");
  const height = window.innerHeight;
  const below = { top: (rack?.bottom ?? height / 2) + GAP, bottom: height };
  const box = target?.getBoundingClientRect();
  const low = !box || !overlaps(box, { left: 0, right: window.innerWidth, ...below });
  card.style.left = `${GAP}px`;
  card.style.width = `calc(100vw - ${2 * GAP}px)`;
  if (low) {
    card.dataset.place = "below-hand";
    card.style.bottom = `${GAP}px`;
    card.style.maxHeight = `${Math.round(below.bottom - below.top - GAP)}px`;
  } else {
    // Above the board: the header and the bar; if the card needs more, the board's top rows
    // (never the squares around the centre, where a first word goes).
    card.dataset.place = "above-board";
    card.style.top = `${GAP}px`;
    const room = Math.max((board?.top ?? 0) - 2 * GAP, height * 0.3);
    card.style.maxHeight = `${Math.round(room)}px`;
  }
}
