// Every button that cancels, removes, revokes or deletes asks first (fragments/confirm.html), in a real browser
// against the real server jar: the first button only opens a step that names what will be lost; closing that step
// leaves the job, agent, token or user as it was, and only the step's own button acts. The job runs between two
// registered "agents" that accept the server's connection and never answer, so it stays running while the test
// looks at it. The token is also revoked with JavaScript off: the step needs no script. Needs ../target/burstline.jar.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { authorized, launchBrowser, openPage, results, signInWithToken, startTestServer } from './support/server.mjs';

let token;
let agentToken;

let stopServer = async () => {};
let baseUrl;
let context;
let page;
let workDir;
let silentAgent;
const openSockets = new Set();
const pageErrors = [];
const cspViolations = [];

describe('destructive buttons ask first, in Chromium', () => {
  before(async () => {
    ({ baseUrl, stop: stopServer, workDir, token, agentToken } = await startTestServer('confirm'));
    silentAgent = await listenSilently();
    ({ context, page } = await openPage(workDir, { baseUrl, token, pageErrors, cspViolations }));
  });

  after(async () => {
    await context?.close().catch(() => {});
    await stopServer();
    openSockets.forEach((socket) => socket.destroy());
    silentAgent?.close();
    if (workDir) {
      rmSync(workDir, { recursive: true, force: true });
    }
  });

  test('cancelling a job asks first; closing the question leaves the job running', async () => {
    for (const name of ['confirm-a', 'confirm-b']) {
      await register(name);
    }
    const job = await api('POST', '/api/v1/jobs', { sut: 'confirm-a', peer: 'confirm-b', plan: 'standard' });
    await page.goto(`${baseUrl}/jobs/${job.id}`);
    const step = page.locator('#cancel-confirm');
    await step.locator('summary').waitFor();
    assert.equal(await step.locator('button').isVisible(), false, 'nothing posts before the step is opened');
    await step.locator('summary').click();
    assert.match(await question(step),
      new RegExp(`^Cancel job #${job.id}\\? The scenario running now stops .* Runs already stored stay\\.$`));
    await looksRight('confirm-job', '#cancel-confirm');
    await step.locator('summary').click();
    assert.equal(await step.locator('button').isVisible(), false, 'closed again');
    assert.ok(['QUEUED', 'RUNNING'].includes((await api('GET', `/api/v1/jobs/${job.id}`)).status),
      'closing the question cancels nothing');

    await step.locator('summary').click();
    await Promise.all([page.waitForNavigation(), step.locator('button').click()]);
    assert.match(await page.textContent('[role=status]'), new RegExp(`Job ${job.id} was cancelled`));
    assert.equal((await api('GET', `/api/v1/jobs/${job.id}`)).status, 'CANCELLED');
    await page.locator('#cancel-job').waitFor({ state: 'hidden' });
  });

  test('removing an agent names what is lost; closing the question keeps it registered', async () => {
    await register('t4g-a');
    await page.goto(`${baseUrl}/agents`);
    const step = page.locator('tr[data-agent="t4g-a"] details.confirm');
    assert.equal(await step.locator('summary').getAttribute('aria-label'), 'Remove agent t4g-a…',
      'a screen reader hears which agent the toggle removes');
    await step.locator('summary').click();
    assert.match(await question(step),
      /Remove agent t4g-a\? Its secret stops working and it must enroll again/);
    await looksRight('confirm-agents', 'tr[data-agent="t4g-a"]');
    await step.locator('summary').click();
    await page.reload();
    assert.equal(await page.locator('tr[data-agent="t4g-a"]').count(), 1, 'closing the question removes nothing');
    assert.ok((await api('GET', '/api/v1/agents')).some((agent) => agent.name === 't4g-a'));

    await step.locator('summary').click();
    await Promise.all([page.waitForNavigation(), step.locator('button').click()]);
    assert.match(await page.textContent('[role=status]'), /Agent t4g-a was removed/);
    assert.equal(await page.locator('tr[data-agent="t4g-a"]').count(), 0);
    assert.ok(!(await api('GET', '/api/v1/agents')).some((agent) => agent.name === 't4g-a'));
  });

  test('deleting a user asks first; closing the question keeps the user', async () => {
    await api('POST', '/api/v1/users', { username: 'ana', password: 'ana-password-1234', role: 'viewer' });
    await page.goto(`${baseUrl}/admin/users`);
    const step = page.locator('tr[data-username="ana"] details.confirm');
    await step.locator('summary').click();
    assert.match(await question(step),
      /Delete user 'ana'\? They can no longer sign in/);
    await looksRight('confirm-users', 'tr[data-username="ana"]');
    await step.locator('summary').click();
    await page.reload();
    assert.ok((await api('GET', '/api/v1/users')).some((user) => user.username === 'ana'), 'still there');

    await step.locator('summary').click();
    await Promise.all([page.waitForNavigation(), step.locator('button').click()]);
    assert.match(await page.textContent('[role=status]'), /User 'ana' was deleted/);
    assert.ok(!(await api('GET', '/api/v1/users')).some((user) => user.username === 'ana'));
  });

  test('revoking a token asks first, without JavaScript too; until then the token works', async () => {
    const issued = await api('POST', '/api/v1/tokens', { name: 'ci', role: 'viewer' });
    const noScript = await launchBrowser(join(workDir, 'no-script'), { width: 1280, height: 900 },
      { javaScriptEnabled: false });
    try {
      await signInWithToken(noScript.page, baseUrl, token);
      await noScript.page.goto(`${baseUrl}/admin/tokens`);
      const step = noScript.page.locator(`#revoke-${issued.token.id}`);
      await step.locator('summary').click();
      assert.match(await question(step),
        /Revoke token 'ci'\? Every program that sends it is refused from now on/);
      await step.locator('summary').click();
      await noScript.page.reload();
      assert.equal((await fetch(`${baseUrl}/api/v1/runs`, authorized(issued.secret))).status, 200,
        'closing the question revokes nothing');

      await step.locator('summary').click();
      await Promise.all([noScript.page.waitForNavigation(), step.locator('button').click()]);
      assert.match(await noScript.page.textContent('[role=status]'), /Token 'ci' was revoked/);
      assert.equal((await fetch(`${baseUrl}/api/v1/runs`, authorized(issued.secret))).status, 401);
    } finally {
      await noScript.context.close();
    }
    await page.goto(`${baseUrl}/admin/tokens`);
    await looksRight('confirm-tokens', '#tokens');
  });

  test('no page reported a CSP violation or a script error', () => {
    assert.deepEqual(pageErrors, []);
    assert.deepEqual(cspViolations, []);
  });
});

/** The step's question as it reads (the template wraps its long lines). */
async function question(step) {
  return (await step.locator('.confirm-question').textContent()).replace(/\s+/g, ' ').trim();
}

/** Screenshots at 1280 and 400 px with the step open (to look at); neither may scroll sideways. */
async function looksRight(name, visible) {
  for (const width of [1280, 400]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator(visible).first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(results, `${name}-${width}.png`), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth
      - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `${page.url()} overflows by ${overflow} px at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function api(method, path, body) {
  const response = await fetch(`${baseUrl}${path}`, authorized(token, { method,
    headers: { 'Content-Type': 'application/json' }, body: body && JSON.stringify(body) }));
  const text = await response.text();
  assert.ok(response.ok, `${method} ${path} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

async function register(name) {
  const response = await fetch(`${baseUrl}/api/v1/agents`, authorized(agentToken, { method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, url: `http://127.0.0.1:${silentAgent.address().port}`, testAddress: '127.0.0.1',
      version: 'test', facts: { osName: 'Linux', cpus: 2, iperf3Version: '3.12', instanceType: 't4g.large',
        routeInterface: null, interfaces: [] } }) }));
  assert.equal(response.status, 200, await response.text());
}

/** A port that takes the server's calls and never answers them: a job to it stays running until it is cancelled. */
function listenSilently() {
  return new Promise((done, fail) => {
    const server = createServer((socket) => {
      openSockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => openSockets.delete(socket));
    });
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done(server));
  });
}
