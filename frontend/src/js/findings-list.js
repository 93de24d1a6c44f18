// Findings as a list a person reads first: warnings before notes, each with its kind and the sentence the server
// wrote (GET /api/v1/runs/{id}/findings). Shared by the run and job pages.

/** Fetches a run's findings; an empty list when the run has none or the server cannot say. */
export async function fetchFindings(runId) {
  const response = await fetch(`/api/v1/runs/${runId}/findings`, { headers: { Accept: 'application/json' } });
  return response.ok ? response.json() : [];
}

/** One <li> per finding, warnings first. */
export function findingItems(findings) {
  const sorted = [...findings].sort((a, b) => (b.severity === 'warning') - (a.severity === 'warning'));
  return sorted.map((finding) => {
    const item = document.createElement('li');
    item.className = `finding ${finding.severity}`;
    item.dataset.kind = finding.kind;
    const kind = document.createElement('strong');
    kind.textContent = `${finding.kind}: `;
    item.append(kind, finding.message);
    return item;
  });
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
  list.replaceChildren(...findingItems(findings));
}
