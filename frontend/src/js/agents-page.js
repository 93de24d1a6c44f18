// The Agents page: the server renders the table; this keeps each agent's state and "last seen" current by asking
// the same API users call (/api/v1/agents) once per heartbeat period.
import { formatTime } from './units.js';

const section = document.querySelector('[data-heartbeat-seconds]');
const periodMs = Math.max(1, Number(section.dataset.heartbeatSeconds)) * 1000;

showLocalTimes();
addCopyButtons();
setInterval(() => refresh().catch(() => { /* the next period tries again */ }), periodMs);

async function refresh() {
  const response = await fetch('/api/v1/agents', { headers: { Accept: 'application/json' } });
  if (!response.ok) {
    return;
  }
  const agents = await response.json();
  const known = new Set([...document.querySelectorAll('[data-agent]')].map((row) => row.dataset.agent));
  // A new agent registered: its facts need the full row. Not while a join token's commands are shown, which a
  // reload would lose (they are shown once).
  if (agents.some((agent) => !known.has(agent.name)) && !document.querySelector('[data-join-commands]')) {
    window.location.reload();
    return;
  }
  for (const agent of agents) {
    const row = rowOf(agent);
    const state = row.querySelector('[data-field="state"]');
    state.textContent = agent.online ? (agent.busy ? 'online, busy' : 'online') : 'offline';
    state.classList.toggle('online', agent.online);
    state.classList.toggle('offline', !agent.online);
    const lastSeen = row.querySelector('[data-field="last-seen"]');
    lastSeen.setAttribute('datetime', agent.lastSeenAt);
    showReach(row, agent.reach);
  }
  showLocalTimes();
}

function rowOf(agent) {
  return document.querySelector(`[data-agent="${CSS.escape(agent.name)}"]`);
}

/** Whether the server could call the agent when it last tried: the page's words, the API's values. */
function showReach(row, reach) {
  const when = !reach ? 'none' : (reach.reached ? 'reached' : 'unreached');
  for (const element of row.querySelectorAll('[data-reach-when]')) {
    element.hidden = element.dataset.reachWhen === 'unreached-network'
      ? when !== 'unreached' || reach.connected : element.dataset.reachWhen !== when;
  }
  if (!reach) {
    return;
  }
  for (const detail of row.querySelectorAll('[data-reach-value="detail"]')) {
    detail.textContent = reach.detail;
  }
  for (const time of row.querySelectorAll('[data-reach-value="checked-at"]')) {
    time.setAttribute('datetime', reach.checkedAt);
    time.textContent = formatTime(reach.checkedAt);
  }
}

/** "12 s ago" beside the UTC time (the one format of every page), so a stale agent is obvious at a glance. */
function showLocalTimes() {
  for (const time of document.querySelectorAll('time[data-field="last-seen"]')) {
    const when = new Date(time.getAttribute('datetime'));
    const seconds = Math.max(0, Math.round((Date.now() - when.getTime()) / 1000));
    time.textContent = `${formatTime(when.toISOString())} (${seconds} s ago)`;
  }
}

/** A Copy button under each install command; the text stays selectable for browsers without the clipboard API. */
function addCopyButtons() {
  for (const pre of document.querySelectorAll('pre.command')) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy';
    button.textContent = 'Copy';
    button.setAttribute('aria-label', `Copy: ${pre.id.replace('command-', '')}`);
    button.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(pre.textContent);
        button.textContent = 'Copied';
      } catch {
        button.textContent = 'Select the text and copy it';
      }
    });
    pre.after(button);
  }
}
