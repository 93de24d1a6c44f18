-- What the import marked as impossible in a run's output and read as unknown instead of refusing the run: a value out
-- of range in a field that carries no throughput (iperf3 3.12 has printed a remote CPU of -6.7e19). One row per JSON
-- key: where its first such value stood, that value as printed, how many there were, and what a real run has there.
CREATE TABLE run_note (
    run_id    BIGINT       NOT NULL REFERENCES run (id) ON DELETE CASCADE,
    json_key  VARCHAR(32)  NOT NULL,
    json_path VARCHAR(300) NOT NULL,
    json_value VARCHAR(64) NOT NULL,
    value_count INTEGER    NOT NULL,
    allowed   VARCHAR(200) NOT NULL,
    PRIMARY KEY (run_id, json_key)
);
