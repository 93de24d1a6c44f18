// How the charts leave out iperf3's closing sliver interval the API marks, and the note that names what they leave
// out, as plain functions on the intervals of real iperf3 output (the server's report of a 5 s download at 3.8 Gbit/s).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { splitStub, stubNote } from '../src/js/intervals.js';
import { samples } from './support/server.mjs';

const report = JSON.parse(readFileSync(join(samples, 'iperf3-312-tcp-1-download-4g-server-lab.json'), 'utf8'));
const serverSums = report.server_output_json.intervals
  .map(({ sum }) => ({ start: sum.start, end: sum.end, bitsPerSecond: sum.bits_per_second }));
const clientSums = report.intervals
  .map(({ sum }) => ({ start: sum.start, end: sum.end, bitsPerSecond: sum.bits_per_second }));

describe('the closing sliver interval', () => {
  // The rule itself is the server's (ClosingIntervals, tested on this report there); the API marks the row it picks.
  const marked = serverSums.map((row, i) => ({ ...row, closing: i === serverSums.length - 1 }));

  test('the row the API marks closing is left out, every other row drawn', () => {
    const { drawn, stub } = splitStub(marked);
    assert.deepEqual(drawn, marked.slice(0, 5));
    assert.equal(stub, marked[5]);
    assert.ok(stub.bitsPerSecond > 8e9 && stub.end - stub.start < 0.002);
  });

  test('rows without a mark are drawn whole', () => {
    assert.deepEqual(splitStub(clientSums), { drawn: clientSums, stub: null });
  });
});

describe('the note under the chart', () => {
  const stub = serverSums[serverSums.length - 1];

  test('names the interval once, however many lines left it out', () => {
    assert.equal(stubNote([{ stub }, { stub }]), 'The last interval, 5.00–5.00 s (1.27 ms), is not drawn: a rate '
      + 'over so short a time is how the test ended, not what the link carried; it stays in the run\'s intervals '
      + '(API, CSV).');
  });

  test('names each scenario\'s interval on a chart of several runs', () => {
    const other = { start: 4.000104, end: 4.002, bitsPerSecond: 1e9 };
    const note = stubNote([{ stub, of: 'scenario 1', run: 7 }, { stub: other, of: 'scenario 2', run: 8 }]);
    assert.match(note, /^The last intervals of scenario 1 \(5\.00–5\.00 s, 1\.27 ms\) and scenario 2 \(4\.00–4\.00 s, /);
    assert.match(note, /1\.9 ms\) are not drawn: .*; they stay in the runs' intervals \(API, CSV\)\.$/);
  });

  test('says nothing when nothing is left out', () => {
    assert.equal(stubNote([]), '');
  });
});
