-- Latency samples of running scenario attempts (the loaded-latency probe's, a request/response scenario's) are kept
-- beside their throughput samples, as agents post them to any server: the server running the job takes them for the
-- run made of live samples when the SUT's result never comes, every server's job pages read them. `kind` says what a
-- row holds: 'throughput' (LiveSamples), 'latency' (LatencySamples without the nonce), or 'latency-result' (part of
-- the latency report of a result that came for the attempt but made no run, which replaces the latency samples).
ALTER TABLE live_sample ADD COLUMN kind VARCHAR(16) DEFAULT 'throughput' NOT NULL;
