// An agent whose TLS key changed, on the Agents page in real Chromium: the page shows both fingerprints and, to an
// admin, a button that pins the new one; a certificate announced after the page was loaded is not what the click
// accepts. The agent is registered through the real API (enrollment token, then its own secret). And adding an
// agent there: the join token and its commands shown once, the token revoked with Revoke…. Needs
// ../target/burstline.jar and ../target/burstline-agent.jar.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { agentJar, authorized, launchBrowser, results, signInWithToken, startTestServer } from './support/server.mjs';

let token;
let agentToken;
const fingerprint = (byte) => Array(32).fill(byte).join(':');
const [FIRST, SECOND, THIRD] = [fingerprint('AA'), fingerprint('BB'), fingerprint('CC')];

let stopServer = async () => {};
let baseUrl;
let workDir;
let secret;

async function register(bearer, certificateSha256) {
  const response = await fetch(`${baseUrl}/api/v1/agents`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'cert-a', url: 'https://127.0.0.1:9', testAddress: '127.0.0.1', certificateSha256 }),
  });
  const text = await response.text();
  assert.equal(response.status, 200, text);
  return JSON.parse(text);
}

async function certificate() {
  const agent = await (await fetch(`${baseUrl}/api/v1/agents/cert-a`, authorized(token))).json();
  return agent.certificate;
}

describe('accepting an agent\'s new certificate on the Agents page', () => {
  before(async () => {
    ({ baseUrl, stop: stopServer, workDir, token, agentToken } = await startTestServer('agent-certificate'));
    ({ secret } = await register(agentToken, FIRST));
    await register(secret, SECOND); // the agent restarted with a new key
  });

  after(async () => {
    await stopServer();
    if (workDir) {
      rmSync(workDir, { recursive: true, force: true });
    }
  });

  test('a certificate announced after the page loaded is not accepted; the one shown is, by a click', async () => {
    const { context, page } = await launchBrowser(join(workDir, 'profile'), { width: 1280, height: 900 });
    try {
      await signInWithToken(page, baseUrl, token);
      await page.goto(`${baseUrl}/agents`);
      const changed = page.locator('tr[data-agent="cert-a"] [data-field="certificate-changed"]');
      assert.match(await changed.textContent(), new RegExp(`${SECOND}[\\s\\S]*${FIRST}`));
      await page.screenshot({ path: join(results, 'agents-certificate-changed-1280.png'), fullPage: true });
      await page.setViewportSize({ width: 400, height: 900 });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      await page.screenshot({ path: join(results, 'agents-certificate-changed-400.png'), fullPage: true });
      assert.ok(width <= 400, `the Agents page is ${width} px wide at 400 px`);

      await register(secret, THIRD); // announced while the admin was comparing SECOND
      await Promise.all([page.waitForNavigation(), changed.locator('button').click()]);
      assert.match(await page.locator('[role=status]').textContent(), /now presents the certificate SHA-256 CC:.*nothing was accepted/);
      assert.equal((await certificate()).pinnedSha256, FIRST, 'the pin did not move');

      const again = page.locator('tr[data-agent="cert-a"] [data-field="certificate-changed"]');
      assert.match(await again.textContent(), new RegExp(THIRD));
      await Promise.all([page.waitForNavigation(), again.locator('button').click()]);
      assert.match(await page.locator('[role=status]').textContent(), /certificate SHA-256 CC:.* is now pinned/);
      assert.deepEqual(await certificate(), { pinnedSha256: THIRD, presentedSha256: THIRD, changed: false });
      assert.equal(await page.locator('[data-field="certificate-changed"]').count(), 0);
    } finally {
      await context.close();
    }
  });

  test('Add an agent shows the join token and its commands once; Revoke… ends the token', async () => {
    const { context, page } = await launchBrowser(join(workDir, 'profile-join'), { width: 400, height: 900 });
    try {
      await signInWithToken(page, baseUrl, token);
      await page.goto(`${baseUrl}/agents`);
      // the browser came over loopback: the form starts with that URL and says hosts elsewhere cannot use it
      assert.equal(await page.locator('#server-url').inputValue(), baseUrl);
      assert.match(await page.locator('#server-url-warnings').textContent(), /127\.0\.0\.1 is loopback/);
      assert.match(await page.locator('#agent-ports').textContent(), /TCP 7701 from the server, TCP and UDP 5201–5210/);
      await page.fill('#add-agent input[name=name]', 'join-page');
      await page.fill('#server-url', 'http://10.0.0.5:8080');
      await Promise.all([page.waitForNavigation(), page.click('#add-agent button[type=submit]')]);
      const joinSecret = (await page.locator('#join-secret').textContent()).trim();
      const sha256 = createHash('sha256').update(readFileSync(agentJar)).digest('hex');
      assert.match(joinSecret, /^bl_join_/);
      assert.equal((await page.locator('#agent-jar-sha256').textContent()).trim(), sha256);
      assert.equal((await page.locator('#added-server-url').textContent()).trim(), 'http://10.0.0.5:8080');
      assert.equal(await page.locator('#server-url-warnings').count(), 0, 'a private address draws no warning');
      for (const id of ['#command-linux-dnf', '#command-linux-apt']) {
        const linux = await page.locator(id).textContent();
        for (const part of [joinSecret, sha256, 'sha256sum -c', "name='join-page'", '"--name" "join-page"',
          "'http://10.0.0.5:8080/agent/burstline-agent.jar'", 'useradd --system', 'systemctl enable burstline-agent.service']) {
          assert.ok(linux.includes(part), `the Linux block ${id} has ${part}: ${linux}`);
        }
        assert.ok(!linux.includes('127.0.0.1'), linux);
      }
      const windows = await page.locator('#command-windows').textContent();
      assert.ok(windows.includes(joinSecret) && windows.includes(sha256) && windows.includes('Get-FileHash'), windows);
      assert.match(windows, /-AtStartup[\s\S]*Register-ScheduledTask[^\n]*-User \$user[^\n]*-RunLevel Limited/);
      assert.match(await page.locator('#join').textContent(), /Microsoft's Build of OpenJDK/);
      assert.equal(await page.locator('#join-commands button.copy').count(), 5);
      const download = await page.request.get(`${baseUrl}/agent/burstline-agent.jar`); // the signed-in session
      assert.equal(download.status(), 200);
      assert.equal(createHash('sha256').update(await download.body()).digest('hex'), sha256);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      await page.screenshot({ path: join(results, 'agents-add-agent-400.png'), fullPage: true });
      assert.ok(width <= 400, `the Agents page with the commands is ${width} px wide at 400 px`);

      await page.reload();
      assert.equal(await page.locator('#join-secret').count(), 0, 'the token is shown once');
      const row = page.locator('#join-tokens tbody tr', { has: page.locator('th', { hasText: /^join-page$/ }) });
      assert.equal((await row.locator('[data-field=join-state]').textContent()).trim(), 'unused');
      await row.locator('summary').click();
      await Promise.all([page.waitForNavigation(), row.locator('button.danger').click()]);
      assert.match(await page.locator('#join [role=status]').textContent(), /join token for join-page is revoked/);
      assert.equal((await row.locator('[data-field=join-state]').textContent()).trim(), 'revoked');
      const enroll = await fetch(`${baseUrl}/api/v1/agents`, { method: 'POST',
        headers: { Authorization: `Bearer ${joinSecret}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'join-page', url: 'https://127.0.0.1:9', testAddress: '127.0.0.1' }) });
      assert.equal(enroll.status, 401);
      assert.match((await enroll.json()).detail, /^This join token was revoked at/);
    } finally {
      await context.close();
    }
  });
});
