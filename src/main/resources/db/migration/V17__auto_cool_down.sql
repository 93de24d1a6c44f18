-- A job whose cool-down was "auto": the wait came from a burst probe (the job that measured it) and the estimate in
-- words, kept as it was when the job was created, so the job page says what it waited for even after newer probes.
ALTER TABLE job ADD COLUMN cool_down_probe_job_id BIGINT;
ALTER TABLE job ADD COLUMN cool_down_estimate VARCHAR(1000);
