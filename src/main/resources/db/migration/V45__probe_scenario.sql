-- A burst probe keeps the scenario it ran as a job scenario and a run keep theirs (the contract's Scenario, embedded
-- column for column): the fields it lacked take the probe plan's values, and its maximum is the scenario's duration.
ALTER TABLE burst_probe ADD COLUMN protocol VARCHAR(8) DEFAULT 'TCP' NOT NULL;
ALTER TABLE burst_probe ADD COLUMN omit_seconds INTEGER DEFAULT 0 NOT NULL;
ALTER TABLE burst_probe ADD COLUMN target_bps BIGINT;
ALTER TABLE burst_probe ADD COLUMN tool VARCHAR(32) DEFAULT 'auto' NOT NULL;
ALTER TABLE burst_probe RENAME COLUMN max_duration_seconds TO duration_seconds;
