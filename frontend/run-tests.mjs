// Runs a tier of the browser tests. The fast tier's pages share one server, started here with the union of their
// settings (a server start is most of a browser test's time); the full tier's tests need servers set up their own way
// (agents, heartbeats, public read) or an empty server, so each starts its own.
//   node run-tests.mjs fast | full
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { results, startServer, tokenArguments } from './tests/support/server.mjs';

// node runs the files in name order: dashboard, which checks what an empty server shows, comes first.
const FAST = ['dashboard', 'pages', 'report', 'intervals', 'surfaces', 'units'];
const FULL = ['agent-certificate', 'compare', 'confirm', 'jobs', 'probe', 'schedules', 'security', 'trends',
  'trends-latency'];
const FAST_SERVER_ARGS = ['--burstline.jobs.agent-connect-timeout=1s'];

const tier = process.argv[2];
if (!['fast', 'full'].includes(tier)) {
  console.error('usage: node run-tests.mjs fast|full');
  process.exit(2);
}
const files = (tier === 'fast' ? FAST : FULL).map((name) => join('tests', `${name}.test.mjs`));

function runTests(env) {
  const child = spawn(process.execPath, ['--test', '--test-concurrency=1', ...files],
    { stdio: 'inherit', env: { ...process.env, ...env } });
  return new Promise((done) => child.once('exit', (code, signal) => done(code ?? (signal ? 1 : 0))));
}

let code;
if (tier === 'fast') {
  mkdirSync(results, { recursive: true });
  const workDir = mkdtempSync(join(tmpdir(), 'burstline-fast-tier-'));
  const token = `test-token-fast-${process.pid}-0123456789`;
  const agentToken = `agent-token-fast-${process.pid}-0123456789`;
  const { baseUrl, stop } = await startServer({ workDir, logName: 'fast-tier-server.log',
    args: [...tokenArguments(token, agentToken), ...FAST_SERVER_ARGS] });
  try {
    code = await runTests({ BURSTLINE_TEST_SERVER: JSON.stringify({ baseUrl, token, agentToken }) });
  } finally {
    await stop();
    rmSync(workDir, { recursive: true, force: true });
  }
} else {
  code = await runTests({});
}
process.exit(code);
