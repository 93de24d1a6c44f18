// The compare page and the printable report: one grouped-bar chart of mean received throughput per scenario (one
// dataset per group, 95% intervals as whiskers) with the burst limit and baseline as labelled lines, and on the
// compare page the table beneath. Everything comes from /api/v1/compare with the page's own query.
// Chart.js and the annotation plugin come as UMD scripts from webjars, loaded before this module.
const { Chart } = window;
Chart.register(window['chartjs-plugin-annotation']);

const GBIT = 1e9;
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
  drawChart(document.getElementById('compare-chart'), body);
  const table = document.getElementById('compare-table');
  if (table) {
    fillTable(table.tBodies[0], body);
  }
}

/** Grouped bars: x = scenario, one dataset per group; the dataset keeps each bar's CI for the whisker plugin. */
function drawChart(canvas, result) {
  const labels = result.scenarios.map(scenarioLabel);
  const groups = [...new Set(result.scenarios.flatMap((s) => s.groups.map((g) => g.group)))];
  const datasets = groups.map((group, index) => {
    const figures = result.scenarios.map((s) => s.groups.find((g) => g.group === group));
    return {
      label: group,
      backgroundColor: COLORS[index % COLORS.length],
      data: figures.map((g) => (g ? g.mean / GBIT : null)),
      errorBars: figures.map((g) => (g && g.ci95Low != null ? [g.ci95Low / GBIT, g.ci95High / GBIT] : null)),
    };
  });
  const all = result.scenarios.flatMap((s) => s.groups);
  new Chart(canvas, {
    type: 'bar',
    data: { labels, datasets },
    options: {
      animation: false,
      responsive: true,
      scales: { y: { beginAtZero: true, title: { display: true, text: 'Gbit/s received' },
        suggestedMax: Math.max(...all.map((g) => (g.burstLimitBitsPerSecond ?? 0) / GBIT)) * 1.1 } },
      plugins: { annotation: { annotations: limitLines(all) }, legend: { position: 'bottom' } },
    },
    plugins: [whiskers],
  });
  // Tests and screenshots wait for this instead of guessing how long drawing takes.
  canvas.dataset.ready = 'true';
}

/** One line per distinct limit; the usual case is one burst limit and one baseline for the whole selection. */
function limitLines(groups) {
  const lines = {};
  const add = (key, value, text, color) => {
    lines[key] = { type: 'line', yMin: value, yMax: value, borderColor: color, borderWidth: 2, borderDash: [6, 4],
      label: { display: true, content: text, position: 'end', backgroundColor: color } };
  };
  distinct(groups.map((g) => g.burstLimitBitsPerSecond)).forEach((bps, i) =>
    add(i === 0 ? 'burstLimit' : `burstLimit${i}`, bps / GBIT, `burst limit ${gbit(bps)} Gbit/s`, '#dc2626'));
  distinct(groups.map((g) => g.baselineBitsPerSecond)).forEach((bps, i) =>
    add(i === 0 ? 'baseline' : `baseline${i}`, bps / GBIT, `baseline ${gbit(bps)} Gbit/s`, '#2563eb'));
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
        const [top, bottom] = [y.getPixelForValue(range[1]), y.getPixelForValue(range[0])];
        ctx.beginPath();
        ctx.moveTo(bar.x, top); ctx.lineTo(bar.x, bottom);
        ctx.moveTo(bar.x - 5, top); ctx.lineTo(bar.x + 5, top);
        ctx.moveTo(bar.x - 5, bottom); ctx.lineTo(bar.x + 5, bottom);
        ctx.stroke();
      });
    });
    ctx.restore();
  },
};

function fillTable(body, result) {
  for (const scenario of result.scenarios) {
    scenario.groups.forEach((g, index) => {
      const verdict = index === 0 && scenario.comparison ? scenario.comparison.verdict : '';
      const cells = [scenarioLabel(scenario), g.group, String(g.n), rate(g.mean),
        g.ci95Low == null ? '–' : `${rate(g.ci95Low)} – ${rate(g.ci95High)}`, rate(g.median), rate(g.min),
        rate(g.max), g.stddev == null ? '–' : rate(g.stddev), percent(g.meanPercentOfBurstLimit),
        percent(g.meanPercentOfBaseline), number(g.meanRetransmits), percent(g.meanLostPercent),
        g.meanJitterMs == null ? '–' : `${g.meanJitterMs.toFixed(3)} ms`, verdict];
      const row = body.insertRow();
      cells.forEach((text) => { row.insertCell().textContent = text; });
    });
  }
}

function scenarioLabel(s) {
  const what = s.protocol === 'UDP' && s.targetBitsPerSecond != null
    ? `UDP ${gbit(s.targetBitsPerSecond)} Gbit/s` : `${s.protocol} ${s.streams} stream${s.streams === 1 ? '' : 's'}`;
  return `${what} ${s.direction}`;
}

/** The form's groups become the groupBy dimension's repeated filter, which is what the API reads. */
function queryOf(formElement) {
  const data = new FormData(formElement);
  const query = new URLSearchParams();
  const groupBy = data.get('groupBy');
  query.set('groupBy', groupBy);
  for (const [name, value] of data.entries()) {
    if (name === 'groupBy' || !String(value).trim()) continue;
    query.append(name === 'group' ? groupBy : name, String(value).trim());
  }
  return query;
}

function fillForm(formElement, params) {
  const groupBy = params.get('groupBy') ?? 'driver';
  formElement.elements.groupBy.value = groupBy;
  const groups = params.getAll(groupBy);
  formElement.querySelectorAll('[data-role=group]').forEach((input, i) => { input.value = groups[i] ?? ''; });
  for (const name of ['sut', 'peer', 'instanceType', 'protocol', 'direction', 'tag', 'job']) {
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
const gbit = (bps) => Number((bps / GBIT).toPrecision(6));
const rate = (bps) => (bps >= GBIT ? `${(bps / GBIT).toFixed(3)} Gbit/s` : `${(bps / 1e6).toFixed(1)} Mbit/s`);
const percent = (p) => (p == null ? '–' : `${p.toFixed(1)} %`);
const number = (n) => (n == null ? '–' : n.toFixed(1));
