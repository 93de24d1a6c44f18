// What the browser tests share: the real server jar started on a free port with a fresh data dir, and headless
// Chromium launched the way this machine allows (no sandbox as root, no background networking, a fresh profile).
import { spawn } from 'node:child_process';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const projectRoot = resolve(here, '..', '..', '..');
export const serverJar = join(projectRoot, 'target', 'burstline.jar');
export const agentJar = join(projectRoot, 'target', 'burstline-agent.jar');
export const samples = join(projectRoot, 'src', 'test', 'resources', 'iperf3');
export const results = resolve(here, '..', '..', 'test-results');
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Starts a copy of the server jar (so that a `mvn package` during the test cannot pull it out from under the running
 * server) and waits for its health to be UP. Returns { baseUrl, stop }.
 */
export async function startServer({ workDir, logName, args = [] }) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logPath = join(results, logName);
  const log = openSync(logPath, 'w');
  const jar = join(workDir, 'burstline.jar');
  copyFileSync(serverJar, jar);
  if (existsSync(agentJar)) {
    copyFileSync(agentJar, join(workDir, 'burstline-agent.jar')); // beside the server's, where it hands it out from
  }
  // the HTTPS listener for agents on any free port: servers started side by side must not fight over 8443
  const server = spawn('java', ['-jar', jar, `--burstline.data-dir=${join(workDir, 'data')}`, `--server.port=${port}`,
    '--burstline.agents.tls.port=0', ...args], { stdio: ['ignore', log, log] });
  const exited = new Promise((done) => server.once('exit', done));
  const stop = () => stopProcess(server, exited);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && server.exitCode === null) {
    if (await healthy(baseUrl)) {
      return { baseUrl, stop };
    }
    await new Promise((wait) => setTimeout(wait, 500));
  }
  await stop();
  const tail = readFileSync(logPath, 'utf8').split('\n').slice(-30).join('\n');
  throw new Error(`the server did not report UP on ${baseUrl}/actuator/health; its log ends:\n${tail}`);
}

/**
 * How a browser test begins: the server jar and Chromium must be there (else it says how to get them), then a fresh
 * work dir, and the server: the fast tier's shared one when run-tests.mjs named it in BURSTLINE_TEST_SERVER (then
 * `stop` leaves it running and `args` must be among those it was started with), else a server of its own started in
 * the work dir with the test's API and agent tokens and `args`, logging to test-results/<name>-server.log.
 * Returns { baseUrl, stop, workDir, token, agentToken }.
 */
export async function startTestServer(name, args = []) {
  assert.ok(existsSync(serverJar), `${serverJar} is missing; build it first: (cd ${projectRoot} && mvn -B -q -DskipTests package)`);
  assert.ok(existsSync(chromiumPath), `no Chromium at ${chromiumPath}; set CHROMIUM_PATH`);
  mkdirSync(results, { recursive: true });
  const workDir = mkdtempSync(join(tmpdir(), `burstline-${name}-`));
  const shared = process.env.BURSTLINE_TEST_SERVER;
  if (shared) {
    const { baseUrl, token, agentToken } = JSON.parse(shared);
    return { baseUrl, stop: async () => {}, workDir, token, agentToken };
  }
  const token = `test-token-${name}-${process.pid}-0123456789`;
  const agentToken = `agent-token-${name}-${process.pid}-0123456789`;
  const { baseUrl, stop } = await startServer({ workDir, logName: `${name}-server.log`,
    args: [...tokenArguments(token, agentToken), ...args] });
  return { baseUrl, stop, workDir, token, agentToken };
}

export function tokenArguments(token, agentToken) {
  return [`--burstline.api-token=${token}`, `--burstline.agent-token=${agentToken}`];
}

/**
 * Headless Chromium with a fresh profile in workDir; returns { context, page }. `options` go to Playwright's
 * context, e.g. { javaScriptEnabled: false } for what a browser without the page's scripts sends.
 */
export async function launchBrowser(workDir, viewport = { width: 1280, height: 900 }, options = {}) {
  const context = await chromium.launchPersistentContext(join(workDir, 'chromium-profile'), {
    ...options,
    executablePath: chromiumPath,
    headless: true,
    viewport,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--no-first-run'],
  });
  return { context, page: context.pages()[0] ?? await context.newPage() };
}

/**
 * A browser page for a test: Chromium in workDir, its script errors collected into `pageErrors`, its CSP violations
 * into `cspViolations` when given, and signed in with `token` when given. Returns { context, page }.
 */
export async function openPage(workDir, { baseUrl, token, pageErrors, cspViolations } = {}) {
  const { context, page } = await launchBrowser(workDir, { width: 1280, height: 900 });
  if (pageErrors) {
    page.on('pageerror', (error) => pageErrors.push(error.message));
  }
  if (cspViolations) {
    watchCsp(page, cspViolations);
  }
  if (token) {
    await signInWithToken(page, baseUrl, token);
  }
  return { context, page };
}

/** Closes what a test opened: its browser, its server (never the fast tier's shared one) and its work dir. */
export async function closeTest({ context, stop, workDir }) {
  await context?.close().catch(() => {});
  await stop?.();
  if (workDir) {
    rmSync(workDir, { recursive: true, force: true });
  }
}

export function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

async function healthy(baseUrl) {
  try {
    const response = await fetch(`${baseUrl}/actuator/health`);
    return response.ok && (await response.json()).status === 'UP';
  } catch {
    return false;
  }
}

async function stopProcess(child, exited) {
  if (child.exitCode !== null) {
    return;
  }
  child.kill('SIGTERM');
  const stopped = await Promise.race([exited.then(() => true),
    new Promise((wait) => setTimeout(() => wait(false), 15_000))]);
  if (!stopped) {
    child.kill('SIGKILL');
    await exited;
  }
}

/**
 * Signs the page in with an API token through the sign-in page's token form (the way a test holding the bootstrap
 * token `--burstline.api-token` signs in; people use their user name and password in the form above it).
 */
export async function signInWithToken(page, baseUrl, token) {
  await page.goto(`${baseUrl}/login`);
  await page.fill('#token', token);
  await Promise.all([page.waitForNavigation(), page.click('#token-login button[type=submit]')]);
}

/** Signs the page in with a user name and password through the sign-in form. */
export async function signInWithPassword(page, baseUrl, username, password) {
  await page.goto(`${baseUrl}/login`);
  await page.fill('#username', username);
  await page.fill('#password', password);
  await Promise.all([page.waitForNavigation(), page.click('#password-login button[type=submit]')]);
}

/** fetch() with the token: every read needs a user or a token. */
export function authorized(token, init = {}) {
  return { ...init, headers: { ...(init.headers ?? {}), Authorization: `Bearer ${token}` } };
}

/** Collects every Content-Security-Policy violation the page reports, as Chromium's console words it. */
export function watchCsp(page, violations) {
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) {
      violations.push(`${page.url()}: ${message.text()}`);
    }
  });
}

/** Waits for a value, not for a time: asks every 200 ms until `probe` gives one, or `patience` ms have passed. */
export async function until(what, probe, patience = 60_000) {
  const deadline = Date.now() + patience;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value) {
      return value;
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
  throw new Error(`waited ${patience} ms for ${what}`);
}
