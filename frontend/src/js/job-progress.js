// How far a job is and how long it has left, from its scenarios (GET /api/v1/jobs/{id}): each scenario takes its
// duration plus its omitted seconds; the running one counts the time since it started.
const DONE = ['SUCCEEDED', 'FAILED', 'CANCELLED', 'SKIPPED'];

/** {done, total} in seconds of measuring, and the scenarios finished out of all. */
export function progressOf(job, nowMs = Date.now()) {
  let total = 0;
  let done = 0;
  let finished = 0;
  for (const scenario of job.scenarios) {
    const seconds = scenario.durationSeconds + (scenario.omitSeconds || 0);
    total += seconds;
    if (DONE.includes(scenario.status)) {
      done += seconds;
      finished += 1;
    } else if (scenario.status === 'RUNNING' && scenario.startedAt) {
      done += Math.min(seconds, Math.max(0, (nowMs - Date.parse(scenario.startedAt)) / 1000));
    }
  }
  return { done, total, finished, count: job.scenarios.length };
}

/** "3 of 6 scenarios done · about 1 min 30 s left" */
export function progressText(job, progress) {
  const scenarios = `${progress.finished} of ${progress.count} scenarios done`;
  if (DONE.includes(job.status)) {
    return `${scenarios} · job ${job.status.toLowerCase()}`;
  }
  if (job.status === 'QUEUED') {
    return `${scenarios} · waiting for its agents, which jobs before it use; about ${duration(progress.total)} of measuring`;
  }
  return `${scenarios} · about ${duration(Math.max(0, progress.total - progress.done))} left`;
}

export function isFinished(job) {
  return DONE.includes(job.status);
}

function duration(seconds) {
  const rounded = Math.round(seconds);
  const minutes = Math.floor(rounded / 60);
  return minutes > 0 ? `${minutes} min ${rounded % 60} s` : `${rounded} s`;
}
