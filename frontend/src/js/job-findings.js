// A job's findings once each, under its results tables: each kind with the scenarios it covers, warnings first and,
// among them, what decided the figures (the sender) before what went wrong on the way (loss). percent-of-limit is
// summed up across the job ("All 4 TCP scenarios ran at 93.7–95.6 % of the 5 Gbit/s burst limit"), as an engineer
// would write it; every run's own sentence stays on its badge and its page.
import { formatPercent, formatRate } from './units.js';

const KIND_ORDER = ['sender-limited', 'packet-loss'];
const byKind = new Map(); // kind -> { severity, items: [{ name, udp, finding }] }
let tcpScenarios = 0;

/** Notes one run's findings; `name` is its scenario's name on the page. */
export function noteFindings(name, udp, findings) {
  tcpScenarios += udp ? 0 : 1;
  for (const finding of findings) {
    const seen = byKind.get(finding.kind) ?? { severity: finding.severity, items: [] };
    seen.items.push({ name, udp, finding });
    if (finding.severity === 'warning') {
      seen.severity = 'warning';
    }
    byKind.set(finding.kind, seen);
  }
}

/** Draws the list into #job-findings, shown once there is something in it. */
export function showJobFindings(scenarioCount) {
  const items = [...byKind.entries()].sort(([a, x], [b, y]) => rank(a, x) - rank(b, y))
    .map(([kind, seen]) => {
      const item = document.createElement('li');
      item.className = `finding ${seen.severity}`;
      item.dataset.kind = kind;
      const title = document.createElement('strong');
      title.textContent = `${kind}: `;
      const summary = kind === 'percent-of-limit' ? limitSummary(seen.items) : null;
      item.append(title, ...(summary ? [summary] : covered(seen.items, scenarioCount)));
      return item;
    });
  document.getElementById('job-findings').replaceChildren(...items);
  document.getElementById('job-findings-title').hidden = items.length === 0;
}

function rank(kind, seen) {
  const known = KIND_ORDER.indexOf(kind);
  return (seen.severity === 'warning' ? 0 : 100) + (known < 0 ? KIND_ORDER.length : known);
}

/**
 * "UDP 1 Gbit/s upload; UDP 5 Gbit/s upload. In the first: …", the first run's sentence for all. Its first sentence
 * is the answer and stays in view; what to check next opens on demand, so the findings fit under the tables.
 */
function covered(items, scenarioCount) {
  const covers = document.createElement('span');
  covers.className = 'covers';
  const all = items.length === scenarioCount && items.length > 1;
  covers.textContent = `${all ? `all ${items.length} scenarios` : items.map((item) => item.name).join('; ')}. `;
  const [headline, rest] = splitFirstSentence(items[0].finding.message);
  const parts = [covers, items.length > 1 ? `In the first: ${headline}` : headline];
  if (rest) {
    const more = document.createElement('details');
    more.className = 'finding-more';
    const summary = document.createElement('summary');
    summary.textContent = 'What to check next';
    more.append(summary, rest);
    parts.push(more);
  }
  return parts;
}

/** A finding's first sentence and the rest: a full stop followed by a space and a capital ends it ("1.68" does not). */
export function splitFirstSentence(message) {
  const end = /[.!?]\)?\s+(?=[A-Z])/.exec(message);
  return end ? [message.slice(0, end.index + end[0].trimEnd().length), message.slice(end.index + end[0].length)]
    : [message, ''];
}

/** The job's TCP runs against the burst limit as one range, its UDP runs each against its own target. */
function limitSummary(items) {
  const parts = [];
  const tcp = items.filter((item) => !item.udp && Number.isFinite(item.finding.data?.percentOfBurstLimit));
  if (tcp.length > 0) {
    const who = tcp.length === tcpScenarios && tcp.length > 1 ? `All ${tcp.length} TCP scenarios`
      : tcp.map((item) => item.name).join('; ');
    const percents = tcp.map((item) => item.finding.data.percentOfBurstLimit);
    const burst = formatRate(tcp[0].finding.data.burstLimitBitsPerSecond);
    parts.push(`${who} ran at ${range(percents)} of the ${burst} burst limit`
      + (tcp.every((item) => item.finding.data.atCap)
        ? ': the limit decided, not the driver; compare drivers on runs below it (fewer streams, a -b target, '
          + 'or a larger instance).'
        : '.'));
  }
  const udp = items.filter((item) => item.udp && Number.isFinite(item.finding.data?.percentOfTarget));
  if (udp.length > 0) {
    parts.push(`${udp.map((item) => `${item.name} received ${formatPercent(item.finding.data.percentOfTarget)}`)
      .join('; ')} of ${udp.length > 1 ? 'their targets' : 'its target'}.`);
  }
  if (parts.length === 0) {
    return null;
  }
  const text = document.createElement('span');
  text.className = 'covers';
  text.textContent = parts.join(' ');
  return text;
}

function range(percents) {
  const low = Math.min(...percents);
  const high = Math.max(...percents);
  return formatPercent(low) === formatPercent(high) ? formatPercent(low)
    : `${formatPercent(low).replace(' %', '')}–${formatPercent(high)}`;
}
