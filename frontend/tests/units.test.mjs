// The browser's figure words (src/js/units.js) on the list the server's FigureText is held to as well
// (src/test/resources/figure-text.json, FigureTextTest): a chart's tooltip writes a rate as the table beside it does.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  formatGbit, formatJitter, formatLimit, formatLoss, formatMs, formatPercent, formatRate, formatTime, UNKNOWN,
} from '../src/js/units.js';

const list = fileURLToPath(new URL('../../src/test/resources/figure-text.json', import.meta.url));
const { cases } = JSON.parse(readFileSync(list, 'utf8'));
const formats = {
  rate: formatRate, percent: formatPercent, loss: formatLoss, jitter: formatJitter, limit: formatLimit,
  gbit: formatGbit, ms: formatMs,
};

describe('figure words, as the server writes them', () => {
  test('every value on the shared list reads as the server writes it', () => {
    assert.ok(cases.length > 30);
    for (const { kind, value, text } of cases) {
      assert.equal(formats[kind](value), text, `${kind} ${value}`);
    }
  });

  test('a value that is not a number is unknown, never 0 or a blank', () => {
    for (const format of Object.values(formats)) {
      assert.equal(format(undefined), UNKNOWN);
      assert.equal(format(Number.NaN), UNKNOWN);
    }
  });

  test('times are UTC, as every page writes them', () => {
    assert.equal(formatTime('2026-11-30T09:18:53Z'), '2026-11-30 09:18:53 UTC');
    assert.equal(formatTime('2026-11-30T09:18:53.123Z'), '2026-11-30 09:18:53 UTC');
  });
});
