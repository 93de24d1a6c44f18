// The job page's estimate of the time left, as a plain function: measuring time plus the cool-downs still ahead,
// planned the way the server plans them (a host rests coolDownSeconds after its last scenario).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { progressOf, progressText } from '../src/js/job-progress.js';

const T0 = Date.parse('2026-12-01T10:00:00Z');
const at = (seconds) => new Date(T0 + seconds * 1000).toISOString();

function scenario(id, status, extra = {}) {
  return { id, status, durationSeconds: 10, omitSeconds: 0, sut: 'a', peer: 'b', ...extra };
}

describe('time left on the job page', () => {
  test('without cool-downs it is the measuring time still ahead', () => {
    const job = { status: 'RUNNING', coolDownSeconds: 0, scenarios: [
      scenario(1, 'SUCCEEDED', { startedAt: at(0), finishedAt: at(10) }),
      scenario(2, 'RUNNING', { startedAt: at(10) }),
      scenario(3, 'QUEUED')] };
    const progress = progressOf(job, T0 + 14_000);
    assert.equal(progress.left, 16);
    assert.equal(progressText(job, progress), '1 of 3 scenarios done · about 16 s left');
  });

  test('each scenario still ahead on the same hosts waits for their cool-down', () => {
    const job = { status: 'RUNNING', coolDownSeconds: 60, scenarios: [
      scenario(1, 'SUCCEEDED', { startedAt: at(0), finishedAt: at(10) }),
      scenario(2, 'RUNNING', { startedAt: at(70) }),
      scenario(3, 'QUEUED')] };
    const progress = progressOf(job, T0 + 75_000);
    assert.equal(progress.left, 5 + 60 + 10);
    assert.equal(progressText(job, progress), '1 of 3 scenarios done · about 1 min 15 s left, cool-downs included');
  });

  test('a cool-down in progress counts until its end', () => {
    const job = { status: 'RUNNING', coolDownSeconds: 60, coolingDown: { scenarioId: 2, until: at(70), seconds: 60 },
      scenarios: [scenario(1, 'SUCCEEDED', { startedAt: at(0), finishedAt: at(10) }), scenario(2, 'QUEUED')] };
    assert.equal(progressOf(job, T0 + 30_000).left, 40 + 10);
  });

  test('a pair on other hosts in between shortens the wait, as the server plans it', () => {
    const job = { status: 'RUNNING', coolDownSeconds: 15, scenarios: [
      scenario(1, 'RUNNING', { startedAt: at(0) }),
      scenario(2, 'QUEUED', { sut: 'c', peer: 'd' }),
      scenario(3, 'QUEUED')] };
    // 1 ends at 10; 2 (other hosts) runs 10–20; 3 may start at 10 + 15 = 25 and ends at 35.
    assert.equal(progressOf(job, T0).left, 35);
  });

  test('a scenario that overran its time ends no earlier than now', () => {
    const job = { status: 'RUNNING', coolDownSeconds: 0, scenarios: [scenario(1, 'RUNNING', { startedAt: at(0) })] };
    assert.equal(progressOf(job, T0 + 25_000).left, 0);
  });
});
