// The Schedules page in a real browser against the real server jar: an operator creates a schedule through the form
// (a bad cron first: the page says what is wrong and keeps what was typed), sees its next run in its time zone,
// pauses, resumes and deletes it; a viewer sees the list and the history but no buttons. Two agents are registered
// through the agent API so the job template is valid; the schedule fires at 03:00, so no job runs during the test.
// Needs ../target/burstline.jar (mvn -B -q -DskipTests package).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  authorized, closeTest, freePort, launchBrowser, openPage, results, signInWithToken, startTestServer, watchCsp,
} from './support/server.mjs';

let token;
let agentToken;
const TEMPLATE = '{"sut": "sched-a", "peer": "sched-b", "plan": "standard", "tags": ["nightly"]}';

let stopServer = async () => {};
let baseUrl;
let context;
let page;
let workDir;
const pageErrors = [];
const cspViolations = [];

describe('schedules page in Chromium', () => {
  before(async () => {
    ({ baseUrl, stop: stopServer, workDir, token, agentToken } = await startTestServer('schedules'));
    for (const name of ['sched-a', 'sched-b']) {
      await register(name);
    }
    ({ context, page } = await openPage(workDir, { baseUrl, token, pageErrors, cspViolations }));
  });

  after(async () => {
    await closeTest({ context, stop: stopServer, workDir });
  });

  test('an operator creates, pauses, resumes and deletes a schedule; a bad cron is explained on the page', async () => {
    await page.goto(`${baseUrl}/schedules`);
    assert.equal(await page.textContent('nav a.active'), 'Schedules');
    assert.ok(await page.isVisible('#no-schedules'));
    await page.fill('input[name=name]', 'nightly sched-a → sched-b');
    await page.fill('input[name=cron]', 'every night');
    await page.fill('input[name=timeZone]', 'Europe/Berlin');
    await page.fill('textarea[name=jobTemplate]', TEMPLATE);
    await Promise.all([page.waitForNavigation(), page.click('#schedule-form button[type=submit]')]);

    const problems = await page.textContent('#schedule-problems');
    assert.match(problems, /cron 'every night' is not a cron expression/);
    assert.match(problems, /'0 0 3 \* \* \*' for 03:00 every day/);
    assert.equal(await page.inputValue('input[name=name]'), 'nightly sched-a → sched-b', 'what was typed stays');
    assert.equal(await page.inputValue('textarea[name=jobTemplate]'), TEMPLATE);
    await page.screenshot({ path: join(results, 'schedules-error-1280.png'), fullPage: true });
    assert.equal(await overflow(), 0, 'no sideways scrolling at 1280 px');

    await page.fill('input[name=cron]', '0 0 3 * * *');
    await Promise.all([page.waitForNavigation(), page.click('#schedule-form button[type=submit]')]);
    assert.match(page.url(), /\/schedules\/\d+$/);
    assert.equal(await page.textContent('#schedule-state'), 'ACTIVE');
    assert.match(await page.textContent('#next-run'), /\d{4}-\d\d-\d\d 03:00:00 Europe\/Berlin \(0[12]:00:00 UTC\)/);
    assert.match(await page.textContent('#job-template'), /"sut" : "sched-a"/);

    await Promise.all([page.waitForNavigation(), page.click('#pause-form button')]);
    assert.equal(await page.textContent('#schedule-state'), 'PAUSED');
    assert.equal((await page.textContent('#next-run')).trim(), 'none while paused');
    assert.equal(await page.locator('#history tr[data-kind=PAUSED]').count(), 1);
    await Promise.all([page.waitForNavigation(), page.click('#resume-form button')]);
    assert.equal(await page.textContent('#schedule-state'), 'ACTIVE');
    await historyShowsTimesAsTheDashboardDoes();
    await page.screenshot({ path: join(results, 'schedule-1280.png'), fullPage: true });
    assert.equal(await overflow(), 0, 'no sideways scrolling at 1280 px');

    await page.goto(`${baseUrl}/schedules`);
    const row = page.locator('#schedules tbody tr');
    assert.equal(await row.count(), 1);
    assert.match(await row.textContent(), /nightly sched-a → sched-b[\s\S]*ACTIVE[\s\S]*0 0 3 \* \* \*/);
    await page.setViewportSize({ width: 400, height: 800 });
    await page.screenshot({ path: join(results, 'schedules-400.png'), fullPage: true });
    assert.equal(await overflow(), 0, 'no sideways scrolling at 400 px');
    await row.locator('a').click();
    await page.waitForSelector('#schedule-state');
    await page.screenshot({ path: join(results, 'schedule-400.png'), fullPage: true });
    assert.equal(await overflow(), 0, 'no sideways scrolling at 400 px');
    await page.setViewportSize({ width: 1280, height: 900 });

    await viewerSeesNoButtons(page.url());

    await page.click('#delete-confirm summary');
    assert.match((await page.textContent('#delete-confirm .confirm-question')).replace(/\s+/g, ' '),
      /Delete schedule 'nightly sched-a → sched-b'\? It starts no more jobs and its history is gone/);
    await page.screenshot({ path: join(results, 'schedule-delete-confirm-1280.png'), fullPage: true });
    assert.equal(await overflow(), 0, 'no sideways scrolling at 1280 px with the question open');
    await page.click('#delete-confirm summary');
    await page.reload();
    assert.equal(await page.textContent('#schedule-state'), 'ACTIVE', 'closing the question deletes nothing');

    await page.click('#delete-confirm summary');
    await Promise.all([page.waitForNavigation(), page.click('#delete-confirm button')]);
    assert.match(page.url(), /\/schedules$/);
    assert.match(await page.textContent('[role=status]'), /was deleted; its jobs stay/);
    assert.ok(await page.isVisible('#no-schedules'));
    assert.deepEqual(pageErrors, []);
    assert.deepEqual(cspViolations, []);
  });
});

async function viewerSeesNoButtons(schedulePage) {
  const issued = await fetch(`${baseUrl}/api/v1/tokens`, authorized(token, { method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'wall display', role: 'viewer' }) }));
  assert.equal(issued.status, 201);
  const viewerToken = (await issued.json()).secret;
  const viewer = await launchBrowser(join(workDir, 'viewer'));
  try {
    watchCsp(viewer.page, cspViolations);
    await signInWithToken(viewer.page, baseUrl, viewerToken);
    await viewer.page.goto(schedulePage);
    assert.equal(await viewer.page.textContent('#schedule-state'), 'ACTIVE');
    assert.equal(await viewer.page.locator('#pause-form, #resume-form, #delete-confirm').count(), 0);
    assert.equal(await viewer.page.locator('#history tr[data-kind=RESUMED]').count(), 1);
    await viewer.page.goto(`${baseUrl}/schedules`);
    assert.equal(await viewer.page.locator('#schedule-form').count(), 0);
    assert.match(await viewer.page.textContent('main'), /An operator can create, pause, resume and delete schedules/);
  } finally {
    await viewer.context.close();
  }
}

async function register(name) {
  const port = await freePort();
  const response = await fetch(`${baseUrl}/api/v1/agents`, authorized(agentToken, { method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, url: `http://127.0.0.1:${port}`, version: 'test',
      facts: { osName: 'Linux', cpus: 2, iperf3Version: '3.12', instanceType: 't4g.large', routeInterface: null,
        interfaces: [] } }) }));
  assert.equal(response.status, 200, await response.text());
}

/** Times in the history, its details' included, read "2026-12-01 03:00:00 UTC" like every time on the dashboard. */
async function historyShowsTimesAsTheDashboardDoes() {
  const resumed = page.locator('#history tr[data-kind=RESUMED]');
  const detail = await resumed.locator('td[data-label=Detail]').textContent();
  assert.match(detail, /^resumed: next run at \d{4}-\d\d-\d\d \d\d:00:00 UTC$/);
  const time = resumed.locator('td[data-label=Detail] time');
  assert.match(await time.getAttribute('title'), /^\d{4}-\d\d-\d\dT\d\d:00:00Z$/, 'the exact instant on hover');
  const history = await page.textContent('#history tbody');
  assert.doesNotMatch(history, /\d\dT\d\d:\d\d/, 'no raw ISO time left in the history');
}

function overflow() {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
