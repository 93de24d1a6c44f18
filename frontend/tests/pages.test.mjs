// Every page at a phone's 400 px and a laptop's 1280 px in real Chromium: none may scroll sideways (the page's
// scroll width stays within the window), and each is saved as a screenshot to look at (test-results/pages-*.png).
// The data are real: iperf3 samples uploaded through the API, a label edit, and a job between two registered
// agents that cannot be reached, so its page shows failed scenarios in words. Needs ../target/burstline.jar.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { headingsBrokenInWords, overflowingElements, plotHeight, scrollers } from './support/layout.mjs';
import {
  authorized, launchBrowser, results, samples, signInWithToken, startTestServer, watchCsp,
} from './support/server.mjs';

let token;
let agentToken;
const WIDTHS = [400, 1280];

let stopServer = async () => {};
let baseUrl;
let workDir;
const runs = {};
let jobId;

async function api(method, path, body, { type = 'application/json', bearer = token } = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method, body, headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': type },
  });
  const text = await response.text();
  assert.ok(response.ok, `${method} ${path} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

async function upload(sample, query) {
  const run = await api('POST', `/api/v1/runs?${query}`, readFileSync(join(samples, sample)));
  return run.id;
}

/** Two agents nobody can reach: the job's scenarios fail in words, as they would with a host down. */
async function unreachableJob() {
  for (const name of ['pages-a', 'pages-b']) {
    await api('POST', '/api/v1/agents', JSON.stringify({ name, url: 'http://127.0.0.1:9', testAddress: '127.0.0.1',
      version: 'test', facts: { osName: 'Linux', cpus: 2, instanceType: 't4g.large', interfaces: [] } }),
    { bearer: agentToken });
  }
  const job = await api('POST', '/api/v1/jobs', JSON.stringify({ sut: 'pages-a', peer: 'pages-b', plan: 'standard',
    durationSeconds: 1, tags: ['pages'] }));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const seen = await (await fetch(`${baseUrl}/api/v1/jobs/${job.id}`, authorized(token))).json();
    if (!['QUEUED', 'RUNNING'].includes(seen.status)) {
      return job.id;
    }
    await new Promise((wait) => setTimeout(wait, 500));
  }
  throw new Error(`job ${job.id} did not end`);
}

function pages() {
  return {
    'runs': '/runs',
    'runs-filtered': '/runs?driver=ena&from=2026-11-30&to=2026-11-30',
    'runs-by-job': `/runs?job=${jobId}`,
    'run-tcp': `/runs/${runs.tcp}`,
    'run-udp': `/runs/${runs.udp}`,
    'run-bidir': `/runs/${runs.bidir}`,
    'run-udp-39': `/runs/${runs.udp39}`,
    'run-server-side': `/runs/${runs.serverSide}`,
    'upload': '/upload',
    'compare': '/compare?groupBy=driver&driver=2.10&driver=2.11',
    'report': '/reports?tag=seed',
    'reports': '/reports',
    'jobs': '/jobs',
    'jobs-new': '/jobs/new',
    'job': `/jobs/${jobId}`,
    'agents': '/agents',
    'schedules': '/schedules',
    'admin-tokens': '/admin/tokens',
    'admin-users': '/admin/users',
    'trends': '/trends?sut=arm-a&peer=arm-b&protocol=TCP&direction=upload&streams=4',
    'trends-empty': '/trends',
    'login': '/login',
    'not-found': '/runs/987654',
  };
}

describe('every page at 400 and 1280 px', () => {
  before(async () => {
    ({ baseUrl, stop: stopServer, workDir, token, agentToken } = await startTestServer('pages', ['--burstline.jobs.agent-connect-timeout=1s']));
    const seed = 'instanceType=t4g.large&sut=arm-a&peer=arm-b&tag=seed&driver=ENA%20ARM64%20';
    runs.tcp = await upload('iperf3-312-tcp-4-upload-long-loopback.json', `${seed}2.10.0`);
    await upload('iperf3-318-tcp-4-upload.json', `${seed}2.11.0`);
    runs.udp = await upload('iperf3-312-udp-2g-upload-server-lab.json', `${seed}2.10.0`);
    await upload('iperf3-318-udp-5g-upload.json', `${seed}2.11.0`);
    runs.bidir = await upload('iperf3-312-tcp-1-bidir-loopback.json',
      'instanceType=t4g.large&sut=a-very-long-host-name-that-must-wrap.eu-central-1.compute.internal&peer=b&tag=bidir');
    // iperf3 3.9's UDP output holds no received rate, a server's output no sender's rate: both "unknown"
    runs.udp39 = await upload('iperf3-39-udp-100m-upload-loopback.json', `${seed}2.10.0`);
    runs.serverSide = await upload('iperf3-39-udp-100m-upload-server-side-loopback.json', 'tag=server-side');
    await api('PATCH', `/api/v1/runs/${runs.tcp}`, JSON.stringify({ tags: ['seed', 'corrected'] }));
    // two drivers measured between the job's agents before (real lab runs no other fast-tier test uploads, since the
    // fast tier's tests share one server): its page offers them side by side
    const pair = 'sut=pages-a&peer=pages-b&instanceType=t4g.large&driver=ENA%20ARM64%20';
    await upload('iperf3-312-tcp-1-upload-1g-server-lab.json', `${pair}2.2.1`);
    await upload('iperf3-312-tcp-1-upload-4950m-server-lab.json', `${pair}2.3.0`);
    jobId = await unreachableJob();
  });

  after(async () => {
    await stopServer();
    if (workDir) {
      rmSync(workDir, { recursive: true, force: true });
    }
  });

  for (const width of WIDTHS) {
    test(`no page scrolls sideways at ${width} px`, async (t) => {
      const { context, page } = await launchBrowser(join(workDir, `profile-${width}`), { width, height: 900 });
      const errors = [];
      const violations = [];
      page.on('pageerror', (error) => errors.push(error.message));
      watchCsp(page, violations);
      try {
        await signIn(page);
        const overflowing = [];
        const unhinted = [];
        const broken = [];
        const cramped = [];
        const notExamples = [];
        for (const [name, path] of Object.entries(pages())) {
          await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
          await settle(page);
          const { scrollWidth, clientWidth } = await page.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth,
          }));
          await page.screenshot({ path: join(results, `pages-${name}-${width}.png`), fullPage: true });
          if (scrollWidth > clientWidth) {
            overflowing.push(`${path} is ${scrollWidth} px wide in a ${clientWidth} px window`);
          }
          (await overflowingElements(page)).forEach((element) => overflowing.push(`${path}: ${element}`));
          (await scrollers(page)).filter((box) => !box.hinted)
            .forEach((box) => unhinted.push(`${path}: table.${box.table}`));
          (await headingsBrokenInWords(page)).forEach((heading) => broken.push(`${path}: ${heading}`));
          for (const id of await page.$$eval('canvas[id]', (canvases) => canvases.map((canvas) => canvas.id))) {
            const height = await plotHeight(page, id);
            if (height > 0) {
              t.diagnostic(`${path} #${id} at ${width} px: ${Math.round(height)} px of plot`);
            }
            if (height > 0 && height < 240) {
              cramped.push(`${path}: #${id} keeps ${Math.round(height)} px of plot`);
            }
          }
          // a placeholder is an example ("e.g. 30"), a default, or says where an empty field's value comes from
          (await page.$$eval('[placeholder]', (fields) => fields.map((field) => field.placeholder)))
            .filter((text) => !/^(e\.g\. |default |from the |job id$)/.test(text))
            .forEach((text) => notExamples.push(`${path}: "${text}"`));
        }
        assert.deepEqual(cramped, [], 'every chart keeps at least 240 px of plot');
        assert.deepEqual(notExamples, [], 'every placeholder is visibly an example');
        assert.deepEqual(overflowing, []);
        assert.deepEqual(unhinted, [], 'a table that scrolls sideways says so');
        assert.deepEqual(broken, [], 'no table heading breaks inside a word');
        assert.deepEqual(errors, [], 'no script error on any page');
        assert.deepEqual(violations, [], 'no Content-Security-Policy violation on any page');
      } finally {
        await context.close();
      }
    });
  }

  for (const width of WIDTHS) {
    test(`the runs list relabels every run its filter shows, at ${width} px`, async () => {
      // runs of their own (bytes no other fast-tier test uploads), so relabelling them changes no other test's data
      const tag = `bulk-${width}`;
      const ids = [
        await upload(width === 400 ? 'iperf3-322-tcp-1-upload-loopback.json' : 'iperf3-322-tcp-2-upload-loopback.json',
          `tag=${tag}&driver=ENA%202.9.0&instanceType=t4g.large`),
        await upload(width === 400 ? 'iperf3-322-udp-100m-upload-loopback.json'
          : 'iperf3-322-udp-2x50m-upload-loopback.json', `tag=${tag}&driver=ENA%202.9.0&instanceType=t4g.large`),
      ];
      const { context, page } = await launchBrowser(join(workDir, `profile-bulk-${width}`), { width, height: 900 });
      try {
        await signIn(page);
        await page.goto(`${baseUrl}/runs?tag=${tag}`);
        const udpRow = page.locator('table.runs tbody tr', { hasText: 'UDP' });
        const ofTarget = (await udpRow.locator('td[data-label="Sent % of target"]').textContent()).replace(/\s+/g, ' ');
        assert.match(ofTarget, /^ ?[\d.]+% sent, of target ?$/);
        assert.match((await udpRow.locator('td[data-label="Received"] [data-field="sent"]').textContent())
          .replace(/\s+/g, ' ').trim(), /^sent [\d.]+ Mbit\/s$/);

        await page.click('#relabel-runs summary');
        assert.match(await page.textContent('#relabel-question'), /all 2 runs this filter shows/);
        assert.equal((await page.textContent('#relabel-form button')).trim(), 'Relabel 2 runs');
        await page.fill('#relabel-form input[name=newDriver]', 'x'.repeat(201));
        await page.click('#relabel-form button');
        await page.waitForSelector('#relabel-problem');
        assert.match(await page.textContent('#relabel-problem'), /not relabelled: driver is 201 characters long/);
        assert.equal(await page.inputValue('#relabel-form input[name=newDriver]'), 'x'.repeat(201));
        await assertNoOverflow(page, `/runs?tag=${tag} with a relabel problem`);

        const driver = `ENA 2.9.1 (${width} px)`;
        await page.fill('#relabel-form input[name=newDriver]', driver);
        await page.fill('#relabel-form input[name=newTags]', `${tag}, relabelled`);
        await page.click('#relabel-form button');
        await page.waitForSelector('.alert.info');
        assert.match(await page.textContent('.alert.info'), /^2 runs relabelled\./);
        const drivers = await page.$$eval('table.runs td[data-label="Driver"]', (cells) => cells.map((c) => c.textContent));
        assert.deepEqual(drivers, [driver, driver]);
        for (const id of ids) {
          const history = await (await fetch(`${baseUrl}/api/v1/runs/${id}/history`, authorized(token))).json();
          assert.deepEqual(history.map((change) => [change.field, change.oldValue, change.newValue]),
            [['driver', 'ENA 2.9.0', driver], ['tags', tag, `${tag}, relabelled`]]);
          assert.ok(history.every((change) => change.changedBy), 'each change names who made it');
        }
        await page.click('#relabel-runs summary');
        await assertNoOverflow(page, `/runs?tag=${tag} relabelled`);
        await page.screenshot({ path: join(results, `pages-runs-relabelled-${width}.png`), fullPage: true });
      } finally {
        await context.close();
      }
    });
  }

  test('the New job form shows the plan that runs and answers in its own words', async () => {
    const { context, page } = await launchBrowser(join(workDir, 'profile-new-job'), { width: 400, height: 900 });
    try {
      await signIn(page);
      await page.goto(`${baseUrl}/jobs/new`);
      const standard = page.locator('tbody.plan-rows[data-plan=standard]');
      const custom = page.locator('tbody.custom-rows');
      assert.equal(await page.isChecked('input[name=plan][value=standard]'), true, 'Standard is the default');
      assert.equal(await standard.isVisible(), true);
      assert.equal(await custom.isVisible(), false, 'no blank rows under the standard plan');
      assert.deepEqual(await standard.locator('tr').evaluateAll((rows) => rows.map((row) => [...row.cells]
        .slice(1, 7).map((cell) => cell.textContent.trim()).join(' '))), [
        'TCP upload 1 30 5 —', 'TCP upload 4 30 5 —', 'TCP download 1 30 5 —', 'TCP download 4 30 5 —',
        'UDP upload 1 30 5 1000', 'UDP upload 1 30 5 5000', 'UDP_RR — 1 30 5 —']);
      await page.fill('input[name=durationSeconds]', '10');
      assert.equal(await standard.locator('[data-role=seconds]').first().textContent(), '10',
        'the duration that replaces the plan\'s 30 s shows in its rows');
      await page.fill('input[name=durationSeconds]', '');

      await page.check('input[name=plan][value=custom]');
      assert.equal(await standard.isVisible(), false);
      await custom.locator('tr').nth(1).locator('select[name=protocol]').selectOption('TCP');
      await custom.locator('tr').nth(1).locator('input[name=streams]').fill('200');
      await custom.locator('tr').nth(1).locator('input[name=scenarioSeconds]').fill('5');
      await page.check('input[name=plan][value=standard]');
      assert.equal(await custom.isVisible(), false, 'the standard plan replaces the typed rows on screen');
      assert.equal(await standard.isVisible(), true);
      assert.equal(await custom.locator('select[name=protocol]').nth(1).isDisabled(), true, 'and they are not sent');
      assert.match(await page.textContent('#custom-kept'), /Your 1 custom row is kept but not run/);
      assert.equal(await page.$eval('table.scenario-rows', (table) => table.closest('.table-scroll').scrollLeft), 0,
        'the plan\'s rows show from their first column');
      await page.screenshot({ path: join(results, 'pages-jobs-new-kept-400.png'), fullPage: true });
      await page.check('input[name=plan][value=custom]');
      assert.equal(await custom.locator('select[name=protocol]').nth(1).inputValue(), 'TCP', 'the rows come back');
      assert.equal(await page.isHidden('#custom-kept'), true);

      // No agent is online here, so the browser would stop at the required SUT; the server's answer is the point.
      await page.$eval('table.scenario-rows', (table) => { table.closest('form').noValidate = true; });
      await page.click('form button[type=submit]:has-text("Start job")');
      await page.waitForSelector('.alert.error');
      const problems = await page.locator('.alert.error li').allTextContents();
      assert.ok(problems.includes('Row 2: Streams must be between 1 and 128, not 200'), problems.join(' | '));
      assert.ok(problems.includes('SUT is missing: give the name of a registered agent (see Agents)'),
        problems.join(' | '));
      assert.ok(!problems.some((problem) => problem.includes('two different agents')), 'no agent is not two equal ones');
      assert.ok(problems.every((problem) => !/scenarios\[|targetBitsPerSecond|coolDownSeconds|labels\./
        .test(problem)), `no API field names: ${problems.join(' | ')}`);
      assert.equal(await page.isChecked('input[name=plan][value=custom]'), true, 'the form comes back as sent');
      await page.screenshot({ path: join(results, 'pages-jobs-new-problems-400.png'), fullPage: true });

      await page.goto(`${baseUrl}/jobs/new`);
      await page.click('#copy-standard');
      assert.equal(await page.isChecked('input[name=plan][value=custom]'), true);
      assert.deepEqual(await custom.locator('select[name=protocol]').evaluateAll((selects) => selects
        .map((select) => select.value)), ['TCP', 'TCP', 'TCP', 'TCP', 'UDP', 'UDP', 'UDP_RR'], 'a copy of the plan to change');
      assert.equal(await custom.locator('input[name=targetMbps]').nth(5).inputValue(), '5000');
    } finally {
      await context.close();
    }
  });

  test('the run page leads with findings, host facts, the label history and its edit form', async () => {
    const { context, page } = await launchBrowser(join(workDir, 'profile-run'), { width: 1280, height: 900 });
    try {
      await signIn(page);
      await page.goto(`${baseUrl}/runs/${runs.tcp}`);
      await page.waitForSelector('#findings li.finding, #findings li.muted:not(:first-child), #findings li');
      await page.waitForFunction(() => !document.querySelector('#findings').textContent.includes('Loading'));
      const findings = await (await fetch(`${baseUrl}/api/v1/runs/${runs.tcp}/findings`, authorized(token))).json();
      assert.equal(await page.locator('#findings li.finding').count(), findings.length);
      assert.match(await page.textContent('#label-history'), /tags/);
      assert.match(await page.textContent('#label-history'), /corrected, seed/);
      await page.click('#label-form >> xpath=..//summary');
      await page.fill('#label-form input[name=driver]', 'ENA ARM64 2.10.1');
      await page.click('#label-form button[type=submit]');
      await page.waitForSelector('.alert.info');
      const run = await (await fetch(`${baseUrl}/api/v1/runs/${runs.tcp}`, authorized(token))).json();
      assert.equal(run.driver, 'ENA ARM64 2.10.1');
      assert.equal(run.burstLimitBitsPerSecond, 5e9, 'an untouched limit is not turned into an override');
      const history = await (await fetch(`${baseUrl}/api/v1/runs/${runs.tcp}/history`, authorized(token))).json();
      assert.deepEqual(history.map((change) => change.field), ['tags', 'driver']);
      assert.ok(history.every((change) => change.changedBy), 'each change names who made it');
      await page.click('#label-form >> xpath=..//summary');
      await page.fill('#label-form input[name=burstLimitGbps]', 'fast');
      await page.click('#label-form button[type=submit]');
      await page.waitForSelector('#label-problem');
      assert.match(await page.textContent('#label-problem'), /burstLimitGbps must be a number of Gbit\/s/);
      assert.equal(await page.inputValue('#label-form input[name=burstLimitGbps]'), 'fast');
      await page.screenshot({ path: join(results, 'pages-run-label-problem-1280.png'), fullPage: true });
    } finally {
      await context.close();
    }
  });

  test('the job page links its runs, report, compare and CSV and shows progress; re-run makes a new job', async () => {
    const { context, page } = await launchBrowser(join(workDir, 'profile-job'), { width: 1280, height: 900 });
    try {
      await signIn(page);
      await page.goto(`${baseUrl}/jobs/${jobId}`);
      const links = await page.$$eval('ul.links a', (anchors) => anchors.map((a) => a.getAttribute('href')));
      for (const expected of [`/runs?job=${jobId}`, `/reports?job=${jobId}`,
        `/compare?job=${jobId}&groupBy=direction`,
        `/api/v1/export/runs.csv?job=${jobId}`]) {
        assert.ok(links.includes(expected), `${expected} in ${links}`);
      }
      await page.waitForFunction(() => document.getElementById('job-progress-text').textContent.includes('7 of 7'));
      assert.match(await page.textContent('#job-progress-text'), /7 of 7 scenarios done · job failed/);
      await page.waitForSelector('#compare-drivers a');
      assert.equal(await page.textContent('#compare-drivers a'),
        'Compare drivers on pages-a/pages-b: ENA ARM64 2.2.1 vs ENA ARM64 2.3.0');
      // a job that stored no run has no driver of its own: the pair's two most recent, the earlier the baseline
      assert.equal(await page.getAttribute('#compare-drivers a', 'href'), '/compare?groupBy=driver&pair=pages-a/pages-b'
        + '&driver=ENA%20ARM64%202.2.1&driver=ENA%20ARM64%202.3.0&baseline=ENA%20ARM64%202.2.1');
      await page.click('#rerun-form button');
      await page.waitForURL((url) => url.pathname !== `/jobs/${jobId}` && url.pathname.startsWith('/jobs/'));
      const again = await (await fetch(`${baseUrl}/api/v1${new URL(page.url()).pathname}`, authorized(token))).json();
      assert.notEqual(again.id, jobId);
      assert.deepEqual([again.sut, again.peer, again.plan, again.durationSeconds, again.tags],
        ['pages-a', 'pages-b', 'standard', 1, ['pages']]);
    } finally {
      await context.close();
    }
  });
});

async function assertNoOverflow(page, what) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth,
  }));
  assert.ok(scrollWidth <= clientWidth, `${what} is ${scrollWidth} px wide in a ${clientWidth} px window`);
  assert.deepEqual(await overflowingElements(page), [], what);
}

async function signIn(page) {
  await signInWithToken(page, baseUrl, token);
}

/** Charts draw after their data arrive; wait for every canvas that marks itself ready, and for fonts. */
async function settle(page) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(() => [...document.querySelectorAll('canvas[id]')]
    .every((canvas) => canvas.dataset.ready === 'true' || !(canvas.closest('.run')
      || (canvas.closest('.trends') && location.search.includes('sut=')))), null, { timeout: 10_000 })
    .catch(() => {});
  await page.waitForTimeout(300);
}
