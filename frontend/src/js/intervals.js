// Which of a run's intervals a chart draws, for the run page and the job page alike. iperf3's reports end with a
// sliver interval (5.00–5.001 s, 1.3 ms at 8.25 Gbit/s after 1 s intervals at 3.8): a rate over so short a time is
// how the test ended, not what the link carried, and drawn as a point it reads as a measurement above the burst limit.
import { formatMs } from './units.js';

/**
 * One line's rows, in time order, split into the rows to draw and the sliver left out (null if none). The rule is the
 * server analysis's (Series.withoutStub), so that the charts and the findings look at the same intervals: with 3 or
 * more rows, a last row shorter than half the one before is left out.
 */
export function splitStub(rows) {
  if (rows.length < 3) {
    return { drawn: rows, stub: null };
  }
  const last = rows[rows.length - 1];
  const before = rows[rows.length - 2];
  return last.end - last.start < (before.end - before.start) / 2
    ? { drawn: rows.slice(0, -1), stub: last }
    : { drawn: rows, stub: null };
}

const list = new Intl.ListFormat('en-US', { type: 'conjunction' });

/**
 * The note under a chart that says which last intervals it leaves out and why; '' when it leaves out none. Each
 * left-out item is { stub, of, run }: `of` names the line where a chart has several scenarios ("scenario 2"), `run`
 * is its run's id there; the same interval left out of several lines (each stream and the sum) is named once.
 */
export function stubNote(leftOut) {
  const named = leftOut.some((item) => item.of);
  const items = [...new Set(leftOut.map(({ stub, of }) => (named
    ? `${of} (${secondsRange(stub)}, ${duration(stub)})` : `${secondsRange(stub)} (${duration(stub)})`)))];
  if (items.length === 0) {
    return '';
  }
  const many = items.length > 1;
  const which = named ? ` of ${list.format(items)}` : `, ${list.format(items)},`;
  const runs = new Set(leftOut.map((item) => item.run)).size > 1 ? 'runs\'' : 'run\'s';
  return `The last interval${many ? 's' : ''}${which} ${many ? 'are' : 'is'} not drawn: a rate over so short a time `
    + `is how the test ended, not what the link carried; ${many ? 'they stay' : 'it stays'} in the ${runs} intervals `
    + '(API, CSV).';
}

function secondsRange(row) {
  return `${row.start.toFixed(2)}–${row.end.toFixed(2)} s`;
}

function duration(row) {
  return formatMs((row.end - row.start) * 1000);
}
