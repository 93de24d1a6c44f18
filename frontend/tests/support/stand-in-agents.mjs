// Stand-in agents for the browser tests that need a job's scenarios to end with chosen results: one loopback HTTP
// server answers every call the server makes to an agent (as the Java tests' TestAgent does) and keeps the nonce of
// each scenario it is sent; the agents enroll with it as their address and heartbeat so that they stay online. The
// test then posts, with an agent's own secret, what a real agent would (live samples, results, latency).
import assert from 'node:assert/strict';
import { createServer } from 'node:http';

/**
 * @param driverVersion the ENA driver the agents' facts name
 * @returns the agents' `secrets` and the dispatched `nonces` (by scenario id), `agentCall(path, body, bearer)` as an
 *   agent calls the server, and `close()`
 */
export async function startStandInAgents(baseUrl, agentToken, names, driverVersion) {
  const secrets = {};
  const serverKeys = {};
  const nonces = {};
  const api = createServer((request, response) => {
    let sent = '';
    request.on('data', (chunk) => { sent += chunk; });
    request.on('end', () => {
      if (request.url === '/v1/scenarios') {
        const spec = JSON.parse(sent);
        nonces[spec.scenarioId] = spec.nonce;
      }
    });
    response.writeHead(request.url.endsWith('cancel') ? 204 : 200, { 'Content-Type': 'application/json' });
    response.end(request.url.endsWith('cancel') ? undefined : '{}');
  });
  await new Promise((done) => api.listen(0, '127.0.0.1', done));
  /** As an agent: with the enrollment token to enroll, then with the agent's own secret. */
  const agentCall = (path, body, bearer) => fetch(`${baseUrl}${path}`, { method: 'POST',
    headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  for (const name of names) {
    const registered = await agentCall('/api/v1/agents', { name, url: `http://127.0.0.1:${api.address().port}`,
      version: 'test', facts: { osName: 'Linux', cpus: 2, iperf3Version: '3.12', instanceType: 't4g.large',
        routeInterface: null, interfaces: [{ name: 'eth0', driver: 'ena', driverVersion, mtu: 9001 }] } },
    agentToken);
    const answer = await registered.text();
    assert.equal(registered.status, 200, answer);
    secrets[name] = JSON.parse(answer).secret;
    serverKeys[name] = JSON.parse(answer).serverKeySha256;
  }
  // saying they hold the server's key, as a real agent does once it kept it from its enrollment
  const heartbeats = setInterval(() => names.forEach((name) => agentCall(`/api/v1/agents/${name}/heartbeat`,
    { busy: false, serverKeySha256: serverKeys[name] }, secrets[name]).catch(() => {})), 500);
  return {
    secrets,
    nonces,
    agentCall,
    close() {
      clearInterval(heartbeats);
      api.close();
    },
  };
}
