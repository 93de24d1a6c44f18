// The job page keeps each finding's first sentence in view and puts the rest behind "What to check next". The
// messages are the analysis' own, copied from the findings of scripts/start.sh's first job.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { splitFirstSentence } from '../src/js/job-findings.js';

describe('a finding\'s headline on the job page', () => {
  test('ends at the first full stop before a capital, not inside a figure or a parenthesis', () => {
    assert.deepEqual(splitFirstSentence('Limited by the sender, not the network: it sent 992.48 Mbit/s of the 5.00 '
      + 'Gbit/s target, 19.8% of it (the sending iperf3 used 55.7% CPU). An emulated or single-threaded sender cannot '
      + 'reach the target: try burstline-java (the agent\'s engine) or more streams (-P) before reading this as the '
      + 'link\'s limit; any loss is of what was sent.'), [
      'Limited by the sender, not the network: it sent 992.48 Mbit/s of the 5.00 Gbit/s target, 19.8% of it (the '
        + 'sending iperf3 used 55.7% CPU).',
      'An emulated or single-threaded sender cannot reach the target: try burstline-java (the agent\'s engine) or '
        + 'more streams (-P) before reading this as the link\'s limit; any loss is of what was sent.']);
  });

  test('a name after a colon does not end it, and a one-sentence finding has no rest', () => {
    const [headline, rest] = splitFirstSentence('The receiver lost 40.1% of the datagrams (992.48 Mbit/s sent, '
      + '593.63 Mbit/s arrived): the receiver\'s iperf3 used 28.5% CPU, so it was not short of a core, but the '
      + 'receiving host\'s drop counters are not known. Check them next: receive buffer errors in netstat -su '
      + '(RcvbufErrors) grew = the receiver dropped (raise -w / net.core.rmem_max), unchanged = the path dropped.');
    assert.ok(headline.endsWith('drop counters are not known.'), headline);
    assert.ok(rest.startsWith('Check them next: receive buffer errors'), rest);
    const single = 'Received 593.63 Mbit/s: 11.9% of the 5.00 Gbit/s target; 11.9% of the 5.00 Gbit/s burst limit, '
      + '115.9% of the 512.00 Mbit/s baseline.';
    assert.deepEqual(splitFirstSentence(single), [single, '']);
  });
});
