-- A run keeps the whole scenario it ran (the contract's Scenario, as a job scenario does), so it gains the interval:
-- the job's, for runs a job measured; else the length of the run's first interval, to 0.1 s, as the parser now reads
-- it from outputs that do not state it; 0 (iperf3's -i 0: no intervals) for a run without one.
ALTER TABLE run ADD COLUMN interval_seconds DOUBLE PRECISION;
UPDATE run SET interval_seconds = (SELECT MIN(js.interval_seconds) FROM job_scenario js WHERE js.run_id = run.id);
UPDATE run SET interval_seconds = (SELECT GREATEST(ROUND(CAST(MAX(ri.end_seconds - ri.start_seconds) AS NUMERIC), 1), 0.1)
                                   FROM run_interval ri WHERE ri.run_id = run.id AND ri.seq = 0)
    WHERE interval_seconds IS NULL;
UPDATE run SET interval_seconds = 0 WHERE interval_seconds IS NULL;
ALTER TABLE run ALTER COLUMN interval_seconds SET NOT NULL;
