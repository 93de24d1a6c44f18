// One run's page, below the charts: the findings, the host facts of both ends, the NIC counters' deltas and the
// exact iperf3 command, from the same API users call (/api/v1/runs/{id}/findings, /environment, /api/v1/agents).
import { fetchFindings, showFindings } from './findings-list.js';
import { factRows, fillRows } from './host-facts.js';

const section = document.querySelector('[data-run-id]');
const runId = section.dataset.runId;

fetchFindings(runId).then((findings) => showFindings(document.getElementById('findings'), findings))
  .catch(() => showFindings(document.getElementById('findings'), []));
showEnvironment().catch((error) => note(`The host facts could not be read: ${error.message}`));

async function showEnvironment() {
  const response = await fetch(`/api/v1/runs/${runId}/environment`, { headers: { Accept: 'application/json' } });
  if (!response.ok) {
    throw new Error(`the server answered ${response.status}`);
  }
  const environment = await response.json();
  fillRows(document.getElementById('sut-facts'), environment.hostFacts ? factRows(environment.hostFacts) : [],
    'Uploaded run: no agent recorded this host.');
  fillRows(document.getElementById('nic-counters'), counterRows(environment.nicCounters),
    environment.nicCounters ? 'No counter changed.' : 'Uploaded run: no counters recorded.');
  document.getElementById('run-command').textContent = environment.command
    ? commandLine(environment.command)
    : 'Uploaded run: the command was not recorded (iperf3\'s output does not include it).';
  await showPeer(environment);
}

/** The peer's facts as its agent registered them: current facts, said so, since the run kept only the SUT's. */
async function showPeer(environment) {
  const table = document.getElementById('peer-facts');
  const peer = table.dataset.peer;
  const response = peer && environment.jobId != null
    ? await fetch(`/api/v1/agents/${encodeURIComponent(peer)}`, { headers: { Accept: 'application/json' } })
    : null;
  if (!response || !response.ok) {
    fillRows(table, [], environment.jobId == null ? 'Uploaded run: no agent recorded this host.'
      : 'This agent is no longer registered.');
    return;
  }
  const agent = await response.json();
  fillRows(table, factRows(agent.facts ?? {}), 'The agent reported no facts.');
  table.caption.append(' · as registered now');
}

function counterRows(counters) {
  if (!counters || !counters.delta) {
    return [];
  }
  const rows = Object.entries(counters.delta).map(([name, delta]) => [name, delta.toLocaleString('en-US')]);
  return counters.interface ? [['interface', counters.interface], ...rows] : rows;
}

/** The argument list as one line a shell would take: arguments with spaces or quotes are single-quoted. */
function commandLine(command) {
  const args = Array.isArray(command) ? command : command.arguments ?? command.args ?? [];
  if (!Array.isArray(args) || args.length === 0) {
    return JSON.stringify(command);
  }
  return args.map((arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${String(arg).replaceAll("'", "'\\''")}'`))
    .join(' ');
}

function note(text) {
  const element = document.getElementById('environment-note');
  element.textContent = text;
  element.hidden = false;
}
