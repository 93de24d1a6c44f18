// How the browser writes a number it has to format itself (a chart's tooltip and legend, a live point): in the same
// words as the server's FigureText (src/main/java/com/burstline/server/run/FigureText.java), which words every
// figure a page, report or export shows. tests/units.test.mjs holds both to src/test/resources/figure-text.json.

export const GBIT = 1e9;
export const UNKNOWN = 'unknown';

function known(value) {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * The value with `digits` decimals, rounded as Java's Formatter rounds: half up, on the shortest decimal that names
 * the double (1.005 -> "1.01", where toFixed rounds the binary value to "1.00").
 */
function fixed(value, digits) {
  const text = String(Math.abs(value));
  if (text.includes('e')) {
    return value.toFixed(digits);
  }
  const [whole, fraction = ''] = text.split('.');
  const up = fraction.length > digits && fraction[digits] >= '5' ? 1n : 0n;
  const scaled = (BigInt(whole + fraction.padEnd(digits, '0').slice(0, digits)) + up).toString()
    .padStart(digits + 1, '0');
  const result = digits === 0 ? scaled : `${scaled.slice(0, -digits)}.${scaled.slice(-digits)}`;
  return value < 0 ? `-${result}` : result;
}

/** Two decimals in the largest fitting unit: 4780000000 -> "4.78 Gbit/s", 992480000 -> "992.48 Mbit/s". */
export function formatRate(bitsPerSecond) {
  if (!known(bitsPerSecond)) return UNKNOWN;
  if (bitsPerSecond >= 1e9) return `${fixed(bitsPerSecond / 1e9, 2)} Gbit/s`;
  if (bitsPerSecond >= 1e6) return `${fixed(bitsPerSecond / 1e6, 2)} Mbit/s`;
  return `${fixed(bitsPerSecond / 1e3, 2)} kbit/s`;
}

/** A share, one decimal: "95.6%". */
export function formatPercent(percent) {
  return known(percent) ? `${fixed(percent, 1)}%` : UNKNOWN;
}

/** Lost datagrams, two decimals: "0.00%". */
export function formatLoss(percent) {
  return known(percent) ? `${fixed(percent, 2)}%` : UNKNOWN;
}

/** Jitter, three decimals: "0.012 ms". */
export function formatJitter(ms) {
  return known(ms) ? `${fixed(ms, 3)} ms` : UNKNOWN;
}

/** A plain decimal moved `places` to the left, without trailing zeros (Java's movePointLeft, stripTrailingZeros). */
function movePointLeft(value, places) {
  const [whole, fraction = ''] = String(value).split('.');
  const padded = whole.padStart(places + 1, '0');
  const before = padded.slice(0, -places).replace(/^0+(?=\d)/, '');
  const after = (padded.slice(-places) + fraction).replace(/0+$/, '');
  return after ? `${before}.${after}` : before;
}

/** A limit or target exactly as people say it: 5e9 -> "5 Gbit/s", 512e6 -> "512 Mbit/s", 4.95e9 -> "4.95 Gbit/s". */
export function formatLimit(bitsPerSecond) {
  if (!known(bitsPerSecond)) return UNKNOWN;
  const whole = Math.round(bitsPerSecond);
  const [places, unit] = whole >= 1e9 ? [9, 'Gbit/s'] : whole >= 1e6 ? [6, 'Mbit/s'] : [3, 'kbit/s'];
  return `${movePointLeft(whole, places)} ${unit}`;
}

/** A limit in Gbit/s, as the label forms take it and the charts' limit lines name it: 512e6 -> "0.512 Gbit/s". */
export function formatGbit(bitsPerSecond) {
  return known(bitsPerSecond) ? `${movePointLeft(bitsPerSecond, 9)} Gbit/s` : UNKNOWN;
}

const threeDigits = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3 });

/** A short duration or a chart's ms axis, three significant digits: "1.27 ms". */
export function formatMs(ms) {
  return known(ms) ? `${threeDigits.format(ms)} ms` : UNKNOWN;
}

/** "2026-11-30T09:18:53Z" -> "2026-11-30 09:18:53 UTC"; runs are compared across regions, so times stay in UTC. */
export function formatTime(iso) {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(\.\d+)?Z$/.exec(iso);
  return match ? `${match[1]} ${match[2]} UTC` : iso;
}
