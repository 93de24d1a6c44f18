-- A run is complete, or partial: its scenario failed or was cancelled after measuring something, and the run keeps
-- what there is (iperf3's output up to the failure, or the live samples the server received from a lost agent) with
-- the error in words. Every run stored before was complete.
ALTER TABLE run ADD COLUMN status VARCHAR(16) DEFAULT 'complete' NOT NULL;
ALTER TABLE run ADD COLUMN error VARCHAR(2000);
CREATE INDEX run_status_idx ON run (status);

-- What else a scenario's reader should know, e.g. that its result arrived late from the agent's spool.
ALTER TABLE job_scenario ADD COLUMN note VARCHAR(2000);
