// A job's findings once each, under its results tables, as the server sums them up for the job and its report
// (GET /api/v1/jobs/{id}/findings): each kind with the scenarios it covers, in the server's order. A finding's
// headline is the answer and stays in view; its detail (what to check next) opens on demand, so the findings fit
// under the tables.

/** Draws the job's findings into #job-findings, shown once there is something in it; false when they did not come. */
export async function showJobFindings(jobId) {
  let summaries;
  try {
    const response = await fetch(`/api/v1/jobs/${jobId}/findings`, { headers: { Accept: 'application/json' } });
    if (!response.ok) {
      return false;
    }
    summaries = await response.json();
  } catch {
    return false; // the next round asks again
  }
  const items = summaries.map((summary) => {
    const item = document.createElement('li');
    item.className = `finding ${summary.severity}`;
    item.dataset.kind = summary.kind;
    const title = document.createElement('strong');
    title.textContent = `${summary.kind}: `;
    item.append(title, ...(summary.summed ? [text('covers', summary.headline)] : firstRun(summary)));
    return item;
  });
  document.getElementById('job-findings').replaceChildren(...items);
  document.getElementById('job-findings-title').hidden = items.length === 0;
  return true;
}

/** "UDP 1 Gbit/s upload, 30 s; UDP 5 Gbit/s upload, 30 s. In the first: …", the first run's finding for all. */
function firstRun(summary) {
  const parts = [text('covers', `${summary.covers}. `),
    summary.runIds.length > 1 ? `In the first: ${summary.headline}` : summary.headline];
  if (summary.detail) {
    const more = document.createElement('details');
    more.className = 'finding-more';
    const title = document.createElement('summary');
    title.textContent = 'What to check next';
    more.append(title, summary.detail);
    parts.push(more);
  }
  return parts;
}

function text(className, content) {
  const span = document.createElement('span');
  span.className = className;
  span.textContent = content;
  return span;
}
