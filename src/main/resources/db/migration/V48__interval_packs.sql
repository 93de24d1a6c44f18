-- What a long run's pages read instead of every interval row: the rows a chart keeps (each series thinned to its
-- slowest and fastest row per bucket, as IntervalDownsampling keeps them) and every per-interval sum row (what the
-- findings read), each packed into one value. Written at import for runs of more than 2,000 rows; runs stored before
-- get theirs the first time their chart is drawn. The rows themselves stay in run_interval, unchanged.
CREATE TABLE run_interval_pack (
    run_id    BIGINT     NOT NULL REFERENCES run (id) ON DELETE CASCADE,
    kind      VARCHAR(8) NOT NULL,
    row_count INTEGER    NOT NULL,
    data      BYTEA      NOT NULL,
    PRIMARY KEY (run_id, kind)
);
