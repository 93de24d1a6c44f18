// A run's findings as a list a person reads first, in the server's order (warnings first): each with its kind, its
// headline and what to check next, as GET /api/v1/runs/{id}/findings words them.

/** Fetches a run's findings; an empty list when the run has none or the server cannot say. */
export async function fetchFindings(runId) {
  const response = await fetch(`/api/v1/runs/${runId}/findings`, { headers: { Accept: 'application/json' } });
  return response.ok ? response.json() : [];
}

/** Fills the list, or says there is nothing to point out. */
export function showFindings(list, findings) {
  if (findings.length === 0) {
    const none = document.createElement('li');
    none.className = 'muted';
    none.textContent = 'Nothing to point out: no finding for this run.';
    list.replaceChildren(none);
    return;
  }
  list.replaceChildren(...findings.map((finding) => {
    const item = document.createElement('li');
    item.className = `finding ${finding.severity}`;
    item.dataset.kind = finding.kind;
    const kind = document.createElement('strong');
    kind.textContent = `${finding.kind}: `;
    item.append(kind, finding.message);
    return item;
  }));
}
