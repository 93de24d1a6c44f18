// Human units for the figures Burstline shows. The server sends iperf3's exact values (bits per second, ms, %);
// pages show them rounded and keep the exact value in the element's title.

const significant = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4 });

export const GBIT = 1e9;

/** 4875538754 -> "4.876 Gbit/s", 955572054 -> "955.6 Mbit/s". */
export function formatRate(bitsPerSecond) {
  if (!Number.isFinite(bitsPerSecond)) {
    return '–';
  }
  const abs = Math.abs(bitsPerSecond);
  if (abs >= 1e9) return `${significant.format(bitsPerSecond / 1e9)} Gbit/s`;
  if (abs >= 1e6) return `${significant.format(bitsPerSecond / 1e6)} Mbit/s`;
  if (abs >= 1e3) return `${significant.format(bitsPerSecond / 1e3)} kbit/s`;
  return `${significant.format(bitsPerSecond)} bit/s`;
}

/** Always in Gbit/s, for limits that are quoted that way: 512000000 -> "0.512 Gbit/s". */
export function formatGbit(bitsPerSecond) {
  return `${Number((bitsPerSecond / GBIT).toPrecision(6))} Gbit/s`;
}

const threeDigits = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3 });

export function formatMs(ms) {
  return Number.isFinite(ms) ? `${threeDigits.format(ms)} ms` : '–';
}

/** Two decimals below 10 %, one above; tiny non-zero losses keep three significant digits instead of showing 0. */
export function formatPercent(percent) {
  if (!Number.isFinite(percent)) {
    return '–';
  }
  const abs = Math.abs(percent);
  const options = abs >= 10 ? { maximumFractionDigits: 1 }
    : abs >= 0.01 || abs === 0 ? { maximumFractionDigits: 2 } : { maximumSignificantDigits: 3 };
  return `${new Intl.NumberFormat('en-US', options).format(percent)} %`;
}

/** A ratio as a multiple: 1.31 -> "×1.31", 377.4 -> "×377"; "–" when unknown. */
export function formatRatio(ratio) {
  if (!Number.isFinite(ratio)) {
    return '–';
  }
  return `×${ratio >= 100 ? Math.round(ratio).toLocaleString('en-US') : Number(ratio.toPrecision(3))}`;
}

/** The value exactly as JavaScript round-trips it, with thousands separators: "4,875,538,754.022378 bit/s". */
export function exact(value, unit) {
  const [whole, fraction] = String(Number(value)).split('.');
  if (whole.includes('e')) {
    return `${value} ${unit}`;
  }
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${grouped}${fraction ? `.${fraction}` : ''} ${unit}`;
}

/** "2026-11-30T09:18:53Z" -> "2026-11-30 09:18:53 UTC"; runs are compared across regions, so times stay in UTC. */
export function formatTime(iso) {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(\.\d+)?Z$/.exec(iso);
  return match ? `${match[1]} ${match[2]} UTC` : iso;
}

const formatters = {
  rate: [formatRate, 'bit/s'],
  percent: [formatPercent, '%'],
  ms: [formatMs, 'ms'],
};

/** Rewrites every <data data-unit> and <time datetime> under root into human units, exact value in the title. */
export function humanizeFigures(root = document) {
  for (const element of root.querySelectorAll('data[data-unit]')) {
    const [format, unit] = formatters[element.dataset.unit] ?? [];
    const value = Number(element.value);
    if (format && element.value !== '' && Number.isFinite(value)) {
      element.textContent = format(value);
      element.title = exact(element.value, unit);
    }
  }
  for (const element of root.querySelectorAll('time[datetime]')) {
    element.textContent = formatTime(element.dateTime);
    element.title = element.dateTime;
  }
}
