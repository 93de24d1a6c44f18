// How far a job is and how long it has left, from its scenarios (GET /api/v1/jobs/{id}): each scenario takes its
// duration plus its omitted seconds; the running one counts the time since it started. The time left also counts
// the cool-downs still ahead, the way the server plans them (PlannedTime): a scenario starts only once every host
// it uses has rested coolDownSeconds since its last scenario.
const DONE = ['SUCCEEDED', 'FAILED', 'CANCELLED', 'SKIPPED'];

/** {done, total} in seconds of measuring, the scenarios finished out of all, and the seconds left with cool-downs. */
export function progressOf(job, nowMs = Date.now()) {
  let total = 0;
  let done = 0;
  let finished = 0;
  for (const scenario of job.scenarios) {
    const seconds = measuringSeconds(scenario);
    total += seconds;
    if (DONE.includes(scenario.status)) {
      done += seconds;
      finished += 1;
    } else if (scenario.status === 'RUNNING' && scenario.startedAt) {
      done += Math.min(seconds, Math.max(0, (nowMs - Date.parse(scenario.startedAt)) / 1000));
    }
  }
  return { done, total, finished, count: job.scenarios.length, left: secondsLeft(job, nowMs) };
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
  const coolDowns = job.coolDownSeconds > 0 ? ', cool-downs included' : '';
  return `${scenarios} · about ${duration(progress.left)} left${coolDowns}`;
}

export function isFinished(job) {
  return DONE.includes(job.status);
}

function measuringSeconds(scenario) {
  return scenario.durationSeconds + (scenario.omitSeconds || 0);
}

// Walks the scenarios in the order they run, on a clock in seconds: what ran sets when its hosts are free, the
// running one ends when its time is up (or now, if it overran), a cool-down in progress waits until its end.
function secondsLeft(job, nowMs) {
  const now = nowMs / 1000;
  const rest = job.coolDownSeconds || 0;
  const freeAt = new Map();
  let clock = now;
  for (const scenario of job.scenarios) {
    const hosts = [scenario.sut, scenario.peer];
    if (DONE.includes(scenario.status)) {
      if (scenario.startedAt && scenario.finishedAt) {
        hosts.forEach((host) => freeAt.set(host, Date.parse(scenario.finishedAt) / 1000));
      }
      continue;
    }
    let start = clock;
    if (scenario.status === 'RUNNING' && scenario.startedAt) {
      start = Date.parse(scenario.startedAt) / 1000;
    } else {
      if (job.coolingDown && job.coolingDown.scenarioId === scenario.id) {
        start = Math.max(start, Date.parse(job.coolingDown.until) / 1000);
      }
      hosts.filter((host) => freeAt.has(host)).forEach((host) => { start = Math.max(start, freeAt.get(host) + rest); });
    }
    const end = Math.max(now, start + measuringSeconds(scenario));
    hosts.forEach((host) => freeAt.set(host, end));
    clock = Math.max(clock, end);
  }
  return Math.max(0, clock - now);
}

function duration(seconds) {
  const rounded = Math.round(seconds);
  const minutes = Math.floor(rounded / 60);
  return minutes > 0 ? `${minutes} min ${rounded % 60} s` : `${rounded} s`;
}
