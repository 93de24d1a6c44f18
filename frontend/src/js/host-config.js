// Host configuration on the job page and an agent's configuration page: each host's audit against the vendor's
// advice (check, value found, advice, source, verdict) and every setting it reported, drawn from
// /api/v1/jobs/{id}/configuration or /api/v1/agents/{name}/configuration. The server words, orders and judges;
// this draws. On a job page that is still running it asks again until the job has ended.
import { formatTime } from './units.js';

const section = document.querySelector('[data-config-url]');
const list = section.querySelector('[data-field="host-configs"]');
const FINISHED = ['SUCCEEDED', 'FAILED', 'CANCELLED'];
const REFRESH_MS = 5000;

refresh();

async function refresh() {
  try {
    const response = await fetch(section.dataset.configUrl, { headers: { Accept: 'application/json' } });
    if (response.ok) {
      show((await response.json()).hosts);
    }
  } catch {
    // the next round tries again
  }
  const status = document.getElementById('job-status')?.dataset.status;
  if (status && !FINISHED.includes(status)) {
    setTimeout(refresh, REFRESH_MS);
  }
}

function show(hosts) {
  const empty = section.querySelector('[data-field="host-configs-empty"]');
  empty.hidden = hosts.length > 0;
  const byRole = new Map();
  hosts.forEach((host) => byRole.set(host.role, (byRole.get(host.role) ?? 0) + 1));
  list.replaceChildren(...hosts.map((host) => hostView(host, byRole.get(host.role) > 1)));
}

function hostView(host, changed) {
  const article = document.createElement('article');
  article.className = 'host-config';
  article.dataset.role = host.role;
  article.dataset.agent = host.agent;
  const title = document.createElement('h3');
  const where = host.interfaceName ? ` · ${host.interfaceName} (${host.os})` : '';
  title.textContent = `${host.role === 'sut' ? 'SUT' : 'Peer'} ${host.agent}${where}`;
  const when = document.createElement('p');
  when.className = 'hint';
  const scenarios = host.scenarioIds.length === 1 ? 'scenario' : 'scenarios';
  when.textContent = `Read before ${scenarios} ${host.scenarioIds.map((id) => `#${id}`).join(', ')}, `
    + `${formatTime(host.readAt)}${changed ? ' — this host\'s settings changed during the job' : ''}.`;
  article.append(title, when);
  if (host.unreadable) {
    const why = document.createElement('p');
    why.className = 'alert info';
    why.textContent = `No configuration: ${host.unreadable}`;
    article.append(why);
    return article;
  }
  article.append(auditTable(host), factsDetails(host));
  return article;
}

function auditTable(host) {
  const box = document.createElement('div');
  box.className = 'table-scroll';
  const table = document.createElement('table');
  table.className = 'runs audit';
  table.innerHTML = '<caption></caption><thead><tr><th scope="col">Check</th><th scope="col">Value found</th>'
    + '<th scope="col">Advice</th><th scope="col">Source</th><th scope="col">Verdict</th></tr></thead><tbody></tbody>';
  table.caption.textContent = `${host.agent} against the vendor's advice`;
  for (const row of host.audit) {
    const tr = table.tBodies[0].insertRow();
    tr.dataset.check = row.id;
    cell(tr, 'Check', row.check);
    const value = cell(tr, 'Value found', row.value ?? 'unknown');
    if (row.note) {
      const note = document.createElement('div');
      note.className = 'hint';
      note.textContent = row.note;
      value.append(note);
    }
    cell(tr, 'Advice', `${row.advice} (${row.level})`);
    const source = cell(tr, 'Source', '');
    const link = document.createElement('a');
    link.href = row.sourceUrl;
    link.textContent = row.source;
    source.append(link);
    const verdict = cell(tr, 'Verdict', '');
    const badge = document.createElement('span');
    badge.className = `badge verdict-${row.verdict}`;
    badge.textContent = row.verdict;
    verdict.append(badge);
  }
  box.append(table);
  return box;
}

function factsDetails(host) {
  const details = document.createElement('details');
  details.className = 'host-facts';
  const summary = document.createElement('summary');
  summary.textContent = `All ${host.facts.length} settings it reported`
    + (host.unknown.length ? `, and ${host.unknown.length} it could not read` : '');
  const table = document.createElement('table');
  table.className = 'runs facts';
  table.innerHTML = '<thead><tr><th scope="col">Setting</th><th scope="col">Name</th><th scope="col">Value'
    + '</th></tr></thead><tbody></tbody>';
  for (const fact of host.facts) {
    const tr = table.tBodies[0].insertRow();
    tr.classList.toggle('matters', fact.weight === 'throughput');
    cell(tr, 'Setting', fact.label);
    cell(tr, 'Name', fact.name).className = 'text code';
    cell(tr, 'Value', fact.value);
  }
  for (const unknown of host.unknown) {
    const tr = table.tBodies[0].insertRow();
    cell(tr, 'Setting', unknown.label);
    cell(tr, 'Name', unknown.name).className = 'text code';
    cell(tr, 'Value', `unknown: ${unknown.reason}`).className = 'text hint';
  }
  const box = document.createElement('div');
  box.className = 'table-scroll';
  box.append(table);
  details.append(summary, box);
  return details;
}

function cell(row, label, text) {
  const td = row.insertCell();
  td.className = 'text';
  td.dataset.label = label;
  td.textContent = text;
  return td;
}
