-- A trend reads one pair's runs of one scenario, newest first: this index serves the filter and the order at once,
-- so the newest runs are found without sorting the pair's whole history.
CREATE INDEX run_series_idx ON run (sut, peer, protocol, direction, started_at);
