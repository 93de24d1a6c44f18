// The compare page and the printable report: one grouped-bar chart of mean received throughput per scenario (one
// dataset per group, 95% intervals as whiskers) with the burst limit and baseline as labelled lines, and on the
// compare page the table beneath. Everything comes from /api/v1/compare with the page's own query.
// Chart.js and the annotation plugin come as UMD scripts from webjars, loaded before this module.
import { limitLegend, limitLine } from './limit-lines.js';
import { BASELINE_COLOR, BURST_COLOR } from './palette.js';

const { Chart } = window;
Chart.register(window['chartjs-plugin-annotation']);

const GBIT = 1e9;
const MIN_PLOT = 240;
const COLORS = ['#64748b', '#2b7bb9', '#d97706', '#16a085', '#8e44ad', '#c0392b'];
const section = document.querySelector('[data-compare-api]');
const form = document.querySelector('.compare-form');

if (form) {
  fillForm(form, new URLSearchParams(location.search));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    location.search = queryOf(form).toString();
  });
}
main().catch((error) => showProblem(error.message));

async function main() {
  const response = await fetch(section.dataset.compareApi, { headers: { Accept: 'application/json' } });
  const body = await response.json();
  if (!response.ok) {
    throw new Error(body.detail ?? `the comparison answered ${response.status}`);
  }
  const verdicts = document.getElementById('compare-verdicts');
  if (verdicts) {
    showVerdicts(verdicts, body);
  }
  drawChart(document.getElementById('compare-chart'), body);
  const table = document.getElementById('compare-table');
  if (table) {
    fillTable(table.tBodies[0], body);
  }
  const latency = document.getElementById('compare-latency');
  if (latency && body.latency.length > 0) {
    showLatency(body.latency);
    latency.hidden = false;
  }
}

/** Latency per scenario and group, lower is better: the verdict the server wrote, then the figures. */
function showLatency(scenarios) {
  const verdicts = document.getElementById('compare-latency-verdicts');
  for (const scenario of scenarios.filter((s) => s.comparison)) {
    const verdict = document.createElement('p');
    verdict.className = `verdict ${scenario.comparison.verdictKind}`;
    verdict.dataset.deltaPercent = scenario.comparison.deltaPercent;
    const title = document.createElement('strong');
    title.textContent = scenario.label;
    verdict.append(title, capitalize(scenario.comparison.verdict));
    verdicts.append(verdict);
  }
  const body = document.getElementById('compare-latency-table').tBodies[0];
  for (const scenario of scenarios) {
    for (const g of scenario.groups) {
      const row = body.insertRow();
      [scenario.label, scenario.figureText, g.label ?? g.group, String(g.n), g.text.mean, g.text.interval,
        g.text.idleP99].forEach((text) => { row.insertCell().textContent = text; });
    }
  }
}

/** Grouped bars: x = scenario, one dataset per group; the dataset keeps each bar's CI for the whisker plugin. */
function drawChart(canvas, result) {
  const labels = result.scenarios.map((s) => s.tick);
  const groups = [...new Set(result.scenarios.flatMap((s) => s.groups.map((g) => g.group)))];
  const labelOf = new Map(result.scenarios.flatMap((s) => s.groups.map((g) => [g.group, g.label ?? g.group])));
  const datasets = groups.map((group, index) => {
    const figures = result.scenarios.map((s) => s.groups.find((g) => g.group === group));
    return {
      label: labelOf.get(group),
      backgroundColor: COLORS[index % COLORS.length],
      data: figures.map((g) => (g ? g.mean / GBIT : null)),
      errorBars: figures.map((g) => (g && g.ci95Low != null
        ? { low: g.ci95Low / GBIT, high: g.ci95High / GBIT, clipped: g.ci95Clipped } : null)),
    };
  });
  const all = result.scenarios.flatMap((s) => s.groups);
  const chart = new Chart(canvas, {
    type: 'bar',
    data: { labels, datasets },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      scales: { y: { beginAtZero: true, min: 0, title: { display: true, text: 'Gbit/s received' },
        suggestedMax: Math.max(...all.map((g) => (g.burstLimitBitsPerSecond ?? 0) / GBIT)) * 1.1 } },
      plugins: { annotation: { annotations: limitLines(all) }, legend: limitLegend({ position: 'bottom' }) },
    },
    plugins: [whiskers],
  });
  keepPlotHeight(chart, canvas.parentElement);
  // Tests and screenshots wait for this instead of guessing how long drawing takes.
  canvas.dataset.ready = 'true';
}

/**
 * On a narrow window many scenarios turn their names sideways and the legend wraps, both taken from the plot: the
 * box grows by what the plot lacks, so that the bars keep MIN_PLOT px whatever the labels need.
 */
function keepPlotHeight(chart, box) {
  const lacking = MIN_PLOT - (chart.chartArea.bottom - chart.chartArea.top);
  if (lacking > 0) {
    box.style.height = `${box.clientHeight + Math.ceil(lacking)}px`;
    chart.resize();
  }
}

/** One line per distinct limit; the usual case is one burst limit and one baseline for the whole selection. */
function limitLines(groups) {
  const lines = {};
  distinct(groups.map((g) => g.burstLimitBitsPerSecond)).forEach((bps, i) => {
    lines[i === 0 ? 'burstLimit' : `burstLimit${i}`] = limitLine(bps, 'burst limit', BURST_COLOR);
  });
  distinct(groups.map((g) => g.baselineBitsPerSecond)).forEach((bps, i) => {
    lines[i === 0 ? 'baseline' : `baseline${i}`] = limitLine(bps, 'baseline', BASELINE_COLOR);
  });
  return lines;
}

const whiskers = {
  id: 'whiskers',
  afterDatasetsDraw(chart) {
    const { ctx, scales: { y } } = chart;
    ctx.save();
    ctx.strokeStyle = '#111827';
    ctx.lineWidth = 1.5;
    chart.data.datasets.forEach((dataset, d) => {
      chart.getDatasetMeta(d).data.forEach((bar, i) => {
        const range = dataset.errorBars[i];
        if (!range) return;
        const [top, bottom] = [y.getPixelForValue(range.high), y.getPixelForValue(range.low)];
        ctx.beginPath();
        ctx.moveTo(bar.x, top); ctx.lineTo(bar.x, bottom);
        ctx.moveTo(bar.x - 5, top); ctx.lineTo(bar.x + 5, top);
        if (range.clipped) {
          // cut at 0: an open arrow instead of a cap, so that no one reads 0 as the interval's end
          ctx.moveTo(bar.x - 5, bottom - 6); ctx.lineTo(bar.x, bottom); ctx.lineTo(bar.x + 5, bottom - 6);
        } else {
          ctx.moveTo(bar.x - 5, bottom); ctx.lineTo(bar.x + 5, bottom);
        }
        ctx.stroke();
      });
    });
    ctx.restore();
  },
};

/** The answer first: one headline per scenario that compares two groups. */
function showVerdicts(container, result) {
  const compared = result.scenarios.filter((s) => s.comparison);
  if (compared.length === 0) {
    const note = document.createElement('p');
    note.className = 'verdict';
    note.textContent = result.scenarios.length === 0 ? 'No runs match this selection.'
      : 'Pick exactly two groups (baseline and other) for a verdict per scenario.';
    container.append(note);
    return;
  }
  for (const scenario of compared) {
    const verdict = document.createElement('p');
    verdict.className = `verdict ${scenario.comparison.verdictKind}`;
    const title = document.createElement('strong');
    title.textContent = scenario.label;
    verdict.append(title, capitalize(scenario.comparison.verdict));
    if (scenario.comparison.explanation) {
      // grouped by direction: which limit could explain the difference, on a line of its own
      const why = document.createElement('span');
      why.className = 'explanation';
      why.textContent = `${capitalize(scenario.comparison.explanation)}.`;
      verdict.append(why);
    }
    const others = scenario.comparison.configuration?.differences ?? [];
    if (others.length > 0) {
      verdict.append(differencesList(others));
    }
    container.append(verdict);
  }
}

/**
 * The host settings that differ between the two groups besides what they are grouped by, as the server words and
 * orders them (those that matter to throughput first); past the first few, the rest open on demand.
 */
function differencesList(differences) {
  const SHOWN = 4;
  const box = document.createElement('div');
  box.className = 'config-differences';
  const head = document.createElement('span');
  head.textContent = 'Host settings that also differ:';
  const list = (items) => {
    const ul = document.createElement('ul');
    for (const difference of items) {
      const li = document.createElement('li');
      li.textContent = difference.text;
      li.classList.toggle('matters', difference.mattersToThroughput);
      ul.append(li);
    }
    return ul;
  };
  box.append(head, list(differences.slice(0, SHOWN)));
  if (differences.length > SHOWN) {
    const more = document.createElement('details');
    const summary = document.createElement('summary');
    summary.textContent = `${differences.length - SHOWN} more`;
    more.append(summary, list(differences.slice(SHOWN)));
    box.append(more);
  }
  return box;
}

/** A compact row per group (its figures and what decided its runs); the rest opens on demand in a row beneath. */
function fillTable(body, result) {
  for (const scenario of result.scenarios) {
    scenario.groups.forEach((g) => {
      const bidir = g.text.reverseMean != null;
      // [words, the figure they are (named for the field of the group's `text`), what follows them]
      const cells = [[bidir ? `${scenario.label}: upload` : scenario.label], [g.label ?? g.group], [String(g.n)],
        [g.text.mean, 'mean'], [g.text.verdict, 'verdict'], [g.text.interval, 'interval'], [g.text.ofLimit, 'ofLimit'],
        g.text.loss != null ? [g.text.loss, 'loss', ' loss'] : [g.text.retransmits, 'retransmits', ' retr.']];
      const row = body.insertRow();
      cells.forEach(([text, name, after]) => row.insertCell().append(figure(text, name), after ?? ''));
      row.cells[4].className = 'decided';
      row.cells[4].dataset.verdict = g.verdicts.map((v) => v.id).join(' ');
      if (bidir) {
        reverseRow(body, scenario, g, cells.length + 1);
      }
      const details = body.insertRow();
      details.className = 'details-row';
      details.hidden = true;
      const cell = details.insertCell();
      cell.colSpan = cells.length + 1;
      cell.append(detailList(g));
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'details';
      button.textContent = 'More';
      button.setAttribute('aria-expanded', 'false');
      button.addEventListener('click', () => {
        details.hidden = !details.hidden;
        button.setAttribute('aria-expanded', String(!details.hidden));
        button.textContent = details.hidden ? 'More' : 'Less';
      });
      row.insertCell().append(button);
    });
  }
}

/** A --bidir group's download direction, on a row of its own rather than added to the upload. */
function reverseRow(body, scenario, g, columns) {
  const row = body.insertRow();
  row.className = 'reverse-row';
  const texts = [[`${scenario.label}: download`], [g.label ?? g.group], [String(g.n)], [g.text.reverseMean, 'reverseMean']];
  texts.forEach(([text, name]) => row.insertCell().append(figure(text, name)));
  for (let i = texts.length; i < columns; i += 1) {
    row.insertCell().textContent = '';
  }
}

/** What the row leaves out (its retransmits or loss are the row's last cell). */
function detailList(g) {
  const list = document.createElement('dl');
  const t = g.text;
  const udp = t.sent != null ? [['Sent (mean)', 'sent'], ['Sent % of target', 'sentShareOfTarget']] : [];
  const items = [...udp, ['Median', 'median'], ['Min', 'min'], ['Max', 'max'], ['Std dev', 'stddev'],
    ['% of burst limit', 'shareOfBurstLimit'], ['% of baseline', 'shareOfBaseline'],
    ...(t.jitter != null ? [['Jitter', 'jitter']] : []), ['Runs', 'runs']];
  for (const [term, name] of items) {
    const dt = document.createElement('dt');
    dt.textContent = term;
    const dd = document.createElement('dd');
    dd.append(figure(t[name], name));
    list.append(dt, dd);
  }
  return list;
}

/** Words as a node; a figure's are marked with its name (data-figure), as every page marks them. */
function figure(text, name) {
  if (!name) {
    return text;
  }
  const span = document.createElement('span');
  span.dataset.figure = name;
  span.textContent = text;
  return span;
}

/** The form's groups become the groupBy dimension's repeated filter, which is what the API reads. */
function queryOf(formElement) {
  const data = new FormData(formElement);
  const query = new URLSearchParams();
  const groupBy = data.get('groupBy');
  query.set('groupBy', groupBy);
  for (const [name, value] of data.entries()) {
    if (name === 'groupBy' || !String(value).trim() || (name === 'fact' && groupBy !== 'config')) continue;
    query.append(name === 'group' ? groupBy : name, String(value).trim());
  }
  return query;
}

function fillForm(formElement, params) {
  const groupBy = params.get('groupBy') ?? 'driver';
  formElement.elements.groupBy.value = groupBy;
  // the form's first group is the baseline: a link that names it with baseline= (the job page's) keeps it so
  const baseline = params.get('baseline');
  const groups = params.getAll(groupBy).sort((a, b) => (b === baseline) - (a === baseline));
  formElement.querySelectorAll('[data-role=group]').forEach((input, i) => { input.value = groups[i] ?? ''; });
  for (const name of ['sut', 'peer', 'pair', 'instanceType', 'protocol', 'direction', 'tag', 'job', 'fact']) {
    if (name !== groupBy && params.get(name) && formElement.elements[name]) {
      formElement.elements[name].value = params.get(name);
    }
  }
}

function showProblem(message) {
  const problem = document.getElementById('compare-problem');
  if (problem) {
    problem.textContent = `The comparison could not be drawn: ${message}`;
    problem.hidden = false;
  }
}

const distinct = (values) => [...new Set(values.filter((v) => v != null))];
const capitalize = (text) => text.charAt(0).toUpperCase() + text.slice(1);
