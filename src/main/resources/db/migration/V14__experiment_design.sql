-- Experiment design: a job runs its scenarios on one or more pairs of agents, in an order (sequential,
-- interleaved or randomized from a stored seed), with a cool-down between scenarios on the same host.
ALTER TABLE job ADD COLUMN run_order VARCHAR(16) DEFAULT 'sequential' NOT NULL;
ALTER TABLE job ADD COLUMN order_seed BIGINT;
ALTER TABLE job ADD COLUMN cool_down_seconds INTEGER DEFAULT 0 NOT NULL;
-- While the job waits for a cool-down: until when, and which scenario runs then (shown on the job's page).
ALTER TABLE job ADD COLUMN cooling_until TIMESTAMP WITH TIME ZONE;
ALTER TABLE job ADD COLUMN cooling_scenario_id BIGINT;

CREATE TABLE job_pair (
    job_id   BIGINT      NOT NULL REFERENCES job (id) ON DELETE CASCADE,
    position INTEGER     NOT NULL,
    sut      VARCHAR(64) NOT NULL,
    peer     VARCHAR(64) NOT NULL,
    PRIMARY KEY (job_id, position)
);

-- Every job so far had the one pair of its sut and peer columns, which stay as the job's first pair.
INSERT INTO job_pair (job_id, position, sut, peer) SELECT id, 0, sut, peer FROM job;

ALTER TABLE job_scenario ADD COLUMN pair_index INTEGER DEFAULT 0 NOT NULL;
-- Which of the requested scenarios a row runs, so a randomized job's request can be rebuilt ("Run again").
ALTER TABLE job_scenario ADD COLUMN scenario_index INTEGER;
