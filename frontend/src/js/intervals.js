// Which of a run's intervals a chart draws, for the run page and the job page alike. iperf3's reports end with a
// sliver interval (a millisecond after 1 s intervals): a rate over so short a time is how the test ended, not what
// the link carried, and drawn as a point it reads as a measurement above the burst limit.
import { formatMs } from './units.js';

/**
 * One line's rows, in time order, split into the rows to draw and the closing sliver left out (null if none). The
 * API marks that row (`closing`, by the rule the findings use too), so the charts and the findings look at the same
 * intervals.
 */
export function splitStub(rows) {
  const stub = rows.find((row) => row.closing) ?? null;
  return { drawn: stub ? rows.filter((row) => row !== stub) : rows, stub };
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
