-- What the findings read of a long run's per-interval sums (analysis.SeriesFigures): how many, their mean and
-- variation, and the cuts where the throughput stepped down to half and stayed there. Kept when the run is stored,
-- so that the findings of a run of any length take the same time; none of it depends on the run's labels. A row of
-- an older version than the server's rule is made again from the run's sum rows when its findings are next read.
CREATE TABLE run_series_figures (
    run_id  BIGINT           NOT NULL PRIMARY KEY REFERENCES run (id) ON DELETE CASCADE,
    version INTEGER          NOT NULL,
    figures VARCHAR(1000000) NOT NULL
);
