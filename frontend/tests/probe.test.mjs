// The burst probe's pages in Chromium: the real server jar, two stand-in agents (a loopback HTTP server that accepts
// the server's calls, as the Java tests' TestAgent does) and live samples that step down from 5 to 0.512 Gbit/s, so
// the server itself confirms the drop and ends the probe. Then the job page and the Agents page must show the probe
// in words, as an estimate, at 1280 and 400 px without horizontal overflow. Needs target/burstline.jar.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authorized, launchBrowser, results, signInWithToken, startServer, until } from './support/server.mjs';
import { startStandInAgents } from './support/stand-in-agents.mjs';

const token = `test-token-probe-${process.pid}-0123456789`;
const agentToken = `agent-token-probe-${process.pid}-0123456789`;
const AGENTS = ['probe-sut', 'probe-peer'];
const PATIENCE = 60_000;

let server;
let secrets;
let nonces;
let agentCall;
let stopAgents;
let browser;
let workDir;
let jobId;

describe('the burst probe on the job and Agents pages', () => {
  before(async () => {
    mkdirSync(results, { recursive: true });
    workDir = mkdtempSync(join(tmpdir(), 'burstline-probe-'));
    server = await startServer({ workDir, logName: 'probe-server.log', args: [`--burstline.api-token=${token}`,
      `--burstline.agent-token=${agentToken}`, '--burstline.agents.heartbeat-seconds=1'] });
    ({ secrets, nonces, agentCall, close: stopAgents } = await startStandInAgents(server.baseUrl, agentToken, AGENTS,
      '2.11.0'));
    browser = await launchBrowser(workDir);
  });

  after(async () => {
    await browser?.context.close().catch(() => {});
    stopAgents?.();
    await server?.stop();
    if (workDir) {
      rmSync(workDir, { recursive: true, force: true });
    }
  });

  test('a probe whose samples step down ends by itself with its figures', async () => {
    const created = await fetch(`${server.baseUrl}/api/v1/jobs`, authorized(token, { method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sut: AGENTS[0], peer: AGENTS[1], plan: 'burst-probe', maxDurationSeconds: 600 }) }));
    const body = await created.text();
    assert.equal(created.status, 201, body);
    jobId = JSON.parse(body).id;
    const scenario = (await until('the probe to run', async () => {
      const job = await getJob();
      return job.scenarios[0].status === 'RUNNING' ? job.scenarios[0] : null;
    }));
    const nonce = await until('the SUT to be sent the probe', async () => nonces[scenario.id]);
    for (let second = 0; second < 30; second += 1) {
      const rate = second < 9 ? 5e9 * (1 + 0.01 * Math.sin(second)) : 0.512e9;
      const live = await agentCall(`/api/v1/agents/${AGENTS[0]}/live`, { jobId, scenarioId: scenario.id,
        attempt: scenario.attempt, source: 'interface-counters', nonce,
        samples: [{ start: second, end: second + 1, bitsPerSecond: rate, stream: 'sum' }] }, secrets[AGENTS[0]]);
      // 403 only once the probe ended between the last look and this post
      assert.ok([204, 403].includes(live.status), `live samples: ${live.status} ${await live.text()}`);
      if ((await getJob()).status !== 'RUNNING') {
        break;
      }
    }
    const job = await until('the probe to end', async () => {
      const current = await getJob();
      return current.status === 'RUNNING' ? null : current;
    });
    assert.equal(job.status, 'SUCCEEDED');
    assert.ok(Math.abs(job.scenarios[0].probe.exhaustedAfterSeconds - 9) <= 1, JSON.stringify(job.scenarios[0]));
  });

  test('the job page and the Agents page say what the probe found, as an estimate, at 1280 and 400 px', async () => {
    const { page } = browser;
    await signInWithToken(page, server.baseUrl, token);
    for (const width of [1280, 400]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.baseUrl}/jobs/${jobId}`);
      const probe = page.locator(`[data-probe-of] [data-field="probe"]`);
      await probe.filter({ hasText: 'An estimate from one probe' }).waitFor({ timeout: PATIENCE });
      assert.match(await probe.textContent(), /Gbit\/s for 9\.\d s, then 512\.00 Mbit\/s baseline/);
      await noOverflow(page, `job page at ${width} px`);
      await page.screenshot({ path: join(results, `probe-job-${width}.png`), fullPage: true });

      await page.goto(`${server.baseUrl}/agents`);
      const cell = page.locator(`tr[data-agent="${AGENTS[0]}"] [data-field="probes"]`);
      assert.match(await cell.textContent(), /upload:\s+5\.\d\d Gbit\/s for 9\.\d s[\s\S]*An estimate from one probe/);
      assert.match(await page.locator(`tr[data-agent="${AGENTS[1]}"] [data-field="probes"]`).textContent(),
        /not probed yet/);
      // the server called each agent after its first heartbeat (the stand-in answers every call)
      const reached = page.locator(`tr[data-agent="${AGENTS[0]}"] [data-reach-when="reached"]`);
      assert.match(await reached.textContent(), /reached from this server:\s+answered in \d+ ms/);
      assert.ok(await reached.isVisible(), 'the reached line is shown');
      assert.ok(!await page.locator(`tr[data-agent="${AGENTS[0]}"] [data-reach-when="unreached"]`).isVisible(),
        'no "cannot call" alert');
      await noOverflow(page, `Agents page at ${width} px`);
      await page.screenshot({ path: join(results, `probe-agents-${width}.png`), fullPage: true });
    }
  });

  test('a job with cool-down auto states its wait as an estimate from the probe, at 1280 and 400 px', async () => {
    const created = await fetch(`${server.baseUrl}/api/v1/jobs`, authorized(token, { method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sut: AGENTS[0], peer: AGENTS[1], coolDownSeconds: 'auto',
        scenarios: [{ protocol: 'TCP', durationSeconds: 1 }] }) }));
    const body = await created.text();
    assert.equal(created.status, 201, body);
    const job = JSON.parse(body);
    assert.equal(job.coolDownAuto.probeJobId, jobId);
    const { page } = browser;
    for (const width of [1280, 400]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.baseUrl}/jobs/${job.id}`);
      const note = page.locator('#job-cool-down-auto');
      assert.match(await note.textContent(), new RegExp(`auto: ${job.coolDownSeconds} s, an estimate: the refill of `
        + `${AGENTS[0]}'s upload credit[\\s\\S]*An estimate from one probe`));
      assert.equal(await note.locator(`a[href="/jobs/${jobId}"]`).count(), 1);
      await noOverflow(page, `auto cool-down job page at ${width} px`);
      await page.screenshot({ path: join(results, `probe-auto-cool-down-${width}.png`), fullPage: true });
    }
    await fetch(`${server.baseUrl}/api/v1/jobs/${job.id}/cancel`, authorized(token, { method: 'POST' }));
  });
});

async function getJob() {
  return (await fetch(`${server.baseUrl}/api/v1/jobs/${jobId}`, authorized(token))).json();
}

async function noOverflow(page, where) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth,
    document.documentElement.clientWidth]);
  assert.ok(scroll <= client, `${where} overflows: ${scroll} > ${client}`);
}
