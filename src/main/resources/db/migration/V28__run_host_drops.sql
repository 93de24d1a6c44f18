-- What each host of a job's run counted of its own receive drops over the run (contract HostDrops: the counters
-- before and after, and why any is unknown), as its agent sent it: the SUT's with its result, the peer's for its
-- server role. One row per run and role ('sut' or 'peer'); a host whose counts could not be had keeps a row with
-- drops null and the reason. Runs before this table have none: their view says so.
CREATE TABLE run_host_drops (
    run_id BIGINT        NOT NULL REFERENCES run (id) ON DELETE CASCADE,
    role   VARCHAR(4)    NOT NULL,
    agent  VARCHAR(64)   NOT NULL,
    drops  VARCHAR(64000),
    reason VARCHAR(1000),
    PRIMARY KEY (run_id, role)
);
