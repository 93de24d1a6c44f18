// What a page looks like at a width, read in the browser: elements that stick out of the window (except inside a
// box that scrolls), tables that scroll without their hint, table headings broken inside a word, and the plot height
// Chart.js kept for a chart. Shared by the browser tests of the report, compare, job and other pages.

/** Elements whose right edge passes the window's, not counting those inside a box that scrolls sideways. */
export function overflowingElements(page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrolls = (element) => ['auto', 'scroll', 'hidden'].includes(getComputedStyle(element).overflowX);
    const out = [];
    for (const element of document.body.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.right <= width + 1) {
        continue;
      }
      let ancestor = element.parentElement;
      while (ancestor && ancestor !== document.body && !scrolls(ancestor)) {
        ancestor = ancestor.parentElement;
      }
      if (!ancestor || ancestor === document.body) {
        out.push(`${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${element.className} `
          + `ends at ${Math.round(rect.right)} px`);
      }
    }
    return out;
  });
}

/** Each table box that scrolls sideways, with whether the "scroll →" hint above it is shown. */
export function scrollers(page) {
  return page.evaluate(() => [...document.querySelectorAll('.table-scroll')]
    .filter((box) => box.offsetParent !== null && box.scrollWidth > box.clientWidth + 1)
    .map((box) => {
      const hint = box.previousElementSibling;
      return { table: box.querySelector('table')?.className ?? '',
        hinted: Boolean(hint && hint.classList.contains('scroll-hint') && !hint.hidden
          && /scroll/.test(hint.textContent)) };
    }));
}

/** Table headings whose text wraps between two letters of one word ("Scenar|io"), with where. */
export function headingsBrokenInWords(page) {
  return page.evaluate(() => {
    const broken = [];
    for (const th of document.querySelectorAll('th')) {
      if (th.offsetParent === null) {
        continue;
      }
      // The heading's own words; a form or question a row heading holds (Remove… on the agents page) is prose.
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT, {
        acceptNode: (node) => (node.parentElement.closest('details, form, p') ? NodeFilter.FILTER_REJECT
          : NodeFilter.FILTER_ACCEPT),
      });
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent;
        let lastTop = null;
        for (let i = 0; i < text.length; i += 1) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getClientRects()[0];
          if (!rect || /\s/.test(text[i])) {
            lastTop = null;
            continue;
          }
          if (lastTop !== null && rect.top > lastTop + 2) {
            broken.push(`"${th.textContent.trim()}" breaks before "${text.slice(i)}"`);
          }
          lastTop = rect.top;
        }
      }
    }
    return broken;
  });
}

/** The height of a chart's plot (its chart area, axes and legend left out) in CSS pixels. */
export function plotHeight(page, canvasId) {
  return page.evaluate((id) => {
    const chart = window.Chart.getChart(document.getElementById(id));
    return chart ? chart.chartArea.bottom - chart.chartArea.top : 0;
  }, canvasId);
}
