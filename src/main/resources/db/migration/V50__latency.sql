-- A run's latency figures (docs/agent-protocol.md, LatencyReport): its loaded-latency probe's beside a throughput
-- scenario, or a request/response scenario's (UDP_RR, TCP_RR), whose run holds no throughput figure. One row a run;
-- source says whether they came with the agent's result or were kept from the live samples of a scenario whose
-- result never came.
CREATE TABLE run_latency (
    run_id                  BIGINT           NOT NULL PRIMARY KEY REFERENCES run (id) ON DELETE CASCADE,
    kind                    VARCHAR(24)      NOT NULL,
    source                  VARCHAR(16)      NOT NULL,
    protocol                VARCHAR(8)       NOT NULL,
    message_bytes           INTEGER          NOT NULL,
    flows                   INTEGER          NOT NULL,
    rate_per_second         DOUBLE PRECISION,
    idle_seconds            DOUBLE PRECISION,
    timeout_ms              DOUBLE PRECISION,
    measured_seconds        DOUBLE PRECISION,
    transactions_per_second DOUBLE PRECISION,
    client_cpu_percent      DOUBLE PRECISION,
    server_cpu_percent      DOUBLE PRECISION
);

-- Its round-trip figures: idle and loaded (the probe), transactions (request/response), and the probe's one-way
-- delay rise per direction (upload-rise, download-rise).
CREATE TABLE run_latency_figure (
    run_id   BIGINT           NOT NULL REFERENCES run (id) ON DELETE CASCADE,
    figure   VARCHAR(16)      NOT NULL,
    answered BIGINT           NOT NULL,
    lost     BIGINT           NOT NULL,
    min_ms   DOUBLE PRECISION,
    p50_ms   DOUBLE PRECISION,
    p90_ms   DOUBLE PRECISION,
    p99_ms   DOUBLE PRECISION,
    p999_ms  DOUBLE PRECISION,
    max_ms   DOUBLE PRECISION,
    mean_ms  DOUBLE PRECISION,
    PRIMARY KEY (run_id, figure)
);

-- Its samples per interval, in time order, as run_interval holds iperf3's: seconds from the tool's start (negative
-- in the probe's idle window), the phase, and the interval's round trips.
CREATE TABLE run_latency_sample (
    run_id        BIGINT           NOT NULL REFERENCES run (id) ON DELETE CASCADE,
    seq           INTEGER          NOT NULL,
    start_seconds DOUBLE PRECISION NOT NULL,
    end_seconds   DOUBLE PRECISION NOT NULL,
    phase         VARCHAR(8)       NOT NULL,
    answered      BIGINT           NOT NULL,
    lost          BIGINT           NOT NULL,
    min_ms        DOUBLE PRECISION,
    p50_ms        DOUBLE PRECISION,
    p90_ms        DOUBLE PRECISION,
    p99_ms        DOUBLE PRECISION,
    p999_ms       DOUBLE PRECISION,
    max_ms        DOUBLE PRECISION,
    mean_ms       DOUBLE PRECISION,
    PRIMARY KEY (run_id, seq)
);

-- A request/response scenario's message size (null for throughput scenarios), and whether a job runs the
-- loaded-latency probe beside its throughput scenarios (on unless the job turned it off).
ALTER TABLE job_scenario ADD COLUMN message_bytes INTEGER;
ALTER TABLE job ADD COLUMN latency_probe BOOLEAN DEFAULT TRUE NOT NULL;
