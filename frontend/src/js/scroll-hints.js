// A table wider than its box scrolls sideways inside it (.table-scroll); on a narrow screen nothing shows that it
// does, and the columns past the edge go unseen. Each such box gets a "scroll →" line above it, shown only while the
// table overflows; a ResizeObserver keeps it true as rows arrive, boxes are shown, or the window turns.
const HINT = 'Wider than the screen: scroll the table sideways →';

export function watchScrollers(root = document) {
  const boxes = [...root.querySelectorAll('.table-scroll')];
  if (boxes.length === 0 || !('ResizeObserver' in window)) {
    return;
  }
  const observer = new ResizeObserver((entries) => {
    new Set(entries.map((entry) => entry.target.closest('.table-scroll'))).forEach(update);
  });
  for (const box of boxes) {
    observer.observe(box);
    if (box.firstElementChild) {
      observer.observe(box.firstElementChild);
    }
    update(box);
  }
}

function update(box) {
  if (!box) {
    return;
  }
  const overflowing = !box.hidden && box.scrollWidth > box.clientWidth + 1;
  let hint = box.previousElementSibling;
  if (!hint || !hint.classList.contains('scroll-hint')) {
    if (!overflowing) {
      return;
    }
    hint = document.createElement('p');
    hint.className = 'hint scroll-hint';
    hint.textContent = HINT;
    box.before(hint);
  }
  hint.hidden = !overflowing;
  box.classList.toggle('overflowing', overflowing);
}
