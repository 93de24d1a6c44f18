// The charts' rules as plain functions: how they leave out iperf3's closing sliver interval the API marks, and the
// note that names it (on the intervals of real iperf3 output: the server's report of a 5 s download at 3.8 Gbit/s);
// the colours of their lines.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { splitStub, stubNote } from '../src/js/intervals.js';
import { BASELINE_COLOR, BURST_COLOR, SERIES_COLORS } from '../src/js/palette.js';
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

describe('the series palette', () => {
  // Two colours are told apart by hue (20 degrees or more) or, at a similar hue, by saturation (a brown beside an
  // orange): the rule that rules out two greens or two oranges among one chart's lines.
  const apart = (a, b) => hueDistance(a, b) >= 20 || Math.abs(a.s - b.s) >= 0.3;

  test('the standard plan\'s six scenarios get six colours no one mistakes for each other', () => {
    const six = SERIES_COLORS.slice(0, 6).map(hsl);
    for (let i = 0; i < six.length; i++) {
      for (let j = i + 1; j < six.length; j++) {
        assert.ok(apart(six[i], six[j]), `${SERIES_COLORS[i]} and ${SERIES_COLORS[j]} look alike`);
      }
    }
  });

  test('no series colour looks like the burst limit or the baseline', () => {
    for (const color of SERIES_COLORS) {
      for (const limit of [BURST_COLOR, BASELINE_COLOR]) {
        assert.ok(apart(hsl(color), hsl(limit)), `${color} looks like the limit line ${limit}`);
      }
    }
  });
});

function hsl(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  let h = 0;
  if (d !== 0) {
    h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  }
  return { h: (h * 60 + 360) % 360, s, l };
}

function hueDistance(a, b) {
  const d = Math.abs(a.h - b.h);
  return Math.min(d, 360 - d);
}
