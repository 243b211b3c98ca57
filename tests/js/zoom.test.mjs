// The board's zoom and pan, pure geometry (zoom.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { clamp, edgePush, focusSquare, follow, pan, step, zoomAt } from "../../frontend/js/zoom.js";

test("zoom and pan never lose the board", () => {
  const size = 336;
  assert.deepEqual(clamp({ scale: 1, x: 50, y: -50 }, size), { scale: 1, x: 0, y: 0 });
  const zoomed = step({ scale: 1, x: 0, y: 0 }, size, +1);
  assert.ok(zoomed.scale > 1);
  const far = pan(zoomed, size, -10_000, -10_000);
  assert.equal(far.x, -(size * far.scale - size));
  const back = pan(far, size, 10_000, 10_000);
  assert.deepEqual([back.x, back.y], [0, 0]);
  // The point under the fingers stays under them.
  const z = zoomAt({ scale: 1, x: 0, y: 0 }, size, 2, 100, 100);
  assert.equal((100 - z.x) / z.scale, 100);
  // Zooming onto a square puts it in the middle; following a square brings it into view.
  const onCorner = focusSquare({ scale: 1, x: 0, y: 0 }, size, 21, 10, 10, 2.3);
  const cell = (size * 2.3) / 21;
  assert.ok(Math.abs(10.5 * cell + onCorner.x - size / 2) < 1e-6);
  const followed = follow(onCorner, size, 21, 20, 20);
  assert.ok(20 * cell + followed.x + cell <= size + 1e-6);
});

test("a dragged tile held near a zoomed board's edge pans it that way, and only then", () => {
  const size = 336;
  assert.deepEqual(edgePush({ scale: 1, x: 0, y: 0 }, size, 2, 2), { dx: 0, dy: 0 }, "not zoomed");
  const zoomed = { scale: 2.3, x: -200, y: -200 };
  assert.deepEqual(edgePush(zoomed, size, 168, 168), { dx: 0, dy: 0 }, "the middle");
  const left = edgePush(zoomed, size, 4, 168);
  assert.ok(left.dx > 0 && left.dy === 0, "near the left edge the board slides right");
  const bottom = edgePush(zoomed, size, 168, size - 2);
  assert.ok(bottom.dy < 0 && bottom.dx === 0);
  assert.ok(edgePush(zoomed, size, 1, 168).dx > edgePush(zoomed, size, 20, 168).dx, "faster closer");
  assert.deepEqual(edgePush(zoomed, size, -200, 168), { dx: 0, dy: 0 }, "far outside: the rack");
});
