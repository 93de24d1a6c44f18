// Roles and the Content-Security-Policy in a real Chromium against the real server jar: a viewer and an operator
// sign in with their passwords and see what each may do; an admin creates a token on the admin page; no page reports
// a CSP violation, and the pages this feature added fit at 400 px and 1280 px.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  authorized, closeTest, openPage, results, samples, signInWithPassword, signInWithToken, startTestServer,
} from './support/server.mjs';

let token;
const PAGES = ['/runs', '/compare?groupBy=driver', '/reports?sut=sec-a', '/jobs', '/agents', '/login',
  '/swagger-ui/index.html'];

let stopServer = async () => {};
let baseUrl;
let context;
let page;
let workDir;
let runId;
const violations = [];
const pageErrors = [];

describe('roles and CSP in Chromium', () => {
  before(async () => {
    ({ baseUrl, stop: stopServer, workDir, token } = await startTestServer('security'));
    await createUser('vera', 'viewer');
    await createUser('otto', 'operator');
    runId = await upload('iperf3-312-tcp-4-upload.json');
    ({ context, page } = await openPage(workDir, { pageErrors, cspViolations: violations }));
  });

  after(async () => {
    await closeTest({ context, stop: stopServer, workDir });
  });

  test('a visitor who is not signed in is sent to the sign-in page', async () => {
    await page.goto(`${baseUrl}/runs`);
    assert.equal(new URL(page.url()).pathname, '/login');
    const csp = (await page.goto(`${baseUrl}/login`)).headers()['content-security-policy'];
    assert.match(csp, /script-src 'self';/);
    assert.match(csp, /frame-ancestors 'none'/);
  });

  test('a viewer reads every page but is offered no upload, job, delete or admin', async () => {
    await signInWithPassword(page, baseUrl, 'vera', 'vera-password-123');
    for (const path of [...PAGES.filter((p) => p !== '/login'), `/runs/${runId}`]) {
      const response = await page.goto(`${baseUrl}${path}`);
      assert.equal(response.status(), 200, path);
    }
    await page.goto(`${baseUrl}/jobs`);
    assert.equal(await page.locator('a:has-text("New job")').count(), 0);
    assert.equal(await page.locator('nav a:has-text("Upload")').count(), 0);
    assert.equal(await page.locator('nav a:has-text("Admin")').count(), 0);
    await page.goto(`${baseUrl}/runs/${runId}`);
    await page.waitForSelector('#throughput-chart[data-ready="true"]');
    assert.equal(await page.locator('button:has-text("Delete run")').count(), 0);
    assert.equal((await page.goto(`${baseUrl}/jobs/new`)).status(), 403);
    assert.equal((await page.goto(`${baseUrl}/upload`)).status(), 403);
    await signOut();
  });

  test('an operator is offered upload, new jobs and deleting runs, but no admin', async () => {
    await signInWithPassword(page, baseUrl, 'otto', 'otto-password-123');
    await page.goto(`${baseUrl}/jobs`);
    assert.equal(await page.locator('a:has-text("New job")').count(), 1);
    assert.equal(await page.locator('nav a:has-text("Upload")').count(), 1);
    assert.equal(await page.locator('nav a:has-text("Admin")').count(), 0);
    assert.equal((await page.goto(`${baseUrl}/jobs/new`)).status(), 200);
    await page.goto(`${baseUrl}/runs/${runId}`);
    assert.equal(await page.locator('button:has-text("Delete run")').count(), 1);
    assert.equal((await page.goto(`${baseUrl}/admin/users`)).status(), 403);
    await signOut();
  });

  test('an admin creates a token on the admin page and sees it once', async () => {
    await signInWithToken(page, baseUrl, token);
    await page.goto(`${baseUrl}/admin/tokens`);
    await page.fill('#token-name', 'wall display');
    await page.selectOption('#token-role', 'viewer');
    await Promise.all([page.waitForNavigation(), page.click('#new-token button[type=submit]')]);
    const secret = (await page.textContent('#new-secret')).trim();
    assert.match(secret, /^bl_/);
    const reads = await fetch(`${baseUrl}/api/v1/runs`, authorized(secret));
    assert.equal(reads.status, 200);
    await page.reload();
    assert.equal(await page.locator('#new-secret').count(), 0, 'the secret is shown once');
    assert.match(await page.textContent('#tokens'), /wall display/);
    for (const [name, width] of [['narrow', 400], ['wide', 1280]]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/admin/tokens', '/admin/users', '/login']) {
        await page.goto(`${baseUrl}${path}`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth
          - document.documentElement.clientWidth);
        assert.ok(overflow <= 0, `${path} overflows by ${overflow} px at ${width} px`);
        await page.screenshot({ path: join(results, `security${path.replaceAll('/', '-')}-${name}.png`),
          fullPage: true });
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test('a signed-in session ends at the next page once its access is taken away', async () => {
    await createUser('dora', 'operator');
    const admin = (method, path, body) => fetch(`${baseUrl}${path}`, authorized(token, { method,
      headers: { 'Content-Type': 'application/json' }, body: body && JSON.stringify(body) }));
    const endsAfter = async (what, takeAway, path = '/runs') => {
      await page.goto(`${baseUrl}${path}`);
      assert.equal(new URL(page.url()).pathname, path, `signed in before: ${what}`);
      const response = await takeAway();
      assert.ok(response.ok, `${what}: ${response.status} ${await response.text()}`);
      await page.goto(`${baseUrl}${path}`);
      assert.equal(new URL(page.url()).pathname, '/login', `the sign-in page after: ${what}`);
    };

    await signInWithPassword(page, baseUrl, 'dora', 'dora-password-123');
    await endsAfter('a demotion to viewer', () => admin('PATCH', '/api/v1/users/dora', { role: 'viewer' }), '/jobs');
    await signInWithPassword(page, baseUrl, 'dora', 'dora-password-123');
    await endsAfter('a new password', () => admin('PATCH', '/api/v1/users/dora',
      { password: 'dora-new-password-456' }));
    await signInWithPassword(page, baseUrl, 'dora', 'dora-new-password-456');
    await endsAfter('the user\'s deletion', () => admin('DELETE', '/api/v1/users/dora'));

    const issued = await (await admin('POST', '/api/v1/tokens', { name: 'session-token', role: 'operator' })).json();
    await signInWithToken(page, baseUrl, issued.secret);
    await endsAfter('the token\'s revocation', () => admin('DELETE', `/api/v1/tokens/${issued.token.id}`));
  });

  test('no page reported a CSP violation or a script error', async () => {
    for (const path of [...PAGES, `/runs/${runId}`, '/admin/users', '/admin/tokens', '/upload', '/jobs/new']) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
    }
    assert.deepEqual(violations, []);
    assert.deepEqual(pageErrors, []);
  });
});

async function signOut() {
  await Promise.all([page.waitForNavigation(), page.click('nav button:has-text("Sign out")')]);
}

async function createUser(username, role) {
  const response = await fetch(`${baseUrl}/api/v1/users`, authorized(token, { method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: `${username}-password-123`, role }) }));
  assert.equal(response.status, 201, await response.text());
}

async function upload(fileName) {
  const query = 'sut=sec-a&peer=sec-b&instanceType=t4g.large&driver=ENA%202.11.0';
  const response = await fetch(`${baseUrl}/api/v1/runs?${query}`, authorized(token, { method: 'POST',
    headers: { 'Content-Type': 'application/json' }, body: readFileSync(join(samples, fileName)) }));
  const body = await response.text();
  assert.equal(response.status, 201, body);
  return JSON.parse(body).id;
}
